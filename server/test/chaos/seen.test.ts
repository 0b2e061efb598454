import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as admin from "../../src/core/admin/index.js";
import { sweepExpiredPayments } from "../../src/core/payments/expiry.js";
import type { TestApp } from "../harness/app.js";
import type { TestChain, TestWalletClient } from "../harness/chain.js";
import {
  createPayment,
  deliveredWebhook,
  fundPayer,
  merchantRecord,
  pay,
  paymentStatus,
  startLifecycleEnv,
  verifyDelivery,
  webhookEvents,
  type LifecycleEnv,
  type Receiver,
} from "../harness/lifecycle.js";
import { waitFor } from "../harness/waitFor.js";

// Blocks above a pay transaction's block before it is final: the payment is mined, not final, meanwhile.
const CONFIRMATIONS = 6;

let env: LifecycleEnv;
let chain: TestChain;
let t: TestApp;
let payer: TestWalletClient;
let receiver: Receiver;

beforeAll(async () => {
  env = await startLifecycleEnv();
  ({ chain, t, receiver } = env);
  payer = chain.wallet(6);
  await fundPayer(chain, payer, chain.tokens.permit18);
  await admin.updateChain(t.adminDeps, chain.chainId, { finality: "depth", confirmations: CONFIRMATIONS });
});
afterAll(() => env?.stop());

const rpc = (method: string, params: unknown[]) =>
  chain.publicClient.request({ method: method as never, params: params as never });
const mine = (blocks: number) => rpc("anvil_mine", [`0x${blocks.toString(16)}`]);

/** Waits until the watcher has marked the payment as paid by `txHash`, mined but not final. */
function seenBy(paymentId: string, txHash: string) {
  return waitFor(`the watcher to see ${txHash} pay ${paymentId}`, async () => {
    const row = await t.database.db
      .selectFrom("payments")
      .select("seen_tx_hash")
      .where("payment_id", "=", paymentId)
      .executeTakeFirstOrThrow();
    return row.seen_tx_hash === txHash;
  });
}

/** The expiry passes: the deadline moves back instead of the clocks moving on. */
async function pastExpiry(paymentId: string) {
  await t.database.db
    .updateTable("payments")
    .set({ expires_at: sql<Date>`now() - interval '1 minute'` })
    .where("payment_id", "=", paymentId)
    .execute();
}

/** One expiry sweep that ran (not one skipped because the worker's own sweep held the lock). */
function sweep(): Promise<number> {
  return waitFor("an expiry sweep to run", async () => (await sweepExpiredPayments(t.database.db)) ?? false);
}

async function publicStatus(paymentId: string) {
  const response = await t.request(`/payments/${paymentId}`, {
    headers: { "x-public-key": t.merchant.publicKey },
  });
  expect(response.status).toBe(200);
  return response.body.data as { status: string; seenTxHash: string | null; txHash: string | null };
}

describe("a payment paid in time on a chain whose finality trails the expiry", () => {
  it("stays CREATED past its expiry while its transaction is mined but not final, then is PAID once", async () => {
    const p = await createPayment(t);
    const unpaid = await createPayment(t);
    const receipt = await pay(chain, payer, p);
    await seenBy(p.paymentId, receipt.transactionHash);
    expect(await merchantRecord(t, p.paymentId)).toMatchObject({
      status: "CREATED",
      seenTxHash: receipt.transactionHash,
    });

    await pastExpiry(p.paymentId);
    await pastExpiry(unpaid.paymentId);
    await sweep();
    // The unpaid payment beside it expired in that sweep; the paid one did not.
    expect(await paymentStatus(t.database.db, unpaid.paymentId)).toBe("EXPIRED");
    expect(await paymentStatus(t.database.db, p.paymentId)).toBe("CREATED");
    // Nor does the status read expire it (it syncs and expires on read).
    expect(await publicStatus(p.paymentId)).toMatchObject({
      status: "CREATED",
      seenTxHash: receipt.transactionHash,
      txHash: null,
    });
    expect(await webhookEvents(t.database.db, p.paymentId)).toEqual([]);

    await mine(CONFIRMATIONS);
    const paid = verifyDelivery(
      t.merchant.webhookSecret,
      await deliveredWebhook(receiver, p.paymentId, "payment.paid"),
    );
    expect(paid).toMatchObject({ status: "PAID", txHash: receipt.transactionHash, paidAfterExpiry: false });
    expect((await webhookEvents(t.database.db, p.paymentId)).map((e) => e.type)).toEqual(["payment.paid"]);
    expect(await publicStatus(p.paymentId)).toMatchObject({
      status: "PAID",
      txHash: receipt.transactionHash,
      seenTxHash: null,
    });
  });

  it("does not hold a payment paid after its expiry: EXPIRED first, then PAID with paidAfterExpiry", async () => {
    const late = await createPayment(t);
    const inTime = await createPayment(t);
    await pastExpiry(late.paymentId);
    const lateReceipt = await pay(chain, payer, late);
    const inTimeReceipt = await pay(chain, payer, inTime);
    // The read that marked the later block covered the earlier one too.
    await seenBy(inTime.paymentId, inTimeReceipt.transactionHash);
    const lateRow = await t.database.db
      .selectFrom("payments")
      .select(["seen_tx_hash", "seen_at"])
      .where("payment_id", "=", late.paymentId)
      .executeTakeFirstOrThrow();
    expect(lateRow).toEqual({ seen_tx_hash: null, seen_at: null });

    await pastExpiry(inTime.paymentId);
    await sweep();
    expect(await paymentStatus(t.database.db, late.paymentId)).toBe("EXPIRED");
    expect(await paymentStatus(t.database.db, inTime.paymentId)).toBe("CREATED");

    await mine(CONFIRMATIONS);
    const latePaid = verifyDelivery(
      t.merchant.webhookSecret,
      await deliveredWebhook(receiver, late.paymentId, "payment.paid"),
    );
    expect(latePaid).toMatchObject({ txHash: lateReceipt.transactionHash, paidAfterExpiry: true });
    const inTimePaid = verifyDelivery(
      t.merchant.webhookSecret,
      await deliveredWebhook(receiver, inTime.paymentId, "payment.paid"),
    );
    expect(inTimePaid).toMatchObject({ txHash: inTimeReceipt.transactionHash, paidAfterExpiry: false });
    expect((await webhookEvents(t.database.db, late.paymentId)).map((e) => e.type)).toEqual([
      "payment.expired",
      "payment.paid",
    ]);
  });

  it("expires normally once the hold has passed when a reorg removed the transaction before it was final", async () => {
    const p = await createPayment(t);
    // An empty block first: the reorg below reaches one block below the payment's.
    await mine(1);
    const receipt = await pay(chain, payer, p);
    await seenBy(p.paymentId, receipt.transactionHash);

    const depth = Number((await chain.publicClient.getBlockNumber()) - receipt.blockNumber) + 2;
    expect(depth).toBeLessThan(CONFIRMATIONS);
    await rpc("anvil_reorg", [depth, []]);
    expect(
      await chain.publicClient.getTransaction({ hash: receipt.transactionHash }).catch(() => null),
    ).toBeNull();

    // Within the hold the mark still counts: the reorged transaction could have been mined again.
    await pastExpiry(p.paymentId);
    await sweep();
    expect(await paymentStatus(t.database.db, p.paymentId)).toBe("CREATED");

    // The hold (an hour from the mark) passes.
    await t.database.db
      .updateTable("payments")
      .set({ seen_at: sql<Date>`now() - interval '61 minutes'` })
      .where("payment_id", "=", p.paymentId)
      .execute();
    await sweep();
    expect(await paymentStatus(t.database.db, p.paymentId)).toBe("EXPIRED");
    const expired = verifyDelivery(
      t.merchant.webhookSecret,
      await deliveredWebhook(receiver, p.paymentId, "payment.expired"),
    );
    expect(expired).toMatchObject({ status: "EXPIRED", txHash: null });

    // Final blocks come and go; the removed transaction pays nothing.
    await mine(CONFIRMATIONS + 1);
    const head = Number(await chain.publicClient.getBlockNumber());
    await waitFor("the watcher to read up to the final block", async () => {
      const cursor = await t.database.db
        .selectFrom("chain_cursors")
        .select("block_number")
        .executeTakeFirst();
      return cursor !== undefined && cursor.block_number >= head - CONFIRMATIONS;
    });
    expect(await publicStatus(p.paymentId)).toMatchObject({ status: "EXPIRED", seenTxHash: null });
    expect((await webhookEvents(t.database.db, p.paymentId)).map((e) => e.type)).toEqual(["payment.expired"]);
  });
});
