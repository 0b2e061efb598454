import { type Address, type Hex } from "viem";
import { maxCost, type FeeQuote } from "../../chain/sender/fees.js";
import type { SenderOutcome } from "../../chain/sender/owner.js";
import {
  isContract,
  readNativeTransfer,
  type ReadNativeTransferReturnType,
} from "../../chain/walletState.js";
import { isUniqueViolation } from "../../db/infra/database.js";
import {
  attachGrantTransaction,
  claimGrant,
  confirmGrant,
  failGrant,
  findGrantBySenderTransactionId,
  findGrantByPaymentRowId,
  findGrantByWallet,
  GRANT_PAYMENT_UNIQUE,
  GRANT_WALLET_UNIQUE,
  releaseAbandonedGrantClaims,
  releaseGrantClaim,
  type GrantLimit,
} from "../../db/gasless/grants.js";
import { type GasGrantRow, type SenderTransactionRow, type MerchantRow } from "../../db/schema/rows.js";
import { findSenderTransactionById } from "../../db/senders/senders.js";
import { clientNetwork } from "../../domain/clientNetwork.js";
import { gasBound } from "../../domain/gasPurposes.js";
import { KassaError } from "../../errors.js";
import { gaslessChainError, type GaslessRuntime } from "../../chain/gasless.js";
import { readOneSignaturePath } from "../../chain/gatewayRelay.js";
import { isNodeUnavailable } from "../../chain/rpcTransport.js";
import { faucetDailyBudgetWei } from "../../config/gasless.js";
import { parseInput } from "../validation.js";
import {
  type GasGrant,
  type RequestGasInput,
  type FaucetContext,
  requestGasInputSchema,
  requireFaucet,
  readWallet,
  grantAmount,
} from "./gasStatus.js";

/** Why an existing claim blocks this request. */
function claimError(
  byWallet: GasGrantRow | undefined,
  byPayment: GasGrantRow | undefined,
): KassaError | undefined {
  if (byWallet?.status === "PENDING" || byPayment?.status === "PENDING") {
    return new KassaError("GRANT_IN_PROGRESS");
  }
  if (byWallet?.status === "FAILED") {
    return new KassaError(
      "ALREADY_GRANTED",
      "a gas grant to this wallet was sent on this chain and failed; it is not sent again",
    );
  }
  if (byWallet) return new KassaError("ALREADY_GRANTED");
  if (byPayment?.status === "FAILED") {
    return new KassaError(
      "PAYMENT_ALREADY_GRANTED",
      "the payment's gas grant was sent and failed; it is not sent again",
    );
  }
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

/** One look at the sent grant; a node that does not answer is CHAIN_UNAVAILABLE: the worker still tracks it. */
async function observeGrant(faucet: FaucetContext["faucet"], tx: SenderTransactionRow): Promise<void> {
  try {
    await faucet.observe(tx);
  } catch (error) {
    if (!isNodeUnavailable(error)) throw error;
    throw new KassaError(
      "CHAIN_UNAVAILABLE",
      "the grant transaction was sent, but the chain's node did not answer while it was awaited; it is still being tracked",
      { cause: error },
    );
  }
}

/**
 * The faucet's transfer of `amount` to the wallet: its gas as the node estimates it (a wallet that
 * refuses native token gets no grant, never a guessed 21,000), and what it is charged to the budgets:
 * the value plus that gas at the fee cap. Refused when the faucet's key cannot pay it.
 */
async function priceTransfer(
  runtime: GaslessRuntime,
  { chain, faucet }: FaucetContext,
  wallet: Address,
  amount: bigint,
  fees: FeeQuote,
): Promise<{ gasLimit: bigint; charge: bigint }> {
  const faucetAddress = faucet.addresses[0] as Address;
  let transfer: ReadNativeTransferReturnType;
  try {
    transfer = await readNativeTransfer(faucet.client, { from: faucetAddress, to: wallet, value: amount });
  } catch (error) {
    throw gaslessChainError(error, "the faucet could not price the transfer");
  }
  const { gasLimit, senderBalance: faucetBalance } = transfer;
  if (gasLimit === undefined) {
    throw new KassaError("GRANT_NOT_USABLE", "the wallet does not accept a transfer of native token");
  }
  if (gasLimit > gasBound("grant")) {
    throw new KassaError(
      "GRANT_NOT_USABLE",
      `a transfer of native token to the wallet needs ${gasLimit} gas, more than a grant may use (${gasBound("grant")})`,
    );
  }
  const charge = amount + maxCost(fees, gasLimit);
  if (faucetBalance < charge) {
    runtime.logger?.warn(
      { networkId: chain.network_id, address: faucetAddress, balanceWei: faucetBalance.toString() },
      "the faucet cannot pay a grant: fund it",
    );
    throw new KassaError(
      "FAUCET_BUDGET_EXHAUSTED",
      `the gas faucet on chain ${chain.network_id} holds too little native token; pay the approve's gas yourself`,
    );
  }
  return { gasLimit, charge };
}

const limitErrors: Record<GrantLimit, (networkId: number) => KassaError> = {
  client: () =>
    new KassaError(
      "RATE_LIMITED",
      "this client received as many gas grants today as it may; retry after 00:00 UTC",
    ),
  merchant: (networkId) =>
    new KassaError(
      "FAUCET_BUDGET_EXHAUSTED",
      `the merchant's gas grant budget on chain ${networkId} is spent for today (it renews at 00:00 UTC); pay the approve's gas yourself`,
    ),
  chain: (networkId) =>
    new KassaError(
      "FAUCET_BUDGET_EXHAUSTED",
      `the gas faucet's budget on chain ${networkId} is spent for today (it renews at 00:00 UTC); pay the approve's gas yourself`,
    ),
};

/** The client calling request-gas, as the HTTP layer sees it (behind a trusted proxy: the forwarded IP). */
export interface FaucetClient {
  ip: string;
}

/**
 * POST /payments/request-gas. A grant costs Kassa native token, so before anything is sent: the
 * wallet must be an externally owned account whose real approve(gateway, amount) the node estimates,
 * the faucet's transfer to it must estimate, and the claim row (UNIQUE wallet+chain, UNIQUE payment)
 * is taken in the same transaction that charges the day's budgets of the client IP, the merchant and
 * the chain. Concurrent requests get GRANT_IN_PROGRESS and later ones ALREADY_GRANTED /
 * PAYMENT_ALREADY_GRANTED, never a second transfer. A send that recorded nothing releases the claim
 * and its charges; a transfer that was sent and failed keeps both, so it is never paid for twice.
 * Answers once the grant is confirmed on-chain.
 */
export async function requestGas(
  runtime: GaslessRuntime,
  merchant: MerchantRow,
  rawInput: RequestGasInput,
  client: FaucetClient,
): Promise<GasGrant> {
  const { db, settings } = runtime;
  const input = parseInput(requestGasInputSchema, rawInput);
  const ctx = await requireFaucet(runtime, merchant, input.paymentId);
  const { payment, chain, faucet } = ctx;
  if (payment.status !== "CREATED") {
    throw new KassaError("INVALID_PAYMENT_STATUS", `the payment is ${payment.status}, not CREATED`);
  }
  const now = runtime.now();
  if (payment.expires_at.getTime() <= now.getTime()) {
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
  if (isContract(reading.code)) {
    throw new KassaError(
      "GRANT_NOT_USABLE",
      "the wallet is a contract: gas grants go only to externally owned accounts, since a contract wallet's transactions are paid by its own signer or paymaster",
    );
  }
  // A payer on the EIP-3009 or Permit2 path sends no transaction: it never needs a grant.
  const oneSignature = await readOneSignaturePath(runtime.client(chain), {
    token: payment.token_address as Address,
    payer: wallet as Address,
    amount: BigInt(payment.amount),
    chainId: payment.network_id,
  });
  if (oneSignature) {
    throw new KassaError(
      "GRANT_NOT_USABLE",
      `the wallet needs no gas: it pays this payment with one ${oneSignature} signature, sent by the relayer`,
    );
  }
  if (reading.approveGas === undefined) {
    throw new KassaError(
      "GRANT_NOT_USABLE",
      `approve(${payment.gateway_address}, ${payment.amount}) from this wallet would fail on ${payment.token_symbol}, so a grant could not be used`,
    );
  }
  const approveCost = maxCost(reading.fees, reading.approveGas);
  if (reading.nativeBalance >= approveCost) {
    throw new KassaError("ALREADY_HAS_GAS");
  }
  const amount = grantAmount(runtime, approveCost, reading.nativeBalance);

  const { gasLimit, charge } = await priceTransfer(runtime, ctx, wallet, amount, reading.fees);

  let claim: GasGrantRow;
  try {
    const claimed = await claimGrant(db, {
      networkId: chain.network_id,
      merchantRowId: merchant.id,
      walletAddress: wallet,
      paymentRowId: payment.id,
      amount,
      chargedWei: charge,
      day: now.toISOString().slice(0, 10),
      client: clientNetwork(client.ip),
      chainBudgetWei: faucetDailyBudgetWei(settings, chain.network_id),
      merchantBudgetWei: settings.faucetMerchantDailyBudgetWei,
      clientGrantsPerDay: settings.faucetGrantsPerClientPerDay,
    });
    if ("refusedBy" in claimed) throw limitErrors[claimed.refusedBy](chain.network_id);
    claim = claimed.grant;
  } catch (error) {
    if (isUniqueViolation(error, GRANT_WALLET_UNIQUE) || isUniqueViolation(error, GRANT_PAYMENT_UNIQUE)) {
      throw (await existingClaimError(runtime, ctx, wallet)) ?? new KassaError("GRANT_IN_PROGRESS");
    }
    throw error;
  }

  let result;
  try {
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
    throw gaslessChainError(error, "the faucet could not send");
  }
  if (result.outcome === "abandoned") {
    throw new KassaError("GRANT_IN_PROGRESS");
  }
  if (result.outcome === "refused") {
    throw new KassaError(
      "RELAYER_ERROR",
      `the faucet transaction was refused: ${result.reason}; it is not sent again for this wallet and payment`,
    );
  }

  const deadline = Date.now() + settings.faucetConfirmTimeoutSeconds * 1000;
  for (;;) {
    const tx = await findSenderTransactionById(db, result.tx.id);
    if (tx?.status === "SUBMITTED") await observeGrant(faucet, tx);
    const grant = await findGrantByPaymentRowId(db, payment.id);
    if (grant?.id === claim.id && grant.status === "CONFIRMED") {
      return { txHash: grant.tx_hash as Hex, amount: amount.toString(), chainId: chain.network_id };
    }
    if (grant?.id !== claim.id || grant.status === "FAILED") {
      throw new KassaError(
        "RELAYER_ERROR",
        `the grant transaction failed: ${grant?.error_message ?? "reverted"}; it is not sent again for this wallet and payment`,
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

/**
 * The faucet's transaction ended. A failed one (reverted, or refused by the node and its nonce
 * filled) is recorded as FAILED and keeps its claim: releasing it would let the same wallet and
 * payment make the faucet pay for the same failure again and again.
 */
export async function onGrantTransactionFinished(
  { db }: GaslessRuntime,
  tx: SenderTransactionRow,
  outcome: SenderOutcome,
): Promise<void> {
  const grant = await findGrantBySenderTransactionId(db, tx.id);
  if (!grant) return;
  if (outcome.status === "CONFIRMED") await confirmGrant(db, grant.id, outcome.receipt.transactionHash);
  else await failGrant(db, grant.id, outcome.reason);
}

/** A claim with no transaction this long after it was taken belongs to a request that died. */
export const ABANDONED_CLAIM_AFTER_MS = 60_000;

/**
 * Releases the claims whose request died between the claim and the send (a crash): they would keep their
 * budget charges and block the wallet and the payment (GRANT_IN_PROGRESS) for good. Run by the worker's
 * gasless sweep; safe while the request lives, since a released claim can no longer be sent.
 */
export function releaseAbandonedClaims(runtime: GaslessRuntime): Promise<number> {
  return releaseAbandonedGrantClaims(
    runtime.db,
    new Date(runtime.now().getTime() - ABANDONED_CLAIM_AFTER_MS),
  );
}
