/**
 * What each contract error Kassa knows means, in a sentence for the person who sent the transaction:
 * one row per error of the gateway, the forwarder, Permit2 and the tokens (OpenZeppelin's), plus
 * Solidity's `Error(string)` and `Panic(uint256)`. `{name}` is the error's argument of that name; `units`
 * says which integer arguments are amounts of the payment's token or of the chain's native coin, times
 * (Unix seconds) or codes (written in hex). A new contract error is one more row here (a test fails until it has one).
 */
export interface RevertMessage {
  en: string;
  ko: string;
  units?: Record<string, "token" | "native" | "time" | "code">;
}

export const revertMessages: Record<string, RevertMessage> = {
  // The gateway (PaymentGateway.sol, with OpenZeppelin's Ownable, SafeCast and ShortStrings).
  EnforcedPause: {
    en: "Kassa's payment contract is paused for now. Try again later.",
    ko: "Kassa 결제 컨트랙트가 일시 중지되었습니다. 나중에 다시 시도하세요.",
  },
  ExpectedPause: {
    en: "The payment contract is not paused.",
    ko: "결제 컨트랙트가 일시 중지된 상태가 아닙니다.",
  },
  FeeChangeTooSoon: {
    en: "This fee changed recently; it may change again from {allowedFrom}.",
    ko: "이 수수료는 최근에 변경되어 {allowedFrom}부터 다시 변경할 수 있습니다.",
    units: { allowedFrom: "time" },
  },
  FeeTooHigh: {
    en: "A fee of {feeBps} basis points is above the highest allowed, {maxFeeBps}.",
    ko: "수수료 {feeBps}bp는 허용되는 최대값 {maxFeeBps}bp보다 큽니다.",
  },
  InvalidServerSignature: {
    en: "Kassa's signature does not match this request (it was signed by {recovered}, the contract expects {expectedSigner}), so nothing was sent.",
    ko: "Kassa의 서명이 이 요청과 맞지 않아 아무것도 전송되지 않았습니다({recovered}이(가) 서명했으며 컨트랙트는 {expectedSigner}을(를) 기대합니다).",
  },
  InvalidShortString: {
    en: "A name given to the contract is not a valid short string.",
    ko: "컨트랙트에 전달된 이름이 올바른 짧은 문자열이 아닙니다.",
  },
  InvalidSigner: {
    en: "{signer} cannot be the contract's signer.",
    ko: "{signer}은(는) 컨트랙트의 서명자가 될 수 없습니다.",
  },
  InvalidTreasury: {
    en: "{treasury} cannot be the treasury that receives the fees.",
    ko: "{treasury}은(는) 수수료를 받는 트레저리가 될 수 없습니다.",
  },
  MerchantFeeNotSet: {
    en: "Merchant {merchantId} has no fee of its own to remove.",
    ko: "가맹점 {merchantId}에는 제거할 개별 수수료가 없습니다.",
  },
  OwnableInvalidOwner: {
    en: "{owner} cannot own the contract.",
    ko: "{owner}은(는) 컨트랙트 소유자가 될 수 없습니다.",
  },
  OwnableUnauthorizedAccount: {
    en: "Only the contract's owner may do this, and {account} is not its owner.",
    ko: "컨트랙트 소유자만 할 수 있는 작업이며 {account}은(는) 소유자가 아닙니다.",
  },
  OwnershipCannotBeRenounced: {
    en: "The contract's ownership cannot be given up.",
    ko: "컨트랙트 소유권은 포기할 수 없습니다.",
  },
  PaymentAlreadyProcessed: {
    en: "Payment {paymentId} is already paid, so nothing more was sent.",
    ko: "결제 {paymentId}은(는) 이미 완료되어 더 이상 전송되지 않았습니다.",
  },
  PaymentNotFound: {
    en: "The contract has no record of payment {paymentId} being paid, so it cannot be refunded.",
    ko: "컨트랙트에 결제 {paymentId}의 완료 기록이 없어 환불할 수 없습니다.",
  },
  PaymentRequestExpired: {
    en: "The time to pay payment {paymentId} ended at {deadline}, so nothing was sent.",
    ko: "결제 {paymentId}의 결제 가능 시간이 {deadline}에 끝나 아무것도 전송되지 않았습니다.",
    units: { deadline: "time" },
  },
  RefundAlreadyProcessed: {
    en: "Refund {refundId} was already sent.",
    ko: "환불 {refundId}은(는) 이미 전송되었습니다.",
  },
  RefundRequestExpired: {
    en: "The time to send refund {refundId} ended at {deadline}: start a new refund.",
    ko: "환불 {refundId}의 전송 가능 시간이 {deadline}에 끝났습니다. 새 환불을 시작하세요.",
    units: { deadline: "time" },
  },
  DepositMismatch: {
    en: "The deposit address {deposit} is not the one this payment expects ({expected}).",
    ko: "입금 주소 {deposit}은(는) 이 결제가 기대하는 주소({expected})가 아닙니다.",
  },
  DepositShort: {
    en: "The deposit address of payment {paymentId} holds {balance}, less than the {minimumAmount} it needs.",
    ko: "결제 {paymentId}의 입금 주소 잔액은 {balance}(으)로 필요한 {minimumAmount}보다 적습니다.",
    units: { balance: "token", minimumAmount: "token" },
  },
  DepositNotDelegated: {
    en: "The deposit address {deposit} does not run the gateway's code yet: the transaction must carry its authorization.",
    ko: "입금 주소 {deposit}은(는) 아직 게이트웨이 코드를 실행하지 않습니다. 트랜잭션에 그 주소의 승인(authorization)이 포함되어야 합니다.",
  },
  PaymentNotReceived: {
    en: "Payment {paymentId} should have brought {amount} to the payment contract, but {received} arrived, so nothing was sent.",
    ko: "결제 {paymentId}은(는) 결제 컨트랙트에 {amount}을(를) 가져와야 했지만 {received}만 도착하여 아무것도 전송되지 않았습니다.",
    units: { amount: "token", received: "token" },
  },
  ReentrancyGuardReentrantCall: {
    en: "The payment contract refused a call made while it was already handling another in the same transaction.",
    ko: "결제 컨트랙트가 같은 트랜잭션에서 다른 호출을 처리하는 중에 들어온 호출을 거부했습니다.",
  },
  InvalidPayerSignature: {
    en: "The payer's signature does not match {payer}: sign again with that wallet.",
    ko: "결제자의 서명이 {payer}와(과) 맞지 않습니다. 그 지갑으로 다시 서명하세요.",
  },
  InvalidReturnSignature: {
    en: "The signature of this return does not match {recipient}.",
    ko: "이 반환의 서명이 {recipient}와(과) 맞지 않습니다.",
  },
  Permit2NotEnabled: {
    en: "Paying through Permit2 is not turned on for this payment contract.",
    ko: "이 결제 컨트랙트에서는 Permit2 결제가 켜져 있지 않습니다.",
  },
  ReturnAlreadyProcessed: {
    en: "Return {returnId} was already sent.",
    ko: "반환 {returnId}은(는) 이미 전송되었습니다.",
  },
  ReturnExceedsAvailable: {
    en: "A return of {amount} (base units of {token}) is more than the {available} the deposit address {deposit} holds.",
    ko: "반환 금액 {amount}({token}의 기본 단위)이(가) 입금 주소 {deposit}의 잔액 {available}보다 많습니다.",
  },
  ReturnRequestExpired: {
    en: "The time to send return {returnId} ended at {deadline}.",
    ko: "반환 {returnId}의 전송 가능 시간이 {deadline}에 끝났습니다.",
    units: { deadline: "time" },
  },
  SafeCastOverflowedUintDowncast: {
    en: "The number {value} does not fit in {bits} bits.",
    ko: "숫자 {value}은(는) {bits}비트에 들어가지 않습니다.",
  },
  SubscriptionAmountNotAllowed: {
    en: "Subscription {subscriptionId} may be charged at most {allowed} a period, not {amount}.",
    ko: "구독 {subscriptionId}은(는) 기간마다 최대 {allowed}까지 청구할 수 있으며 {amount}은(는) 안 됩니다.",
    units: { amount: "token", allowed: "token" },
  },
  SubscriptionCancelNotAllowed: {
    en: "{caller} may not cancel subscription {subscriptionId}.",
    ko: "{caller}은(는) 구독 {subscriptionId}을(를) 취소할 수 없습니다.",
  },
  SubscriptionChargeExpired: {
    en: "The time to charge period {period} of subscription {subscriptionId} ended at {deadline}.",
    ko: "구독 {subscriptionId}의 {period}번째 기간 청구 시간이 {deadline}에 끝났습니다.",
    units: { deadline: "time" },
  },
  SubscriptionIsCanceled: {
    en: "Subscription {subscriptionId} is canceled.",
    ko: "구독 {subscriptionId}은(는) 취소되었습니다.",
  },
  SubscriptionPeriodAlreadyCharged: {
    en: "Period {period} of subscription {subscriptionId} is already charged.",
    ko: "구독 {subscriptionId}의 {period}번째 기간은 이미 청구되었습니다.",
  },
  SubscriptionPeriodNotOpen: {
    en: "Period {period} of subscription {subscriptionId} can be charged only from {opensAt} to {closesAt}.",
    ko: "구독 {subscriptionId}의 {period}번째 기간은 {opensAt}부터 {closesAt}까지만 청구할 수 있습니다.",
    units: { opensAt: "time", closesAt: "time" },
  },
  SafeERC20FailedOperation: {
    en: "The token {token} refused the transfer.",
    ko: "토큰 {token}이(가) 전송을 거부했습니다.",
  },
  StringTooLong: {
    en: "The text “{str}” is too long for the contract.",
    ko: "텍스트 “{str}”이(가) 컨트랙트에 비해 너무 깁니다.",
  },

  // The forwarder of gasless payments (OpenZeppelin's ERC2771Forwarder, Address, Nonces).
  ERC2771ForwarderExpiredRequest: {
    en: "The signed request expired at {deadline}: sign it again.",
    ko: "서명한 요청이 {deadline}에 만료되었습니다. 다시 서명하세요.",
    units: { deadline: "time" },
  },
  ERC2771ForwarderInvalidSigner: {
    en: "The request was signed by {signer}, not by {from}, the wallet it is for.",
    ko: "요청은 대상 지갑 {from}이(가) 아니라 {signer}이(가) 서명했습니다.",
  },
  ERC2771ForwarderMismatchedValue: {
    en: "The request asks for {requestedValue}, but {msgValue} came with it.",
    ko: "요청은 {requestedValue}을(를) 요구하지만 {msgValue}이(가) 함께 전송되었습니다.",
    units: { requestedValue: "native", msgValue: "native" },
  },
  ERC2771ForwarderNoRefundReceiver: {
    en: "A batch whose requests may fail needs an address to return their value to.",
    ko: "실패할 수 있는 요청 묶음에는 금액을 돌려받을 주소가 필요합니다.",
  },
  ERC2771UntrustfulTarget: {
    en: "The contract {target} does not trust the forwarder {forwarder}.",
    ko: "컨트랙트 {target}은(는) 포워더 {forwarder}을(를) 신뢰하지 않습니다.",
  },
  FailedCall: {
    en: "A call inside the transaction failed without saying why.",
    ko: "거래 안의 호출이 이유 없이 실패했습니다.",
  },
  InsufficientBalance: {
    en: "The sender holds {balance}, but {needed} is needed.",
    ko: "보내는 쪽의 잔액은 {balance}이며 {needed}이(가) 필요합니다.",
    units: { balance: "native", needed: "native" },
  },
  InvalidAccountNonce: {
    en: "This signature of {account} was already used or is out of order (the next one is number {currentNonce}): sign again.",
    ko: "{account}의 이 서명은 이미 사용되었거나 순서가 맞지 않습니다(다음 번호는 {currentNonce}). 다시 서명하세요.",
  },

  // Permit2 (Uniswap's, at its canonical address), which version 2 of the gateway pays through.
  AllowanceExpired: {
    en: "The Permit2 allowance expired at {deadline}: approve again.",
    ko: "Permit2 허용이 {deadline}에 만료되었습니다. 다시 승인하세요.",
    units: { deadline: "time" },
  },
  ExcessiveInvalidation: {
    en: "Too many Permit2 nonces would be invalidated at once.",
    ko: "한 번에 무효화하려는 Permit2 논스가 너무 많습니다.",
  },
  InsufficientAllowance: {
    en: "The Permit2 allowance is too small for {amount}: approve more first.",
    ko: "Permit2 허용 금액이 {amount}에 비해 부족합니다. 먼저 더 승인하세요.",
    units: { amount: "token" },
  },
  InvalidAmount: {
    en: "The amount is more than the {maxAmount} the Permit2 signature allows.",
    ko: "금액이 Permit2 서명이 허용하는 {maxAmount}보다 많습니다.",
    units: { maxAmount: "token" },
  },
  LengthMismatch: {
    en: "The lists of the Permit2 request have different lengths.",
    ko: "Permit2 요청의 목록 길이가 서로 다릅니다.",
  },

  // Tokens: OpenZeppelin's ERC-20 errors (IERC20Errors), ERC-2612 permits and ECDSA signatures.
  ERC20InsufficientBalance: {
    en: "The wallet {sender} holds {balance}, but {needed} must be sent: add tokens to it first.",
    ko: "지갑 {sender}의 잔액은 {balance}이며 {needed}을(를) 보내야 합니다. 먼저 토큰을 추가하세요.",
    units: { balance: "token", needed: "token" },
  },
  ERC20InsufficientAllowance: {
    en: "{spender} may take {allowance} from the wallet, but needs {needed}: approve the amount first.",
    ko: "{spender}이(가) 지갑에서 가져갈 수 있는 금액은 {allowance}이며 {needed}이(가) 필요합니다. 먼저 금액을 승인하세요.",
    units: { allowance: "token", needed: "token" },
  },
  ERC20InvalidApprover: {
    en: "The token refuses {approver} as the wallet giving the approval.",
    ko: "토큰이 {approver}을(를) 승인하는 지갑으로 받아들이지 않습니다.",
  },
  ERC20InvalidReceiver: {
    en: "The token refuses to send to {receiver}.",
    ko: "토큰이 {receiver}(으)로 보내기를 거부합니다.",
  },
  ERC20InvalidSender: {
    en: "The token refuses to send from {sender}.",
    ko: "토큰이 {sender}에서 보내기를 거부합니다.",
  },
  ERC20InvalidSpender: {
    en: "The token refuses {spender} as the one allowed to spend.",
    ko: "토큰이 {spender}을(를) 사용 허가 대상으로 받아들이지 않습니다.",
  },
  ERC2612ExpiredSignature: {
    en: "The permit signature expired at {deadline}: sign it again.",
    ko: "퍼밋 서명이 {deadline}에 만료되었습니다. 다시 서명하세요.",
    units: { deadline: "time" },
  },
  ERC2612InvalidSigner: {
    en: "The permit was signed by {signer}, not by the token's owner {owner}.",
    ko: "퍼밋은 토큰 소유자 {owner}이(가) 아니라 {signer}이(가) 서명했습니다.",
  },
  ECDSAInvalidSignature: {
    en: "The signature is not valid.",
    ko: "서명이 올바르지 않습니다.",
  },
  ECDSAInvalidSignatureLength: {
    en: "The signature is not valid: it has {length} bytes.",
    ko: "서명이 올바르지 않습니다: 길이가 {length}바이트입니다.",
  },
  ECDSAInvalidSignatureS: {
    en: "The signature is not valid (its s value is out of range).",
    ko: "서명이 올바르지 않습니다(s 값이 범위를 벗어났습니다).",
  },

  // Solidity's own: require(condition, "reason") and panics (overflow, division by zero, ...).
  Error: {
    en: "The contract refused: {message}.",
    ko: "컨트랙트가 거부했습니다: {message}.",
  },
  Panic: {
    en: "The contract stopped on an internal error (panic code {reason}).",
    ko: "컨트랙트가 내부 오류로 중단되었습니다(패닉 코드 {reason}).",
    units: { reason: "code" },
  },
};

/** An error no row knows (a contract Kassa did not write): its name, or its selector when not even that. */
export const unknownRevert: RevertMessage = {
  en: "The contract refused the transaction ({error}).",
  ko: "컨트랙트가 거래를 거부했습니다({error}).",
};
