/** The dashboard's texts in English and Korean. `{name}` placeholders are filled by {@link translator}. */

const en = {
  title: "Kassa dashboard",
  language: "Language",
  signInTitle: "Sign in",
  signInIntro:
    "Sign in with the merchant's wallet: its recipient address, or one your operator added. Your wallet asks you to sign a message; nothing is paid and no fee is charged.",
  signInButton: "Sign in with Ethereum",
  signingIn: "Check your wallet: it asks you to sign the sign-in message.",
  noWallet:
    "No wallet was found in this browser. Install a wallet extension or open this page in your wallet app.",
  signOut: "Sign out",
  signedInAs: "{merchant} · {address}",
  navPayments: "Payments",
  navLinks: "Payment links",
  navWebhooks: "Webhooks",
  navKeys: "Keys",
  navMethods: "Payment methods",
  mainNav: "Dashboard",
  loading: "Loading…",

  search: "Search",
  searchHint: "Order id, payment id, transaction hash or payer address",
  status: "Status",
  token: "Token",
  from: "From",
  to: "To",
  any: "Any",
  apply: "Apply",
  exportCsv: "Export CSV",
  next: "Next page",
  previous: "Previous page",
  results: "{count} payments on this page",
  noResults: "No payments match.",
  order: "Order",
  amount: "Amount",
  created: "Created",
  payer: "Payer",
  open: "Open payment {order}",
  totalsTitle: "Totals",
  totalsLine: "{paid} paid of {count} · gross {gross} · fee {fee} · net {net}",
  totalsCount: "{count} payments in the period",

  paymentTitle: "Payment {order}",
  back: "Back to payments",
  gross: "Gross",
  fee: "Fee",
  net: "Net",
  notPaid: "Not paid yet: no amounts.",
  timelineTitle: "Timeline",
  transaction: "Transaction",
  relayTitle: "Gasless relay",
  noRelay: "No relay: the payer sent the transaction.",
  deliveriesTitle: "Webhook deliveries",
  noDeliveries: "No webhook deliveries.",
  attempts: "attempts: {count}",
  attemptLine: "#{attempt} {time} · {result} · {duration} ms",
  redeliver: "Redeliver",
  redelivered: "Sent again as a new delivery ({id}).",
  refundsTitle: "Refunds",
  noRefunds: "No refunds.",

  webhookUrl: "Webhook URL",
  save: "Save",
  saved: "Saved.",
  sendTest: "Send a test event",
  testSent: "Test event queued as delivery {id}.",
  rotateSecret: "Rotate webhook secret",
  rotateSecretConfirm:
    "Rotate the webhook secret? The old secret stops at once: attempts from now on are signed with the new one.",
  newSecret: "New webhook secret: copy it now, it is shown only once.",
  deliveryLog: "Delivery log",
  event: "Event",
  result: "Result",

  keysIntro:
    "Rotating a key issues a new one, shown once, and stops the old one at once. Deploy the new key before anything still uses the old one.",
  publicKey: "Public key (pk_)",
  rotatePublic: "Rotate public key",
  rotateSecretKey: "Rotate secret API key",
  rotateKeyConfirm: "Rotate the {key}? The old key stops working immediately.",
  newKey: "New {key}: copy it now, it is shown only once.",
  secretKeyName: "secret API key",
  publicKeyName: "public key",

  methodsIntro: "Tokens payers may pay you in.",
  enabled: "Enabled",
  enable: "Enable {symbol}",
  disable: "Disable {symbol}",
  methodChanged: "{symbol} is now {state}.",
  on: "enabled",
  off: "disabled",

  linksIntro: "Payment links are coming to the dashboard.",
  refund: "Refund",
  refundConfirm:
    "Refund the whole payment to the payer? Your wallet then sends two transactions: an approval of the gateway for the amount, and the refund.",
  sendRefund: "Send the refund transaction",
  refunding: "Check your wallet: it asks you to approve the amount, then to send the refund.",
  refundSent: "Refund sent in transaction {hash}. The payment is REFUNDED once it is confirmed.",

  error: "Something went wrong: {message}",
  sessionEnded: "Your session ended. Sign in again.",
};

export type MessageKey = keyof typeof en;

const ko: Record<MessageKey, string> = {
  title: "Kassa 대시보드",
  language: "언어",
  signInTitle: "로그인",
  signInIntro:
    "상점의 지갑(수취 주소 또는 운영자가 추가한 지갑)으로 로그인하세요. 지갑이 메시지 서명을 요청합니다. 결제나 수수료는 발생하지 않습니다.",
  signInButton: "이더리움으로 로그인",
  signingIn: "지갑을 확인하세요: 로그인 메시지 서명을 요청합니다.",
  noWallet:
    "이 브라우저에서 지갑을 찾을 수 없습니다. 지갑 확장 프로그램을 설치하거나 지갑 앱에서 이 페이지를 여세요.",
  signOut: "로그아웃",
  signedInAs: "{merchant} · {address}",
  navPayments: "결제",
  navLinks: "결제 링크",
  navWebhooks: "웹훅",
  navKeys: "키",
  navMethods: "결제 수단",
  mainNav: "대시보드",
  loading: "불러오는 중…",

  search: "검색",
  searchHint: "주문 ID, 결제 ID, 거래 해시 또는 결제자 주소",
  status: "상태",
  token: "토큰",
  from: "시작",
  to: "종료",
  any: "전체",
  apply: "적용",
  exportCsv: "CSV 내보내기",
  next: "다음 페이지",
  previous: "이전 페이지",
  results: "이 페이지의 결제 {count}건",
  noResults: "일치하는 결제가 없습니다.",
  order: "주문",
  amount: "금액",
  created: "생성",
  payer: "결제자",
  open: "결제 {order} 열기",
  totalsTitle: "합계",
  totalsLine: "{count}건 중 {paid}건 결제 · 총액 {gross} · 수수료 {fee} · 순액 {net}",
  totalsCount: "기간 내 결제 {count}건",

  paymentTitle: "결제 {order}",
  back: "결제 목록으로",
  gross: "총액",
  fee: "수수료",
  net: "순액",
  notPaid: "아직 결제되지 않아 금액이 없습니다.",
  timelineTitle: "타임라인",
  transaction: "거래",
  relayTitle: "가스비 없는 릴레이",
  noRelay: "릴레이 없음: 결제자가 직접 거래를 보냈습니다.",
  deliveriesTitle: "웹훅 전송",
  noDeliveries: "웹훅 전송이 없습니다.",
  attempts: "시도 {count}회",
  attemptLine: "#{attempt} {time} · {result} · {duration} ms",
  redeliver: "다시 보내기",
  redelivered: "새 전송으로 다시 보냈습니다 ({id}).",
  refundsTitle: "환불",
  noRefunds: "환불이 없습니다.",

  webhookUrl: "웹훅 URL",
  save: "저장",
  saved: "저장했습니다.",
  sendTest: "테스트 이벤트 보내기",
  testSent: "테스트 이벤트를 전송 {id}(으)로 대기열에 넣었습니다.",
  rotateSecret: "웹훅 시크릿 교체",
  rotateSecretConfirm:
    "웹훅 시크릿을 교체할까요? 이전 시크릿은 즉시 중지되며 이후의 모든 시도는 새 시크릿으로 서명됩니다.",
  newSecret: "새 웹훅 시크릿: 지금 복사하세요. 한 번만 표시됩니다.",
  deliveryLog: "전송 기록",
  event: "이벤트",
  result: "결과",

  keysIntro:
    "키를 교체하면 새 키가 한 번만 표시되고 이전 키는 즉시 중지됩니다. 이전 키를 쓰는 곳에 새 키를 먼저 배포하세요.",
  publicKey: "공개 키 (pk_)",
  rotatePublic: "공개 키 교체",
  rotateSecretKey: "비밀 API 키 교체",
  rotateKeyConfirm: "{key}를 교체할까요? 이전 키는 즉시 작동을 멈춥니다.",
  newKey: "새 {key}: 지금 복사하세요. 한 번만 표시됩니다.",
  secretKeyName: "비밀 API 키",
  publicKeyName: "공개 키",

  methodsIntro: "결제자가 사용할 수 있는 토큰입니다.",
  enabled: "사용",
  enable: "{symbol} 사용",
  disable: "{symbol} 사용 안 함",
  methodChanged: "{symbol}: {state}.",
  on: "사용",
  off: "사용 안 함",

  linksIntro: "결제 링크는 곧 대시보드에서 제공됩니다.",
  refund: "환불",
  refundConfirm:
    "결제 전액을 결제자에게 환불할까요? 지갑이 두 건의 거래를 보냅니다: 금액에 대한 게이트웨이 승인과 환불입니다.",
  sendRefund: "환불 거래 보내기",
  refunding: "지갑을 확인하세요: 금액 승인과 환불 전송을 차례로 요청합니다.",
  refundSent: "환불을 거래 {hash}(으)로 보냈습니다. 확인되면 결제가 REFUNDED가 됩니다.",

  error: "문제가 발생했습니다: {message}",
  sessionEnded: "세션이 끝났습니다. 다시 로그인하세요.",
};

export type Lang = "en" | "ko";
const messages: Record<Lang, Record<MessageKey, string>> = { en, ko };

export type Translate = (key: MessageKey, values?: Record<string, string | number>) => string;

export function translator(lang: Lang): Translate {
  return (key, values = {}) =>
    messages[lang][key].replace(/\{(\w+)\}/g, (whole, name: string) =>
      name in values ? String(values[name]) : whole,
    );
}
