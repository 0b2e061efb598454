import type { Address, Hex, PublicClient, SignedAuthorizationList } from "viem";
import { gasBound, gasLimitFor, type GasPurpose } from "../../domain/gasPurposes.js";
import { dynamicFeeFields, feeFields, type FeeQuote } from "./fees.js";
import { classifySendError, errorText } from "./nodeErrors.js";

export interface EstimateWithinBoundParameters {
  from: Address;
  to: Address;
  data: Hex;
  /** The fees the transaction will be sent at (the sender's quote): the simulation runs at that gas price. */
  fees: FeeQuote;
  purpose: GasPurpose;
  items?: number;
  /** EIP-7702 authorizations the transaction will carry (a version-3 deposit account's first move). */
  authorizationList?: SignedAuthorizationList | undefined;
}

export type EstimateWithinBoundReturnType =
  { ok: true; gas: bigint; gasLimit: bigint } | { ok: false; reason: string };

/** Whether a node's refusal of an estimate says the sender's balance pays for less than `bound` gas at its fees. */
export function cannotPay(text: string, bound: bigint): boolean {
  if (/insufficient funds/i.test(text)) return true;
  const allowance = /gas required exceeds allowance:?\s*\(?(\d+)/i.exec(text)?.[1];
  return allowance !== undefined && BigInt(allowance) < bound;
}

/**
 * The node's estimate of a call from `from` at the fees it will be sent at, and the gas limit its purpose allows
 * (`gasLimitFor`). Not ok, with the reason, when the node says it would revert or when it needs more gas than the
 * purpose's bound. A node that does not answer throws.
 */
export async function estimateWithinBound(
  client: PublicClient,
  params: EstimateWithinBoundParameters,
): Promise<EstimateWithinBoundReturnType> {
  const authorizations = params.authorizationList?.length ? params.authorizationList : undefined;
  const estimate = (fees: FeeQuote | undefined) =>
    client.estimateGas(
      authorizations
        ? {
            account: params.from,
            to: params.to,
            data: params.data,
            authorizationList: authorizations,
            ...(fees ? dynamicFeeFields(fees) : {}),
          }
        : { account: params.from, to: params.to, data: params.data, ...(fees ? feeFields(fees) : {}) },
    );
  let gas: bigint;
  try {
    gas = await estimate(params.fees).catch((error: unknown) => {
      // The key cannot pay the gas at these fees (nodes search only up to what its balance pays for): not the
      // call's fault. Its figure at no fees, and the node then refuses the transaction itself (the sender's
      // refusal, which its owner handles as such).
      if (cannotPay(errorText(error), gasBound(params.purpose, params.items ?? 1)))
        return estimate(undefined);
      throw error;
    });
  } catch (error) {
    if (classifySendError(error) === "unreachable") throw error;
    const message = (error as { shortMessage?: string }).shortMessage ?? (error as Error).message;
    return { ok: false, reason: message };
  }
  const limit = gasLimitFor(params.purpose, gas, { items: params.items ?? 1 });
  return limit.ok
    ? { ok: true, gas, gasLimit: limit.gasLimit }
    : {
        ok: false,
        reason: `it needs ${limit.needed} gas, more than the ${limit.bound} a ${params.purpose} transaction may use`,
      };
}
