/**
 * The database restored from a backup older than its newest payments, under real `kassa start` processes:
 * the chain goes on holding what the backup lost. No sequence the chain used is signed again, the payments
 * paid after the backup are found again from the chain, and a sequence the backup's loss still lets two ids
 * share (a payment signed before the restore, paid after it) is a collision: alerted, never settled.
 */
import { paymentSequence } from "@kassa/contracts/paymentId";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, inject } from "vitest";
import type { TestApp } from "../harness/app.js";
import type { TestChain, TestWalletClient } from "../harness/chain.js";
import { type CreatedPayment } from "../harness/payments.js";
import { waitFor } from "../harness/waitFor.js";
import {
  deliveredWebhook,
  fundPayer,
  merchantRecord,
  pay,
  paymentStatus,
  startLifecycleEnv,
  type LifecycleEnv,
  type Receiver,
} from "../harness/lifecycle.js";
import { createPaymentOn, exitOf, isRunning, startKassa, type KassaProcess } from "../harness/operations.js";

let env: LifecycleEnv;
let chain: TestChain;
let t: TestApp;
let payer: TestWalletClient;
let receiver: Receiver;
const processes: KassaProcess[] = [];

beforeAll(async () => {
  // The `kassa start` processes are the workers.
  env = await startLifecycleEnv(null);
  ({ chain, t, receiver } = env);
  payer = chain.wallet(5);
  await fundPayer(chain, payer, chain.tokens.permit18);
});
afterAll(async () => {
  for (const started of processes) if (isRunning(started.child)) started.child.kill("SIGKILL");
  // A failure between the backup and the restore leaves the backup: it is the test's to drop.
  if (t) await asAdmin([`DROP DATABASE IF EXISTS ${backup()} WITH (FORCE)`]);
  await env?.stop();
});

/** `kassa start` (the API and the worker) on the test's database: a fresh process, its own sequence ranges. */
async function startProcess(): Promise<KassaProcess> {
  const started = await startKassa("start", {
    databaseUrl: t.database.url,
    signerKey: chain.signerKey.reveal(),
  });
  processes.push(started);
  return started;
}

async function stopProcess(started: KassaProcess): Promise<void> {
  started.child.kill("SIGTERM");
  expect(await exitOf(started.child)).toBe(0);
}

async function create(api: KassaProcess): Promise<CreatedPayment> {
  const created = await createPaymentOn(api, t, `restore-${Date.now()}-${Math.random()}`);
  expect(created.status).toBe(201);
  return created.body.data;
}

const database = () => new URL(t.database.url).pathname.slice(1);
const backup = () => `${database()}_backup`;

async function asAdmin(statements: string[]): Promise<void> {
  const client = new pg.Client({ connectionString: inject("adminDatabaseUrl") });
  await client.connect();
  try {
    for (const statement of statements) await client.query(statement);
  } finally {
    await client.end();
  }
}

/** A copy of the database as it is now (every Kassa process stopped): what a backup holds. */
async function takeBackup(): Promise<void> {
  await asAdmin([
    // The test's own idle connections; its pool opens new ones when it next asks.
    `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '${database()}' AND pid <> pg_backend_pid()`,
    `CREATE DATABASE ${backup()} TEMPLATE ${database()}`,
  ]);
}

/** The database replaced by the backup, as an operator restores one (every Kassa process stopped). */
async function restoreBackup(): Promise<void> {
  await asAdmin([
    `DROP DATABASE ${database()} WITH (FORCE)`,
    `CREATE DATABASE ${database()} TEMPLATE ${backup()}`,
    `DROP DATABASE ${backup()}`,
  ]);
}

const paid = (p: CreatedPayment) =>
  waitFor(`${p.paymentId} PAID`, async () => (await paymentStatus(t.database.db, p.paymentId)) === "PAID");

const sequenceOf = (p: CreatedPayment) => paymentSequence(p.paymentId);

async function collisions() {
  return t.database.db.selectFrom("sequence_collisions").select(["kind", "known_id", "seen_id"]).execute();
}

describe("a database restored from a backup older than its newest payments", () => {
  it("signs no sequence the chain used since the backup, and finds the payments paid since then again", async () => {
    const first = await startProcess();
    const before = await create(first);
    await pay(chain, payer, before);
    await paid(before);
    const paidAfterBackup = await create(first);
    await stopProcess(first);
    await takeBackup();

    // What the backup will not hold: a process's new range of sequences, and payments paid with them.
    const second = await startProcess();
    const lost = [await create(second), await create(second)];
    for (const p of [...lost, paidAfterBackup]) await pay(chain, payer, p);
    for (const p of [...lost, paidAfterBackup]) await paid(p);
    await stopProcess(second);
    await restoreBackup();
    expect(await paymentStatus(t.database.db, paidAfterBackup.paymentId)).toBe("CREATED");
    expect(await paymentStatus(t.database.db, lost[0]!.paymentId)).toBeUndefined();

    const third = await startProcess();
    const fresh = [await create(third), await create(third), await create(third)];
    const highestLost = lost.map(sequenceOf).reduce((a, b) => (a > b ? a : b));
    for (const p of fresh) expect(sequenceOf(p)).toBeGreaterThan(highestLost);
    // Each pays (pay() expects the transaction to succeed: a sequence already used would revert).
    for (const p of fresh) await pay(chain, payer, p);
    for (const p of fresh) await paid(p);

    // Found again from the chain: the payment paid after the backup, and the events of the lost ones.
    await paid(paidAfterBackup);
    expect(await merchantRecord(t, paidAfterBackup.paymentId)).toMatchObject({ status: "PAID" });
    const kept = await t.database.db
      .selectFrom("chain_events")
      .select(["payment_id", "outcome"])
      .where(
        "payment_id",
        "in",
        lost.map((p) => p.paymentId),
      )
      .orderBy("payment_id")
      .execute();
    expect(kept).toEqual(
      lost
        .map((p) => ({ payment_id: p.paymentId, outcome: "unknown-payment" }))
        .sort((a, b) => a.payment_id.localeCompare(b.payment_id)),
    );
    expect(await collisions()).toEqual([]);
    await stopProcess(third);
  });

  it("fails an open payment whose sequence a payment signed before the restore takes after it: a collision, never PAID", async () => {
    await takeBackup();

    // Signed after the backup, paid only once the database is restored: nothing on the chain tells the
    // restored database about its sequence before then.
    const second = await startProcess();
    const signedBeforeRestore = await create(second);
    await stopProcess(second);
    await restoreBackup();

    const third = await startProcess();
    const holder = await create(third);
    expect(sequenceOf(holder)).toBe(sequenceOf(signedBeforeRestore));
    await pay(chain, payer, signedBeforeRestore);

    const failed = await deliveredWebhook(receiver, holder.paymentId, "payment.failed");
    expect(failed.payload).toMatchObject({
      status: "FAILED",
      reason: expect.stringContaining("sequence collision"),
    });
    expect(await collisions()).toEqual([
      { kind: "payment", known_id: holder.paymentId, seen_id: signedBeforeRestore.paymentId },
    ]);
    const metrics = await (await fetch(third.url.replace("/api/v1", "/metrics"))).text();
    expect(metrics).toMatch(/kassa_sequence_collisions\{network_id="\d+",kind="payment"\} 1/);
    // Its bit is set: the gateway refuses to be paid for it, and nothing settles it.
    await expect(pay(chain, payer, holder)).rejects.toThrow();
    expect(await paymentStatus(t.database.db, holder.paymentId)).toBe("FAILED");
    await stopProcess(third);
  });
});
