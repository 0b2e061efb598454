/**
 * How the widget pays, cheapest path for the payer first (issue 7):
 * - permit token, gasless available: sign a permit, sign a ForwardRequest; no native gas at all;
 * - token without permit, gasless available: approve the exact amount (asking the merchant's faucet
 *   for gas when the wallet has none), then sign a ForwardRequest;
 * - direct (preferred by the payer, or gasless unavailable): a permit signature (permit tokens) or an
 *   exact approve, then the payer's own `pay()` transaction.
 */
import type { GatewayPermit } from "@kassa/contracts/eip712";
import { encodePay } from "@kassa/contracts/pay";
import type { Address, Hex } from "viem";
import { ApiError, type GasStatus, type KassaApi, type Payment } from "./api.js";
import {
  accepts,
  encodeApprove,
  readPermitDomain,
  type PayablePayment,
  readAllowance,
  sendTransaction,
  signForwardRequest,
  signPaymentPermit,
  waitForReceipt,
} from "./chain.js";
import type { Eip1193Provider } from "./wallet/eip1193.js";

export type StepId = "permit" | "faucet" | "reset" | "approve" | "forward" | "pay";

export interface Plan {
  gasless: boolean;
  steps: StepId[];
}

export interface FlowContext {
  api: KassaApi;
  /** A payment that takes money: it carries its server signature. */
  payment: Payment & PayablePayment;
  provider: Eip1193Provider;
  account: Address;
  /** A permit already signed for this payment and account (kept when gasless falls back to direct). */
  permit?: GatewayPermit;
}

/** Why the faucet did not fund the wallet: an API error code or `ALREADY_GRANTED` from gas-status. */
export class FaucetRefused extends Error {
  override name = "FaucetRefused";
  constructor(readonly code: string) {
    super(`faucet refused: ${code}`);
  }
}

/** The wallet has no native token for the approval and the faucet cannot help. */
export class NeedsGas extends Error {
  override name = "NeedsGas";
}

/** The relay endpoint is missing or has no relayer for this chain: pay directly instead. */
export class GaslessUnavailable extends Error {
  override name = "GaslessUnavailable";
}

/** A transaction was mined and reverted. */
export class TransactionFailed extends Error {
  override name = "TransactionFailed";
  constructor(readonly hash: Hex) {
    super(`transaction ${hash} reverted`);
  }
}

/** Codes meaning "no gasless for this payment" rather than "this request was wrong". */
const GASLESS_UNAVAILABLE = new Set(["RELAYER_NOT_CONFIGURED", "NOT_FOUND", "CHAIN_CONFIG_ERROR"]);

/**
 * Whether gasless can be tried: the payment's chain has a forwarder. Whether a relayer serves it shows
 * when the signed request is submitted (GaslessUnavailable, and the payer pays directly with the same
 * permit); asking GET .../relay first would answer 404 for every payment not yet relayed.
 */
export function gaslessAvailable(payment: Payment): boolean {
  return Boolean(payment.forwarderAddress);
}

/** The steps for this payer; may ask the faucet's gas-status. Throws NeedsGas or FaucetRefused. */
export async function planPayment(ctx: FlowContext, options: { gasless: boolean }): Promise<Plan> {
  const { payment, provider, account } = ctx;
  const amount = BigInt(payment.amount);
  if (
    payment.tokenPermitSupported &&
    (await readPermitDomain(provider, payment.tokenAddress, payment.chainId))
  ) {
    return { gasless: options.gasless, steps: options.gasless ? ["permit", "forward"] : ["permit", "pay"] };
  }
  const allowance = await readAllowance(provider, payment.tokenAddress, account, payment.gatewayAddress);
  const last: StepId = options.gasless ? "forward" : "pay";
  if (allowance >= amount) return { gasless: options.gasless, steps: [last] };
  // USDT-style tokens refuse to change one non-zero allowance to another: the wallet's own simulation of the
  // exact approve says whether the old allowance must be set to 0 first.
  const approve: StepId[] =
    allowance > 0n &&
    !(await accepts(provider, account, payment.tokenAddress, encodeApprove(payment.gatewayAddress, amount)))
      ? ["reset", "approve"]
      : ["approve"];
  if (!options.gasless || !payment.isFaucetEnabled)
    return { gasless: options.gasless, steps: [...approve, last] };

  let gas: GasStatus;
  try {
    gas = await ctx.api.gasStatus(payment.paymentId, account);
  } catch (error) {
    // Faucet off or endpoint missing: the wallet's own gas has to do.
    if (error instanceof ApiError && error.code !== "NETWORK_ERROR") {
      return { gasless: true, steps: [...approve, last] };
    }
    throw error;
  }
  if (!gas.needsGas) return { gasless: true, steps: [...approve, last] };
  if (gas.canReceiveGas) return { gasless: true, steps: ["faucet", ...approve, last] };
  if (gas.alreadyGranted) throw new FaucetRefused("ALREADY_GRANTED");
  throw new NeedsGas();
}

export interface Submitted {
  gasless: boolean;
  /** The payer's own transaction (direct), or null when the relayer sends it. */
  txHash: Hex | null;
}

async function transact(ctx: FlowContext, to: Address, data: Hex): Promise<Hex> {
  const hash = await sendTransaction(ctx.provider, { from: ctx.account, to, data });
  if (!(await waitForReceipt(ctx.provider, hash))) throw new TransactionFailed(hash);
  return hash;
}

/**
 * Runs the plan. `onStep` hears each step start. Errors: WalletError (rejected or failed in the
 * wallet), FaucetRefused, GaslessUnavailable, TransactionFailed, ApiError (relay refused).
 */
export async function executePlan(
  ctx: FlowContext,
  plan: Plan,
  onStep: (step: StepId) => void,
  onTransaction: (hash: Hex) => void = () => {},
): Promise<Submitted> {
  const { payment, api, account } = ctx;
  let txHash: Hex | null = null;
  for (const step of plan.steps) {
    onStep(step);
    switch (step) {
      case "permit":
        ctx.permit ??= await signPaymentPermit(ctx.provider, payment, account);
        break;
      case "faucet":
        try {
          await api.requestGas(payment.paymentId, account);
        } catch (error) {
          // ALREADY_HAS_GAS: someone funded the wallet meanwhile, which is all the faucet was for.
          if (error instanceof ApiError && error.code === "ALREADY_HAS_GAS") break;
          if (error instanceof ApiError && error.code !== "NETWORK_ERROR")
            throw new FaucetRefused(error.code);
          throw error;
        }
        break;
      case "reset":
        await transact(ctx, payment.tokenAddress, encodeApprove(payment.gatewayAddress, 0n));
        break;
      case "approve":
        await transact(
          ctx,
          payment.tokenAddress,
          encodeApprove(payment.gatewayAddress, BigInt(payment.amount)),
        );
        break;
      case "forward": {
        if (!payment.forwarderAddress) throw new GaslessUnavailable();
        const data = encodePay(payment, ctx.permit);
        const request = await signForwardRequest(
          ctx.provider,
          { ...payment, forwarderAddress: payment.forwarderAddress },
          account,
          data,
        );
        try {
          await api.relay(payment, request);
        } catch (error) {
          if (error instanceof ApiError && GASLESS_UNAVAILABLE.has(error.code))
            throw new GaslessUnavailable();
          throw error;
        }
        break;
      }
      case "pay": {
        const hash = await sendTransaction(ctx.provider, {
          from: account,
          to: payment.gatewayAddress,
          data: encodePay(payment, ctx.permit),
        });
        onTransaction(hash);
        if (!(await waitForReceipt(ctx.provider, hash))) throw new TransactionFailed(hash);
        txHash = hash;
        break;
      }
    }
  }
  return { gasless: plan.gasless, txHash };
}
