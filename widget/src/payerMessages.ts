import type { Messages } from "@kassa/i18n";

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
  | "cancelTitle"
  | "cancelWhat"
  | "cancelAsk"
  | "cancelYes"
  | "cancelNo"
  | "signOut"
  | "allowanceShort"
  | "allowAgain"
  | "allowing"
  | "allowFailed"
  | "permit2Allowance"
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
    cancelTitle: "Cancel your subscription to {merchant}?",
    cancelWhat: "{merchant} will not charge you again: {schedule}. Charges already made stay paid.",
    cancelAsk:
      "Your wallet will ask you to send one transaction (small network fee) that ends the subscription on-chain for good.",
    cancelYes: "Yes, cancel it",
    cancelNo: "Keep it",
    signOut: "Sign out",
    allowanceShort:
      "The last charge could not be taken: your wallet no longer allows the gateway enough. Allow it again, or cancel.",
    allowAgain: "Allow the charges again",
    allowing:
      "Confirm in your wallet that the gateway may take {added} more for the charges left (what it allows now stays).",
    allowFailed: "The approval transaction failed on-chain. Nothing changed.",
    permit2Allowance:
      "This subscription is charged through Permit2: allow the gateway again in your wallet's Permit2 settings.",
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
    cancelTitle: "{merchant} 구독을 해지할까요?",
    cancelWhat: "{merchant}은(는) 더 이상 결제하지 않습니다: {schedule}. 이미 결제된 금액은 그대로입니다.",
    cancelAsk: "지갑이 구독을 온체인에서 영구히 종료하는 거래 1건(소액 네트워크 수수료)을 요청합니다.",
    cancelYes: "네, 해지합니다",
    cancelNo: "유지하기",
    signOut: "로그아웃",
    allowanceShort:
      "마지막 결제를 가져갈 수 없었습니다: 지갑이 게이트웨이에 충분한 금액을 허용하지 않습니다. 다시 허용하거나 해지해 주세요.",
    allowAgain: "결제 다시 허용",
    allowing:
      "남은 결제를 위해 게이트웨이가 {added}을(를) 더 가져갈 수 있도록 지갑에서 확인해 주세요(현재 허용량은 유지).",
    allowFailed: "승인 트랜잭션이 온체인에서 실패했습니다. 변경된 것은 없습니다.",
    permit2Allowance:
      "이 구독은 Permit2로 결제됩니다: 지갑의 Permit2 설정에서 게이트웨이를 다시 허용해 주세요.",
  },
};
