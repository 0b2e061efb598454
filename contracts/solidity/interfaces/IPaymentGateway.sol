// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/**
 * @title IPaymentGateway
 * @notice Interface of Kassa's non-custodial ERC-20 payment gateway.
 *
 * A payment moves tokens straight from the payer to the merchant's wallet (minus a fee that goes to the
 * treasury) in one call, authorised by an EIP-712 signature of the Kassa service. The gateway never holds funds.
 */
interface IPaymentGateway {
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

    /**
     * @notice Pays `amount` of `tokenAddress` from the caller (or the payer of a forwarded request) to
     * `recipientAddress`, minus the fee that goes to the treasury.
     * @param paymentId Id of the payment, from the Kassa API: its low 64 bits are the payment's sequence on
     * this gateway, paid at most once; the rest is random.
     * @param tokenAddress ERC-20 token to pay with.
     * @param amount Amount in the token's base units, fee included.
     * @param recipientAddress Merchant wallet that receives `amount - fee`.
     * @param merchantId Merchant id, selects the merchant's fee override if any (the fee in effect when the
     * request was signed, `deadline - SIGNATURE_LIFETIME`).
     * @param deadline Last timestamp (seconds) at which the server signature is valid.
     * @param serverSignature EIP-712 signature of the Kassa signer over the `PaymentRequest`.
     * @param permit EIP-2612 permit for exactly `amount`, or all zero when not used.
     */
    function pay(
        bytes32 paymentId,
        address tokenAddress,
        uint256 amount,
        address recipientAddress,
        bytes32 merchantId,
        uint256 deadline,
        bytes calldata serverSignature,
        Permit calldata permit
    ) external;

    /**
     * @notice Sends `amount` of `tokenAddress` from the caller, normally the merchant wallet that received payment
     * `paymentId`, back to its payer: refund `refundId`, once. A payment can have several refunds; the service
     * signs them only while their sum stays within the paid amount. The gateway keeps no record of a payment but
     * its bits, so it does not check the caller: another sender would give its own tokens to the payer.
     * @param paymentId Id of the paid payment.
     * @param refundId Id of the refund, from the Kassa API: its low 64 bits are its sequence on this gateway,
     * taken from the payments' counter and spent at most once.
     * @param tokenAddress Token of the payment.
     * @param payerAddress Payer of the payment (from its `PaymentCompleted` event).
     * @param amount Amount to refund.
     * @param deadline Last timestamp (seconds) at which the server signature is valid.
     * @param serverSignature EIP-712 signature of the Kassa signer over the `RefundRequest`.
     */
    function refund(
        bytes32 paymentId,
        bytes32 refundId,
        address tokenAddress,
        address payerAddress,
        uint256 amount,
        uint256 deadline,
        bytes calldata serverSignature
    ) external;
}
