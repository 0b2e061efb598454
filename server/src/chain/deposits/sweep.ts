import { paymentGatewayAbi, type DepositTerms } from "@kassa/contracts";
import { encodeFunctionData, type Hex } from "viem";

/**
 * What the server sends and reads of a sweep of deposit addresses: the calldata of the gateway's `sweepDeposit`
 * (one deposit, its `DepositRequest` signed) or `sweepDeposits` (several, one `DepositBatch` signature); its
 * `DepositSwept` events are read as moves (moves.ts). core/deposits/sweeps.ts decides.
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
