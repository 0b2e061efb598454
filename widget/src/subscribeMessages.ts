import type { Messages } from "./shared/i18n.js";

/** The subscribe page's texts (subscribe.ts), en and ko. */
export const subscribeMessages: Messages<
  | "subscribeTitle"
  | "loading"
  | "schedule"
  | "dayOne"
  | "days"
  | "hourOne"
  | "hours"
  | "minuteOne"
  | "minutes"
  | "seconds"
  | "once"
  | "times"
  | "connecting"
  | "wrongNetwork"
  | "insufficient"
  | "approveTitle"
  | "resetting"
  | "approving"
  | "approveFailed"
  | "signing"
  | "activeTitle"
  | "active"
  | "alreadyActive"
  | "closed"
  | "errorTitle"
  | "fiatSymbol"
  | "tryAgain"
  | "declined"
  | "walletFailed"
  | "notFound"
  | "refused"
  | "unreachable"
> = {
  en: {
    subscribeTitle: "Subscribe",
    loading: "Loading the subscription…",
    schedule: "{amount} {symbol} {every}, {times}, cancel any time",
    fiatSymbol: "in {symbol} (at most {max} {symbol})",
    dayOne: "every day",
    days: "every {n} days",
    hourOne: "every hour",
    hours: "every {n} hours",
    minuteOne: "every minute",
    minutes: "every {n} minutes",
    seconds: "every {n} seconds",
    once: "once",
    times: "{n} times",
    connecting: "Approve the connection request in your wallet.",
    wrongNetwork: "Your wallet is on another network. Switch it to the subscription's network and try again.",
    insufficient: "Your wallet does not hold enough {symbol} for the first charge.",
    approveTitle: "Allow the charges",
    resetting:
      "Your wallet asks to set the old allowance to 0 first: confirm it, then allow {amount} {symbol}.",
    approving:
      "Confirm in your wallet that the gateway may take up to {amount} {symbol} in all, one charge per period.",
    approveFailed: "The approval transaction failed on-chain. Nothing was charged.",
    signing: "Sign the subscription in your wallet. Signing costs nothing.",
    activeTitle: "You are subscribed",
    active: "Your subscription is active: {schedule}.",
    alreadyActive: "This subscription is already active.",
    closed: "This subscription takes no more signatures.",
    errorTitle: "Something went wrong",
    tryAgain: "Try again",
    declined: "You declined the request in your wallet. Nothing was charged.",
    walletFailed: "Your wallet reported an error: {reason}",
    notFound: "There is no such subscription.",
    refused: "Kassa refused the subscription: {reason}",
    unreachable: "Kassa cannot be reached right now. Try again in a moment.",
  },
  ko: {
    subscribeTitle: "구독하기",
    loading: "구독 정보를 불러오는 중…",
    schedule: "{every} {amount} {symbol}, {times}, 언제든 해지 가능",
    fiatSymbol: "상당의 {symbol}(최대 {max} {symbol})",
    dayOne: "매일",
    days: "{n}일마다",
    hourOne: "매시간",
    hours: "{n}시간마다",
    minuteOne: "매분",
    minutes: "{n}분마다",
    seconds: "{n}초마다",
    once: "1회",
    times: "{n}회",
    connecting: "지갑에서 연결 요청을 승인해 주세요.",
    wrongNetwork: "지갑이 다른 네트워크에 있습니다. 구독의 네트워크로 전환한 후 다시 시도해 주세요.",
    insufficient: "지갑에 첫 결제에 필요한 {symbol}이(가) 부족합니다.",
    approveTitle: "결제 허용",
    resetting: "기존 허용량을 먼저 0으로 설정해야 합니다. 확인한 후 {amount} {symbol}을(를) 허용해 주세요.",
    approving:
      "게이트웨이가 기간마다 한 번씩, 총 {amount} {symbol}까지 가져갈 수 있도록 지갑에서 확인해 주세요.",
    approveFailed: "승인 트랜잭션이 온체인에서 실패했습니다. 결제된 금액은 없습니다.",
    signing: "지갑에서 구독에 서명해 주세요. 서명에는 비용이 들지 않습니다.",
    activeTitle: "구독되었습니다",
    active: "구독이 활성화되었습니다: {schedule}.",
    alreadyActive: "이 구독은 이미 활성화되어 있습니다.",
    closed: "이 구독은 더 이상 서명을 받지 않습니다.",
    errorTitle: "문제가 발생했습니다",
    tryAgain: "다시 시도",
    declined: "지갑에서 요청을 거절했습니다. 결제된 금액은 없습니다.",
    walletFailed: "지갑에서 오류가 발생했습니다: {reason}",
    notFound: "구독을 찾을 수 없습니다.",
    refused: "Kassa가 구독을 거부했습니다: {reason}",
    unreachable: "지금은 Kassa에 연결할 수 없습니다. 잠시 후 다시 시도해 주세요.",
  },
};
