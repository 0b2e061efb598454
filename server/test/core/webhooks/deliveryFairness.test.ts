/**
 * Webhook delivery after an outage and beside a slow merchant: a success brings the endpoint's waiting
 * retries forward; a merchant over its concurrency neither holds the senders nor delays the others, and
 * its limit holds across worker processes; a lease left by a sender that died ends by itself; a claim that
 * waited for the claim lock sends the deliveries that committed meanwhile.
 */
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordPaymentEvent } from "../../../src/core/webhooks/outbox.js";
import type { Db } from "../../../src/db/infra/database.js";
import { findPaymentDetailsByPaymentId, type PaymentDetails } from "../../../src/db/payments/payments.js";
import { WEBHOOK_CLAIM_LOCK_KEY } from "../../../src/db/webhooks/webhookSlots.js";
import type { TestApp } from "../../harness/app.js";
import {
  causeEvent,
  createPayment,
  setWebhookUrl,
  startLifecycleEnv,
  startLifecycleWorker,
  startReceiver,
  type LifecycleEnv,
  type Receiver,
} from "../../harness/lifecycle.js";
import { waitFor } from "../../harness/waitFor.js";

/** One quick retry, then ten minutes: only bringing retries forward can deliver within the test's waits. */
const workerOptions = {
  withoutWatcher: true,
  webhookTimeoutMs: 60_000,
  webhookRetryScheduleMs: [200, 600_000, 600_000],
} as const;

let env: LifecycleEnv;
let t: TestApp;
let receiver: Receiver;
let secondWorker: Awaited<ReturnType<typeof startLifecycleWorker>>;

beforeAll(async () => {
  env = await startLifecycleEnv(workerOptions);
  ({ t, receiver } = env);
  secondWorker = await startLifecycleWorker(t, workerOptions);
});
afterAll(async () => {
  await secondWorker?.stop();
  await env?.stop();
});

async function deliveriesOf(merchantKey: string) {
  return t.database.db
    .selectFrom("webhook_deliveries")
    .innerJoin("merchants", "merchants.id", "webhook_deliveries.merchant_id")
    .select([
      "webhook_deliveries.event_id",
      "webhook_deliveries.status",
      "webhook_deliveries.attempt_count",
      "webhook_deliveries.next_attempt_at",
    ])
    .where("merchants.merchant_key", "=", merchantKey)
    .execute();
}

/** Each event acknowledged (answered 2xx) exactly once. */
function expectOnceEach(r: Receiver, eventIds: string[]) {
  const acknowledged = r.received.map((d) => d.headers["webhook-id"]).sort();
  expect(acknowledged).toEqual([...eventIds].sort());
}

/** A payment as recordPaymentEvent takes it. */
async function detailsOf(db: Db, paymentId: string): Promise<PaymentDetails> {
  return (await findPaymentDetailsByPaymentId(db, paymentId)) as PaymentDetails;
}

describe("webhook delivery after an outage", () => {
  it("keeps backing off while the endpoint fails, then delivers every waiting event soon after one succeeds", async () => {
    receiver.respondWith = 500;
    for (let i = 0; i < 3; i++) await causeEvent(t);
    await waitFor("each event tried twice", async () =>
      (await deliveriesOf(t.merchant.merchantKey)).every((d) => d.attempt_count === 2),
    );
    // Still down: a fresh event fails too and brings nothing forward.
    await causeEvent(t);
    await waitFor("the fresh event tried twice", async () =>
      (await deliveriesOf(t.merchant.merchantKey)).every((d) => d.attempt_count === 2),
    );
    const waiting = await deliveriesOf(t.merchant.merchantKey);
    expect(waiting).toHaveLength(4);
    const inFiveMinutes = Date.now() + 5 * 60_000;
    expect(waiting.every((d) => d.status === "PENDING" && d.next_attempt_at!.getTime() > inFiveMinutes)).toBe(
      true,
    );

    receiver.respondWith = 200;
    const recovered = performance.now();
    await causeEvent(t);
    await waitFor(
      "every event delivered",
      async () => (await deliveriesOf(t.merchant.merchantKey)).every((d) => d.status === "SUCCEEDED"),
      30_000,
    );
    console.log(
      `webhook recovery: 4 waiting events delivered ${Math.round(performance.now() - recovered)} ms after the endpoint came back (next scheduled retry: 10 min)`,
    );
    const delivered = await deliveriesOf(t.merchant.merchantKey);
    expect(delivered).toHaveLength(5);
    expectOnceEach(
      receiver,
      delivered.map((d) => d.event_id),
    );
  });
});

describe("webhook delivery beside a slow merchant", () => {
  it("delivers a fast merchant's events while a slow one's backlog waits, its limit held across two workers", async () => {
    const slow = await startReceiver();
    slow.respondWith = "hang";
    const slowShop = await t.addMerchant("Slow shop");
    await setWebhookUrl(t.database.db, slowShop.merchantKey, slow.url);
    try {
      for (let i = 0; i < 12; i++) await causeEvent(t, slowShop.publicKey);
      // Four of the slow merchant's deliveries are in flight (its limit) and never answered.
      await waitFor("the slow endpoint to hold its four slots", () => slow.requests === 4);

      const before = receiver.received.length;
      for (let i = 0; i < 10; i++) await causeEvent(t);
      await waitFor("the fast merchant's ten events", () => receiver.received.length === before + 10);
      // Two workers' senders, yet the slow merchant never had more than its four requests open.
      expect(slow.requests).toBe(4);
      const backlog = await deliveriesOf(slowShop.merchantKey);
      expect(backlog.filter((d) => d.status === "PENDING")).toHaveLength(12);

      slow.respondWith = 200;
      for (const answer of slow.held.splice(0)) answer();
      await waitFor(
        "the slow merchant's backlog delivered",
        async () => (await deliveriesOf(slowShop.merchantKey)).every((d) => d.status === "SUCCEEDED"),
        30_000,
      );
      expectOnceEach(
        slow,
        backlog.map((d) => d.event_id),
      );
    } finally {
      await slow.close();
    }
  });
});

describe("a delivery leased by a sender that died", () => {
  it("is sent once its lease has ended, not before", async () => {
    const p = await createPayment(t);
    // Two deliveries whose sender died mid-request: one lease still running, one already over.
    const lease = async (until: Date) =>
      t.database.db.transaction().execute(async (trx) => {
        const id = await recordPaymentEvent(
          trx,
          "payment.expired",
          await detailsOf(trx, p.paymentId),
          new Date(),
        );
        await trx
          .updateTable("webhook_deliveries")
          .set({ sending_until: until, sending_by: "dead-host:1" })
          .where("event_id", "=", id)
          .execute();
        return id;
      });
    const running = await lease(new Date(Date.now() + 600_000));
    const over = await lease(new Date(Date.now() - 1_000));
    await waitFor("the delivery whose lease is over", () =>
      receiver.received.find((d) => d.headers["webhook-id"] === over),
    );
    const deliveries = await t.database.db
      .selectFrom("webhook_deliveries")
      .select(["event_id", "status", "sending_by"])
      .where("event_id", "in", [running, over])
      .orderBy("status")
      .execute();
    expect(deliveries).toEqual([
      { event_id: running, status: "PENDING", sending_by: "dead-host:1" },
      { event_id: over, status: "SUCCEEDED", sending_by: null },
    ]);
    expect(receiver.received.some((d) => d.headers["webhook-id"] === running)).toBe(false);
  });
});

describe("a claim that waits for the claim lock", () => {
  it("sends every delivery committed while it waited at once, not when its lease ends", async () => {
    const payments = [await createPayment(t), await createPayment(t), await createPayment(t)];
    // Events of changes whose transactions began before the claims (so their deliveries are due for them)
    // and commit while the claims wait for the lock that serializes them.
    const dueAt = new Date();
    const events = await t.database.db.connection().execute(async (holder) => {
      await sql`BEGIN`.execute(holder);
      await sql`SELECT pg_advisory_xact_lock(${WEBHOOK_CLAIM_LOCK_KEY}::bigint)`.execute(holder);
      try {
        await waitFor("both workers' claims to wait for the claim lock", async () => {
          const { rows } = await sql<{ n: number }>`
            SELECT count(*)::int AS n FROM pg_stat_activity
            WHERE datname = current_database() AND wait_event_type = 'Lock' AND wait_event = 'advisory'`.execute(
            t.database.db,
          );
          return (rows[0]?.n ?? 0) >= 2;
        });
        return await t.database.db
          .transaction()
          .execute((trx) =>
            Promise.all(
              payments.map(async (p) =>
                recordPaymentEvent(trx, "payment.expired", await detailsOf(trx, p.paymentId), dueAt),
              ),
            ),
          );
      } finally {
        await sql`COMMIT`.execute(holder);
      }
    });
    // A lease lasts the attempt's timeout (60 s here) plus a margin, longer than this wait: only a claim
    // that sends everything it leased delivers them within it.
    // Received is not yet recorded: the sender writes SUCCEEDED after the receiver's answer.
    const deliveries = await waitFor("the three deliveries recorded", async () => {
      const rows = await t.database.db
        .selectFrom("webhook_deliveries")
        .select(["status", "attempt_count"])
        .where("event_id", "in", events)
        .execute();
      return rows.every((row) => row.status !== "PENDING") && rows;
    });
    expect(events.every((id) => receiver.received.some((d) => d.headers["webhook-id"] === id))).toBe(true);
    expect(deliveries).toEqual(events.map(() => ({ status: "SUCCEEDED", attempt_count: 1 })));
  });
});
