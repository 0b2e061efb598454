import type { Hex } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createChainClients } from "../../../src/chain/clients.js";
import { createChainWatcher, type ChainWatcher } from "../../../src/chain/watcher.js";
import * as admin from "../../../src/core/admin/index.js";
import { settlementFacts } from "../../../src/core/watcher/settlementFacts.js";
import type { TestChain } from "../../harness/chain.js";
import { RELAYER_INDEX } from "../../harness/gasless.js";
import { silentLogger } from "../../harness/lifecycle.js";
import { PLAN_AMOUNT, startSubscriptionEnv, type SubscriptionEnv } from "../../harness/subscriptions.js";
import { waitFor } from "../../harness/waitFor.js";

// anvil's `finalized` block trails its head by two epochs, of one slot each here: the head's grandparent.
const FINAL_DEPTH = 2;

let chain: TestChain;
let env: SubscriptionEnv;
let watcher: ChainWatcher;
beforeAll(async () => {
  env = await startSubscriptionEnv({ anvil: { extraArgs: ["--slots-in-an-epoch", "1"] } });
  chain = env.chain;
  // The relayer's confirmation (depth 0) comes before the chain's finality (its `finalized` block).
  await admin.updateChain(env.t.adminDeps, chain.chainId, { finality: "finalized", confirmations: 0 });
  watcher = createChainWatcher({
    handler: settlementFacts({
      db: env.t.database.db,
      databaseUrl: env.t.database.url,
      logger: silentLogger,
    }),
    chains: createChainClients(),
    logger: silentLogger,
  });
}, 60_000);
afterAll(async () => {
  await watcher?.stop();
  await env?.close();
});

const rpc = (method: string, params: unknown[]) =>
  chain.publicClient.request({ method: method as never, params: params as never });
const mine = (blocks: number) => rpc("anvil_mine", [`0x${blocks.toString(16)}`]);

/** Polls the watcher until `check` holds (each poll reads up to the final block). */
async function watchUntil(what: string, check: () => Promise<boolean>) {
  await waitFor(what, async () => {
    await watcher.pollOnce();
    return check();
  });
}

const charges = (id: string) =>
  env.t.database.db
    .selectFrom("payments")
    .select(["payment_id", "status", "tx_hash", "reorged_tx_hash", "subscription_period"])
    .where("subscription_id", "=", id)
    .orderBy("id")
    .execute();

/** The `payment.*` events of a charge's payment, oldest first. */
const paymentEvents = async (paymentId: string) =>
  (
    await env.t.database.db
      .selectFrom("webhook_events")
      .innerJoin("payments", "payments.id", "webhook_events.payment_id")
      .select("webhook_events.type")
      .where("payments.payment_id", "=", paymentId)
      .orderBy("webhook_events.created_at")
      .execute()
  )
    .map((row) => row.type)
    .filter((type) => type.startsWith("payment."));

const senderTransactions = async () =>
  (await env.t.database.db.selectFrom("sender_transactions").select("id").execute()).length;

describe("subscription charges settle at the chain's finality", () => {
  it("a charge is PAID only once final; a reorg that removes it is undone and the period is charged again", async () => {
    const payer = await env.payer();
    await env.fund(payer, PLAN_AMOUNT * 3n, PLAN_AMOUNT * 3n);
    const id = await env.subscribe(payer);
    // An empty block first: the reorg below starts at the charge's block and must leave the approval.
    await mine(1);

    await env.charge();
    let [charge] = await charges(id);
    expect(charge).toMatchObject({ status: "CREATED", subscription_period: 0 });
    const sent = await env.t.database.db
      .selectFrom("sender_transactions")
      .select(["nonce", "status"])
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    expect(sent.status).toBe("CONFIRMED");
    // Mined and confirmed for the relayer, not final for the chain: the watcher leaves it CREATED.
    await watcher.pollOnce();
    expect((await charges(id))[0]?.status).toBe("CREATED");
    expect((await env.show(id)).body.data).toMatchObject({ status: "ACTIVE", nextPeriod: 0 });

    await mine(FINAL_DEPTH);
    await watchUntil("the charge to be PAID", async () => (await charges(id))[0]?.status === "PAID");
    [charge] = await charges(id);
    const first = await chain.publicClient.getTransactionReceipt({ hash: charge?.tx_hash as Hex });
    expect((await env.show(id)).body.data).toMatchObject({ status: "ACTIVE", nextPeriod: 1 });
    expect(await env.eventTypes(id)).toEqual(["subscription.charged", "subscription.created"]);

    // Replace the charge's block and the later ones; the relayer's nonce is used by a plain transfer in the
    // new branch (the relayer's ledger counts it used).
    const relayer = chain.wallet(RELAYER_INDEX);
    const filler = await relayer.signTransaction(
      await relayer.prepareTransactionRequest({
        to: relayer.account.address,
        value: 0n,
        nonce: Number(sent.nonce),
      }),
    );
    const depth = Number((await chain.publicClient.getBlockNumber()) - first.blockNumber) + 1;
    expect(depth).toBeGreaterThan(FINAL_DEPTH);
    await rpc("anvil_reorg", [depth, [[filler, 0]]]);
    await mine(FINAL_DEPTH);
    await watchUntil(
      "the removed charge to be undone",
      async () => (await charges(id))[0]?.status === "CREATED",
    );
    expect(await charges(id)).toEqual([
      expect.objectContaining({ status: "CREATED", tx_hash: null, reorged_tx_hash: first.transactionHash }),
    ]);
    expect((await env.show(id)).body.data).toMatchObject({ status: "ACTIVE", nextPeriod: 0 });
    expect(await env.balance(payer.account.address)).toBe(PLAN_AMOUNT * 3n);

    // Due again at once: the same payment is charged by a new transaction, PAID once that one is final.
    await env.charge();
    await mine(FINAL_DEPTH);
    await watchUntil("the charge to be PAID again", async () => (await charges(id))[0]?.status === "PAID");
    const [again] = await charges(id);
    expect(again?.tx_hash).not.toBe(first.transactionHash);
    expect(await charges(id)).toHaveLength(1);
    expect(await env.balance(payer.account.address)).toBe(PLAN_AMOUNT * 2n);
    expect((await env.show(id)).body.data).toMatchObject({ status: "ACTIVE", nextPeriod: 1 });
    expect(await paymentEvents(charge?.payment_id as string)).toEqual([
      "payment.paid",
      "payment.reorged",
      "payment.paid",
    ]);
    expect(await env.eventTypes(id)).toEqual([
      "subscription.charge_failed",
      "subscription.charged",
      "subscription.charged",
      "subscription.created",
    ]);
  }, 120_000);

  it("notices an on-chain cancel from the watcher, without a charge attempt", async () => {
    const payer = await env.payer();
    await env.fund(payer, PLAN_AMOUNT * 3n, PLAN_AMOUNT * 3n);
    const id = await env.subscribe(payer);
    await env.charge();
    await mine(FINAL_DEPTH);
    await watchUntil("the first charge to be PAID", async () => (await charges(id))[0]?.status === "PAID");
    const sentBefore = await senderTransactions();

    await env.cancelOnChain(payer, id);
    // Not final yet: still ACTIVE.
    await watcher.pollOnce();
    expect((await env.show(id)).body.data.status).toBe("ACTIVE");
    await mine(FINAL_DEPTH);
    await watchUntil(
      "the cancel to be seen",
      async () => (await env.show(id)).body.data.status === "CANCELED",
    );
    const view = (await env.show(id)).body.data;
    expect(view).toMatchObject({ status: "CANCELED", canceledBy: "chain", nextChargeAt: null });
    expect(await senderTransactions()).toBe(sentBefore);
    const canceled = await env.t.database.db
      .selectFrom("webhook_events")
      .select("payload")
      .where("type", "=", "subscription.canceled")
      .execute();
    expect(canceled.map((row) => row.payload)).toContainEqual(
      expect.objectContaining({
        subscriptionId: id,
        canceledBy: "chain",
        reason: expect.stringMatching(/^canceled on-chain by the payer/),
      }),
    );
  }, 120_000);
});
