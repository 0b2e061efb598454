// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/**
 * @title IPaymentGatewayTypes
 * @notice The structs, events and errors of Kassa's gateway, shared by {IPaymentGateway} and
 * {IPaymentGatewayExtension}.
 */
interface IPaymentGatewayTypes {
    /**
     * @dev Optional EIP-2612 permit of the payer, spender = this gateway, value = the payment amount.
     * All fields zero (`deadline == 0`) when the payer approved the gateway beforehand.
     */
    struct Permit {
        uint256 deadline;
        uint8 v;
        bytes32 r;
        bytes32 s;
    }

    /**
     * @dev The terms of a payment as the service signs them (`PaymentRequest`), for the paths where the payer
     * signs too: the same six fields, in the same order, as the first six arguments of {pay}.
     */
    struct PaymentTerms {
        bytes32 paymentId;
        address tokenAddress;
        uint256 amount;
        address recipientAddress;
        bytes32 merchantId;
        uint256 deadline;
    }

    /**
     * @dev The terms of a payment by transfer to its own deposit account, as the service signs them
     * (`DepositRequest`). The deposit account's address is derived from them (the keyless signer of an EIP-7702
     * authorization whose `s` comes from their EIP-712 digest), so money sent to it can only ever be swept under these
     * terms. `minimumAmount` is the signed tolerance (a deposit of
     * at least this much settles the payment); `feeBps` the fee in force when the payment was created, fixed in
     * the address because a deposit may be swept long after any signature's lifetime.
     */
    struct DepositTerms {
        bytes32 paymentId;
        address tokenAddress;
        uint256 amount;
        uint256 minimumAmount;
        address recipientAddress;
        bytes32 merchantId;
        uint16 feeBps;
    }

    /**
     * @dev A return of money from a deposit account (`DepositReturn`), signed by the service's signer (only money
     * that is not the payment's, see {returnDeposit}) or by the merchant's recipient wallet (anything).
     * `returnId` is spent once for its deposit account (the service takes it from the payments' sequence counter);
     * `tokenAddress` zero means native coin.
     */
    struct DepositReturn {
        address deposit;
        bytes32 returnId;
        address tokenAddress;
        address to;
        uint256 amount;
        uint256 deadline;
    }

    /**
     * @dev A payer's recurring payment (`Subscription`), signed once by the payer and authorised by the service.
     * Charge `n` (0 <= n < `charges`) may be taken once, during `[startsAt + n * period, startsAt + (n + 1) * period)`.
     * A fixed plan charges exactly `amount` and anyone may trigger it; a variable plan (`variableAmount`, e.g. a fiat
     * price) charges at most `amount`, each charge signed by the service. `usePermit2`: charges are taken through
     * the payer's Permit2 allowance to the gateway instead of a token allowance.
     */
    struct Subscription {
        bytes32 subscriptionId;
        address payer;
        address tokenAddress;
        uint256 amount;
        bool variableAmount;
        bool usePermit2;
        address recipientAddress;
        bytes32 merchantId;
        uint256 period;
        uint256 startsAt;
        uint256 charges;
    }

    /// @dev One charge of a subscription (`SubscriptionCharge` when the service signs it, for variable plans).
    struct SubscriptionCharge {
        uint256 period;
        uint256 amount;
        uint256 deadline;
    }

    /// @dev Emitted when `payer` paid `amount` of `token`: `amount - fee` to `recipient`, `fee` to the treasury.
    event PaymentCompleted(
        bytes32 indexed paymentId,
        bytes32 indexed merchantId,
        address indexed payer,
        address recipient,
        address token,
        uint256 amount,
        uint256 fee
    );

    /// @dev Emitted when the merchant wallet `recipient` sent `amount` of `token` back to `payer`, refund
    /// `refundId` of payment `paymentId`.
    event RefundCompleted(
        bytes32 indexed paymentId,
        address indexed recipient,
        address indexed payer,
        bytes32 refundId,
        address token,
        uint256 amount
    );

    /**
     * @dev Emitted when deposit account `deposit` settled payment `paymentId`: `amount` (at most the payment's amount;
     * less within the signed tolerance) went out, `amount - fee` to `recipient` and `fee` to the treasury. What
     * exceeded the payment's amount stayed at the account.
     */
    event DepositSwept(
        bytes32 indexed paymentId,
        bytes32 indexed merchantId,
        address indexed deposit,
        address recipient,
        address token,
        uint256 amount,
        uint256 fee
    );

    /// @dev Emitted when `amount` of `token` (zero: native coin) left deposit account `deposit` for `to`, return
    /// `returnId`, authorised by the merchant's recipient wallet (`byRecipient`) or by the service's signer. Exactly
    /// `amount` left, native coin too.
    event DepositReturned(
        bytes32 indexed paymentId,
        address indexed deposit,
        bytes32 indexed returnId,
        address token,
        address to,
        uint256 amount,
        bool byRecipient
    );

    /// @dev Emitted when charge `period` of subscription `subscriptionId` moved `amount` of `token` from `payer`:
    /// `amount - fee` to `recipient`, `fee` to the treasury.
    event SubscriptionCharged(
        bytes32 indexed subscriptionId,
        bytes32 indexed merchantId,
        address indexed payer,
        uint256 period,
        address recipient,
        address token,
        uint256 amount,
        uint256 fee
    );

    /// @dev Emitted when subscription `subscriptionId` was canceled by `canceledBy` (its payer, its recipient, or
    /// the service's signer); no charge can be taken after.
    event SubscriptionCanceled(bytes32 indexed subscriptionId, address indexed payer, address canceledBy);

    /// @dev Emitted when the owner changed the default fee.
    event DefaultFeeUpdated(uint16 previousFeeBps, uint16 newFeeBps);

    /// @dev Emitted when the owner set a fee for one merchant, overriding the default fee.
    event MerchantFeeUpdated(bytes32 indexed merchantId, uint16 feeBps);

    /// @dev Emitted when the owner removed a merchant's fee override; the merchant pays the default fee again.
    event MerchantFeeCleared(bytes32 indexed merchantId);

    /// @dev Emitted when the owner changed the address that receives the fees.
    event TreasuryUpdated(address indexed previousTreasury, address indexed newTreasury);

    /// @dev Emitted when the owner changed the address whose signatures authorise payments and refunds.
    event SignerUpdated(address indexed previousSigner, address indexed newSigner);

    /// @dev Emitted when `account` paused payments and refunds.
    event Paused(address account);

    /// @dev Emitted when `account` resumed payments and refunds.
    event Unpaused(address account);

    /// @dev The gateway is paused.
    error EnforcedPause();

    /// @dev The gateway is not paused.
    error ExpectedPause();

    /// @dev The payment request's deadline has passed.
    error PaymentRequestExpired(bytes32 paymentId, uint256 deadline);

    /// @dev The refund request's deadline has passed.
    error RefundRequestExpired(bytes32 refundId, uint256 deadline);

    /// @dev The payment id was paid already (each id can be paid once).
    error PaymentAlreadyProcessed(bytes32 paymentId);

    /// @dev The server signature does not come from the configured signer (`recovered` is zero if it is malformed).
    error InvalidServerSignature(address recovered, address expectedSigner);

    /// @dev A fee above {MAX_FEE_BPS}.
    error FeeTooHigh(uint256 feeBps, uint256 maxFeeBps);

    /// @dev The treasury cannot be the zero address.
    error InvalidTreasury(address treasury);

    /// @dev The signer cannot be the zero address.
    error InvalidSigner(address signer);

    /// @dev The merchant has no fee override to clear.
    error MerchantFeeNotSet(bytes32 merchantId);

    /// @dev No payment was made with this id.
    error PaymentNotFound(bytes32 paymentId);

    /// @dev The refund id was sent already (each refund id once).
    error RefundAlreadyProcessed(bytes32 refundId);

    /// @dev A fee changed less than `SIGNATURE_LIFETIME` ago; it can change again from `allowedFrom`.
    error FeeChangeTooSoon(uint256 allowedFrom);

    /// @dev Ownership cannot be renounced (transfer it instead).
    error OwnershipCannotBeRenounced();

    /// @dev The payer's signature (EIP-712 `PaymentIntent`, `Subscription` or `CancelSubscription`; ECDSA,
    /// ERC-1271 or ERC-6492) is not valid for `payer`.
    error InvalidPayerSignature(address payer);

    /// @dev This gateway was deployed without Permit2.
    error Permit2NotEnabled();

    /// @dev The deposit account holds `balance` of the payment's token, less than the signed `minimumAmount` (or
    /// nothing).
    error DepositShort(bytes32 paymentId, uint256 balance, uint256 minimumAmount);

    /// @dev A {DepositReturn} names deposit account `deposit`, but the terms given derive `expected`.
    error DepositMismatch(address deposit, address expected);

    /// @dev The return's signature comes neither from the service's signer nor from the deposit's recipient.
    error InvalidReturnSignature(address recipient);

    /// @dev The return asks for `amount` but only `available` may leave by this authority (the signer may return
    /// only what is not the payment's).
    error ReturnExceedsAvailable(address deposit, address token, uint256 amount, uint256 available);

    /// @dev The return id was spent already (for this deposit account).
    error ReturnAlreadyProcessed(bytes32 returnId);

    /// @dev Deposit account `deposit` does not run the gateway's {DepositAccount} code yet: the transaction must carry
    /// its EIP-7702 authorization (once; it is public, derived from the terms).
    error DepositNotDelegated(address deposit);

    /// @dev A pull (Permit2, EIP-3009) brought the gateway `received` of the payment's token instead of its `amount`
    /// (a token that takes a fee, or that accepts an unknown call and moves nothing).
    error PaymentNotReceived(bytes32 paymentId, uint256 amount, uint256 received);

    /// @dev The return's deadline has passed.
    error ReturnRequestExpired(bytes32 returnId, uint256 deadline);

    /// @dev The subscription was canceled.
    error SubscriptionIsCanceled(bytes32 subscriptionId);

    /// @dev Charge `period` of the subscription was taken already.
    error SubscriptionPeriodAlreadyCharged(bytes32 subscriptionId, uint256 period);

    /// @dev Charge `period` can be taken only from `opensAt` until before `closesAt` (both zero: the subscription has
    /// no such charge).
    error SubscriptionPeriodNotOpen(bytes32 subscriptionId, uint256 period, uint256 opensAt, uint256 closesAt);

    /// @dev The charge's amount is not what the subscription allows (`allowed`: exact for a fixed plan, the maximum
    /// for a variable one).
    error SubscriptionAmountNotAllowed(bytes32 subscriptionId, uint256 amount, uint256 allowed);

    /// @dev The service's signature of a variable charge has expired.
    error SubscriptionChargeExpired(bytes32 subscriptionId, uint256 period, uint256 deadline);

    /// @dev The caller may not cancel the subscription (only its payer or recipient, or by a signature).
    error SubscriptionCancelNotAllowed(bytes32 subscriptionId, address caller);
}
