/** The widget's texts in English and Korean; shared/i18n.ts picks the language and fills `{name}`. */
import type { Messages } from "@kassa/i18n";

const en = {
  title: "Pay with crypto",
  loading: "Loading the payment…",
  payTo: "Pay {merchant}",
  amount: "Amount",
  network: "Network",
  timeLeft: "Time left",
  timeLeftLabel: "{minutes} minutes {seconds} seconds left to pay",
  oneMinuteLeft: "One minute left to complete this payment.",
  cancel: "Cancel payment",
  close: "Close",
  footer: "Kassa · non-custodial: funds go straight to the merchant",

  connectTitle: "Connect a wallet",
  connectIntro:
    "Choose the wallet that holds your {symbol}. It will ask you to share your address: nothing is paid yet.",
  noWallet:
    "No wallet was found in this browser. Install a wallet extension (for example MetaMask) or open this page in your wallet app's browser.",
  browserWallet: "Browser wallet",
  devWallet: "Dev wallet: {label}",
  devWalletNote: "Local development only: signs with a funded test account.",
  connecting: "Waiting for {wallet}… Approve the connection request in your wallet.",

  wrongNetworkTitle: "Switch network",
  wrongNetworkBody:
    "This payment is on {network}, but your wallet is on another network. Your wallet will ask you to switch (or to add {network} first).",
  switchNetwork: "Switch to {network}",
  switching: "Check your wallet: it asks to switch to {network}.",
  addNetworkManually:
    "Your wallet does not know {network} (chain id {chainId}). Add it in your wallet's network settings, then try again.",

  insufficientTitle: "Not enough {symbol}",
  insufficientBody:
    "This wallet holds {balance} {symbol}; the payment needs {amount} {symbol}. Add {symbol} to this wallet or connect another one.",
  checkAgain: "Check again",
  useAnotherWallet: "Use another wallet",

  reviewTitle: "Review and pay",
  wallet: "Wallet",
  stepsIntro: "What happens next:",
  payGasless: "Pay {amount} {symbol}",
  payDirect: "Pay {amount} {symbol}",
  payWithOwnGas: "Pay with my own gas instead",
  gaslessHint: "No network fee: you only sign, and a relayer sends the payment.",
  gaslessApproveHint:
    "One transaction first: the approval, with a small fee in {native}. Then you only sign, and a relayer sends the payment and pays its fee.",
  gaslessFaucetHint:
    "Kassa sends you the {native} for the approval's fee. Then you only sign, and a relayer sends the payment and pays its fee.",
  directHint: "You send the payment yourself and pay its network fee in {native}.",
  directApproveHint:
    "You send two transactions yourself, the approval and the payment, and pay their network fees in {native}.",

  stepPermit: "Sign a permit",
  stepPermitAsk: "Your wallet asks for a signature (no fee).",
  stepPermitWhy: "It lets the Kassa gateway take exactly {amount} {symbol} for this payment, once.",
  stepForward: "Sign the payment",
  stepForwardAsk: "Your wallet asks for a signature (no fee).",
  stepForwardWhy: "A relayer submits it to {network} and pays the network fee for you.",
  stepFaucet: "Receive a little {native}",
  stepFaucetAsk: "Nothing to approve: Kassa sends it to your wallet.",
  stepFaucetWhy: "The approval below is a transaction and needs a small fee in {native}.",
  stepSignAsk: "Your wallet asks for a signature (no fee).",
  stepAuthorize: "Sign the transfer of {amount} {symbol}",
  stepAuthorizeWhy:
    "{symbol} moves exactly this amount for this payment, once; a relayer sends it and pays the network fee.",
  stepPermit2: "Sign the payment with Permit2",
  stepPermit2Why:
    "Permit2 moves exactly {amount} {symbol} for this payment, once; a relayer sends it and pays the network fee.",
  stepIntent: "Sign the payment",
  stepIntentWhy: "Your smart wallet approves this one payment; a relayer sends it and pays the network fee.",
  stepApprovePermit2: "Allow Permit2 to move {symbol}",
  stepApprovePermit2Why:
    "Once for every shop: Permit2 then moves {symbol} only with a signature of yours for each payment.",
  blockedTitle: "This wallet cannot pay",
  blockedBody:
    "{symbol} refuses to move this payment from this wallet to {merchant}: the token's blocklist holds one of them. No signature or transaction can pay it, and nothing was signed. Use another wallet, or contact the shop.",
  undeployedTitle: "This wallet cannot pay with {symbol} yet",
  undeployedBody:
    "Your smart-contract wallet is not deployed yet, so it has no approval for {symbol} and cannot sign its permit. Send any transaction from the wallet first, or use another wallet.",
  stepReset: "Clear your old {symbol} approval",
  stepResetAsk: "Your wallet asks you to confirm a transaction (small fee in {native}).",
  stepResetWhy: "{symbol} refuses a new approval while an old one remains: this sets it to 0 first.",
  stepApprove: "Approve {amount} {symbol}",
  stepApproveAsk: "Your wallet asks you to confirm a transaction (small fee in {native}).",
  stepApproveWhy:
    "It adds exactly this amount to what the Kassa gateway may take; what you allowed it before (for a subscription) stays.",
  stepPay: "Send the payment",
  stepPayAsk: "Your wallet asks you to confirm a transaction (fee in {native}).",
  stepPayWhy: "It pays {merchant} directly from your wallet.",
  stepDone: "done",
  stepCurrent: "in progress",
  stepPending: "to do",
  checkWallet: "Check your wallet.",

  progressTitle: "Paying…",
  confirmingTitle: "Confirming the payment",
  confirmingBody:
    "Your payment was sent to {network}. Waiting for the confirmation; this usually takes a few seconds.",
  relayQueued: "The relayer is sending your payment…",
  transaction: "Transaction",

  successTitle: "Payment complete",
  // What the payer paid: the merchant receives it less Kassa's fee, which is not the payer's business here.
  successBody: "You paid {amount} {symbol} to {merchant}.",
  redirecting: "Returning to {host}…",
  returnNow: "Return to the shop",
  closeWindow: "You can close this window now.",

  expiredTitle: "This payment expired",
  expiredBody:
    "Payments must be completed within 5 minutes. Nothing was paid. Go back to the shop to start a new payment.",
  failedTitle: "The payment failed",
  failedBody: "The payment could not be completed ({status}). Go back to the shop to start a new payment.",
  backToShop: "Back to the shop",

  rejectedTitle: "Request declined",
  rejectedBody: "You declined the request in your wallet, so nothing was paid. You can try again.",
  tryAgain: "Try again",

  txFailedTitle: "The transaction did not go through",
  txFailedBody: "Nothing was paid. {detail}",

  needGasTitle: "You need a little {native}",
  needGasBody:
    "The approval is a transaction and needs a small fee in {native}, and this wallet has none. Add some {native} to this wallet and check again.",
  faucetRefusedTitle: "Kassa could not send gas",
  faucetRefusedBody: "{reason} Add a little {native} to this wallet yourself, then check again.",
  faucetAlreadyGranted: "This wallet already received gas on this network once.",
  faucetPaymentGranted: "This payment already funded gas for another wallet.",
  faucetDisabled: "The merchant does not offer gas.",
  faucetHasGas: "This wallet already has enough gas.",
  faucetInProgress: "Another gas request for this payment is in progress.",
  faucetNotUsable: "This wallet cannot use gas from Kassa (a contract wallet, or its approval would fail).",
  faucetBudgetSpent: "Kassa has given out all the gas it may today.",
  faucetClientLimit: "This connection has received all the gas it may today.",
  faucetOther: "The gas request failed.",

  gaslessUnavailableTitle: "Gasless payment is not available",
  gaslessUnavailableBody:
    "The relayer is not available right now. You can still pay by sending the transaction yourself: your wallet will ask you to confirm it and to pay the network fee in {native}.",

  errorTitle: "Something went wrong",
  missingParams: "This payment link is incomplete. Go back to the shop and try again.",
  notFound: "This payment does not exist or does not belong to this shop.",
  networkError: "Kassa could not be reached. Check your connection and try again.",
  notSetUp: "This checkout is not set up correctly. Please contact the shop.",
  duplicateOrder: "This order already has a payment. Go back to the shop to see it or to start again.",
  rateLimited: "Too many requests from this connection. Wait a minute, then try again.",
  serviceUnavailable:
    "Kassa could not complete this step right now. Nothing was paid. Try again in a moment.",
  requestRefused: "Kassa could not accept this request, so nothing was paid. You can try again.",
  unexpectedError:
    "Something unexpected stopped this step. Check your wallet's activity before you try again.",
  alreadyPaid: "This payment is already complete.",

  payByTransfer: "Pay by transfer instead",
  payByTransferHint:
    "No wallet here? Send {symbol} from an exchange or any wallet to this payment's own address.",
  transferTitle: "Pay by transfer",
  transferSend:
    "Send exactly {amount} {symbol} on {network} to the address below, from any wallet or exchange.",
  transferSendRest:
    "Send the remaining {missing} {symbol} on {network} to the same address, from any wallet or exchange.",
  transferAddress: "Address",
  transferAmount: "Amount to send",
  transferToken: "Token",
  transferNetwork: "{network} (chain id {chainId})",
  transferUntil: "Send before",
  transferWaiting: "Waiting for your transfer. This page changes by itself when it arrives.",
  transferShort: "Received {received} of {amount} {symbol}. The payment is complete when the rest arrives.",
  transferArrived: "Received {received} {symbol}. Completing the payment…",
  transferOnly:
    "Only {symbol} on {network} pays this payment. If your exchange deducts a withdrawal fee, add it to the amount.",
  transferNoWallet:
    "Paying with a wallet is no longer offered: it would charge the whole {amount} {symbol} again, and what arrived here would wait for the shop to send it back.",
  transferBeforeWallet: "Only if you have not sent a transfer: paying with a wallet as well would pay twice.",
  qrChoice: "What the QR code holds",
  qrRequest: "Payment request",
  qrAddress: "Address only",
  qrRequestNote:
    "For a wallet app that reads payment requests (EIP-681): it fills in {symbol}, the amount and the address. Before you send, check that it shows the address above as the recipient.",
  qrAddressNote:
    "For a wallet or exchange app that cannot read payment requests: it fills in the address only. Choose {symbol} on {network} and type the amount yourself.",
  qrRequestLabel: "QR code of the payment request: {missing} {symbol} to the address above",
  qrAddressLabel: "QR code of the address above",
  transferClosedTitle: "The time to pay by transfer is over",
  transferClosedNothing:
    "Nothing has reached this payment's address. Do not send anything to it now. If you sent a transfer already, keep this page open: it changes when the transfer arrives.",
  transferClosedShort:
    "{received} of {amount} {symbol} reached this payment's address before the time ran out: not enough to pay it. Do not send more to that address.",
  transferClosedLate:
    "{received} {symbol} reached this payment's address after the time ran out. Do not send more to that address.",
  transferClosedHeld:
    "The money is not lost: it stays at that address, and only {merchant} can move it, to pay the order or back to where it came from. Contact the shop about this order.",
  transferOverpaid:
    "You sent {excess} {symbol} more than the amount. {merchant} can send the excess back to the address it came from.",
  payWithWallet: "Pay with a wallet instead",
  copy: "Copy",
  copied: "Copied",
  copyWhat: "Copy: {what}",
};

export type MessageKey = keyof typeof en;

const ko: Record<MessageKey, string> = {
  title: "암호화폐로 결제",
  loading: "결제 정보를 불러오는 중…",
  payTo: "{merchant}에 결제",
  amount: "금액",
  network: "네트워크",
  timeLeft: "남은 시간",
  timeLeftLabel: "결제까지 {minutes}분 {seconds}초 남음",
  oneMinuteLeft: "결제를 완료할 시간이 1분 남았습니다.",
  cancel: "결제 취소",
  close: "닫기",
  footer: "Kassa · 비수탁형: 결제 금액은 가맹점으로 바로 전송됩니다",

  connectTitle: "지갑 연결",
  connectIntro:
    "{symbol}을(를) 보유한 지갑을 선택하세요. 지갑이 주소 공유를 요청합니다. 아직 결제되지 않습니다.",
  noWallet:
    "이 브라우저에서 지갑을 찾을 수 없습니다. 지갑 확장 프로그램(예: MetaMask)을 설치하거나 지갑 앱의 브라우저에서 이 페이지를 여세요.",
  browserWallet: "브라우저 지갑",
  devWallet: "개발용 지갑: {label}",
  devWalletNote: "로컬 개발 전용: 테스트 계정으로 서명합니다.",
  connecting: "{wallet} 응답을 기다리는 중… 지갑에서 연결 요청을 승인하세요.",

  wrongNetworkTitle: "네트워크 전환",
  wrongNetworkBody:
    "이 결제는 {network} 네트워크에서 진행되지만 지갑이 다른 네트워크에 있습니다. 지갑이 네트워크 전환(또는 {network} 추가)을 요청합니다.",
  switchNetwork: "{network}(으)로 전환",
  switching: "지갑을 확인하세요: {network}(으)로 전환을 요청합니다.",
  addNetworkManually:
    "지갑에 {network}(체인 ID {chainId}) 네트워크가 없습니다. 지갑의 네트워크 설정에서 추가한 뒤 다시 시도하세요.",

  insufficientTitle: "{symbol} 잔액 부족",
  insufficientBody:
    "이 지갑에는 {balance} {symbol}이(가) 있으며, 결제에는 {amount} {symbol}이(가) 필요합니다. 이 지갑에 {symbol}을(를) 추가하거나 다른 지갑을 연결하세요.",
  checkAgain: "다시 확인",
  useAnotherWallet: "다른 지갑 사용",

  reviewTitle: "확인 후 결제",
  wallet: "지갑",
  stepsIntro: "진행 순서:",
  payGasless: "{amount} {symbol} 결제",
  payDirect: "{amount} {symbol} 결제",
  payWithOwnGas: "직접 가스비를 내고 결제",
  gaslessHint: "네트워크 수수료 없음: 서명만 하면 릴레이어가 결제를 전송합니다.",
  gaslessApproveHint:
    "먼저 승인 거래 하나가 필요하며 소량의 {native} 수수료가 듭니다. 그다음에는 서명만 하면 릴레이어가 결제를 전송하고 수수료를 냅니다.",
  gaslessFaucetHint:
    "승인 수수료에 쓸 {native}은(는) Kassa가 보내 드립니다. 그다음에는 서명만 하면 릴레이어가 결제를 전송하고 수수료를 냅니다.",
  directHint: "직접 결제를 전송하고 네트워크 수수료를 {native}(으)로 지불합니다.",
  directApproveHint: "승인과 결제, 두 거래를 직접 전송하고 네트워크 수수료를 {native}(으)로 지불합니다.",

  stepPermit: "퍼밋 서명",
  stepPermitAsk: "지갑이 서명을 요청합니다(수수료 없음).",
  stepPermitWhy: "Kassa 게이트웨이가 이 결제에 대해 정확히 {amount} {symbol}만 한 번 가져갈 수 있게 합니다.",
  stepForward: "결제 서명",
  stepForwardAsk: "지갑이 서명을 요청합니다(수수료 없음).",
  stepForwardWhy: "릴레이어가 {network}에 제출하고 네트워크 수수료를 대신 냅니다.",
  stepFaucet: "소량의 {native} 받기",
  stepFaucetAsk: "승인할 것 없음: Kassa가 지갑으로 보냅니다.",
  stepFaucetWhy: "아래 승인은 거래이므로 소량의 {native} 수수료가 필요합니다.",
  stepSignAsk: "지갑이 서명을 요청합니다(수수료 없음).",
  stepAuthorize: "{amount} {symbol} 전송 서명",
  stepAuthorizeWhy:
    "{symbol}이(가) 이 결제에 대해 정확히 이 금액만 한 번 옮깁니다. 릴레이어가 전송하고 네트워크 수수료를 냅니다.",
  stepPermit2: "Permit2로 결제 서명",
  stepPermit2Why:
    "Permit2가 이 결제에 대해 정확히 {amount} {symbol}만 한 번 옮깁니다. 릴레이어가 전송하고 네트워크 수수료를 냅니다.",
  stepIntent: "결제 서명",
  stepIntentWhy: "스마트 지갑이 이 결제 하나만 승인합니다. 릴레이어가 전송하고 네트워크 수수료를 냅니다.",
  stepApprovePermit2: "Permit2의 {symbol} 이동 허용",
  stepApprovePermit2Why:
    "모든 상점에 한 번만: 이후 Permit2는 결제마다 당신의 서명이 있을 때만 {symbol}을(를) 옮깁니다.",
  blockedTitle: "이 지갑으로는 결제할 수 없습니다",
  blockedBody:
    "{symbol}이(가) 이 지갑에서 {merchant}(으)로의 이 결제 이동을 거부합니다: 토큰의 차단 목록에 둘 중 하나가 있습니다. 어떤 서명이나 거래로도 결제할 수 없으며 아무것도 서명되지 않았습니다. 다른 지갑을 사용하거나 상점에 문의하세요.",
  undeployedTitle: "이 지갑은 아직 {symbol}(으)로 결제할 수 없습니다",
  undeployedBody:
    "스마트 컨트랙트 지갑이 아직 배포되지 않아 {symbol} 승인이 없고 퍼밋에 서명할 수 없습니다. 먼저 지갑에서 아무 거래나 보내거나 다른 지갑을 사용하세요.",
  stepReset: "이전 {symbol} 승인 해제",
  stepResetAsk: "지갑이 거래 확인을 요청합니다({native} 소액 수수료).",
  stepResetWhy: "{symbol}은(는) 이전 승인이 남아 있으면 새 승인을 거부합니다: 먼저 0으로 되돌립니다.",
  stepApprove: "{amount} {symbol} 승인",
  stepApproveAsk: "지갑이 거래 확인을 요청합니다({native} 소액 수수료).",
  stepApproveWhy:
    "Kassa 게이트웨이가 가져갈 수 있는 금액에 정확히 이 금액만 더합니다. 이전에 허용한 금액(구독)은 그대로 남습니다.",
  stepPay: "결제 전송",
  stepPayAsk: "지갑이 거래 확인을 요청합니다({native} 수수료).",
  stepPayWhy: "지갑에서 {merchant}에 직접 결제합니다.",
  stepDone: "완료",
  stepCurrent: "진행 중",
  stepPending: "대기",
  checkWallet: "지갑을 확인하세요.",

  progressTitle: "결제 중…",
  confirmingTitle: "결제 확인 중",
  confirmingBody: "결제가 {network}에 전송되었습니다. 확인을 기다리는 중이며 보통 몇 초 걸립니다.",
  relayQueued: "릴레이어가 결제를 전송하는 중…",
  transaction: "거래",

  successTitle: "결제 완료",
  successBody: "{merchant}에 {amount} {symbol}을(를) 결제했습니다.",
  redirecting: "{host}(으)로 돌아가는 중…",
  returnNow: "상점으로 돌아가기",
  closeWindow: "이제 이 창을 닫아도 됩니다.",

  expiredTitle: "결제 시간이 만료되었습니다",
  expiredBody:
    "결제는 5분 안에 완료해야 합니다. 결제된 금액은 없습니다. 상점으로 돌아가 새 결제를 시작하세요.",
  failedTitle: "결제 실패",
  failedBody: "결제를 완료할 수 없습니다({status}). 상점으로 돌아가 새 결제를 시작하세요.",
  backToShop: "상점으로 돌아가기",

  rejectedTitle: "요청 거부됨",
  rejectedBody: "지갑에서 요청을 거부하여 결제되지 않았습니다. 다시 시도할 수 있습니다.",
  tryAgain: "다시 시도",

  txFailedTitle: "거래가 처리되지 않았습니다",
  txFailedBody: "결제된 금액은 없습니다. {detail}",

  needGasTitle: "소량의 {native}이(가) 필요합니다",
  needGasBody:
    "승인은 거래이므로 소량의 {native} 수수료가 필요한데 이 지갑에는 없습니다. 지갑에 {native}을(를) 추가한 뒤 다시 확인하세요.",
  faucetRefusedTitle: "Kassa가 가스를 보낼 수 없습니다",
  faucetRefusedBody: "{reason} 이 지갑에 직접 소량의 {native}을(를) 추가한 뒤 다시 확인하세요.",
  faucetAlreadyGranted: "이 지갑은 이 네트워크에서 이미 가스를 한 번 받았습니다.",
  faucetPaymentGranted: "이 결제로 이미 다른 지갑에 가스가 지급되었습니다.",
  faucetDisabled: "이 상점은 가스를 제공하지 않습니다.",
  faucetHasGas: "이 지갑에는 이미 충분한 가스가 있습니다.",
  faucetInProgress: "이 결제에 대한 다른 가스 요청이 진행 중입니다.",
  faucetNotUsable: "이 지갑은 Kassa의 가스를 사용할 수 없습니다(컨트랙트 지갑이거나 승인이 실패합니다).",
  faucetBudgetSpent: "Kassa가 오늘 지급할 수 있는 가스를 모두 지급했습니다.",
  faucetClientLimit: "이 연결은 오늘 받을 수 있는 가스를 모두 받았습니다.",
  faucetOther: "가스 요청에 실패했습니다.",

  gaslessUnavailableTitle: "가스비 없는 결제를 사용할 수 없습니다",
  gaslessUnavailableBody:
    "지금은 릴레이어를 사용할 수 없습니다. 직접 거래를 전송하여 결제할 수 있습니다: 지갑이 거래 확인과 {native} 네트워크 수수료 지불을 요청합니다.",

  errorTitle: "문제가 발생했습니다",
  missingParams: "결제 링크가 완전하지 않습니다. 상점으로 돌아가 다시 시도하세요.",
  notFound: "이 결제가 없거나 이 상점의 결제가 아닙니다.",
  networkError: "Kassa에 연결할 수 없습니다. 연결을 확인하고 다시 시도하세요.",
  notSetUp: "이 결제 페이지가 올바르게 설정되지 않았습니다. 상점에 문의하세요.",
  duplicateOrder: "이 주문에는 이미 결제가 있습니다. 상점으로 돌아가 확인하거나 다시 시작하세요.",
  rateLimited: "이 연결에서 요청이 너무 많습니다. 1분 정도 기다린 뒤 다시 시도하세요.",
  serviceUnavailable:
    "Kassa가 지금 이 단계를 처리할 수 없습니다. 결제된 금액은 없습니다. 잠시 후 다시 시도하세요.",
  requestRefused: "Kassa가 이 요청을 받을 수 없어 결제되지 않았습니다. 다시 시도할 수 있습니다.",
  unexpectedError:
    "예상하지 못한 문제로 이 단계가 중단되었습니다. 다시 시도하기 전에 지갑의 거래 내역을 확인하세요.",
  alreadyPaid: "이미 완료된 결제입니다.",

  payByTransfer: "송금으로 결제하기",
  payByTransferHint: "지갑이 없나요? 거래소나 다른 지갑에서 이 결제 전용 주소로 {symbol}을(를) 보내세요.",
  transferTitle: "송금으로 결제",
  transferSend:
    "{network}의 {symbol} {amount}을(를) 아래 주소로 정확히 보내세요. 어떤 지갑이나 거래소에서도 보낼 수 있습니다.",
  transferSendRest:
    "남은 {missing} {symbol}을(를) {network}에서 같은 주소로 보내세요. 어떤 지갑이나 거래소에서도 보낼 수 있습니다.",
  transferAddress: "주소",
  transferAmount: "보낼 금액",
  transferToken: "토큰",
  transferNetwork: "{network} (체인 ID {chainId})",
  transferUntil: "송금 기한",
  transferWaiting: "송금을 기다리는 중입니다. 도착하면 이 페이지가 자동으로 바뀝니다.",
  transferShort:
    "{amount} {symbol} 중 {received} {symbol}을(를) 받았습니다. 나머지가 도착하면 결제가 완료됩니다.",
  transferArrived: "{received} {symbol}을(를) 받았습니다. 결제를 완료하는 중…",
  transferOnly:
    "{network}의 {symbol}만 이 결제에 반영됩니다. 거래소가 출금 수수료를 차감한다면 그만큼 더해서 보내 주세요.",
  transferNoWallet:
    "이제 지갑 결제는 제공되지 않습니다. 지갑으로 결제하면 {amount} {symbol} 전액이 다시 청구되고, 이미 도착한 금액은 상점이 돌려줄 때까지 기다려야 합니다.",
  transferBeforeWallet:
    "아직 송금하지 않은 경우에만 선택하세요. 송금과 지갑 결제를 모두 하면 두 번 결제됩니다.",
  qrChoice: "QR 코드에 담을 내용",
  qrRequest: "결제 요청",
  qrAddress: "주소만",
  qrRequestNote:
    "결제 요청(EIP-681)을 읽는 지갑 앱용: {symbol}, 금액, 주소가 자동으로 채워집니다. 보내기 전에 받는 주소가 위 주소와 같은지 확인하세요.",
  qrAddressNote:
    "결제 요청을 읽지 못하는 지갑이나 거래소 앱용: 주소만 채워집니다. {network}의 {symbol}을(를) 고르고 금액을 직접 입력하세요.",
  qrRequestLabel: "결제 요청의 QR 코드: 위 주소로 {missing} {symbol}",
  qrAddressLabel: "위 주소의 QR 코드",
  transferClosedTitle: "송금 결제 시간이 끝났습니다",
  transferClosedNothing:
    "이 결제의 주소에 도착한 금액이 없습니다. 지금은 이 주소로 아무것도 보내지 마세요. 이미 송금했다면 이 페이지를 열어 두세요. 송금이 도착하면 페이지가 바뀝니다.",
  transferClosedShort:
    "시간이 끝나기 전에 {amount} {symbol} 중 {received} {symbol}이(가) 이 결제의 주소에 도착했지만 결제하기에는 부족합니다. 이 주소로 더 보내지 마세요.",
  transferClosedLate:
    "시간이 끝난 뒤에 {received} {symbol}이(가) 이 결제의 주소에 도착했습니다. 이 주소로 더 보내지 마세요.",
  transferClosedHeld:
    "돈은 사라지지 않았습니다. 그 주소에 남아 있으며 {merchant}만 옮길 수 있습니다(주문 결제 또는 보낸 곳으로 반환). 이 주문에 대해 상점에 문의하세요.",
  transferOverpaid:
    "결제 금액보다 {excess} {symbol}을(를) 더 보냈습니다. {merchant}이(가) 초과 금액을 보낸 주소로 돌려줄 수 있습니다.",
  payWithWallet: "지갑으로 결제하기",
  copy: "복사",
  copied: "복사됨",
  copyWhat: "복사: {what}",
};

export const messages: Messages<MessageKey> = { en, ko };
