// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IPaymentGatewayTypes} from "./IPaymentGatewayTypes.sol";

/**
 * @title IPaymentGateway
 * @notice Interface of Kassa's non-custodial ERC-20 payment gateway: the paths a payment takes.
 *
 * A payment moves tokens straight from the payer to the merchant's wallet (minus a fee that goes to the
 * treasury) in one call, authorised by an EIP-712 signature of the Kassa service. The gateway never holds funds
 * beyond the call that moves them.
 */
interface IPaymentGateway is IPaymentGatewayTypes {
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

    /**
     * @notice Pays a payment with the payer's Permit2 signature (`PermitWitnessTransferFrom` with the payment's
     * `PaymentIntent` as the witness): `amount` comes from the payer through Permit2 to the gateway and leaves at
     * once, `amount - fee` to the recipient and the fee to the treasury. The signature is bound to this payment:
     * its witness covers the payment's terms and payer, its spender is this gateway. Works for EOAs and ERC-1271
     * wallets (ERC-6492 for undeployed ones: the wallet is deployed first, unless the inner signature is the payer's
     * own ECDSA signature); needs the payer's token allowance to Permit2. What reaches the gateway is measured: less
     * than `amount` reverts with `PaymentNotReceived`. Anyone may submit it (normally Kassa's relayer).
     * @param terms The payment's terms, as the service signed them.
     * @param serverSignature The service's `PaymentRequest` signature (the one {pay} takes).
     * @param payer The payer (Permit2's `owner`).
     * @param permitNonce The Permit2 nonce the payer chose (any unused one of its unordered nonces).
     * @param payerSignature The payer's Permit2 signature; its deadline is `terms.deadline`.
     */
    function payWithPermit2(
        PaymentTerms calldata terms,
        bytes calldata serverSignature,
        address payer,
        uint256 permitNonce,
        bytes calldata payerSignature
    ) external;

    /**
     * @notice Pays a payment with the payer's EIP-3009 `ReceiveWithAuthorization` (USDC's standard): the token moves
     * `amount` from the payer to the gateway, which sends `amount - fee` to the recipient and the fee to the
     * treasury at once. The authorization's nonce is the payment's `PaymentIntent` digest, so it is valid for this
     * payment only; `validAfter` is 0 and `validBefore` is `terms.deadline`. A 65-byte signature goes to the token's
     * `(v, r, s)` function, any other (ERC-1271) to its `bytes` one; ERC-6492 signatures deploy the wallet first
     * (unless the inner signature is the payer's own ECDSA signature of the authorization). What reaches the gateway
     * is measured: a token that moves less than `amount` (a fee, or a fallback that accepts the call and moves
     * nothing, as WETH9's does) reverts with `PaymentNotReceived`, so nothing the gateway holds pays for it.
     * @param terms The payment's terms, as the service signed them.
     * @param serverSignature The service's `PaymentRequest` signature.
     * @param payer The payer (the authorization's `from`).
     * @param payerSignature The payer's signature of the authorization.
     */
    function payWithAuthorization(
        PaymentTerms calldata terms,
        bytes calldata serverSignature,
        address payer,
        bytes calldata payerSignature
    ) external;

    /**
     * @notice Pays a payment with the payer's EIP-712 `PaymentIntent` signature, checked as ECDSA, ERC-1271 or
     * ERC-6492 (a wallet without code is deployed through the factory call its signature carries, unless the
     * inner signature is the payer's own ECDSA signature), and the payer's
     * token allowance to the gateway: the gasless path of smart-contract wallets, which the ERC-2771 forwarder (ECDSA
     * only) cannot serve. Anyone may submit it.
     * @param terms The payment's terms, as the service signed them.
     * @param serverSignature The service's `PaymentRequest` signature.
     * @param payer The payer.
     * @param payerSignature The payer's signature of the `PaymentIntent` (gateway domain).
     */
    function payWithIntent(
        PaymentTerms calldata terms,
        bytes calldata serverSignature,
        address payer,
        bytes calldata payerSignature
    ) external;

    /**
     * @notice Settles a payment by transfer: what its deposit account holds of the payment's token, up to the
     * payment's amount, goes to the recipient and the treasury (fee at `terms.feeBps`), provided it is at least
     * `terms.minimumAmount` and the payment id was not paid by any path. The account is a keyless EOA derived from the
     * terms; the first transaction that moves its money must carry its EIP-7702 authorization (public: see
     * `depositAccountCode`), which delegates it to {DepositAccount} for good (`DepositNotDelegated` otherwise). What
     * exceeds the payment's amount stays at the account (see {returnDeposit}), and so does native coin. Anyone may
     * call it; the money can only go where the terms say.
     * @param terms The payment's deposit terms.
     * @param serverSignature The service's `DepositRequest` signature of `terms`.
     */
    function sweepDeposit(DepositTerms calldata terms, bytes calldata serverSignature) external;

    /**
     * @notice {sweepDeposit} for several deposits in one transaction, authorised by one signature of the service
     * over all their terms (`DepositBatch(DepositRequest[] deposits)`, in this order): one signature check for the
     * batch instead of one per deposit. One failure reverts all.
     * @param terms The deposits' terms.
     * @param serverSignature The service's `DepositBatch` signature of `terms`.
     */
    function sweepDeposits(DepositTerms[] calldata terms, bytes calldata serverSignature) external;

    /**
     * @notice Takes one charge of a subscription: `charge.amount` from the payer, `amount - fee` to the recipient
     * and the fee to the treasury: for a fixed plan the fee in force at the charge's block, for a variable one the
     * fee in force when the service signed the charge (`charge.deadline - SIGNATURE_LIFETIME`: the service signs
     * every charge with exactly that lifetime; like every fee date, to the second, a fee changed in the same second
     * as the signature counting as in force). The first charge of a subscription (once, whatever the number of
     * periods) checks, for a fixed plan, the service's `Subscription` signature, and the payer's (ECDSA, ERC-1271 or
     * ERC-6492), the payer's after the period and "active" are marked (its check may run a wallet's code); later
     * charges pass empty signatures. A variable plan's
     * charge also needs the service's `SubscriptionCharge` signature every time. Each period is charged at most once,
     * inside its window; a canceled subscription is never charged.
     * @param subscription The schedule as the payer signed it.
     * @param charge The period, the amount, and (variable plans) the deadline of the service's signature.
     * @param serverSignature Fixed plan: the service's `Subscription` signature (first charge only). Variable plan:
     * its `SubscriptionCharge` signature.
     * @param payerSignature The payer's `Subscription` signature (first charge only).
     */
    function chargeSubscription(
        Subscription calldata subscription,
        SubscriptionCharge calldata charge,
        bytes calldata serverSignature,
        bytes calldata payerSignature
    ) external;
}
