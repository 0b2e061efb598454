import { sql } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createChainClients } from "../../src/chain/clients.js";
import { createPaymentSync } from "../../src/core/payments/paymentSync.js";
import { settlementFacts, type SettlementFactsOptions } from "../../src/core/watcher/settlementFacts.js";
import { createChainWatcher, type ChainWatcher, type ChainWatcherOptions } from "../../src/chain/watcher.js";
import type { TestApp } from "../harness/app.js";
import { startTestChain, type TestChain, type TestWalletClient } from "../harness/chain.js";
import {
  chainRowIdOf,
  createPayment,
  fundPayer,
  pay,
  paymentStatus,
  signPayTransaction,
  silentLogger,
  startLifecycleApp,
  webhookEvents,
} from "../harness/lifecycle.js";
import { waitFor } from "../harness/waitFor.js";

let chain: TestChain;
let t: TestApp;
let payer: TestWalletClient;
const watchers: ChainWatcher[] = [];

beforeAll(async () => {
  chain = await startTestChain();
  t = await startLifecycleApp(chain);
  payer = chain.wallet(6);
  await fundPayer(chain, payer, chain.tokens.permit18);
});
afterAll(async () => {
  for (const watcher of watchers) await watcher.stop();
  await t?.close();
  await chain?.stop();
});
beforeEach(async () => {
  for (const watcher of watchers.splice(0)) await watcher.stop();
  await setConfirmations(0);
});

function watcher(
  options: Partial<ChainWatcherOptions> = {},
  facts: Partial<SettlementFactsOptions> = {},
): ChainWatcher {
  const created = createChainWatcher({
    handler: settlementFacts({
      db: t.database.db,
      databaseUrl: t.database.url,
      logger: silentLogger,
      ...facts,
    }),
    chains: createChainClients(),
    logger: silentLogger,
    pollIntervalMs: 50,
    ...options,
  });
  watchers.push(created);
  return created;
}

async function setConfirmations(confirmations: number) {
  await t.database.db
    .updateTable("chains")
    .set({ confirmations })
    .where("network_id", "=", chain.chainId)
    .execute();
}

const cursor = () => t.database.db.selectFrom("chain_cursors").selectAll().executeTakeFirstOrThrow();

async function pollUntilCaughtUp(w: ChainWatcher, confirmations: number) {
  const safe = Number(await chain.publicClient.getBlockNumber()) - confirmations;
  await waitFor("the watcher to reach the safe head", async () => {
    await w.pollOnce();
    return (await cursor()).block_number >= safe;
  });
}

const rpc = (method: string, params: unknown[]) =>
  chain.publicClient.request({ method: method as never, params: params as never });

describe("reorgs", () => {
  it("does not pay on a block rolled back before its confirmation depth, and pays the re-mined transaction", async () => {
    await setConfirmations(3);
    const w = watcher();
    const p = await createPayment(t);
    const raw = await signPayTransaction(payer, chain, p);
    const hash = await chain.publicClient.sendRawTransaction({ serializedTransaction: raw });
    await chain.publicClient.waitForTransactionReceipt({ hash });
    await rpc("anvil_mine", ["0x1"]);
    await pollUntilCaughtUp(w, 3);
    expect(await paymentStatus(t.database.db, p.paymentId)).toBe("CREATED");

    // Roll back the payment's block and the one after it.
    await rpc("anvil_reorg", [2, []]);
    await pollUntilCaughtUp(w, 3);
    expect(await paymentStatus(t.database.db, p.paymentId)).toBe("CREATED");
    expect(await webhookEvents(t.database.db, p.paymentId)).toEqual([]);

    // The same signed transaction is mined again on the new chain (unless anvil already re-included it).
    await chain.publicClient.sendRawTransaction({ serializedTransaction: raw }).catch(() => undefined);
    const receipt = await chain.publicClient.waitForTransactionReceipt({ hash });
    await rpc("anvil_mine", ["0x3"]);
    await pollUntilCaughtUp(w, 3);
    const row = await t.database.db
      .selectFrom("payments")
      .select(["status", "tx_hash", "block_hash"])
      .where("payment_id", "=", p.paymentId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: "PAID", tx_hash: hash, block_hash: receipt.blockHash });
    expect((await webhookEvents(t.database.db, p.paymentId)).map((e) => e.type)).toEqual(["payment.paid"]);
  });

  it("steps back when the cursor's block is no longer canonical, then follows the new chain", async () => {
    const w = watcher();
    await rpc("anvil_mine", ["0x3"]);
    await pollUntilCaughtUp(w, 0);
    const before = await cursor();
    await rpc("anvil_reorg", [3, []]);
    await w.pollOnce();
    const stepped = await cursor();
    expect(stepped.block_number).toBeLessThan(before.block_number);
    await pollUntilCaughtUp(w, 0);
    const after = await cursor();
    const canonical = await chain.publicClient.getBlock({ blockNumber: BigInt(after.block_number) });
    expect(after.block_hash).toBe(canonical.hash);
    expect(after.block_hash).not.toBe(before.block_hash);
  });
});

describe("crashes and takeover", () => {
  it("loses and repeats nothing when killed mid-range: a restarted watcher applies every event once", async () => {
    const first = watcher();
    await pollUntilCaughtUp(first, 0);
    await first.stop();
    const payments = [];
    for (let i = 0; i < 4; i++) payments.push(await createPayment(t));
    for (const p of payments) await pay(chain, payer, p);

    // Dies inside the third event's transaction of the range, the others committed.
    const start = await cursor();
    let applied = 0;
    const killed = watcher(
      { applyConcurrency: 1 },
      {
        beforeCommit: async () => {
          if (++applied === 3) throw new Error("killed mid-range");
        },
      },
    );
    await killed.pollOnce();
    await killed.stop();
    const statuses = await Promise.all(payments.map((p) => paymentStatus(t.database.db, p.paymentId)));
    expect(statuses.filter((status) => status === "CREATED")).toHaveLength(1);
    expect((await cursor()).block_number).toBe(start.block_number);

    const restarted = watcher();
    await pollUntilCaughtUp(restarted, 0);
    for (const p of payments) {
      expect(await paymentStatus(t.database.db, p.paymentId)).toBe("PAID");
      expect((await webhookEvents(t.database.db, p.paymentId)).map((e) => e.type)).toEqual(["payment.paid"]);
    }
  });

  it("runs exactly one watcher per chain across processes; another takes over when it stops", async () => {
    const a = watcher();
    const b = watcher();
    await a.start();
    await b.start();
    const chainRowId = await chainRowIdOf(t.database.db, chain.chainId);
    const leader = await waitFor("a leader", () =>
      a.leaderOf().includes(chainRowId) ? a : b.leaderOf().includes(chainRowId) ? b : undefined,
    );
    const follower = leader === a ? b : a;
    // Both keep polling; only one may hold the chain.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(follower.leaderOf()).toEqual([]);
    expect(leader.leaderOf()).toEqual([chainRowId]);

    const p1 = await createPayment(t);
    await pay(chain, payer, p1);
    await waitFor("p1 paid", async () => (await paymentStatus(t.database.db, p1.paymentId)) === "PAID");

    await leader.stop();
    await waitFor("the follower to take over", () => follower.leaderOf().includes(chainRowId));
    const p2 = await createPayment(t);
    await pay(chain, payer, p2);
    await waitFor("p2 paid", async () => (await paymentStatus(t.database.db, p2.paymentId)) === "PAID");
    for (const p of [p1, p2]) expect(await webhookEvents(t.database.db, p.paymentId)).toHaveLength(1);
  });
});

describe("on-demand sync of GET /payments/:id", () => {
  it("pays a payment on read without a watcher, asking the chain at most once per payment per second", async () => {
    const p = await createPayment(t);
    const receipt = await pay(chain, payer, p);
    const get = () =>
      t.request(`/payments/${p.paymentId}`, { headers: { "x-public-key": t.merchant.publicKey } });
    const synced = await waitFor("the read to sync", async () => {
      const response = await get();
      return response.body.data.status === "PAID" ? response.body.data : undefined;
    });
    expect(synced).toMatchObject({ txHash: receipt.transactionHash, payerAddress: payer.account.address });
    expect((await webhookEvents(t.database.db, p.paymentId)).map((e) => e.type)).toEqual(["payment.paid"]);
  });

  it("asks the chain once per payment per interval and shares one read among the payments of a chain", async () => {
    const sync = createPaymentSync({
      db: t.database.db,
      chains: createChainClients(),
      now: () => new Date(),
      perPaymentIntervalMs: 60_000,
    });
    const unpaid = await Promise.all([createPayment(t), createPayment(t), createPayment(t)]);
    const burst = () =>
      Promise.all(unpaid.flatMap((p) => Array.from({ length: 20 }, () => sync.syncForRead(p.paymentId))));
    expect((await burst()).every((changed) => !changed)).toBe(true);
    // eth_blockNumber + eth_getLogs per shared read: 60 reads of 3 payments cost one or two reads.
    const calls = sync.rpcCalls();
    expect(calls).toBeGreaterThanOrEqual(2);
    expect(calls).toBeLessThanOrEqual(4);
    // Within the per-payment interval, reads answer from the database alone.
    await burst();
    expect(sync.rpcCalls()).toBe(calls);
  });

  it("answers from the chain's read of the last interval at once, unless that read saw the payment's event", async () => {
    const sync = createPaymentSync({
      db: t.database.db,
      chains: createChainClients(),
      now: () => new Date(),
      perPaymentIntervalMs: 60_000,
      perChainIntervalMs: 5_000,
      waitMs: 30_000,
    });
    const [first, second, paid] = await Promise.all([createPayment(t), createPayment(t), createPayment(t)]);
    await pay(chain, payer, paid);
    expect(await sync.syncForRead(first.paymentId)).toBe(false);
    const afterFirstRead = sync.rpcCalls();
    expect(afterFirstRead).toBeGreaterThanOrEqual(2);
    // The read just made covers every payment of the gateway up to its block: no wait, no RPC call.
    expect(await sync.syncForRead(second.paymentId)).toBe(false);
    expect(sync.rpcCalls()).toBe(afterFirstRead);
    // It saw this payment's event without applying it (nobody asked): this one waits for the next read.
    expect(await sync.syncForRead(paid.paymentId)).toBe(true);
    expect(sync.rpcCalls()).toBeGreaterThan(afterFirstRead);
    expect(await paymentStatus(t.database.db, paid.paymentId)).toBe("PAID");
  });

  it("expires a CREATED payment past expiresAt on read", async () => {
    const p = await createPayment(t);
    await t.database.db
      .updateTable("payments")
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where("payment_id", "=", p.paymentId)
      .execute();
    const response = await t.request(`/payments/${p.paymentId}`, {
      headers: { "x-public-key": t.merchant.publicKey },
    });
    expect(response.body.data.status).toBe("EXPIRED");
    expect((await webhookEvents(t.database.db, p.paymentId)).map((e) => e.type)).toEqual(["payment.expired"]);
  });

  it("answers the state a change it waited for committed, not the older one it read first", async () => {
    const p = await createPayment(t);
    let read: ReturnType<typeof t.request> | undefined;
    // A change of the payment in flight, as an expiry batch: the read sees CREATED, then its sync waits.
    await t.database.db.transaction().execute(async (trx) => {
      await trx
        .updateTable("payments")
        .set({ status: "EXPIRED" })
        .where("payment_id", "=", p.paymentId)
        .execute();
      read = t.request(`/payments/${p.paymentId}`, { headers: { "x-public-key": t.merchant.publicKey } });
      await waitFor("the read's sync to wait for the row", async () => {
        const { rows } = await sql<{ n: number }>`
          SELECT count(*)::int AS n FROM pg_stat_activity
          WHERE datname = current_database() AND wait_event_type = 'Lock'`.execute(t.database.db);
        return (rows[0]?.n ?? 0) > 0;
      });
    });
    expect((await read)?.body.data.status).toBe("EXPIRED");
  });
});
