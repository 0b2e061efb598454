import { sql } from "kysely";
import { getAddress, type Address, type Hex } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  expirePaymentsPastDeadline,
  EXPIRY_SWEEP_LOCK_KEY,
  sweepExpiredPayments,
} from "../../../src/core/payments/expiry.js";
import { applyPaymentCompleted, failPayment } from "../../../src/core/settlement/settlement.js";
import type { PaymentCompletedEvent } from "../../../src/chain/gatewayEvents.js";
import { webhookEventSchema, webhookEventSchemas } from "../../../src/core/webhooks/events.js";
import type { TestApp } from "../../harness/app.js";
import { startTestChain, type TestChain } from "../../harness/chain.js";
import {
  chainRowIdOf,
  countJobs,
  createPayment,
  deliveriesOfEvent,
  merchantRecord,
  paymentStatus,
  startLifecycleApp,
  webhookEvents,
} from "../../harness/lifecycle.js";
import { type CreatedPayment } from "../../harness/payments.js";

let chain: TestChain;
let t: TestApp;
/** chains.id of the test chain: events carry it. */
let chainRowId: number;
beforeAll(async () => {
  chain = await startTestChain();
  t = await startLifecycleApp(chain);
  chainRowId = await chainRowIdOf(t.database.db, chain.chainId);
  await t.adminDeps.db.updateTable("merchants").set({ webhook_url: "http://127.0.0.1:9/hooks" }).execute();
});
afterAll(async () => {
  await t?.close();
  await chain?.stop();
});

let logIndex = 0;
function eventFor(p: CreatedPayment, overrides: Partial<PaymentCompletedEvent> = {}): PaymentCompletedEvent {
  logIndex += 1;
  return {
    chainId: chainRowId,
    networkId: chain.chainId,
    gateway: p.gatewayAddress,
    paymentId: p.paymentId,
    merchantId: p.merchantId,
    payer: chain.wallet(5).account.address,
    recipient: p.recipientAddress,
    token: p.tokenAddress,
    amount: BigInt(p.amount),
    fee: BigInt(p.amount) / 100n,
    txHash: `0x${logIndex.toString(16).padStart(64, "a")}` as Hex,
    blockNumber: 10n,
    blockHash: `0x${"b".repeat(64)}` as Hex,
    logIndex,
    ...overrides,
  };
}

describe("applyPaymentCompleted", () => {
  it("moves a matching CREATED payment to PAID once, with one payment.paid event and one delivery due, no job", async () => {
    const p = await createPayment(t);
    const jobsBefore = await countJobs(t.database.db);
    const event = eventFor(p);
    expect(await applyPaymentCompleted(t.database.db, event)).toBe("paid");
    expect(await applyPaymentCompleted(t.database.db, event)).toBe("already-applied");
    expect(await applyPaymentCompleted(t.database.db, eventFor(p))).toBe("already-applied");

    const row = await t.database.db
      .selectFrom("payments")
      .selectAll()
      .where("payment_id", "=", p.paymentId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      status: "PAID",
      tx_hash: event.txHash,
      payer_address: event.payer,
      block_number: 10,
      paid_after_expiry: false,
    });
    expect(row.confirmed_at).toBeInstanceOf(Date);
    const events = await webhookEvents(t.database.db, p.paymentId);
    expect(events.map((e) => e.type)).toEqual(["payment.paid"]);
    expect(webhookEventSchema.parse(events[0]?.payload)).toMatchObject({
      eventId: events[0]?.id,
      type: "payment.paid",
      paymentId: p.paymentId,
      orderId: p.orderId,
      status: "PAID",
      txHash: event.txHash,
      amount: p.amount,
      tokenSymbol: "KTT",
      tokenAddress: p.tokenAddress,
      chainId: chain.chainId,
      merchantId: p.merchantId,
      paidAfterExpiry: false,
    });
    const deliveries = await deliveriesOfEvent(t.database.db, events[0]!.id);
    expect(deliveries).toEqual([{ status: "PENDING", next_attempt_at: expect.any(Date) }]);
    expect(deliveries[0]!.next_attempt_at!.getTime()).toBeLessThanOrEqual(Date.now());
    expect(await countJobs(t.database.db)).toBe(jobsBefore);
  });

  it("is exactly-once under concurrent appliers", async () => {
    const p = await createPayment(t);
    const event = eventFor(p);
    const results = await Promise.all(
      Array.from({ length: 8 }, () => applyPaymentCompleted(t.database.db, event)),
    );
    expect(results.filter((r) => r === "paid")).toHaveLength(1);
    expect(results.filter((r) => r === "already-applied")).toHaveLength(7);
    expect(await webhookEvents(t.database.db, p.paymentId)).toHaveLength(1);
  });

  it.each([
    ["amount", (p: CreatedPayment) => ({ amount: BigInt(p.amount) - 1n })],
    ["token", () => ({ token: chain.tokens.plain })],
    ["recipient", () => ({ recipient: chain.wallet(7).account.address as Address })],
    ["short delivery", (p: CreatedPayment) => ({ recipientReceived: (BigInt(p.amount) * 90n) / 100n })],
  ])(
    "marks a payment INVALID when the event's %s disagrees, telling what was paid",
    async (_what, override) => {
      const p = await createPayment(t);
      const event = eventFor(p, override(p));
      expect(await applyPaymentCompleted(t.database.db, event)).toBe("invalid");
      expect(await paymentStatus(t.database.db, p.paymentId)).toBe("INVALID");
      const events = await webhookEvents(t.database.db, p.paymentId);
      expect(events.map((e) => e.type)).toEqual(["payment.invalid"]);
      const invalid = webhookEventSchemas["payment.invalid"].parse(events[0]?.payload);
      expect(invalid).toMatchObject({
        status: "INVALID",
        reason: expect.any(String),
        amount: p.amount,
        paid: {
          amount: event.amount.toString(),
          tokenAddress: getAddress(event.token),
          recipientAddress: getAddress(event.recipient),
          recipientReceived: event.recipientReceived?.toString() ?? null,
        },
      });
      // The record tells it too: every disagreement, the amount paid included.
      expect(await merchantRecord(t, p.paymentId)).toMatchObject({
        status: "INVALID",
        statusReason: invalid.reason,
      });
    },
  );

  it("keeps an event for an unknown payment id and reports it", async () => {
    const p = await createPayment(t);
    const unknown = eventFor(p, { paymentId: `0x${"c".repeat(64)}` });
    expect(await applyPaymentCompleted(t.database.db, unknown)).toBe("unknown-payment");
    const kept = await t.database.db
      .selectFrom("chain_events")
      .selectAll()
      .where("payment_id", "=", unknown.paymentId)
      .execute();
    expect(kept).toHaveLength(1);
    expect(kept[0]?.outcome).toBe("unknown-payment");
    expect(await paymentStatus(t.database.db, p.paymentId)).toBe("CREATED");
  });

  it("settles an EXPIRED payment as PAID with paidAfterExpiry", async () => {
    const p = await createPayment(t);
    const later = new Date(Date.parse(p.expiresAt) + 1000);
    expect(
      await expirePaymentsPastDeadline(t.database.db, { now: () => later, paymentId: p.paymentId }),
    ).toEqual([p.paymentId]);
    expect(await paymentStatus(t.database.db, p.paymentId)).toBe("EXPIRED");
    expect(await applyPaymentCompleted(t.database.db, eventFor(p))).toBe("paid");
    const events = await webhookEvents(t.database.db, p.paymentId);
    expect(events.map((e) => e.type)).toEqual(["payment.expired", "payment.paid"]);
    expect(webhookEventSchema.parse(events[0]?.payload)).toMatchObject({ paidAfterExpiry: false });
    expect(webhookEventSchema.parse(events[1]?.payload)).toMatchObject({
      status: "PAID",
      paidAfterExpiry: true,
    });
    // The merchant's record tells it too, not only the webhook.
    expect(await merchantRecord(t, p.paymentId)).toMatchObject({ status: "PAID", paidAfterExpiry: true });
  });

  it("does not expire a payment before expiresAt", async () => {
    const p = await createPayment(t);
    const before = new Date(Date.parse(p.expiresAt) - 1000);
    expect(
      await expirePaymentsPastDeadline(t.database.db, { now: () => before, paymentId: p.paymentId }),
    ).toEqual([]);
    expect(await paymentStatus(t.database.db, p.paymentId)).toBe("CREATED");
  });
});

describe("sweepExpiredPayments", () => {
  async function dueAt(at: Date): Promise<number> {
    const row = await t.database.db
      .selectFrom("payments")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("status", "=", "CREATED")
      .where("expires_at", "<=", at)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** status -> rows, by count(*) and by the counters GET /metrics reads. */
  async function countsBothWays(table: "payments" | "webhook_deliveries") {
    const counted = await sql<{ status: string; n: string }>`
      SELECT status, count(*)::text AS n FROM ${sql.table(table)} GROUP BY status ORDER BY status`.execute(
      t.database.db,
    );
    const kept = await sql<{ status: string; n: string }>`
      SELECT status, sum(n)::text AS n FROM status_counts WHERE table_name = ${table}
      GROUP BY status HAVING sum(n) <> 0 ORDER BY status`.execute(t.database.db);
    return { counted: counted.rows, kept: kept.rows };
  }

  it("expires every due payment in batches, each with one payment.expired event and one delivery, no job", async () => {
    const payments = await Promise.all(Array.from({ length: 7 }, () => createPayment(t)));
    const later = new Date(Math.max(...payments.map((p) => Date.parse(p.expiresAt))) + 1000);
    const due = await dueAt(later);
    expect(due).toBeGreaterThanOrEqual(7);
    const jobsBefore = await countJobs(t.database.db);

    expect(await sweepExpiredPayments(t.database.db, { now: () => later, batchSize: 3 })).toBe(due);
    for (const p of payments) {
      expect(await paymentStatus(t.database.db, p.paymentId)).toBe("EXPIRED");
      const events = await webhookEvents(t.database.db, p.paymentId);
      expect(events.map((e) => e.type)).toEqual(["payment.expired"]);
      expect(events[0]?.payload).toMatchObject({
        eventId: events[0]?.id,
        type: "payment.expired",
        paymentId: p.paymentId,
        orderId: p.orderId,
        status: "EXPIRED",
      });
      expect(await deliveriesOfEvent(t.database.db, events[0]!.id)).toEqual([
        { status: "PENDING", next_attempt_at: later },
      ]);
    }
    expect(await countJobs(t.database.db)).toBe(jobsBefore);
    expect(await sweepExpiredPayments(t.database.db, { now: () => later })).toBe(0);
  });

  it("keeps the status counters equal to the tables' counts", async () => {
    const payments = countsBothWays("payments");
    const deliveries = countsBothWays("webhook_deliveries");
    const [p, d] = await Promise.all([payments, deliveries]);
    expect(p.kept).toEqual(p.counted);
    expect(p.counted.map((row) => row.status)).toEqual(expect.arrayContaining(["EXPIRED", "PAID"]));
    expect(d.kept).toEqual(d.counted);
    expect(d.counted.length).toBeGreaterThan(0);
  });

  it("runs one sweep at a time: a sweep that finds one running steps aside", async () => {
    const p = await createPayment(t);
    const later = new Date(Date.parse(p.expiresAt) + 1000);
    await t.database.db.connection().execute(async (conn) => {
      await sql`SELECT pg_advisory_lock(${EXPIRY_SWEEP_LOCK_KEY})`.execute(conn);
      try {
        expect(await sweepExpiredPayments(t.database.db, { now: () => later })).toBeUndefined();
        expect(await paymentStatus(t.database.db, p.paymentId)).toBe("CREATED");
      } finally {
        await sql`SELECT pg_advisory_unlock(${EXPIRY_SWEEP_LOCK_KEY})`.execute(conn);
      }
    });
    expect(await sweepExpiredPayments(t.database.db, { now: () => later })).toBeGreaterThanOrEqual(1);
    expect(await paymentStatus(t.database.db, p.paymentId)).toBe("EXPIRED");
  });

  it("records the event without a delivery or job when the merchant has no webhook URL", async () => {
    const p = await createPayment(t);
    const later = new Date(Date.parse(p.expiresAt) + 1000);
    const jobsBefore = await countJobs(t.database.db);
    const merchants = t.adminDeps.db.updateTable("merchants");
    await merchants.set({ webhook_url: null }).execute();
    try {
      expect(await sweepExpiredPayments(t.database.db, { now: () => later })).toBeGreaterThanOrEqual(1);
    } finally {
      await merchants.set({ webhook_url: "http://127.0.0.1:9/hooks" }).execute();
    }
    const events = await webhookEvents(t.database.db, p.paymentId);
    expect(events.map((e) => e.type)).toEqual(["payment.expired"]);
    expect(await deliveriesOfEvent(t.database.db, events[0]?.id ?? "")).toEqual([]);
    expect(await countJobs(t.database.db)).toBe(jobsBefore);
  });
});

describe("migrateJobQueue", () => {
  it("has autovacuum clear the job table after a fixed number of dead rows", async () => {
    const { rows } = await sql<{ reloptions: string[] }>`
      SELECT reloptions FROM pg_class WHERE oid = 'graphile_worker._private_jobs'::regclass`.execute(
      t.database.db,
    );
    expect(rows[0]?.reloptions).toEqual(
      expect.arrayContaining(["autovacuum_vacuum_scale_factor=0", "autovacuum_vacuum_threshold=5000"]),
    );
  });
});

describe("failPayment", () => {
  it("moves CREATED to FAILED once with payment.failed", async () => {
    const p = await createPayment(t);
    expect(await failPayment(t.database.db, p.paymentId, "relay transaction reverted")).toBe(true);
    expect(await failPayment(t.database.db, p.paymentId, "again")).toBe(false);
    expect(await paymentStatus(t.database.db, p.paymentId)).toBe("FAILED");
    const events = await webhookEvents(t.database.db, p.paymentId);
    expect(events.map((e) => e.type)).toEqual(["payment.failed"]);
    expect(webhookEventSchema.parse(events[0]?.payload)).toMatchObject({
      status: "FAILED",
      reason: "relay transaction reverted",
    });
    expect(await merchantRecord(t, p.paymentId)).toMatchObject({
      status: "FAILED",
      statusReason: "relay transaction reverted",
    });
  });

  it("does not touch a PAID payment", async () => {
    const p = await createPayment(t);
    await applyPaymentCompleted(t.database.db, eventFor(p));
    expect(await failPayment(t.database.db, p.paymentId, "late")).toBe(false);
    expect(await paymentStatus(t.database.db, p.paymentId)).toBe("PAID");
  });
});
