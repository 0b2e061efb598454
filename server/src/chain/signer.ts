import {
  signPaymentRequest,
  signRefundRequest,
  type PaymentRequest,
  type RefundRequest,
} from "@kassa/contracts";
import type { Address, Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import type { Secret } from "../secret.js";

/** Produces the `serverSignature` that `PaymentGateway.pay()` checks (EIP-712 `PaymentRequest`). */
export interface PaymentSigner {
  readonly address: Address;
  signPaymentRequest(params: { chainId: number; gateway: Address; request: PaymentRequest }): Promise<Hex>;
  /** The `serverSignature` of `PaymentGateway.refund()` (EIP-712 `RefundRequest`). */
  signRefundRequest(params: { chainId: number; gateway: Address; request: RefundRequest }): Promise<Hex>;
}

/** A signer holding the key in memory (KASSA_SIGNER_PRIVATE_KEY). */
export function createPaymentSigner(privateKey: Secret<Hex>): PaymentSigner {
  const account = privateKeyToAccount(privateKey.reveal());
  return {
    address: account.address,
    signPaymentRequest: (params) => signPaymentRequest(account, params),
    signRefundRequest: (params) => signRefundRequest(account, params),
  };
}
