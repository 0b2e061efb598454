import type { Address, Hex } from "viem";

/** The message of the gateway's `PaymentRequest` EIP-712 type (DESIGN.md, "The on-chain part"). */
export interface PaymentRequestMessage {
  paymentId: Hex;
  tokenAddress: Address;
  amount: bigint;
  recipientAddress: Address;
  merchantId: Hex;
  deadline: bigint;
}

/** Produces the `serverSignature` that `PaymentGateway.pay()` checks. */
export interface PaymentSigner {
  readonly address: Address;
  signPaymentRequest(params: {
    chainId: number;
    gatewayAddress: Address;
    message: PaymentRequestMessage;
  }): Promise<Hex>;
}
