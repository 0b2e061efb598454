/**
 * `PaymentGateway.pay()` for a payment the API created: its arguments, in the order of the contract, from
 * the fields of the API's payment, as the API sends them. Shared by the widget, the
 * tests and the benchmarks, so that none of them lists the eight arguments itself.
 */
import { encodeFunctionData, type Address, type Hex } from "viem";
import { noPermit, type GatewayPermit } from "./eip712.js";
import { paymentGatewayAbi } from "./generated/index.js";

/** The fields of a created payment that `pay()` takes (amount and deadline as the API's decimal strings). */
export interface PayablePaymentFields {
  paymentId: string;
  tokenAddress: string;
  amount: string;
  recipientAddress: string;
  merchantId: string;
  deadline: string;
  serverSignature: string;
}

export function payArgs(payment: PayablePaymentFields, permit: GatewayPermit = noPermit) {
  return [
    payment.paymentId as Hex,
    payment.tokenAddress as Address,
    BigInt(payment.amount),
    payment.recipientAddress as Address,
    payment.merchantId as Hex,
    BigInt(payment.deadline),
    payment.serverSignature as Hex,
    permit,
  ] as const;
}

/** The calldata of `pay()`: for a wallet's transaction, or the `data` of a relayed ForwardRequest. */
export function encodePay(payment: PayablePaymentFields, permit: GatewayPermit = noPermit): Hex {
  return encodeFunctionData({ abi: paymentGatewayAbi, functionName: "pay", args: payArgs(payment, permit) });
}
