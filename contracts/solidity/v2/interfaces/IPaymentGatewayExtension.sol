// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IPaymentGatewayTypes} from "./IPaymentGatewayTypes.sol";

/**
 * @title IPaymentGatewayExtension
 * @notice The functions of Kassa's gateway that {PaymentGatewayExtension} implements and the gateway delegates to
 * it: returns from deposit addresses and cancellations of subscriptions. Types, events and errors are
 * {IPaymentGatewayTypes}'.
 */
interface IPaymentGatewayExtension is IPaymentGatewayTypes {
    /**
     * @notice Sends money from a deposit address back (or on), authorised by a signed `DepositReturn`. Signed by
     * the merchant's recipient wallet (ECDSA, ERC-1271 or ERC-6492), anything at the address may leave to any
     * address. Signed by the service's signer, only money that is not the payment's: another token or native
     * coin; of the payment's token, what exceeds the payment's amount, or all of it once this very address
     * settled the payment with an excess. No key of Kassa can move a payment's amount anywhere else.
     * @param terms The deposit's terms (they derive its address).
     * @param request The return.
     * @param signature Its EIP-712 signature (gateway domain).
     */
    function returnDeposit(
        DepositTerms calldata terms,
        DepositReturn calldata request,
        bytes calldata signature
    ) external;

    /**
     * @notice Cancels a subscription for good: called by its payer (directly or through the forwarder) or by its
     * recipient.
     * @param subscription The schedule.
     */
    function cancelSubscription(Subscription calldata subscription) external;

    /**
     * @notice Cancels a subscription with a `CancelSubscription` signature of its payer (ECDSA, ERC-1271, ERC-6492)
     * or of the service's signer. Anyone may submit it.
     * @param subscription The schedule.
     * @param signature The signature of `CancelSubscription(bytes32 subscription)` over the schedule's digest.
     */
    function cancelSubscriptionBySignature(Subscription calldata subscription, bytes calldata signature) external;
}
