import { getAddress, type Address, type Hex } from "viem";
import type { PaymentCompletedEvent, RefundCompletedEvent } from "../chain/gatewayEvents.js";
import type { ChainEventHandlers } from "../chain/watcher.js";
import { withTryAdvisoryLock, type Db } from "../db/database.js";
import "../db/lifecycleTypes.js";
import { movePaidPaymentToBlock, revertPaidPaymentToCreated, type PaidPaymentBlock } from "../db/payments.js";
import type { ChainEventKind } from "../db/lifecycleTypes.js";
import { expirePaymentsWithEvents, findDuePaymentDetails } from "../db/payments.js";
import { canTransition, settleableStatuses, type PaymentStatus } from "../domain/paymentStatus.js";
import { paymentEventRows, recordPaymentEvent } from "./webhooks.js";
import { TASKS } from "../domain/tasks.js";

/**
 * The payment lifecycle's state changes. Each is one transaction: the guarded status update, what it
 * records and the webhook it causes (event row, delivery row, delivery job). The chain watcher, the
 * on-demand sync of GET /payments/:id and the gasless relay tracker all go through these functions, so a
 * payment settles the same way whoever sees its event first, and exactly once.
 */

export type ApplyPaymentResult = "paid" | "invalid" | "already-applied" | "unknown-payment";

export type ApplyRefundResult = "refunded" | "already-applied" | "unknown-payment" | "unexpected";

export interface LifecycleOptions {
  /** Default: the system clock. */
  now?: () => Date;
}

const sameAddress = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

async function chainRowId(trx: Db, networkId: number): Promise<number | undefined> {
  const chain = await trx
    .selectFrom("chains")
    .select("id")
    .where("network_id", "=", networkId)
    .executeTakeFirst();
  return chain?.id;
}

async function recordChainEvent(
  trx: Db,
  chainId: number,
  kind: ChainEventKind,
  event: { paymentId: Hex; txHash: Hex; blockNumber: bigint; blockHash: Hex; logIndex: number },
  args: Record<string, unknown>,
  outcome: string,
): Promise<void> {
  await trx
    .insertInto("chain_events")
    .values({
      chain_id: chainId,
      kind,
      payment_id: event.paymentId.toLowerCase(),
      tx_hash: event.txHash.toLowerCase(),
      block_number: Number(event.blockNumber),
      block_hash: event.blockHash.toLowerCase(),
      log_index: event.logIndex,
      args: JSON.stringify(args),
      outcome,
    })
    .onConflict((oc) => oc.constraint("chain_events_log_key").doNothing())
    .execute();
}

/** Why a PaymentCompleted event disagrees with the stored payment; empty when it matches. */
export function paymentMismatches(
  payment: { amount: string; recipient_address: string; token_address: string; merchant_bytes32_id: string },
  event: Pick<
    PaymentCompletedEvent,
    "amount" | "fee" | "recipient" | "token" | "merchantId" | "recipientReceived"
  >,
): string[] {
  const problems: string[] = [];
  if (!sameAddress(event.token, payment.token_address)) {
    problems.push(`token ${event.token} differs from ${payment.token_address}`);
  }
  if (event.amount !== BigInt(payment.amount)) {
    problems.push(`amount ${event.amount} differs from ${payment.amount}`);
  }
  if (!sameAddress(event.recipient, payment.recipient_address)) {
    problems.push(`recipient ${event.recipient} differs from ${payment.recipient_address}`);
  }
  if (event.merchantId.toLowerCase() !== payment.merchant_bytes32_id.toLowerCase()) {
    problems.push(`merchant ${event.merchantId} differs from ${payment.merchant_bytes32_id}`);
  }
  if (event.recipientReceived !== undefined && event.recipientReceived < event.amount - event.fee) {
    problems.push(
      `the recipient received ${event.recipientReceived}, less than the ${event.amount - event.fee} sent (token transfer fee)`,
    );
  }
  return problems;
}

/**
 * Settles a payment from its PaymentCompleted event inside `trx`: CREATED (or EXPIRED / FAILED, when the
 * money arrives late) -> PAID when token, amount, recipient and merchant match the stored payment, else
 * -> INVALID; plus the webhook. A second event for a settled payment changes nothing and sends nothing.
 * An unknown payment id is kept in chain_events and reported, never thrown.
 */
export async function applyPaymentCompletedIn(
  trx: Db,
  event: PaymentCompletedEvent,
  now: Date,
): Promise<ApplyPaymentResult> {
  const paymentId = event.paymentId.toLowerCase();
  const chainId = await chainRowId(trx, event.networkId);
  const args = {
    merchantId: event.merchantId,
    payer: event.payer,
    recipient: event.recipient,
    token: event.token,
    amount: event.amount.toString(),
    fee: event.fee.toString(),
    ...(event.recipientReceived === undefined
      ? {}
      : { recipientReceived: event.recipientReceived.toString() }),
  };
  if (chainId === undefined) return "unknown-payment";

  const payment = await trx
    .selectFrom("payments")
    .innerJoin("tokens", "tokens.id", "payments.token_id")
    .innerJoin("merchants", "merchants.id", "payments.merchant_id")
    .select([
      "payments.id",
      "payments.status",
      "payments.chain_id",
      "payments.amount",
      "payments.recipient_address",
      "payments.tx_hash",
      "payments.block_hash",
      "tokens.address as token_address",
      "merchants.merchant_id as merchant_bytes32_id",
    ])
    .where("payments.payment_id", "=", paymentId)
    .forUpdate("payments")
    .executeTakeFirst();

  let result: ApplyPaymentResult;
  let reason: string | undefined;
  if (payment?.chain_id !== chainId) {
    result = "unknown-payment";
  } else if (!settleableStatuses.includes(payment.status)) {
    result = "already-applied";
    if (
      payment.status === "PAID" &&
      payment.tx_hash === event.txHash.toLowerCase() &&
      payment.block_hash !== event.blockHash.toLowerCase()
    ) {
      // A reorg mined the same transaction again in another block.
      await movePaidPaymentToBlock(trx, paymentId, {
        txHash: event.txHash.toLowerCase(),
        blockNumber: event.blockNumber,
        blockHash: event.blockHash.toLowerCase(),
        logIndex: event.logIndex,
      });
    }
  } else {
    const problems = paymentMismatches(payment, event);
    const to: PaymentStatus = problems.length === 0 ? "PAID" : "INVALID";
    reason = problems.length === 0 ? undefined : problems.join("; ");
    const from = payment.status;
    if (!canTransition(from, to)) throw new Error(`payment status ${from} -> ${to} is not allowed`);
    const updated = await trx
      .updateTable("payments")
      .set({
        status: to,
        tx_hash: event.txHash.toLowerCase(),
        payer_address: getAddress(event.payer),
        confirmed_at: now,
        block_number: Number(event.blockNumber),
        block_hash: event.blockHash.toLowerCase(),
        log_index: event.logIndex,
        fee_amount: event.fee,
        paid_after_expiry: from === "EXPIRED",
        status_reason: reason ?? null,
      })
      .where("id", "=", payment.id)
      .where("status", "=", from)
      .returning("id")
      .executeTakeFirst();
    if (!updated) {
      result = "already-applied";
    } else {
      result = to === "PAID" ? "paid" : "invalid";
      await recordPaymentEvent(
        trx,
        to === "PAID" ? "payment.paid" : "payment.invalid",
        paymentId,
        now,
        to === "PAID"
          ? {}
          : {
              reason: reason ?? null,
              paid: {
                amount: event.amount.toString(),
                tokenAddress: getAddress(event.token),
                recipientAddress: getAddress(event.recipient),
                recipientReceived: event.recipientReceived?.toString() ?? null,
              },
            },
      );
    }
  }
  await recordChainEvent(
    trx,
    chainId,
    "PaymentCompleted",
    event,
    args,
    reason ? `${result}: ${reason}` : result,
  );
  return result;
}

/** applyPaymentCompletedIn in a transaction of its own. */
export function applyPaymentCompleted(
  db: Db,
  event: PaymentCompletedEvent,
  options: LifecycleOptions = {},
): Promise<ApplyPaymentResult> {
  const now = (options.now ?? (() => new Date()))();
  return db.transaction().execute((trx) => applyPaymentCompletedIn(trx, event, now));
}

/**
 * A reorg removed the transaction that paid `paid` (PAID -> CREATED) and the `payment.reorged` webhook, inside
 * `trx`. False when the payment is no longer PAID in that block (another reconciliation won, or it moved).
 */
export async function revertReorgedPaymentIn(trx: Db, paid: PaidPaymentBlock, now: Date): Promise<boolean> {
  const reverted = await revertPaidPaymentToCreated(trx, {
    paymentId: paid.payment_id,
    blockHash: paid.block_hash,
    reason: `reorged: transaction ${paid.tx_hash} of block ${paid.block_number} (${paid.block_hash}) is no longer on the chain`,
    at: now,
  });
  if (!reverted) return false;
  await recordPaymentEvent(trx, "payment.reorged", paid.payment_id, now, {
    reorged: { txHash: paid.tx_hash, blockNumber: paid.block_number, blockHash: paid.block_hash },
  });
  return true;
}

/**
 * What the chain watcher does with what it reads: each event, and each payment a reorg took back, settled
 * in a transaction of its own.
 */
export function settlementHandlers(db: Db, now: () => Date = () => new Date()): ChainEventHandlers {
  return {
    applyEvent: (entry, beforeCommit) =>
      db.transaction().execute(async (trx) => {
        const at = now();
        const result =
          entry.kind === "PaymentCompleted"
            ? await applyPaymentCompletedIn(trx, entry.event, at)
            : await applyRefundCompletedIn(trx, entry.event, at);
        await beforeCommit?.();
        return result;
      }),
    revertReorgedPayment: (paid) =>
      db.transaction().execute((trx) => revertReorgedPaymentIn(trx, paid, now())),
  };
}

/**
 * CREATED -> FAILED (a known transaction for the payment, a relay, reverted) and the `payment.failed`
 * webhook, in one transaction. False when the payment was not CREATED.
 */
export async function failPayment(
  db: Db,
  paymentId: Hex,
  reason: string,
  options: LifecycleOptions = {},
): Promise<boolean> {
  const now = (options.now ?? (() => new Date()))();
  return db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable("payments")
      .set({ status: "FAILED", status_reason: reason })
      .where("payment_id", "=", paymentId.toLowerCase())
      .where("status", "=", "CREATED")
      .returning("payment_id")
      .executeTakeFirst();
    if (!updated) return false;
    await recordPaymentEvent(trx, "payment.failed", updated.payment_id, now, { reason });
    return true;
  });
}

/**
 * How long a payment whose pay transaction was seen mined (not final yet) is kept from expiring, from when
 * it was first seen: longer than any known chain's finality (Sepolia's `finalized` block trails by about
 * 19 minutes), short enough that a transaction a reorg removed before it was final does not keep its
 * payment open for long.
 */
export const SEEN_PAYMENT_HOLD_MS = 60 * 60 * 1000;

/** Payments one expiry statement moves at most. */
export const EXPIRY_BATCH_SIZE = 200;

/** Session advisory lock of the expiry sweep (any constant distinct from the other lock keys). */
export const EXPIRY_SWEEP_LOCK_KEY = 4_271_915;

/**
 * One expiry batch: reads up to `limit` due payments without a lock and builds their `payment.expired`
 * events, then moves those still CREATED to EXPIRED with their events, deliveries and jobs in one
 * statement, so the batch's row locks last one statement. Rows another runner holds are skipped, and so
 * are payments whose pay transaction was seen mined within SEEN_PAYMENT_HOLD_MS (they wait for finality).
 */
async function expireBatch(
  db: Db,
  options: { now: Date; limit: number; paymentId?: string },
): Promise<{ due: number; expired: string[] }> {
  const heldSince = new Date(options.now.getTime() - SEEN_PAYMENT_HOLD_MS);
  const due = await findDuePaymentDetails(db, { ...options, heldSince });
  if (due.length === 0) return { due: 0, expired: [] };
  const expiredView = due.map((payment) => ({ ...payment, status: "EXPIRED" as const }));
  const rows = await paymentEventRows(db, "payment.expired", expiredView, options.now);
  const expired = await expirePaymentsWithEvents(db, {
    now: options.now,
    heldSince,
    ...rows,
    task: TASKS.deliverWebhook,
  });
  return { due: due.length, expired };
}

/**
 * Moves up to `limit` CREATED payments past `expiresAt` to EXPIRED, with their `payment.expired` webhooks
 * (expireBatch). Returns the payment ids it expired.
 */
export async function expirePaymentsPastDeadline(
  db: Db,
  options: LifecycleOptions & { limit?: number; paymentId?: string } = {},
): Promise<string[]> {
  const now = (options.now ?? (() => new Date()))();
  const { expired } = await expireBatch(db, {
    now,
    limit: options.limit ?? EXPIRY_BATCH_SIZE,
    ...(options.paymentId === undefined ? {} : { paymentId: options.paymentId }),
  });
  return expired;
}

/**
 * The expiry sweep: expiry batches one after another until none is due (or a batch finds all its rows
 * taken by other runners). One sweep runs at a time across all processes (a session advisory lock): a
 * sweep that finds another one running returns undefined at once instead of competing with it. Resolves
 * the number of payments it expired.
 */
export function sweepExpiredPayments(
  db: Db,
  options: LifecycleOptions & { batchSize?: number } = {},
): Promise<number | undefined> {
  const limit = options.batchSize ?? EXPIRY_BATCH_SIZE;
  const now = options.now ?? (() => new Date());
  return withTryAdvisoryLock(db, EXPIRY_SWEEP_LOCK_KEY, async (conn) => {
    let total = 0;
    for (;;) {
      const { due, expired } = await expireBatch(conn, { now: now(), limit });
      total += expired.length;
      if (due < limit || expired.length === 0) return total;
    }
  });
}

/**
 * Settles a refund from its RefundCompleted event inside `trx`: the payment's open refund -> REFUNDED,
 * REFUND_SUBMITTED -> REFUNDED and the `payment.refunded` webhook.
 */
export async function applyRefundCompletedIn(
  trx: Db,
  event: RefundCompletedEvent,
  now: Date,
): Promise<ApplyRefundResult> {
  const paymentId = event.paymentId.toLowerCase();
  const chainId = await chainRowId(trx, event.networkId);
  if (chainId === undefined) return "unknown-payment";
  const args = {
    recipient: event.recipient,
    payer: event.payer,
    token: event.token,
    amount: event.amount.toString(),
  };
  const payment = await trx
    .selectFrom("payments")
    .select(["id", "status", "chain_id"])
    .where("payment_id", "=", paymentId)
    .forUpdate()
    .executeTakeFirst();
  let result: ApplyRefundResult;
  if (payment?.chain_id !== chainId) {
    result = "unknown-payment";
  } else if (payment.status === "REFUNDED") {
    result = "already-applied";
  } else {
    // The contract checked our signature, so the refund is ours: normally SUBMITTED; EXPIRED only if the
    // expiry ran on a chain view that a reorg later replaced.
    const refund = await trx
      .selectFrom("refunds")
      .select(["id", "amount"])
      .where("payment_id", "=", payment.id)
      .where("status", "in", ["SUBMITTED", "EXPIRED"])
      .orderBy("created_at", "desc")
      .executeTakeFirst();
    const from = payment.status;
    if (!refund || (from !== "REFUND_SUBMITTED" && from !== "PAID")) {
      result = "unexpected";
    } else {
      if (from === "PAID") {
        // Back from an expiry that should not have happened: go through REFUND_SUBMITTED as the table says.
        await trx
          .updateTable("payments")
          .set({ status: "REFUND_SUBMITTED" })
          .where("id", "=", payment.id)
          .where("status", "=", "PAID")
          .execute();
      }
      await trx
        .updateTable("payments")
        .set({ status: "REFUNDED" })
        .where("id", "=", payment.id)
        .where("status", "=", "REFUND_SUBMITTED")
        .execute();
      await trx
        .updateTable("refunds")
        .set({
          status: "REFUNDED",
          tx_hash: event.txHash.toLowerCase(),
          refunded_at: now,
          amount: event.amount,
        })
        .where("id", "=", refund.id)
        .execute();
      await recordPaymentEvent(trx, "payment.refunded", paymentId, now, {
        refund: { refundId: refund.id, amount: event.amount.toString(), txHash: event.txHash.toLowerCase() },
      });
      result = "refunded";
    }
  }
  await recordChainEvent(trx, chainId, "RefundCompleted", event, args, result);
  return result;
}

export function applyRefundCompleted(
  db: Db,
  event: RefundCompletedEvent,
  options: LifecycleOptions = {},
): Promise<ApplyRefundResult> {
  const now = (options.now ?? (() => new Date()))();
  return db.transaction().execute((trx) => applyRefundCompletedIn(trx, event, now));
}
