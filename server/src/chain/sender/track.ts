import {
  keccak256,
  TransactionReceiptNotFoundError,
  type Address,
  type Hex,
  type TransactionReceipt,
} from "viem";
import {
  cancelSenderTransaction,
  finishSenderTransaction,
  insertBroadcast,
  listBroadcastsBySenderTransactionId,
  listOpenSenderTransactions,
  lockOpenSenderTransaction,
  markBroadcast,
} from "../../db/senders/senders.js";
import { type SenderBroadcastRow, type SenderTransactionRow } from "../../db/schema/rows.js";
import { broadcastRaw, feeColumns, signAtFees, type SenderContext } from "./context.js";
import { bumpFees, highestFee, type FeeQuote } from "./fees.js";
import { countNonceError } from "./metrics.js";
import { type SenderOutcome } from "./owner.js";

/**
 * Following sent transactions to an outcome: a mined version is finished once deep enough; otherwise what
 * may not have reached the node is sent again, a stuck one replaced with the same nonce and higher fees,
 * and a cancelled one's nonce filled with a zero-value transfer so later nonces still land.
 */

const FILLER_GAS = 21_000n;
const TRACK_CONCURRENCY = 10;

function quoteOf(broadcast: SenderBroadcastRow): FeeQuote {
  return broadcast.gas_price !== null
    ? { type: "legacy", gasPrice: BigInt(broadcast.gas_price) }
    : {
        type: "eip1559",
        maxFeePerGas: BigInt(broadcast.max_fee_per_gas ?? 0),
        maxPriorityFeePerGas: BigInt(broadcast.max_priority_fee_per_gas ?? 0),
      };
}

async function receiptOf(context: SenderContext, hash: string): Promise<TransactionReceipt | undefined> {
  try {
    return await context.options.client.getTransactionReceipt({ hash: hash as Hex });
  } catch (error) {
    if (error instanceof TransactionReceiptNotFoundError) return undefined;
    throw error;
  }
}

/** Tells the owner, then records the transaction as finished (the owner is told again until it is). */
export async function finishTransaction(
  context: SenderContext,
  tx: SenderTransactionRow,
  outcome: SenderOutcome,
): Promise<void> {
  await context.options.hooks.onFinished(tx, outcome);
  await finishSenderTransaction(context.options.db, tx.id, {
    status: outcome.status,
    minedHash: outcome.receipt?.transactionHash ?? null,
    blockNumber: outcome.receipt ? Number(outcome.receipt.blockNumber) : null,
    errorMessage: outcome.status === "FAILED" ? outcome.reason : null,
  });
}

/**
 * Looks for a mined version of `tx`; records the outcome once it is `confirmations` deep. Returns
 * whether the transaction is finished.
 */
export async function observeTransaction(
  context: SenderContext,
  tx: SenderTransactionRow,
  latestBlock?: bigint,
): Promise<{ finished: boolean; mined: boolean }> {
  const { db, client, confirmations } = context.options;
  const broadcasts = await listBroadcastsBySenderTransactionId(db, tx.id);
  for (const broadcast of broadcasts) {
    if (broadcast.status === "REJECTED") continue;
    const receipt = await receiptOf(context, broadcast.tx_hash);
    if (!receipt) continue;
    const latest = latestBlock ?? (await client.getBlockNumber({ cacheTime: 0 }));
    if (receipt.blockNumber + BigInt(confirmations) > latest) {
      return { finished: false, mined: true };
    }
    if (broadcast.is_filler) {
      await finishTransaction(context, tx, {
        status: "FAILED",
        receipt,
        reason: tx.error_message ?? "the transaction was cancelled",
        payloadLanded: false,
      });
    } else if (receipt.status === "success") {
      await finishTransaction(context, tx, { status: "CONFIRMED", receipt });
    } else {
      await finishTransaction(context, tx, {
        status: "FAILED",
        receipt,
        reason: `transaction ${receipt.transactionHash} reverted`,
        payloadLanded: true,
      });
    }
    return { finished: true, mined: true };
  }
  return { finished: false, mined: false };
}

/**
 * One step of tracking for an open transaction: finish it when mined, otherwise send again what
 * may not have reached the node, replace it when stuck, or fill its nonce when it was cancelled.
 */
export async function reconcileTransaction(
  context: SenderContext,
  tx: SenderTransactionRow,
  latestBlock: bigint,
): Promise<void> {
  const { db, stuckAfterMs, feeBumpPercent } = context.options;
  const seen = await observeTransaction(context, tx, latestBlock);
  if (seen.finished || seen.mined) return;

  const next = await db.transaction().execute(async (trx) => {
    // One process at a time decides on a new version of a transaction.
    const locked = await lockOpenSenderTransaction(trx, tx.id);
    if (!locked) return undefined;
    const broadcasts = await listBroadcastsBySenderTransactionId(trx, tx.id);
    const live = broadcasts.filter((b) => b.status !== "REJECTED");
    const latest = live.at(-1);
    const needsFiller = locked.cancelled && !latest?.is_filler;
    if (!needsFiller && latest?.status === "PENDING") return { resend: latest };
    const stuck =
      latest !== undefined && context.now().getTime() - latest.created_at.getTime() > stuckAfterMs;
    if (!needsFiller && !stuck) return undefined;

    let filler = locked.cancelled;
    const current = await context.fees();
    const previous = highestFee(broadcasts.map(quoteOf));
    const quote = previous ? bumpFees(previous, current, feeBumpPercent) : current;
    const refusal = filler ? undefined : await context.options.hooks.beforeReplace?.(tx, quote);
    if (refusal !== undefined) filler = await cancelSenderTransaction(trx, tx.id, refusal);
    const signer = context.accounts.get(tx.sender_address);
    if (!signer) return undefined;
    const raw = await signAtFees(
      context,
      signer,
      filler
        ? { nonce: tx.nonce, to: signer.address, value: 0n, data: "0x", gas: FILLER_GAS }
        : {
            nonce: tx.nonce,
            to: tx.to_address as Address,
            value: BigInt(tx.value),
            data: tx.data as Hex,
            gas: BigInt(tx.gas_limit),
            authorizationList: tx.authorization_list?.map((authorization) => ({
              ...authorization,
              address: authorization.address as Address,
              r: authorization.r as Hex,
              s: authorization.s as Hex,
            })),
          },
      quote,
    );
    const broadcast = await insertBroadcast(trx, {
      senderTransactionId: tx.id,
      txHash: keccak256(raw),
      rawTransaction: raw,
      isFiller: filler,
      ...feeColumns(quote),
    });
    return { resend: broadcast, replacement: !filler };
  });
  if (!next) return;

  const result = await broadcastRaw(context, next.resend.raw_transaction as Hex);
  if (result.ok) {
    if (next.replacement) context.counters.replaced++;
    await markBroadcast(db, next.resend.id, "SENT");
    if (!next.resend.is_filler) await context.options.hooks.onBroadcast?.(tx, next.resend.tx_hash);
    return;
  }
  if (result.kind === "unreachable") return;
  await markBroadcast(db, next.resend.id, "REJECTED", result.message);
  if (result.kind === "nonce-used") {
    // Mined in the meantime, by one of ours (found now or on the next step) or by someone else.
    const again = await observeTransaction(context, tx);
    if (again.mined) return;
    countNonceError(context);
    await finishTransaction(context, tx, {
      status: "FAILED",
      receipt: undefined,
      reason: `nonce ${tx.nonce} was used by a transaction Kassa did not send`,
      payloadLanded: false,
    });
  }
}

/** One tracking pass over every open transaction of every key. */
export async function trackTransactions(context: SenderContext): Promise<void> {
  await context.ensureSynced();
  const latest = await context.options.client.getBlockNumber({ cacheTime: 0 });
  for (const address of context.accounts.keys()) {
    const open = await listOpenSenderTransactions(context.options.db, context.networkId, address);
    // A few at a time: each step is a few RPC and database round trips, independent of the others.
    for (let i = 0; i < open.length; i += TRACK_CONCURRENCY) {
      await Promise.all(
        open.slice(i, i + TRACK_CONCURRENCY).map((tx) => reconcileTransaction(context, tx, latest)),
      );
    }
  }
}
