import { paymentGatewayAbi, type DepositTerms } from "@kassa/contracts";
import { encodeFunctionData, parseEventLogs, type Hex, type TransactionReceipt } from "viem";

/**
 * What the server sends and reads of a sweep of deposit addresses: the calldata of the gateway's `sweepDeposit`
 * (one deposit, its `DepositRequest` signed) or `sweepDeposits` (several, one `DepositBatch` signature), and the
 * `DepositSwept` events of its receipt. core/deposits/sweeps.ts decides.
 */

/** The calldata of a sweep of `terms` (one: `sweepDeposit`; several: `sweepDeposits`, in this order). */
export function encodeSweep(terms: readonly DepositTerms[], serverSignature: Hex): Hex {
  const [only] = terms;
  if (only === undefined) throw new Error("a sweep needs at least one deposit");
  return terms.length === 1
    ? encodeFunctionData({
        abi: paymentGatewayAbi,
        functionName: "sweepDeposit",
        args: [only, serverSignature],
      })
    : encodeFunctionData({
        abi: paymentGatewayAbi,
        functionName: "sweepDeposits",
        args: [terms, serverSignature],
      });
}

/** A deposit a sweep settled: what left its address (`amount`, `fee` of it to the treasury). */
export interface SweptDeposit {
  paymentId: string;
  amount: bigint;
  fee: bigint;
}

/** The `DepositSwept` events of a receipt from `gateway`. */
export function sweptDepositsFromReceipt(receipt: TransactionReceipt, gateway: string): SweptDeposit[] {
  return parseEventLogs({
    abi: paymentGatewayAbi,
    eventName: "DepositSwept",
    logs: receipt.logs.filter((log) => log.address.toLowerCase() === gateway.toLowerCase()),
  }).map((log) => ({
    paymentId: log.args.paymentId.toLowerCase(),
    amount: log.args.amount,
    fee: log.args.fee,
  }));
}
