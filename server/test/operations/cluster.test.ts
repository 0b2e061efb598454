/**
 * Two `kassa api` and two `kassa worker` processes on one database, under concurrent load: no duplicate
 * payment, every webhook delivered exactly once, exactly one watcher per chain (and a takeover when it
 * dies), and a clean exit on SIGTERM.
 */
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WATCHER_LOCK_SPACE } from "../../src/core/watcher/settlementFacts.js";
import type { TestApp } from "../harness/app.js";
import type { TestChain, TestWalletClient } from "../harness/chain.js";
import { fundPayer, pay, startLifecycleEnv, type LifecycleEnv, type Receiver } from "../harness/lifecycle.js";
import { waitFor } from "../harness/waitFor.js";
import { type CreatedPayment } from "../harness/payments.js";
import {
  createPaymentOn,
  exitOf,
  isRunning,
  startKassa as startKassaProcess,
  type KassaProcess,
} from "../harness/operations.js";

let env: LifecycleEnv;
let chain: TestChain;
let t: TestApp;
let receiver: Receiver;
let payer: TestWalletClient;
const processes: KassaProcess[] = [];

async function startKassa(role: "api" | "worker"): Promise<KassaProcess> {
  const started = await startKassaProcess(role, {
    databaseUrl: t.database.url,
    signerKey: chain.signerKey.reveal(),
  });
  processes.push(started);
  return started;
}

const create = (api: KassaProcess, orderId: string) => createPaymentOn(api, t, orderId);

/** Watcher locks in this file's database (pg_locks lists every database's: other test files run beside). */
async function watcherLocksHeld(): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM pg_locks
    WHERE locktype = 'advisory' AND granted AND classid = ${WATCHER_LOCK_SPACE}
      AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`.execute(t.database.db);
  return rows[0]?.n ?? 0;
}

const watchingLines = (p: KassaProcess) =>
  p.logs.filter((line) => line.includes('"msg":"watching chain"')).length;

beforeAll(async () => {
  // The `kassa` processes are the workers.
  env = await startLifecycleEnv(null);
  ({ chain, t, receiver } = env);
  payer = chain.wallet(5);
  await fundPayer(chain, payer, t.token as `0x${string}`);
  for (const role of ["api", "api", "worker", "worker"] as const) await startKassa(role);
});

afterAll(async () => {
  for (const p of processes) if (isRunning(p.child)) p.child.kill("SIGKILL");
  await env?.stop();
});

describe("two API and two worker processes on one database", () => {
  const apis = () => processes.filter((p) => p.role === "api");
  const workers = () => processes.filter((p) => p.role === "worker" && isRunning(p.child));
  const paid: CreatedPayment[] = [];

  it("creates each order once whichever process and however many times it is asked", async () => {
    const [a, b] = apis() as [KassaProcess, KassaProcess];
    const orders = Array.from({ length: 20 }, (_, i) => `cluster-${i}`);
    // Every order is created by both APIs at the same time, twice each.
    const results = await Promise.all(
      orders.flatMap((order) => [a, b, a, b].map((api) => create(api, order))),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(orders.length);
    expect(results.filter((r) => r.status === 409).every((r) => r.body.code === "DUPLICATE_ORDER")).toBe(
      true,
    );
    expect(results.filter((r) => r.status === 409)).toHaveLength(orders.length * 3);

    const rows = await t.database.db
      .selectFrom("payments")
      .select(({ fn }) => ["order_id", fn.countAll<number>().as("n")])
      .where("order_id", "like", "cluster-%")
      .groupBy("order_id")
      .execute();
    expect(rows).toHaveLength(orders.length);
    expect(rows.every((row) => Number(row.n) === 1)).toBe(true);
    paid.push(...results.filter((r) => r.status === 201).map((r) => r.body.data));
  });

  it("runs exactly one watcher for the chain", async () => {
    await waitFor("a watcher", async () => (await watcherLocksHeld()) === 1);
    expect(workers().map(watchingLines).sort()).toEqual([0, 1]);
  });

  it("settles every payment once and delivers each webhook exactly once", async () => {
    for (const p of paid) await pay(chain, payer, p);
    await waitFor(
      "every payment PAID and its webhook received",
      async () => {
        const statuses = await t.database.db
          .selectFrom("payments")
          .select("status")
          .where("order_id", "like", "cluster-%")
          .execute();
        const pending = await t.database.db
          .selectFrom("webhook_deliveries")
          .select("id")
          .where("status", "!=", "SUCCEEDED")
          .execute();
        return (
          statuses.every((row) => row.status === "PAID") &&
          receiver.received.length >= paid.length &&
          pending.length === 0
        );
      },
      60_000,
    );
    const deliveries = await t.database.db
      .selectFrom("webhook_deliveries")
      .select(["event_id", "status", "attempt_count"])
      .execute();
    expect(deliveries).toHaveLength(paid.length);
    expect(deliveries.every((d) => d.status === "SUCCEEDED" && d.attempt_count === 1)).toBe(true);

    const ids = receiver.received.map((r) => r.headers["webhook-id"]);
    expect(new Set(ids).size).toBe(ids.length);
    const paidIds = receiver.received.map((r) => r.payload.paymentId).sort();
    expect(paidIds).toEqual(paid.map((p) => p.paymentId).sort());
    expect(receiver.received.every((r) => r.payload.type === "payment.paid")).toBe(true);
  });

  it("hands the chain to the other worker when the watcher dies", async () => {
    const leader = workers().find((p) => watchingLines(p) === 1) as KassaProcess;
    leader.child.kill("SIGKILL");
    await exitOf(leader.child);
    const survivor = workers()[0] as KassaProcess;
    await waitFor("the other worker to watch the chain", () => watchingLines(survivor) === 1, 30_000);

    const late = await create(apis()[0] as KassaProcess, "cluster-after-takeover");
    expect(late.status).toBe(201);
    await pay(chain, payer, late.body.data);
    await waitFor(
      "the late payment PAID",
      async () =>
        (
          await t.database.db
            .selectFrom("payments")
            .select("status")
            .where("payment_id", "=", late.body.data.paymentId)
            .executeTakeFirst()
        )?.status === "PAID",
      30_000,
    );
    expect(await watcherLocksHeld()).toBe(1);
  });

  it("stops every process cleanly on SIGTERM", async () => {
    const running = processes.filter((p) => isRunning(p.child));
    const exits = running.map((p) => exitOf(p.child));
    for (const p of running) p.child.kill("SIGTERM");
    expect(await Promise.all(exits)).toEqual(running.map(() => 0));
    expect(await watcherLocksHeld()).toBe(0);
  });
});
