import { encodeFunctionData, erc20Abi, type Address, type Hex } from "viem";
import { z } from "zod";
import { maxCost } from "../chain/fees.js";
import type { SenderOutcome, TransactionSender } from "../chain/sender.js";
import { findChainById } from "../db/chains.js";
import { isUniqueViolation, type Db } from "../db/database.js";
import {
  attachGrantTransaction,
  confirmGrant,
  findGrantBySenderTransactionId,
  findGrantByPaymentRowId,
  findGrantByWallet,
  GRANT_PAYMENT_UNIQUE,
  GRANT_WALLET_UNIQUE,
  insertGrantClaim,
  releaseGrantClaim,
  type GasGrantRow,
} from "../db/grants.js";
import { findPaymentDetailsByPaymentId, type PaymentDetails } from "../db/payments.js";
import { findSenderTransactionById, type SenderTransactionRow } from "../db/senders.js";
import type { ChainRow, MerchantRow } from "../db/types.js";
import { isBytes32 } from "../domain/ids.js";
import { KassaError } from "../errors.js";
import type { GaslessRuntime } from "../gasless/runtime.js";
import { addressSchema, parseInput } from "./validation.js";

/** An ERC-20 approve from a fresh allowance costs about 46k gas; used when the node cannot estimate. */
const FALLBACK_APPROVE_GAS = 60_000n;

/** SPEC.md 2.4. */
export const gasStatusSchema = z
  .object({
    needsGas: z.boolean().describe("The native balance is below the estimated approve cost"),
    hasEnoughTokenBalance: z.boolean().describe("The wallet holds at least the payment amount"),
    alreadyGranted: z.boolean().describe("The wallet already received a grant on this chain"),
    canReceiveGas: z.boolean().describe("needsGas && !alreadyGranted && hasEnoughTokenBalance"),
  })
  .meta({ id: "GasStatus" });
export type GasStatus = z.infer<typeof gasStatusSchema>;

/** SPEC.md 2.5. */
export const gasGrantSchema = z
  .object({
    txHash: z.string(),
    amount: z.string().describe("Native token, wei"),
    chainId: z.number(),
  })
  .meta({ id: "GasGrant" });
export type GasGrant = z.infer<typeof gasGrantSchema>;

export const gasStatusQuerySchema = z.object({ walletAddress: addressSchema });
export const requestGasInputSchema = z.object({
  paymentId: z.string().describe("paymentId"),
  walletAddress: addressSchema.describe("Wallet that will send the approve"),
});
export type RequestGasInput = z.input<typeof requestGasInputSchema>;

interface FaucetContext {
  payment: PaymentDetails;
  chain: ChainRow;
  faucet: TransactionSender;
}

/** FAUCET_DISABLED (merchant or chain), then NOT_FOUND for a missing or foreign payment. */
async function requireFaucet(
  runtime: GaslessRuntime,
  merchant: MerchantRow,
  paymentId: string,
): Promise<FaucetContext> {
  if (!merchant.faucet_enabled) throw new KassaError("FAUCET_DISABLED");
  const payment = isBytes32(paymentId)
    ? await findPaymentDetailsByPaymentId(runtime.db, paymentId)
    : undefined;
  if (payment?.merchant_id !== merchant.id) {
    throw new KassaError("NOT_FOUND", `payment ${paymentId} not found`);
  }
  const chain = await findChainById(runtime.db, payment.chain_id);
  const faucet = chain && runtime.faucet(chain);
  if (!chain || !faucet) {
    throw new KassaError("FAUCET_DISABLED", `no gas faucet is configured for chain ${payment.network_id}`);
  }
  return { payment, chain, faucet };
}

interface WalletReading {
  nativeBalance: bigint;
  tokenBalance: bigint;
  /** What the approve of the payment amount costs at current fees. */
  approveCost: bigint;
}

async function readWallet(ctx: FaucetContext, wallet: Address): Promise<WalletReading> {
  const client = ctx.faucet.client;
  const token = ctx.payment.token_address as Address;
  const amount = BigInt(ctx.payment.amount);
  try {
    const [nativeBalance, tokenBalance, fees, approveGas] = await Promise.all([
      client.getBalance({ address: wallet }),
      client.readContract({ address: token, abi: erc20Abi, functionName: "balanceOf", args: [wallet] }),
      ctx.faucet.fees(),
      client
        .estimateGas({
          account: wallet,
          to: token,
          data: encodeFunctionData({
            abi: erc20Abi,
            functionName: "approve",
            args: [ctx.payment.gateway_address as Address, amount],
          }),
        })
        .catch(() => FALLBACK_APPROVE_GAS),
    ]);
    return { nativeBalance, tokenBalance, approveCost: maxCost(fees, approveGas) };
  } catch (error) {
    throw new KassaError("RELAYER_ERROR", `the chain node did not answer: ${(error as Error).message}`, {
      cause: error,
    });
  }
}

/** GET /payments/:id/gas-status (SPEC.md 2.4). */
export async function getGasStatus(
  runtime: GaslessRuntime,
  merchant: MerchantRow,
  paymentId: string,
  walletAddress: Address,
): Promise<GasStatus> {
  const ctx = await requireFaucet(runtime, merchant, paymentId);
  const [reading, grant] = await Promise.all([
    readWallet(ctx, walletAddress),
    findGrantByWallet(runtime.db, ctx.chain.network_id, walletAddress),
  ]);
  const needsGas = reading.nativeBalance < reading.approveCost;
  const hasEnoughTokenBalance = reading.tokenBalance >= BigInt(ctx.payment.amount);
  const alreadyGranted = grant !== undefined;
  return {
    needsGas,
    hasEnoughTokenBalance,
    alreadyGranted,
    canReceiveGas: needsGas && !alreadyGranted && hasEnoughTokenBalance,
  };
}

/** Why an existing claim blocks this request. */
function claimError(
  byWallet: GasGrantRow | undefined,
  byPayment: GasGrantRow | undefined,
): KassaError | undefined {
  if (byWallet?.status === "PENDING" || byPayment?.status === "PENDING") {
    return new KassaError("GRANT_IN_PROGRESS");
  }
  if (byWallet) return new KassaError("ALREADY_GRANTED");
  if (byPayment) return new KassaError("PAYMENT_ALREADY_GRANTED");
  return undefined;
}

async function existingClaimError(runtime: GaslessRuntime, ctx: FaucetContext, wallet: Address) {
  const [byWallet, byPayment] = await Promise.all([
    findGrantByWallet(runtime.db, ctx.chain.network_id, wallet),
    findGrantByPaymentRowId(runtime.db, ctx.payment.id),
  ]);
  return claimError(byWallet, byPayment);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * POST /payments/request-gas. The claim row (UNIQUE wallet+chain, UNIQUE payment) is inserted before
 * any native token moves, so concurrent requests get GRANT_IN_PROGRESS and later ones
 * ALREADY_GRANTED / PAYMENT_ALREADY_GRANTED, never a second transfer. A send that fails releases the
 * claim. Answers once the grant is confirmed on-chain (SPEC.md 2.5).
 */
export async function requestGas(
  runtime: GaslessRuntime,
  merchant: MerchantRow,
  rawInput: RequestGasInput,
): Promise<GasGrant> {
  const { db, settings } = runtime;
  const input = parseInput(requestGasInputSchema, rawInput);
  const ctx = await requireFaucet(runtime, merchant, input.paymentId);
  const { payment, chain, faucet } = ctx;
  if (payment.status !== "CREATED") {
    throw new KassaError("INVALID_PAYMENT_STATUS", `the payment is ${payment.status}, not CREATED`);
  }
  if (payment.expires_at.getTime() <= runtime.now().getTime()) {
    throw new KassaError("PAYMENT_EXPIRED", `the payment expired at ${payment.expires_at.toISOString()}`);
  }
  const wallet = input.walletAddress;
  const blocked = await existingClaimError(runtime, ctx, wallet);
  if (blocked) throw blocked;

  const reading = await readWallet(ctx, wallet);
  if (reading.tokenBalance < BigInt(payment.amount)) {
    throw new KassaError(
      "INSUFFICIENT_TOKEN_BALANCE",
      `the wallet holds ${reading.tokenBalance} base units of ${payment.token_symbol}, the payment needs ${payment.amount}`,
    );
  }
  if (reading.nativeBalance >= reading.approveCost) {
    throw new KassaError("ALREADY_HAS_GAS");
  }
  const target = (reading.approveCost * BigInt(100 + settings.faucetMarginPercent)) / 100n;
  const wanted = target - reading.nativeBalance;
  const amount = wanted < settings.faucetMaxGrantWei ? wanted : settings.faucetMaxGrantWei;

  let claim: GasGrantRow;
  try {
    claim = await insertGrantClaim(db, {
      networkId: chain.network_id,
      walletAddress: wallet,
      paymentRowId: payment.id,
      amount,
    });
  } catch (error) {
    if (isUniqueViolation(error, GRANT_WALLET_UNIQUE) || isUniqueViolation(error, GRANT_PAYMENT_UNIQUE)) {
      throw (await existingClaimError(runtime, ctx, wallet)) ?? new KassaError("GRANT_IN_PROGRESS");
    }
    throw error;
  }

  let result;
  try {
    const gasLimit = await faucet.client
      .estimateGas({ account: faucet.addresses[0] as Address, to: wallet, value: amount })
      .catch(() => 21_000n);
    result = await faucet.send({
      purpose: "grant",
      to: wallet,
      value: amount,
      data: "0x",
      gasLimit,
      link: (trx, tx, txHash) => attachGrantTransaction(trx, claim.id, tx.id, txHash),
    });
  } catch (error) {
    // Nothing was recorded (the nonce transaction rolled back), so nothing can move: release.
    await releaseGrantClaim(db, claim.id);
    throw new KassaError("RELAYER_ERROR", `the faucet could not send: ${(error as Error).message}`, {
      cause: error,
    });
  }
  if (result.outcome === "abandoned") {
    throw new KassaError("GRANT_IN_PROGRESS");
  }
  if (result.outcome === "refused") {
    throw new KassaError("RELAYER_ERROR", `the faucet transaction was refused: ${result.reason}`);
  }

  const deadline = Date.now() + settings.faucetConfirmTimeoutSeconds * 1000;
  for (;;) {
    const tx = await findSenderTransactionById(db, result.tx.id);
    if (tx?.status === "SUBMITTED") await faucet.observe(tx);
    const grant = await findGrantByPaymentRowId(db, payment.id);
    if (grant?.id === claim.id && grant.status === "CONFIRMED") {
      return { txHash: grant.tx_hash as Hex, amount: amount.toString(), chainId: chain.network_id };
    }
    if (grant?.id !== claim.id) {
      const finished = await findSenderTransactionById(db, result.tx.id);
      throw new KassaError(
        "RELAYER_ERROR",
        `the grant transaction failed: ${finished?.error_message ?? "reverted"}; the claim is released`,
      );
    }
    if (Date.now() > deadline) {
      throw new KassaError(
        "RELAYER_ERROR",
        `the grant transaction ${grant.tx_hash} is not confirmed after ${settings.faucetConfirmTimeoutSeconds} s; it is still being tracked`,
      );
    }
    await sleep(runtime.confirmPollMs);
  }
}

/** The faucet's transaction ended: a confirmed grant is kept, anything else releases the claim. */
export async function onGrantTransactionFinished(
  db: Db,
  tx: SenderTransactionRow,
  outcome: SenderOutcome,
): Promise<void> {
  const grant = await findGrantBySenderTransactionId(db, tx.id);
  if (!grant) return;
  if (outcome.status === "CONFIRMED") await confirmGrant(db, grant.id, outcome.receipt.transactionHash);
  else await releaseGrantClaim(db, grant.id);
}
