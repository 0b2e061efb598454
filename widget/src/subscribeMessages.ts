import type { Messages } from "@kassa/i18n";

/** The subscribe page's texts (subscribe.ts), en and ko. */
export const subscribeMessages: Messages<
  | "subscribeTitle"
  | "subscribeTo"
  | "paidTo"
  | "charges"
  | "chargesFrom"
  | "chargesFromSigning"
  | "inAll"
  | "atMost"
  | "otherWallet"
  | "reviewTitle"
  | "reviewIntro"
  | "stepReset"
  | "stepResetWhy"
  | "stepApprove"
  | "stepApproveWhy"
  | "stepApproveKeeps"
  | "stepSign"
  | "stepSignWhy"
  | "subscribeButton"
  | "notNow"
  | "manage"
  | "backTo"
  | "pastDue"
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
    subscribeTo: "Subscribe to {merchant}",
    paidTo: "Paid to",
    charges: "Charges",
    chargesFrom: "{n}, the first on {first}, the last on {last}",
    chargesFromSigning: "{n}, the first when you sign, the last about {last}",
    inAll: "In all",
    atMost: "at most {total}",
    otherWallet:
      "This subscription is for the wallet {wallet}. Choose that wallet to sign it; nothing was asked of this one.",
    reviewTitle: "Review the subscription",
    reviewIntro:
      "Your wallet {wallet} will ask you for these, in this order. Nothing is charged before the first period opens.",
    stepReset: "Set the old allowance to 0",
    stepResetWhy: "This token refuses to change one allowance to another: a transaction (small network fee).",
    stepApprove: "Allow {added} more",
    stepApproveWhy:
      "A transaction (small network fee): the gateway may then take {total} in all, one charge per period, and nothing else.",
    stepApproveKeeps:
      "A transaction (small network fee): the {kept} your wallet already allows (other subscriptions draw on it) stays, and the gateway may take {total} in all.",
    stepSign: "Sign the subscription",
    stepSignWhy: "A signature, no fee: the schedule above, paid to {merchant}. You can cancel it any time.",
    subscribeButton: "Subscribe",
    notNow: "Choose another wallet",
    manage: "See or cancel your subscriptions",
    backTo: "Back to {merchant}",
    pastDue:
      "This subscription's last charge could not be taken. Open your subscriptions to allow the charges again or cancel it.",
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
    resetting: "Your wallet asks to set the old allowance to 0 first: confirm it, then allow {total} in all.",
    approving:
      "Confirm in your wallet that the gateway may take {added} more, {total} in all, one charge per period.",
    approveFailed: "The approval transaction failed on-chain. Nothing was charged.",
    signing: "Sign the subscription in your wallet. Signing costs nothing.",
    activeTitle: "You are subscribed to {merchant}",
    active: "Your subscription to {merchant} is active: {schedule}.",
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
    subscribeTo: "{merchant} 구독하기",
    paidTo: "받는 곳",
    charges: "결제",
    chargesFrom: "{n}회, 첫 결제 {first}, 마지막 결제 {last}",
    chargesFromSigning: "{n}회, 첫 결제는 서명할 때, 마지막 결제 약 {last}",
    inAll: "합계",
    atMost: "최대 {total}",
    otherWallet:
      "이 구독은 {wallet} 지갑용입니다. 그 지갑을 선택해 서명해 주세요. 이 지갑에는 아무것도 요청하지 않았습니다.",
    reviewTitle: "구독 내용 확인",
    reviewIntro: "지갑 {wallet}이(가) 아래 순서대로 요청합니다. 첫 기간이 시작되기 전에는 결제되지 않습니다.",
    stepReset: "기존 허용량을 0으로 설정",
    stepResetWhy: "이 토큰은 허용량을 바로 바꿀 수 없습니다: 거래 1건(소액 네트워크 수수료).",
    stepApprove: "{added} 추가 허용",
    stepApproveWhy:
      "거래 1건(소액 네트워크 수수료): 게이트웨이는 기간마다 한 번씩, 총 {total}까지만 가져갈 수 있습니다.",
    stepApproveKeeps:
      "거래 1건(소액 네트워크 수수료): 지갑이 이미 허용한 {kept}(다른 구독이 사용)은 그대로 두고, 게이트웨이는 총 {total}까지 가져갈 수 있습니다.",
    stepSign: "구독 서명",
    stepSignWhy: "서명만, 수수료 없음: 위 일정대로 {merchant}에 지불합니다. 언제든 해지할 수 있습니다.",
    subscribeButton: "구독하기",
    notNow: "다른 지갑 선택",
    manage: "내 구독 보기 또는 해지",
    backTo: "{merchant}(으)로 돌아가기",
    pastDue:
      "이 구독의 마지막 결제를 가져갈 수 없었습니다. 내 구독에서 결제를 다시 허용하거나 해지해 주세요.",
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
    resetting: "기존 허용량을 먼저 0으로 설정해야 합니다. 확인한 후 총 {total}을(를) 허용해 주세요.",
    approving:
      "게이트웨이가 {added}을(를) 더, 총 {total}까지 기간마다 한 번씩 가져갈 수 있도록 지갑에서 확인해 주세요.",
    approveFailed: "승인 트랜잭션이 온체인에서 실패했습니다. 결제된 금액은 없습니다.",
    signing: "지갑에서 구독에 서명해 주세요. 서명에는 비용이 들지 않습니다.",
    activeTitle: "{merchant} 구독 완료",
    active: "{merchant} 구독이 활성화되었습니다: {schedule}.",
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
