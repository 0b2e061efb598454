import type { Address, Hex } from "viem";

/** The `data` of POST /payments, typed for viem (the fields a test pays with). */
export interface CreatedPayment {
  paymentId: Hex;
  orderId: string;
  tokenAddress: Address;
  amount: string;
  recipientAddress: Address;
  merchantId: Hex;
  deadline: string;
  gatewayAddress: Address;
  forwarderAddress: Address | null;
  serverSignature: Hex;
  expiresAt: string;
}
