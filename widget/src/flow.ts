/**
 * How the widget pays, cheapest path for the payer first (issues 7 and 28, see `planPayment`):
 * - gasless: one EIP-3009 signature (USDC); a permit and a ForwardRequest; one Permit2 signature when the payer
 *   approved Permit2 before; else Permit2 approved once (asking the merchant's faucet for the approval's gas when
 *   the wallet has none), then one Permit2 signature (an approve and a ForwardRequest on a chain without Permit2);
 *   a smart wallet's approve, then its payment intent;
 * - direct (preferred by the payer, gasless unavailable): a permit signature (permit tokens) or an approve, then
 *   the payer's own `pay()` transaction.
 * The payer's allowance to the gateway is shared with their subscriptions, which draw on it each period: a
 * one-off payment never spends what it did not add. Its approve sets the allowance to what it was plus the
 * payment's amount, so the payment leaves it as it found it; a permit (which the gateway submits for exactly the
 * payment's amount, replacing the allowance) is signed only while the allowance is 0; an allowance the payer
 * already gives goes untouched by EIP-3009 and Permit2 payments; only an unlimited allowance is spent from as it
 * is (that lowers nothing).
 */
import type { GatewayPermit } from "@kassa/contracts/eip712";
import { encodePay } from "@kassa/contracts/pay";
import { permit2Address } from "@kassa/contracts/abi";
import type { TokenDomain } from "@kassa/contracts/intents";
import { maxUint256, type Address, type Hex } from "viem";
import { ApiError, type GasStatus, type KassaApi, type Payment } from "./api.js";
import {
  accepts,
  addToAllowance,
  encodeApprove,
  readAllowance,
  TokenDomainUnknown,
  type PayablePayment,
  sendTransaction,
  signForwardRequest,
  signPaymentPermit,
  waitForReceipt,
} from "./chain.js";
import { readPayerFacts, signAuthorization, signIntent, signPermit2 } from "./paths/signed.js";
import type { Eip1193Provider } from "./wallet/eip1193.js";

export type StepId =
  | "authorize"
  | "permit"
  | "permit2"
  | "intent"
  | "faucet"
  | "reset"
  | "approve"
  | "approvePermit2"
  | "forward"
  | "pay";

export interface Plan {
  gasless: boolean;
  steps: StepId[];
  /** The token's EIP-712 domain as read when planning (the EIP-3009 path signs on it). */
  tokenDomain?: TokenDomain;
}

export interface FlowContext {
  api: KassaApi;
  /** A payment that takes money: it carries its server signature. */
  payment: Payment & PayablePayment;
  provider: Eip1193Provider;
  account: Address;
  /** A permit already signed for this payment and account (kept when gasless falls back to direct). */
  permit?: GatewayPermit;
  /** The allowance to the gateway before a `reset` step set it to 0: the approve after it adds to this. */
  keptAllowance?: bigint;
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

/**
 * The cheapest path for this token and wallet (issue 28): EIP-3009 (one signature, USDC) > EIP-2612 permit and a
 * ForwardRequest (while the payer allows the gateway nothing) > Permit2 with the payer's earlier approval > an unlimited allowance to the gateway > Permit2
 * approved once now > an approve of the payment's amount on top of the allowance; a smart-contract wallet signs no
 * ECDSA permit or ForwardRequest, so it pays gasless only with EIP-3009, Permit2 or its payment intent (after its
 * own approve), else with its own transactions. An allowance the payer gave before is never spent by a one-off
 * payment (see above). May ask the faucet's gas-status. Throws NeedsGas or FaucetRefused.
 */
export async function planPayment(ctx: FlowContext, options: { gasless: boolean }): Promise<Plan> {
  const { payment, provider, account } = ctx;
  const amount = BigInt(payment.amount);
  const facts = await readPayerFacts(provider, payment, account);
  const permit =
    payment.tokenPermitSupported &&
    facts.tokenDomain !== undefined &&
    !facts.smartWallet &&
    facts.gatewayAllowance === 0n;
  const unlimited = facts.gatewayAllowance === maxUint256;
  if (options.gasless) {
    if (facts.eip3009 && facts.tokenDomain)
      return { gasless: true, steps: ["authorize"], tokenDomain: facts.tokenDomain };
    if (permit) return { gasless: true, steps: ["permit", "forward"] };
    if (facts.permit2 && facts.permit2Allowance >= amount) return { gasless: true, steps: ["permit2"] };
    if (unlimited) return { gasless: true, steps: [facts.smartWallet ? "intent" : "forward"] };
    if (!facts.smartWallet) {
      const approve = facts.permit2
        ? await approveSteps(ctx, "approvePermit2", facts.permit2Allowance)
        : await approveSteps(ctx, "approve", facts.gatewayAllowance);
      return withGas(ctx, approve, facts.permit2 ? "permit2" : "forward");
    }
    return {
      gasless: true,
      steps: [...(await approveSteps(ctx, "approve", facts.gatewayAllowance)), "intent"],
    };
  }
  if (permit) return { gasless: false, steps: ["permit", "pay"] };
  if (unlimited) return { gasless: false, steps: ["pay"] };
  const approve = await approveSteps(ctx, "approve", facts.gatewayAllowance);
  return { gasless: false, steps: [...approve, "pay"] };
}

/**
 * The approval steps: USDT-style tokens refuse to change one non-zero allowance to another, so the wallet's own
 * simulation of the approve says whether the old allowance must be set to 0 first.
 */
async function approveSteps(ctx: FlowContext, step: "approve" | "approvePermit2", allowance: bigint) {
  const { payment, provider, account } = ctx;
  const data = approveData(payment, step, allowance);
  const refused = allowance > 0n && !(await accepts(provider, account, payment.tokenAddress, data));
  return refused ? (["reset", step] as StepId[]) : [step];
}

/** The approve of `step`: Permit2 for good, or the gateway for `allowance` (what it may take now) plus the payment. */
function approveData(payment: PayablePayment, step: "approve" | "approvePermit2", allowance: bigint): Hex {
  return step === "approve"
    ? encodeApprove(payment.gatewayAddress, addToAllowance(allowance, BigInt(payment.amount)))
    : encodeApprove(permit2Address, maxUint256);
}

/** A gasless plan whose approval needs the wallet's gas: the faucet's, when the merchant offers it. */
async function withGas(ctx: FlowContext, approve: StepId[], last: StepId): Promise<Plan> {
  const { payment, account } = ctx;
  if (!payment.isFaucetEnabled) return { gasless: true, steps: [...approve, last] };
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

/** Signs the one-signature path `step` and hands it to the relayer. */
async function relaySigned(
  ctx: FlowContext,
  plan: Plan,
  step: "authorize" | "permit2" | "intent",
): Promise<void> {
  const { payment, provider, account } = ctx;
  const { tokenDomain } = plan;
  const signed =
    step === "permit2"
      ? await signPermit2(provider, payment, account)
      : step === "intent"
        ? await signIntent(provider, payment, account)
        : tokenDomain
          ? await signAuthorization(provider, payment, account, tokenDomain)
          : undefined;
  if (!signed) throw new TokenDomainUnknown(`the EIP-712 domain of ${payment.tokenAddress} is unknown`);
  try {
    await ctx.api.relaySigned(payment, signed);
  } catch (error) {
    if (error instanceof ApiError && GASLESS_UNAVAILABLE.has(error.code)) throw new GaslessUnavailable();
    throw error;
  }
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
      case "reset": {
        const spender = plan.steps.includes("approvePermit2") ? permit2Address : payment.gatewayAddress;
        ctx.keptAllowance ??= await readAllowance(ctx.provider, payment.tokenAddress, account, spender);
        await transact(ctx, payment.tokenAddress, encodeApprove(spender, 0n));
        break;
      }
      case "approve":
      case "approvePermit2": {
        const allowance =
          ctx.keptAllowance ??
          (await readAllowance(ctx.provider, payment.tokenAddress, account, payment.gatewayAddress));
        await transact(ctx, payment.tokenAddress, approveData(payment, step, allowance));
        break;
      }
      case "authorize":
      case "permit2":
      case "intent":
        await relaySigned(ctx, plan, step);
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
