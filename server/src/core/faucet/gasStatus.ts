import type { Address } from "viem";
import { z } from "zod";
import { maxCost, type FeeQuote } from "../../chain/sender/fees.js";
import type { TransactionSender } from "../../chain/sender/transactionSender.js";
import { isContract, readPayerWallet, type ReadPayerWalletReturnType } from "../../chain/walletState.js";
import { faucetDailyBudgetWei } from "../../config/gasless.js";
import { findChainById } from "../../db/chains/chains.js";
import { findFaucetSpend, findGrantByWallet } from "../../db/gasless/grants.js";
import { findPaymentDetailsByPaymentId, type PaymentDetails } from "../../db/payments/payments.js";
import { type ChainRow, type MerchantRow } from "../../db/schema/rows.js";
import { isBytes32 } from "../../domain/ids.js";
import { KassaError } from "../../errors.js";
import { gaslessChainError, type GaslessRuntime } from "../../chain/gasless.js";
import { addressSchema } from "../validation.js";

/**
 * The faucet's shapes (gas status, grant, request), what it checks of a payment and a wallet before any
 * grant, and GET /payments/:id/gas-status.
 */

/**
 * An ERC-20 approve from a fresh allowance costs about 46k gas; gas-status assumes it when the node
 * cannot estimate. request-gas never does: a wallet whose approve does not estimate gets no grant.
 */
const FALLBACK_APPROVE_GAS = 60_000n;

/** GET /payments/:id/gas-status answer. */
export const gasStatusSchema = z
  .object({
    needsGas: z.boolean().describe("The native balance is below the estimated approve cost"),
    hasEnoughTokenBalance: z.boolean().describe("The wallet holds at least the payment amount"),
    alreadyGranted: z.boolean().describe("The wallet already received a grant on this chain"),
    canReceiveGas: z
      .boolean()
      .describe(
        "needsGas && !alreadyGranted && hasEnoughTokenBalance, the wallet is not a contract, and today's faucet budgets (the chain's, the merchant's) have room for the grant",
      ),
  })
  .meta({ id: "GasStatus" });
export type GasStatus = z.infer<typeof gasStatusSchema>;

/** POST /payments/request-gas answer. */
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

export interface FaucetContext {
  payment: PaymentDetails;
  chain: ChainRow;
  faucet: TransactionSender;
}

/** FAUCET_DISABLED (merchant or chain), then NOT_FOUND for a missing or foreign payment. */
export async function requireFaucet(
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

type WalletReading = ReadPayerWalletReturnType & { fees: FeeQuote };

export async function readWallet(ctx: FaucetContext, wallet: Address): Promise<WalletReading> {
  try {
    const [reading, fees] = await Promise.all([
      readPayerWallet(ctx.faucet.client, {
        wallet,
        token: ctx.payment.token_address as Address,
        spender: ctx.payment.gateway_address as Address,
        amount: BigInt(ctx.payment.amount),
      }),
      ctx.faucet.fees(),
    ]);
    return { ...reading, fees };
  } catch (error) {
    throw gaslessChainError(error, "the faucet could not read the wallet");
  }
}

/** A native transfer's gas: what gas-status counts for the grant's own transaction against the budgets. */
const TRANSFER_GAS = 21_000n;

/** The grant request-gas would send a wallet holding `nativeBalance`, for an approve costing `approveCost`. */
export function grantAmount(runtime: GaslessRuntime, approveCost: bigint, nativeBalance: bigint): bigint {
  const { faucetMarginPercent, faucetMaxGrantWei } = runtime.settings;
  const wanted = (approveCost * BigInt(100 + faucetMarginPercent)) / 100n - nativeBalance;
  return wanted < faucetMaxGrantWei ? wanted : faucetMaxGrantWei;
}

/**
 * GET /payments/:id/gas-status: what request-gas would decide, without claiming anything. It can still
 * refuse what this allows: the per-client daily count, a transfer the node will not estimate, a race.
 */
export async function getGasStatus(
  runtime: GaslessRuntime,
  merchant: MerchantRow,
  paymentId: string,
  walletAddress: Address,
): Promise<GasStatus> {
  const ctx = await requireFaucet(runtime, merchant, paymentId);
  const [reading, grant, spent] = await Promise.all([
    readWallet(ctx, walletAddress),
    findGrantByWallet(runtime.db, ctx.chain.network_id, walletAddress),
    findFaucetSpend(runtime.db, ctx.chain.network_id, merchant.id, runtime.now().toISOString().slice(0, 10)),
  ]);
  const approveCost = maxCost(reading.fees, reading.approveGas ?? FALLBACK_APPROVE_GAS);
  const needsGas = reading.nativeBalance < approveCost;
  const hasEnoughTokenBalance = reading.tokenBalance >= BigInt(ctx.payment.amount);
  const alreadyGranted = grant !== undefined;
  const charge =
    grantAmount(runtime, approveCost, reading.nativeBalance) + maxCost(reading.fees, TRANSFER_GAS);
  const budgetsHaveRoom =
    spent.chainWei + charge <= faucetDailyBudgetWei(runtime.settings, ctx.chain.network_id) &&
    spent.merchantWei + charge <= runtime.settings.faucetMerchantDailyBudgetWei;
  return {
    needsGas,
    hasEnoughTokenBalance,
    alreadyGranted,
    canReceiveGas:
      needsGas && !alreadyGranted && hasEnoughTokenBalance && !isContract(reading.code) && budgetsHaveRoom,
  };
}
