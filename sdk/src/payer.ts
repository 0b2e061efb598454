/**
 * What a payer's wallet sends for a payment the API created, for any EVM library (viem, ethers, web3):
 * the gateway's ABI and `pay()`'s arguments from the payment's fields, without listing them by hand.
 *
 *   await walletClient.writeContract({
 *     address: payment.gatewayAddress, abi: gatewayAbi, functionName: "pay", args: payArgs(payment),
 *   });
 */
import { gatewayAbi } from "./generated/abi.js";

type Hex = `0x${string}`;

/** The gateway's `Permit` argument: an EIP-2612 permit split into v, r and s. */
export interface GatewayPermit {
  deadline: bigint;
  v: number;
  r: Hex;
  s: Hex;
}

/** The `Permit` argument of a payment without a permit (the payer approved the gateway beforehand). */
export const NO_PERMIT: GatewayPermit = Object.freeze({
  deadline: 0n,
  v: 0,
  r: `0x${"0".repeat(64)}`,
  s: `0x${"0".repeat(64)}`,
});

/** The fields of a payment (as `payments.create()` and `payments.retrieve()` return it) that `pay()` takes. */
export interface PayablePayment {
  paymentId: string;
  tokenAddress: string;
  amount: string;
  recipientAddress: string;
  merchantId: string;
  deadline: string;
  serverSignature: string;
}

/** `pay()`'s arguments, in the contract's order. */
export type PayArgs = readonly [Hex, Hex, bigint, Hex, Hex, bigint, Hex, GatewayPermit];

const payInputs = gatewayAbi.find((item) => item.type === "function" && item.name === "pay")!.inputs;

/**
 * `pay()`'s arguments for `payment`, read by name from the ABI's inputs (the API names each field as
 * the contract names its argument): integers as `bigint`, the permit last (`NO_PERMIT` by default).
 */
export function payArgs(payment: PayablePayment, permit: GatewayPermit = NO_PERMIT): PayArgs {
  return payInputs.map((input) => {
    if (input.name === "permit") return permit;
    const value = payment[input.name as keyof PayablePayment];
    if (typeof value !== "string") throw new TypeError(`payment.${input.name} is missing`);
    return input.type === "uint256" ? BigInt(value) : value;
  }) as unknown as PayArgs;
}
