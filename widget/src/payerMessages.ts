import type { Messages } from "./shared/i18n.js";

/** The payer's subscriptions page's texts (payerPage.ts), en and ko. */
export const payerMessages: Messages<
  | "title"
  | "signInIntro"
  | "signingIn"
  | "none"
  | "line"
  | "nextOn"
  | "status_ACTIVE"
  | "status_PAST_DUE"
  | "status_CANCELED"
  | "status_COMPLETED"
  | "status_PENDING"
  | "cancel"
  | "confirmCancel"
  | "canceling"
  | "cancelFailed"
  | "signedInAs"
> = {
  en: {
    title: "Your subscriptions",
    signInIntro:
      "Choose the wallet that pays your subscriptions and sign the sign-in message. Signing costs nothing and allows no payment.",
    signingIn: "Sign the sign-in message in your wallet.",
    none: "This wallet has no subscriptions.",
    line: "{amount} {symbol} {every}, {charged} of {charges} charged",
    nextOn: ", next on {date}",
    status_ACTIVE: "Active",
    status_PAST_DUE: "Past due",
    status_CANCELED: "Canceled",
    status_COMPLETED: "Completed",
    status_PENDING: "Not signed yet",
    cancel: "Cancel subscription",
    confirmCancel: "Confirm in your wallet: the gateway's cancelSubscription ends the schedule for good.",
    canceling: "Canceling…",
    cancelFailed: "The cancel transaction failed on-chain. The subscription is unchanged.",
    signedInAs: "Signed in as {address}",
  },
  ko: {
    title: "내 구독",
    signInIntro:
      "구독 요금을 내는 지갑을 선택하고 로그인 메시지에 서명해 주세요. 서명에는 비용이 들지 않으며 결제를 허용하지 않습니다.",
    signingIn: "지갑에서 로그인 메시지에 서명해 주세요.",
    none: "이 지갑에는 구독이 없습니다.",
    line: "{every} {amount} {symbol}, {charges}회 중 {charged}회 결제됨",
    nextOn: ", 다음 결제 {date}",
    status_ACTIVE: "활성",
    status_PAST_DUE: "연체",
    status_CANCELED: "해지됨",
    status_COMPLETED: "완료",
    status_PENDING: "서명 전",
    cancel: "구독 해지",
    confirmCancel: "지갑에서 확인해 주세요. 게이트웨이의 cancelSubscription이 구독을 영구히 종료합니다.",
    canceling: "해지 중…",
    cancelFailed: "해지 트랜잭션이 온체인에서 실패했습니다. 구독은 변경되지 않았습니다.",
    signedInAs: "{address}(으)로 로그인됨",
  },
};
