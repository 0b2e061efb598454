/**
 * Worker crashes on real processes: two `kassa worker` processes on one database and anvil, one of them
 * SIGKILLed while it holds work. graphile-worker alone keeps a dead worker's jobs locked for four hours;
 * the heartbeats hand them to the survivor within a minute, and a webhook's lease ends with its timeout.
 * Every webhook is acknowledged once per event id, the relay is sent once and completes, and the time
 * each recovery took is printed.
 */
import { anvilPrivateKeys } from "@kassa/contracts/dev";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestChain } from "../harness/chain.js";
import {
  createPayment,
  freshPayer,
  paymentStatus,
  relayBody,
  relayStatus,
  RELAYER_INDEX,
  startGaslessEnv,
  type GaslessTestEnv,
} from "../harness/gasless.js";
import { causeEvent, setWebhookUrl, startReceiver, type Receiver } from "../harness/lifecycle.js";
import { waitFor } from "../harness/waitFor.js";
import { exitOf, isRunning, startKassa, type KassaProcess } from "../harness/operations.js";
import { TASKS } from "../../src/domain/tasks.js";

/**
 * The workers beat every second and count a worker dead after 8 s of silence (WORKER_HEARTBEAT_INTERVAL_MS,
 * WORKER_DEAD_AFTER_MS; 5 s and 30 s by default): recovery takes 8-10 s; the wait allows much more on a
 * busy machine.
 */
const LIVENESS = { WORKER_HEARTBEAT_INTERVAL_MS: "1000", WORKER_DEAD_AFTER_MS: "8000" };
const RECOVERY_BOUND_MS = 90_000;
const SCENARIO_TIMEOUT_MS = 150_000;

let chain: TestChain;
let env: GaslessTestEnv;
let receiver: Receiver;
const workers: KassaProcess[] = [];

async function startWorkerProcess(): Promise<KassaProcess> {
  const worker = await startKassa("worker", {
    databaseUrl: env.t.database.url,
    signerKey: chain.signerKey.reveal(),
    env: { [`RELAYER_PRIVATE_KEYS_${chain.chainId}`]: anvilPrivateKeys[RELAYER_INDEX], ...LIVENESS },
  });
  workers.push(worker);
  return worker;
}

/** The worker process whose graphile-worker pool holds a job of `task`, found through its heartbeat. */
async function holderOf(task: string): Promise<KassaProcess | undefined> {
  const { rows } = await sql<{ pid: number }>`
    SELECT beats.pid FROM graphile_worker.jobs AS jobs
    JOIN worker_heartbeats AS beats ON beats.pool_id = jobs.locked_by
    WHERE jobs.task_identifier = ${task}`.execute(env.t.database.db);
  const pids = new Set(rows.map((row) => row.pid));
  return workers.find((w) => isRunning(w.child) && pids.has(w.child.pid ?? -1));
}

/** The worker process holding the lease of the (only) webhook delivery: its `sending_by` is host:pid. */
async function senderOfTheDelivery(): Promise<KassaProcess | undefined> {
  const { rows } = await sql<{ sending_by: string | null }>`
    SELECT sending_by FROM webhook_deliveries WHERE status = 'PENDING'`.execute(env.t.database.db);
  const pids = new Set(rows.map((row) => Number(row.sending_by?.split(":").pop())));
  return workers.find((w) => isRunning(w.child) && pids.has(w.child.pid ?? -1));
}

async function kill(worker: KassaProcess): Promise<void> {
  worker.child.kill("SIGKILL");
  await exitOf(worker.child);
}

async function deliveries() {
  return env.t.database.db
    .selectFrom("webhook_deliveries")
    .select(["event_id", "status", "attempt_count"])
    .execute();
}

beforeAll(async () => {
  env = await startGaslessEnv();
  chain = env.chain;
  receiver = await startReceiver();
  await setWebhookUrl(env.t.database.db, env.t.merchant.merchantKey, receiver.url);
  await startWorkerProcess();
  await startWorkerProcess();
});

afterAll(async () => {
  for (const w of workers) if (isRunning(w.child)) w.child.kill("SIGKILL");
  await receiver?.close();
  await env?.close();
});

describe("a worker SIGKILLed while it holds work", () => {
  it(
    "delivers a webhook whose POST was cut by the kill, once",
    async () => {
      receiver.respondWith = "hang";
      await causeEvent(env.t);
      await waitFor("the receiver to read the delivery", () => receiver.requests === 1);
      const holder = await waitFor("the worker sending it", senderOfTheDelivery);
      await kill(holder);
      // The cut request is never answered: only the retry is acknowledged.
      receiver.held.length = 0;
      receiver.respondWith = 200;
      const killedAt = performance.now();
      await waitFor(
        "the delivery to succeed on the surviving worker",
        async () => (await deliveries()).every((d) => d.status === "SUCCEEDED"),
        RECOVERY_BOUND_MS,
      );
      console.log(
        `crash mid webhook POST: delivered ${Math.round(performance.now() - killedAt)} ms after the SIGKILL`,
      );
      const [delivery] = await deliveries();
      expect(delivery).toMatchObject({ status: "SUCCEEDED", attempt_count: 1 });
      expect(receiver.received.map((r) => r.headers["webhook-id"])).toEqual([delivery!.event_id]);
      await startWorkerProcess();
    },
    SCENARIO_TIMEOUT_MS,
  );

  it(
    "completes a relay accepted just before the kill, sent once",
    async () => {
      const pk = env.t.merchant.publicKey;
      const payer = freshPayer();
      await chain.mint(chain.tokens.permit18, payer.address, 100n * 10n ** 18n);
      const p = await createPayment(env, pk, "chaos-relay", 3);
      const response = await env.request(`/payments/${p.paymentId}/relay`, {
        method: "POST",
        headers: { "x-public-key": pk },
        json: await relayBody(env, payer, p),
      });
      expect(response.status).toBe(202);
      // Kill the worker that took the relay job; if it was already done, kill one anyway.
      let heldTheJob = false;
      const holder = await waitFor("the relay job taken or done", async () => {
        const taken = await holderOf(TASKS.submitRelay);
        heldTheJob = taken !== undefined;
        if (taken) return taken;
        const { status } = await relayStatus(env, pk, p.paymentId);
        return status !== "QUEUED" && workers.find((w) => isRunning(w.child));
      });
      await kill(holder);
      const killedAt = performance.now();
      await waitFor(
        "the payment PAID, its relay CONFIRMED and its webhook acknowledged",
        async () =>
          (await paymentStatus(env, pk, p.paymentId)) === "PAID" &&
          (await relayStatus(env, pk, p.paymentId)).status === "CONFIRMED" &&
          (await deliveries()).every((d) => d.status === "SUCCEEDED") &&
          receiver.received.length === 2,
        RECOVERY_BOUND_MS,
      );
      console.log(
        `crash after a relay's 202: payment PAID ${Math.round(performance.now() - killedAt)} ms after the SIGKILL (the killed worker ${heldTheJob ? "held" : "had finished"} the relay job)`,
      );
      const sent = await env.t.database.db
        .selectFrom("sender_transactions")
        .select("nonce")
        .where("purpose", "=", "relay")
        .execute();
      expect(sent).toHaveLength(1);
    },
    SCENARIO_TIMEOUT_MS,
  );

  it("acknowledges every event once", async () => {
    const all = await deliveries();
    expect(all.every((d) => d.status === "SUCCEEDED")).toBe(true);
    const acknowledged = receiver.received.map((r) => r.headers["webhook-id"]).sort();
    expect(acknowledged).toEqual(all.map((d) => d.event_id).sort());
  });
});
