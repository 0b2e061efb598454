import {
  cancelSubscriptionTypedData,
  depositReturnTypedData,
  type DepositReturn,
  depositBatchTypedData,
  depositDigest,
  type DepositTerms,
  gatewayDomain,
  paymentRequestDigest,
  refundRequestTypes,
  type PaymentRequest,
  type RefundRequest,
  subscriptionChargeTypedData,
  subscriptionDigest,
  type Subscription,
  type SubscriptionCharge,
} from "@kassa/contracts";
import { signRecoverable } from "tiny-secp256k1";
import { bytesToHex, hashTypedData, hexToBytes, type Address, type Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import type { Secret } from "../secret.js";

/** Produces the `serverSignature` that `PaymentGateway.pay()` checks (EIP-712 `PaymentRequest`). */
export interface PaymentSigner {
  readonly address: Address;
  signPaymentRequest(params: { chainId: number; gateway: Address; request: PaymentRequest }): Promise<Hex>;
  /** The `serverSignature` of `PaymentGateway.refund()` (EIP-712 `RefundRequest`). */
  signRefundRequest(params: { chainId: number; gateway: Address; request: RefundRequest }): Promise<Hex>;
  /** The server's authorisation of a fixed plan's schedule, checked by its first `chargeSubscription`. */
  signSubscription(params: { chainId: number; gateway: Address; subscription: Subscription }): Promise<Hex>;
  /** A variable plan's charge (`SubscriptionCharge`): its amount, at most the schedule's, until `deadline`. */
  signSubscriptionCharge(params: {
    chainId: number;
    gateway: Address;
    subscription: Subscription;
    charge: SubscriptionCharge;
  }): Promise<Hex>;
  /** A `CancelSubscription` of the server's signer (`cancelSubscriptionBySignature`). */
  signCancelSubscription(params: {
    chainId: number;
    gateway: Address;
    subscription: Subscription;
  }): Promise<Hex>;
  /** A `DepositReturn` of the server's signer (`returnDeposit`: only what is not the payment's). */
  signDepositReturn(params: { chainId: number; gateway: Address; request: DepositReturn }): Promise<Hex>;
  /** A sweep's authorisation: one deposit's `DepositRequest` (`sweepDeposit`), several's `DepositBatch`. */
  signDepositSweep(params: {
    chainId: number;
    gateway: Address;
    terms: readonly DepositTerms[];
  }): Promise<Hex>;
}

/**
 * A signer holding the key in memory (KASSA_SIGNER_PRIVATE_KEY). Every created payment is signed, which
 * made signing the largest cost of POST /payments: it uses libsecp256k1 compiled to WebAssembly
 * (tiny-secp256k1) at about a quarter of the cost of viem's JavaScript curve, with the same RFC 6979 nonces
 * and low s, so the bytes are the same. The signature is the 65-byte r ‖ s ‖ v (v = 27 + recovery id)
 * that OpenZeppelin's ECDSA.recover takes.
 */
export function createPaymentSigner(privateKey: Secret<Hex>): PaymentSigner {
  // Validates the key and derives the address.
  const { address } = privateKeyToAccount(privateKey.reveal());
  const key = hexToBytes(privateKey.reveal());
  const sign = (digest: Hex): Hex => {
    const { signature, recoveryId } = signRecoverable(hexToBytes(digest), key);
    return `${bytesToHex(signature)}${(27 + recoveryId).toString(16)}`;
  };
  return {
    address,
    signPaymentRequest: async (params) => sign(paymentRequestDigest(params)),
    signRefundRequest: async (params) =>
      sign(
        hashTypedData({
          domain: gatewayDomain(params.chainId, params.gateway),
          types: refundRequestTypes,
          primaryType: "RefundRequest",
          message: params.request,
        }),
      ),
    signSubscription: async (params) => sign(subscriptionDigest(params)),
    signSubscriptionCharge: async (params) => sign(hashTypedData(subscriptionChargeTypedData(params))),
    signCancelSubscription: async (params) => sign(hashTypedData(cancelSubscriptionTypedData(params))),
    signDepositReturn: async (params) => sign(hashTypedData(depositReturnTypedData(params))),
    signDepositSweep: async ({ terms, ...domain }) =>
      sign(
        terms.length === 1 && terms[0]
          ? depositDigest({ ...domain, terms: terms[0] })
          : hashTypedData(depositBatchTypedData({ ...domain, terms })),
      ),
  };
}
