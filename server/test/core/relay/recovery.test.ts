import { anvilAccount, anvilPrivateKeys } from "@kassa/contracts/dev";
import { createTestClient, http, parseGwei, type Hex } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestChain } from "../../harness/chain.js";
import { countJobs } from "../../harness/lifecycle.js";
import { exitOf, isRunning, startKassa } from "../../harness/operations.js";
import { runUntilKilled, type KillPoint } from "../../harness/killAtBroadcast.js";
import {
  createPayment,
  freshPayer,
  paymentStatus,
  relayBody,
  relayStatus,
  RELAYER_INDEX,
  startGaslessEnv,
  type GaslessTestEnv,
} from "../../harness/gasless.js";
import { waitFor } from "../../harness/waitFor.js";
import { TASKS } from "../../../src/domain/tasks.js";

const relayer = anvilAccount(RELAYER_INDEX).address;

async function relayRows(env: GaslessTestEnv, paymentId: string) {
  const relay = await env.t.database.db
    .selectFrom("relay_requests")
    .innerJoin("payments", "payments.id", "relay_requests.payment_id")
    .select(["relay_requests.id", "relay_requests.status", "relay_requests.sender_transaction_id"])
    .where("payments.payment_id", "=", paymentId)
    .executeTakeFirstOrThrow();
  const broadcasts =
    relay.sender_transaction_id === null
      ? []
      : await env.t.database.db
          .selectFrom("sender_broadcasts")
          .selectAll()
          .where("sender_transaction_id", "=", relay.sender_transaction_id)
          .orderBy("id")
          .execute();
  return { relay, broadcasts };
}

/** Sends the queued relay from a separate relayer process that SIGKILLs itself at `killPoint`. */
function relayUntilKilled(env: GaslessTestEnv, relayRequestId: number, killPoint: KillPoint) {
  return runUntilKilled(
    new URL("../../harness/relayerProcess.ts", import.meta.url),
    { databaseUrl: env.t.database.url, chain: env.chain, relayerKey: anvilPrivateKeys[RELAYER_INDEX] },
    String(relayRequestId),
    killPoint,
  );
}

/** How many relay transactions the nonce ledger holds (one per relay sent, whatever its broadcasts). */
async function relayTransactionCount(env: GaslessTestEnv): Promise<number> {
  const rows = await env.t.database.db
    .selectFrom("sender_transactions")
    .select("id")
    .where("purpose", "=", "relay")
    .execute();
  return rows.length;
}

describe("processes SIGKILLed around a relay", () => {
  let chain: TestChain;
  let env: GaslessTestEnv;
  beforeAll(async () => {
    env = await startGaslessEnv();
    chain = env.chain;
  });
  afterAll(() => env?.close());

  async function acceptedRelay(orderId: string) {
    const pk = env.t.merchant.publicKey;
    const payer = freshPayer();
    await chain.mint(chain.tokens.permit18, payer.address, 10n ** 20n);
    const p = await createPayment(env, pk, orderId, 4);
    return { pk, p, body: await relayBody(env, payer, p) };
  }

  /** Waits (bounded) for the relay to finish; it must be CONFIRMED and its payment PAID. */
  async function relayConfirmed(pk: string, paymentId: string, what: string) {
    const done = await waitFor(what, async () => {
      const r = await relayStatus(env, pk, paymentId);
      return r.status === "CONFIRMED" || r.status === "FAILED" ? r : undefined;
    });
    expect(done.status).toBe("CONFIRMED");
    expect(await paymentStatus(env, pk, paymentId)).toBe("PAID");
    return done;
  }

  it.each([
    // The signed transaction is recorded (nonce taken, relay SUBMITTED) but never reached the node.
    { killPoint: "before-broadcast" as const, landedAtCrash: 0 },
    // The transaction is on chain, but the dead process never recorded that it was sent.
    { killPoint: "after-broadcast" as const, landedAtCrash: 1 },
  ])("a relayer killed $killPoint sends the recorded transaction once after a restart", async (scenario) => {
    const { pk, p, body } = await acceptedRelay(scenario.killPoint);
    const response = await env.request(`/payments/${p.paymentId}/relay`, {
      method: "POST",
      headers: { "x-public-key": pk },
      json: body,
    });
    expect(response.status).toBe(202);
    const nonceBefore = await chain.publicClient.getTransactionCount({ address: relayer });
    const ledgerBefore = await relayTransactionCount(env);
    const { relay } = await relayRows(env, p.paymentId);

    expect(await relayUntilKilled(env, relay.id, scenario.killPoint)).toBe("SIGKILL");
    const crashed = await relayRows(env, p.paymentId);
    expect(crashed.relay.status).toBe("SUBMITTED");
    expect(crashed.broadcasts).toHaveLength(1);
    expect(crashed.broadcasts[0]!.status).toBe("PENDING");
    const pendingNonce = await chain.publicClient.getTransactionCount({
      address: relayer,
      blockTag: "pending",
    });
    expect(pendingNonce).toBe(nonceBefore + scenario.landedAtCrash);

    // Restart: the queued job finds the relay already taken; the tracker sends the recorded bytes again
    // (the node knows them already when they landed) and finds them mined.
    const restartedAt = performance.now();
    const worker = await env.startWorker();
    try {
      const done = await relayConfirmed(pk, p.paymentId, "relay CONFIRMED after restart");
      expect(done.transactionHash).toBe(crashed.broadcasts[0]!.tx_hash);
      // The queued job ran too, found the relay taken and sent nothing.
      await waitFor("the queued relay job done", async () => {
        const n = await countJobs(env.t.database.db, TASKS.submitRelay);
        return n === 0 ? n : undefined;
      });
      console.log(
        `relayer killed ${scenario.killPoint}: relay CONFIRMED and payment PAID ${Math.round(performance.now() - restartedAt)} ms after the restart`,
      );
      expect(await chain.publicClient.getTransactionCount({ address: relayer })).toBe(nonceBefore + 1);
      const after = await relayRows(env, p.paymentId);
      expect(after.broadcasts.map((b) => b.tx_hash)).toEqual([crashed.broadcasts[0]!.tx_hash]);
      expect(await relayTransactionCount(env)).toBe(ledgerBefore + 1);
    } finally {
      await worker.stop();
    }
  });

  it("an API process killed right after its 202 leaves the relay in the queue for a worker", async () => {
    const { pk, p, body } = await acceptedRelay("api-kill");
    const nonceBefore = await chain.publicClient.getTransactionCount({ address: relayer });
    const ledgerBefore = await relayTransactionCount(env);
    const api = await startKassa("api", {
      databaseUrl: env.t.database.url,
      signerKey: chain.signerKey.reveal(),
      env: { [`RELAYER_PRIVATE_KEYS_${chain.chainId}`]: anvilPrivateKeys[RELAYER_INDEX] },
    });
    try {
      const response = await fetch(`${api.url}/payments/${p.paymentId}/relay`, {
        method: "POST",
        headers: { "x-public-key": pk, "content-type": "application/json" },
        body: JSON.stringify(body),
      });
      expect(response.status).toBe(202);
      api.child.kill("SIGKILL");
      await exitOf(api.child);
    } finally {
      if (isRunning(api.child)) api.child.kill("SIGKILL");
    }
    expect(api.child.signalCode).toBe("SIGKILL");
    expect((await relayStatus(env, pk, p.paymentId)).status).toBe("QUEUED");
    // The job was enqueued with the relay, in the transaction the 202 answered for.
    expect(await countJobs(env.t.database.db, TASKS.submitRelay)).toBe(1);

    const startedAt = performance.now();
    const worker = await env.startWorker();
    try {
      await relayConfirmed(pk, p.paymentId, "relay CONFIRMED by a worker");
      console.log(
        `API killed right after a relay's 202: relay CONFIRMED and payment PAID ${Math.round(performance.now() - startedAt)} ms after a worker started`,
      );
      expect(await chain.publicClient.getTransactionCount({ address: relayer })).toBe(nonceBefore + 1);
      expect((await relayRows(env, p.paymentId)).broadcasts).toHaveLength(1);
      expect(await relayTransactionCount(env)).toBe(ledgerBefore + 1);
    } finally {
      await worker.stop();
    }
  });
});

describe("a relay stuck under low fees", () => {
  let chain: TestChain;
  let env: GaslessTestEnv;
  beforeAll(async () => {
    env = await startGaslessEnv({ anvil: { blockTime: 1 }, settings: { stuckAfterSeconds: 1 } });
    chain = env.chain;
  });
  afterAll(() => env?.close());

  it("is replaced with the same nonce and higher fees, and confirms once", async () => {
    const pk = env.t.merchant.publicKey;
    const payer = freshPayer();
    await chain.mint(chain.tokens.permit18, payer.address, 10n ** 20n);
    const p = await createPayment(env, pk, "stuck", 2);
    const body = await relayBody(env, payer, p);
    const testClient = createTestClient({ mode: "anvil", chain: chain.chain, transport: http(chain.rpcUrl) });
    const nonceBefore = await chain.publicClient.getTransactionCount({ address: relayer });
    await env.startWorker();

    // Hold the blocks while the relay is priced at today's base fee, then make blocks expensive.
    await testClient.setIntervalMining({ interval: 0 });
    const response = await env.request(`/payments/${p.paymentId}/relay`, {
      method: "POST",
      headers: { "x-public-key": pk },
      json: body,
    });
    expect(response.status).toBe(202);
    const submitted = await waitFor("first broadcast sent", async () => {
      const rows = await relayRows(env, p.paymentId);
      return rows.broadcasts[0]?.status === "SENT" ? rows : undefined;
    });
    const first = submitted.broadcasts[0]!;
    expect(BigInt(first.max_fee_per_gas!)).toBeLessThan(parseGwei("100"));
    await testClient.setNextBlockBaseFeePerGas({ baseFeePerGas: parseGwei("100") });
    await testClient.setIntervalMining({ interval: 1 });

    const done = await waitFor(
      "relay CONFIRMED after replacement",
      async () => {
        const r = await relayStatus(env, pk, p.paymentId);
        return r.status === "CONFIRMED" || r.status === "FAILED" ? r : undefined;
      },
      45_000,
    );
    expect(done.status).toBe("CONFIRMED");
    expect(done.transactionHash).not.toBe(first.tx_hash);

    const { broadcasts } = await relayRows(env, p.paymentId);
    expect(broadcasts.length).toBeGreaterThanOrEqual(2);
    const mined = broadcasts.find((b) => b.tx_hash === done.transactionHash)!;
    // Every replacement pays at least 10% more than the one before it.
    for (let i = 1; i < broadcasts.length; i++) {
      const previous = broadcasts[i - 1]!;
      const current = broadcasts[i]!;
      expect(BigInt(current.max_fee_per_gas!) * 10n).toBeGreaterThanOrEqual(
        BigInt(previous.max_fee_per_gas!) * 11n,
      );
      expect(BigInt(current.max_priority_fee_per_gas!) * 10n).toBeGreaterThanOrEqual(
        BigInt(previous.max_priority_fee_per_gas!) * 11n,
      );
    }
    const minedTx = await chain.publicClient.getTransaction({ hash: mined.tx_hash as Hex });
    expect(minedTx.nonce).toBe(nonceBefore);
    await expect(chain.publicClient.getTransactionReceipt({ hash: first.tx_hash as Hex })).rejects.toThrow();
    expect(await chain.publicClient.getTransactionCount({ address: relayer })).toBe(nonceBefore + 1);
    expect(await paymentStatus(env, pk, p.paymentId)).toBe("PAID");
  });
});
