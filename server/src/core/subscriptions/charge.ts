import type { Address, Hex } from "viem";
import { insertChargePayment, linkChargeTransaction } from "../../db/payments/paymentCharges.js";
import { encodeAbiParameters, keccak256 } from "viem";
import type { GaslessRuntime } from "../../chain/gasless.js";
import type { SenderOutcome } from "../../chain/sender/owner.js";
import { finalBlockNumber } from "../../chain/finality.js";
import { gatewayEventsFromReceipt } from "../../chain/gatewayEvents.js";
import {
  encodeChargeSubscription,
  findAllowanceRevocation,
  readSubscriptionState,
} from "../../chain/subscriptions.js";
import { findChainById } from "../../db/chains/chains.js";
import type { Db } from "../../db/infra/database.js";
import { movePaymentStatus } from "../../db/payments/paymentStatus.js";
import type { PaymentRow, SenderTransactionRow } from "../../db/schema/rows.js";
import {
  cancelSubscriptionRow,
  findChargePayment,
  findChargePaymentBySenderTransaction,
  findDueSubscriptionIds,
  findLastChargeBlock,
  findSubscriptionDetails,
  moveSubscriptionCharge,
  type SubscriptionDetails,
} from "../../db/subscriptions/subscriptions.js";
import type { SubscriptionCanceledBy } from "../../domain/subscriptions.js";
import { NO_REDIRECT } from "../payments/payments.js";
import { recordPaymentEvent } from "../webhooks/outbox.js";
import { chargeBudget } from "./chargeBudget.js";
import { recordSubscriptionEvent } from "./events.js";
import { advanceSubscriptionIn, applySubscriptionEventIn } from "./facts.js";
import { priceCharge, type ChargePricing } from "./pricing.js";
import { chargeWindow, periodAt, scheduleOf } from "./schedule.js";

/**
 * Charging: the worker's job takes each due subscription, reads what the chain says of its period and of the
 * payer's allowance, and sends `chargeSubscription` through the relayer. The charge's payment is inserted in
 * the transaction that stores the signed transaction (the sender's `link`), so a worker killed at any point
 * charges a period at most once: a period with a payment under way is never sent again (the sender's tracker
 * finishes it), and the gateway's period bitmap refuses a second charge anyway. The relayer's hooks
 * (`onChargeFinished`) settle the outcome: PAID and the next period, or a failed attempt and its retry.
 */

export type ChargeResult =
  | "not-due"
  | "sent"
  | "in-flight"
  | "failed"
  | "canceled"
  | "completed"
  | "skipped"
  | "no-relayer"
  | "waiting";

/** The charge's payment id: bytes32 of (subscriptionId, period, attempt), unique across retries. */
export function chargePaymentId(subscriptionId: string, period: number, attempt: number): string {
  return keccak256(
    encodeAbiParameters(
      [{ type: "bytes32" }, { type: "uint256" }, { type: "uint256" }],
      [subscriptionId as Hex, BigInt(period), BigInt(attempt)],
    ),
  );
}

/**
 * Charges every subscription due now, oldest first; returns how many were looked at. Fiat plans need `pricing`
 * (without it their charges fail, and are retried).
 */
export async function chargeDueSubscriptions(
  runtime: GaslessRuntime,
  limit = 500,
  pricing?: ChargePricing,
): Promise<number> {
  const ids = await findDueSubscriptionIds(runtime.db, runtime.now(), limit);
  for (const id of ids) {
    try {
      await chargeSubscriptionPeriod(runtime, id, pricing);
    } catch (error) {
      // A node that did not answer: the subscription stays due and the next run tries it again.
      runtime.logger?.warn({ subscription: id, err: error }, "subscription charge not attempted");
    }
  }
  return ids.length;
}

/** Ends a subscription (guarded) with its event. */
async function endSubscription(
  db: Db,
  row: SubscriptionDetails,
  by: SubscriptionCanceledBy,
  now: Date,
  reason: string,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const moved = await cancelSubscriptionRow(trx, row.id, by, now, reason);
    if (moved) await recordSubscriptionEvent(trx, "subscription.canceled", row, moved, now, { reason });
  });
}

/** Moves a subscription from `from` to `period` (the next to charge), or COMPLETED past its last. */
function advanceTo(
  db: Db,
  row: SubscriptionDetails,
  from: number,
  period: number,
  now: Date,
  lastError: string | null,
): Promise<void> {
  return db
    .transaction()
    .execute((trx) => advanceSubscriptionIn(trx, row, { from, to: period, now, lastError }));
}

/**
 * A failed attempt of `period`'s charge: the next attempt after the retry schedule's next delay; past the
 * schedule, the period is left PAST_DUE (the next period is tried when it opens) or the subscription is
 * CANCELED, by the merchant's setting. A charge the payer's allowance falls short of makes the subscription
 * PAST_DUE at once (`subscription.past_due`, once): the payer is to allow the gateway again (the subscribe page
 * offers it), and the retries go on; the next charge that goes through makes it ACTIVE again.
 */
async function recordChargeFailure(
  db: Db,
  row: SubscriptionDetails,
  period: number,
  now: Date,
  reason: string,
  options: { charge?: PaymentRow; allowanceShort?: boolean } = {},
): Promise<void> {
  const { charge, allowanceShort = false } = options;
  const attempts = row.failed_attempts + 1;
  const delay = row.retry_schedule[attempts - 1];
  await db.transaction().execute(async (trx) => {
    if (delay !== undefined) {
      const moved = await moveSubscriptionCharge(trx, row.id, period, {
        ...(allowanceShort ? { status: "PAST_DUE" as const } : {}),
        nextPeriod: period,
        nextChargeAt: new Date(now.getTime() + delay * 1000),
        failedAttempts: attempts,
        lastError: reason,
      });
      if (!moved) return;
      await recordSubscriptionEvent(trx, "subscription.charge_failed", row, moved, now, {
        reason,
        ...(charge ? { charge } : {}),
      });
      if (allowanceShort && row.status !== "PAST_DUE") {
        await recordSubscriptionEvent(trx, "subscription.past_due", row, moved, now, {
          reason: `${reason}: the payer is to allow the gateway again, on the subscription's page (its url) or their own subscriptions page`,
        });
      }
      return;
    }
    const canceled = row.on_failure === "CANCELED";
    const next = period + 1;
    const moved = await moveSubscriptionCharge(trx, row.id, period, {
      status: canceled ? "CANCELED" : next >= row.charges ? "COMPLETED" : "PAST_DUE",
      nextPeriod: next,
      nextChargeAt: canceled || next >= row.charges ? null : chargeWindow(row, next).opensAt,
      failedAttempts: 0,
      lastError: reason,
      ...(canceled ? { canceledBy: "retries" as const, canceledAt: now } : {}),
    });
    if (!moved) return;
    await recordSubscriptionEvent(trx, "subscription.charge_failed", row, moved, now, {
      reason,
      ...(charge ? { charge } : {}),
    });
    await recordSubscriptionEvent(
      trx,
      canceled ? "subscription.canceled" : "subscription.past_due",
      row,
      moved,
      now,
      {
        reason: `period ${period} was not charged after ${attempts} attempts: ${reason}`,
      },
    );
  });
}

/** One due subscription's charge (idempotent: a period under way or charged is never sent again). */
export async function chargeSubscriptionPeriod(
  runtime: GaslessRuntime,
  id: string,
  pricing?: ChargePricing,
): Promise<ChargeResult> {
  const { db } = runtime;
  const now = runtime.now();
  const row = await findSubscriptionDetails(db, id);
  if (!row || (row.status !== "ACTIVE" && row.status !== "PAST_DUE") || !row.next_charge_at) return "not-due";
  if (row.next_charge_at > now) return "not-due";
  const period = row.next_period;
  // A payment of the period: under way while a transaction of the relayer's is linked to it (its tracker, then
  // the watcher at finality, finish it), settled (on to the next period), or CREATED without one (a reorg
  // removed its charge): sent again below.
  const charge = await findChargePayment(db, id, period);
  if (charge?.status === "CREATED" && charge.charge_sender_transaction_id !== null) return "in-flight";
  if (charge && charge.status !== "CREATED") {
    await advanceTo(db, row, period, period + 1, now, null);
    return "skipped";
  }
  const current = periodAt(row, now);
  if (period >= row.charges || current > period) {
    // The period closed without a charge (missed periods are not charged later): on to the current one.
    const next = Math.min(Math.max(current, period + 1), row.charges);
    await advanceTo(
      db,
      row,
      period,
      next,
      now,
      period < row.charges ? `period ${period} closed without a charge` : null,
    );
    return next >= row.charges ? "completed" : "skipped";
  }
  const chain = await findChainById(db, row.chain_id);
  const relayer = chain && runtime.relayer(chain);
  if (!chain || !relayer) return "no-relayer";
  const onChain = {
    chainId: row.network_id,
    gateway: row.gateway_address as Address,
    subscription: scheduleOf(row),
  };
  const client = runtime.client(chain);
  const state = await readSubscriptionState(client, {
    ...onChain,
    digest: row.digest as Hex,
    period: BigInt(period),
  });
  if (state.canceled) {
    await endSubscription(
      db,
      row,
      "chain",
      now,
      "canceled on-chain (by the payer, the recipient or the signer)",
    );
    return "canceled";
  }
  if (state.charged) {
    await advanceTo(db, row, period, period + 1, now, `period ${period} was charged on-chain outside Kassa`);
    return "skipped";
  }
  if (state.active && state.allowance === 0n) {
    // Only the payer's own revocation ends a subscription; an allowance spent to 0 by something else is short.
    const since = await findLastChargeBlock(db, row.id);
    const revokedIn =
      since === undefined
        ? undefined
        : await findAllowanceRevocation(client, { ...onChain, fromBlock: since });
    if (revokedIn) {
      await endSubscription(
        db,
        row,
        "allowance",
        now,
        `the payer set the gateway's allowance to 0 (transaction ${revokedIn})`,
      );
      return "canceled";
    }
  }
  const priced = await priceCharge(pricing, row, period, now, charge);
  if (!priced.ok) {
    await recordChargeFailure(db, row, period, now, priced.reason);
    return "failed";
  }
  const { amount } = priced;
  const shortOf =
    state.balance < amount
      ? `the payer's balance ${state.balance} is below the charge ${amount}`
      : state.allowance < amount
        ? `the payer's allowance ${state.allowance} is below the charge ${amount}`
        : undefined;
  const data = encodeChargeSubscription({
    ...onChain,
    period: BigInt(period),
    amount,
    deadline: priced.deadline,
    serverSignature: priced.chargeSignature ?? ((state.active ? "0x" : row.server_signature) as Hex),
    payerSignature: (state.active ? "0x" : row.payer_signature) as Hex,
  });
  // The first charge runs the payer's signature check: its own gas bound, and a budget (chargeBudget.ts).
  const purpose = state.active ? "subscription_charge" : "subscription_first_charge";
  const withinBudget = await chargeBudget(runtime, client, row, !state.active);
  const { closesAt } = chargeWindow(row, period);
  const result = shortOf
    ? ({ outcome: "would-revert", reason: shortOf } as const)
    : await relayer.estimateAndSend({
        purpose,
        to: onChain.gateway,
        data,
        admit: (gasLimit) => withinBudget(db, gasLimit),
        link: async (trx, tx) =>
          (await withinBudget(trx, BigInt(tx.gas_limit), trx)) &&
          (charge
            ? linkChargeTransaction(trx, charge.id, tx.id)
            : (await insertChargePayment(trx, {
                payment_id: chargePaymentId(row.subscription_id, period, row.failed_attempts),
                merchant_id: row.merchant_id,
                order_id: `${row.id}/${period}/${row.failed_attempts}`,
                chain_id: row.chain_id,
                token_id: row.token_id,
                amount,
                recipient_address: row.recipient_address,
                gateway_address: row.gateway_address,
                forwarder_address: null,
                deadline: Math.floor(closesAt.getTime() / 1000),
                expires_at: closesAt,
                payer_address: row.payer_address,
                currency: priced.fiat?.currency ?? null,
                fiat_amount: priced.fiat?.fiat_amount ?? null,
                token_price: priced.fiat?.token_price ?? null,
                success_url: NO_REDIRECT,
                fail_url: NO_REDIRECT,
                server_signature: row.server_signature ?? "0x",
                subscription_id: row.id,
                subscription_period: period,
                charge_sender_transaction_id: tx.id,
              })) !== undefined),
      });
  if (result.outcome === "would-revert") {
    await recordChargeFailure(db, row, period, now, result.reason, {
      allowanceShort: state.balance >= amount && state.allowance < amount,
    });
    return "failed";
  }
  if (result.outcome === "held") return "waiting";
  if (result.outcome === "abandoned") return "in-flight";
  runtime.logger?.info({ subscription: id, period, outcome: result.outcome }, "subscription charge sent");
  return "sent";
}

/**
 * The relayer's transaction of a charge ended. Confirmed with the gateway's `SubscriptionCharged`: settled as
 * the watcher settles it (facts.ts: the payment PAID, the subscription on to its next period) when its block is
 * already final for the chain, else left CREATED for the watcher to settle once it is (a `pay()` relay's rule).
 * Reverted, or never sent: the payment FAILED and the attempt counts as failed (retried on the schedule).
 */
export async function onChargeFinished(
  runtime: GaslessRuntime,
  tx: SenderTransactionRow,
  outcome: SenderOutcome,
): Promise<void> {
  const { db } = runtime;
  const payment = await findChargePaymentBySenderTransaction(db, tx.id);
  if (!payment?.subscription_id || payment.subscription_period === null || payment.status !== "CREATED")
    return;
  const row = await findSubscriptionDetails(db, payment.subscription_id);
  if (!row) return;
  const period = payment.subscription_period;
  const now = runtime.now();
  const charged =
    outcome.status === "CONFIRMED"
      ? gatewayEventsFromReceipt(outcome.receipt, {
          chainId: row.chain_id,
          networkId: row.network_id,
          gateways: [row.gateway_address],
        }).find(
          (entry) =>
            entry.kind === "SubscriptionCharged" &&
            entry.event.subscriptionId.toLowerCase() === row.subscription_id &&
            entry.event.period === BigInt(period),
        )
      : undefined;
  if (charged?.kind === "SubscriptionCharged" && outcome.status === "CONFIRMED") {
    const chain = await findChainById(db, row.chain_id);
    const final = chain ? await finalBlockNumber(runtime.client(chain), chain).catch(() => -1n) : -1n;
    if (outcome.receipt.blockNumber <= final) {
      await db.transaction().execute((trx) => applySubscriptionEventIn(trx, charged, now));
    } else {
      runtime.logger?.info(
        { subscription: row.id, period, txHash: outcome.receipt.transactionHash },
        "subscription charge mined; waiting for its block to be final",
      );
    }
    return;
  }
  const reason =
    outcome.status === "FAILED"
      ? outcome.reason
      : `transaction ${outcome.receipt.transactionHash} charged nothing`;
  const failed = await db.transaction().execute(async (trx) => {
    const moved = await movePaymentStatus(trx, {
      payment: { rowId: payment.id },
      from: "CREATED",
      to: "FAILED",
      set: { status_reason: `subscription charge failed: ${reason}` },
    });
    if (moved) await recordPaymentEvent(trx, "payment.failed", moved, now, { reason });
    return moved;
  });
  if (failed)
    await recordChargeFailure(db, row, period, now, reason, { charge: { ...payment, status: "FAILED" } });
}
