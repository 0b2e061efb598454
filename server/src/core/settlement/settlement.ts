import { paymentSequence } from "@kassa/contracts/paymentId";
import { recordPaidWithPayInstead } from "../../db/payments/paymentDeposits.js";
import { getAddress, type Hex } from "viem";
import type { EventLocation, PaymentCompletedEvent } from "../../chain/gatewayEvents.js";
import type { Db } from "../../db/infra/database.js";
import { findPaymentForSettlement, movePaymentToBlock } from "../../db/payments/paymentBlocks.js";
import { type ChainEventKind } from "../../domain/records.js";
import { settleableStatuses, type PaymentStatus } from "../../domain/paymentStatus.js";
import { insertChainEvent } from "../../db/chains/chainEvents.js";
import {
  findOpenPaymentBySequence,
  findOpenRefundBySequence,
  insertSequenceCollision,
} from "../../db/payments/paymentSequences.js";
import { movePaymentStatus } from "../../db/payments/paymentStatus.js";
import { recordPaymentEvent } from "../webhooks/outbox.js";

/**
 * The payment lifecycle's state changes from the gateway's events. Each is one transaction: the guarded
 * status update, what it records and the webhook it causes (event row, delivery row). The chain watcher's
 * facts (watcher/settlementFacts.ts), the on-demand sync of GET /payments/:id and the gasless relay tracker all go
 * through these functions, so a payment settles the same way whoever sees its event first, and exactly once.
 * An event for an id Kassa does not know, whose sequence an open payment or refund holds, is a collision
 * (the database lost rows, or another deployment signs with the same key): recorded and alerted, never settled.
 */

/**
 * `moved`: the same transaction, mined again in another block; `collision`: see above; `paid-instead-of-transfer`:
 * a payment PAID by transfer was paid with `pay` too, before its sweep (see applyPaymentCompletedIn).
 */
export type ApplyPaymentResult =
  | "paid"
  | "invalid"
  | "moved"
  | "paid-instead-of-transfer"
  | "already-applied"
  | "unknown-payment"
  | "collision";

export interface SettlementOptions {
  /** Default: the system clock. */
  now?: () => Date;
}

const sameAddress = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** Records a gateway event as read, with what applying it did. */
export function recordChainEvent(
  trx: Db,
  kind: ChainEventKind,
  event: EventLocation & { paymentId: Hex },
  args: Record<string, unknown>,
  outcome: string,
): Promise<void> {
  return insertChainEvent(trx, { ...event, kind, args, outcome });
}

/** Whether a settled record was written from this transaction in another block: a reorg mined it again. */
export function minedElsewhere(
  record: { tx_hash: string | null; block_hash: string | null },
  event: EventLocation,
): boolean {
  return record.tx_hash === event.txHash.toLowerCase() && record.block_hash !== event.blockHash.toLowerCase();
}

/**
 * A settled payment whose transaction a reorg mined again in another block: its record follows it (whatever
 * the payment became since). False when the event is not its transaction's, or in the same block.
 */
export async function followMinedElsewhere(
  trx: Db,
  paymentId: string,
  payment: { tx_hash: string | null; block_hash: string | null },
  event: EventLocation,
): Promise<boolean> {
  return (
    minedElsewhere(payment, event) &&
    movePaymentToBlock(trx, paymentId, {
      txHash: event.txHash.toLowerCase(),
      blockNumber: event.blockNumber,
      blockHash: event.blockHash.toLowerCase(),
      logIndex: event.logIndex,
    })
  );
}

/**
 * The open payment (its paid bit) or refund (its refunded bit) that holds the sequence an id the database does
 * not know just used on the gateway (signed with Kassa's key, so the database lost its row, or another deployment
 * signs with the same key): recorded as a collision, and returned. Undefined when none holds it.
 */
export async function collisionWith(
  trx: Db,
  kind: "payment" | "refund",
  seen: EventLocation & { id: Hex },
): Promise<string | undefined> {
  const key = { chainId: seen.chainId, gatewayAddress: seen.gateway };
  const sequence = paymentSequence(seen.id);
  const holder =
    kind === "payment"
      ? (await findOpenPaymentBySequence(trx, key, sequence))?.payment_id
      : (await findOpenRefundBySequence(trx, key, sequence))?.chain_refund_id;
  if (holder === undefined || holder === seen.id.toLowerCase()) return undefined;
  await insertSequenceCollision(trx, {
    ...key,
    sequence,
    kind,
    knownId: holder,
    seenId: seen.id,
    txHash: seen.txHash,
  });
  return holder;
}

/**
 * A PaymentCompleted for a payment id the database does not know. An open payment holding its sequence can
 * never be paid now (its bit is set): it is FAILED with the reason (`payment.failed`), never settled.
 */
async function unknownPaymentPaid(
  trx: Db,
  event: PaymentCompletedEvent,
  now: Date,
): Promise<ApplyPaymentResult> {
  const holder = await collisionWith(trx, "payment", { ...event, id: event.paymentId });
  if (holder === undefined) return "unknown-payment";
  const reason = `sequence collision: payment ${event.paymentId} (unknown to this database) used the sequence on the gateway; this payment can no longer be paid`;
  const failed = await movePaymentStatus(trx, {
    payment: { paymentId: holder },
    from: "CREATED",
    to: "FAILED",
    set: { status_reason: reason },
  });
  if (failed) await recordPaymentEvent(trx, "payment.failed", failed, now, { reason });
  return "collision";
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
 * What a payment settled by a gateway event (a `pay()` or a subscription's charge) records: the transaction,
 * where it was read, the payer and the fee.
 */
export function settledColumns(
  event: EventLocation & { payer: string; fee: bigint },
  settled: { from: PaymentStatus; now: Date; reason: string | undefined },
) {
  return {
    tx_hash: event.txHash.toLowerCase(),
    payer_address: getAddress(event.payer),
    confirmed_at: settled.now,
    block_number: Number(event.blockNumber),
    block_hash: event.blockHash.toLowerCase(),
    log_index: event.logIndex,
    fee_amount: event.fee,
    paid_after_expiry: settled.from === "EXPIRED",
    status_reason: settled.reason ?? null,
    paid_via: "contract" as const,
  };
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
  const payment = await findPaymentForSettlement(trx, { paymentId });

  let result: ApplyPaymentResult;
  let reason: string | undefined;
  if (payment?.chain_id !== event.chainId) {
    result = payment ? "unknown-payment" : await unknownPaymentPaid(trx, event, now);
  } else if (!settleableStatuses.includes(payment.status)) {
    // Whatever the payment became since, a reorg that mined the same transaction again moves its record.
    if (await followMinedElsewhere(trx, paymentId, payment, event)) result = "moved";
    else {
      const instead =
        payment.paid_via === "transfer" && paymentMismatches(payment, event).length === 0
          ? await recordPaidWithPayInstead(
              trx,
              payment.id,
              settledColumns(event, { from: payment.status, now, reason: undefined }),
            )
          : undefined;
      if (instead) {
        // The payer paid twice: by transfer, then with `pay` before the sweep, whose paid bit now refuses the
        // sweep. The payment is paid by the `pay`; its deposit goes back to its sender (the late return).
        result = "paid-instead-of-transfer";
        await recordPaymentEvent(trx, "payment.late_deposit", instead, now);
      } else result = "already-applied";
    }
  } else {
    const problems = paymentMismatches(payment, event);
    const to: PaymentStatus = problems.length === 0 ? "PAID" : "INVALID";
    reason = problems.length === 0 ? undefined : problems.join("; ");
    const from = payment.status;
    const updated = await movePaymentStatus(trx, {
      payment: { rowId: payment.id },
      from,
      to,
      set: settledColumns(event, { from, now, reason }),
    });
    if (!updated) {
      result = "already-applied";
    } else {
      result = to === "PAID" ? "paid" : "invalid";
      await recordPaymentEvent(
        trx,
        to === "PAID" ? "payment.paid" : "payment.invalid",
        updated,
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
  await recordChainEvent(trx, "PaymentCompleted", event, args, reason ? `${result}: ${reason}` : result);
  return result;
}

/** applyPaymentCompletedIn in a transaction of its own. */
export function applyPaymentCompleted(
  db: Db,
  event: PaymentCompletedEvent,
  options: SettlementOptions = {},
): Promise<ApplyPaymentResult> {
  const now = (options.now ?? (() => new Date()))();
  return db.transaction().execute((trx) => applyPaymentCompletedIn(trx, event, now));
}

/**
 * CREATED -> FAILED (a known transaction for the payment, a relay, reverted) and the `payment.failed`
 * webhook, in one transaction. False when the payment was not CREATED.
 */
export async function failPayment(
  db: Db,
  paymentId: Hex,
  reason: string,
  options: SettlementOptions = {},
): Promise<boolean> {
  const now = (options.now ?? (() => new Date()))();
  return db.transaction().execute(async (trx) => {
    const updated = await movePaymentStatus(trx, {
      payment: { paymentId },
      from: "CREATED",
      to: "FAILED",
      set: { status_reason: reason },
    });
    if (!updated) return false;
    await recordPaymentEvent(trx, "payment.failed", updated, now, { reason });
    return true;
  });
}
