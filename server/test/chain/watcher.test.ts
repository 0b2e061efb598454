import type { Hex } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expirePaymentsPastDeadline } from "../../src/core/payments/expiry.js";
import { failPayment } from "../../src/core/settlement/settlement.js";
import type { TestApp } from "../harness/app.js";
import type { TestChain, TestWalletClient } from "../harness/chain.js";
import {
  createPayment,
  deliveredWebhook,
  fundPayer,
  merchantRecord,
  pay,
  paymentStatus,
  verifyDelivery,
  webhookEvents,
  withForeignSigner,
  startLifecycleEnv,
  type LifecycleEnv,
  type Receiver,
} from "../harness/lifecycle.js";
import { waitFor } from "../harness/waitFor.js";

let env: LifecycleEnv;
let chain: TestChain;
let t: TestApp;
let payer: TestWalletClient;
let receiver: Receiver;

beforeAll(async () => {
  env = await startLifecycleEnv();
  ({ chain, t, receiver } = env);
  payer = chain.wallet(5);
  await fundPayer(chain, payer, chain.tokens.permit18);
});
afterAll(() => env?.stop());

const deliveredFor = (paymentId: string, type: string) => deliveredWebhook(receiver, paymentId, type);

describe("the chain watcher", () => {
  it("moves a paid payment to PAID and sends one signed payment.paid webhook", async () => {
    const p = await createPayment(t);
    const receipt = await pay(chain, payer, p);
    const delivery = await deliveredFor(p.paymentId, "payment.paid");
    const verified = verifyDelivery(t.merchant.webhookSecret, delivery);
    expect(verified).toMatchObject({
      type: "payment.paid",
      paymentId: p.paymentId,
      orderId: p.orderId,
      status: "PAID",
      txHash: receipt.transactionHash,
      amount: p.amount,
      tokenSymbol: "KTT",
      tokenAddress: p.tokenAddress,
      chainId: chain.chainId,
      merchantId: p.merchantId,
      paidAfterExpiry: false,
    });
    expect(delivery.headers["webhook-id"]).toBe(verified.eventId);
    expect(Date.parse(String(verified.paidAt))).not.toBeNaN();
    const record = await merchantRecord(t, p.paymentId);
    expect(record).toMatchObject({
      status: "PAID",
      txHash: receipt.transactionHash,
      payerAddress: payer.account.address,
      paidAfterExpiry: false,
    });
    expect(record.confirmedAt).not.toBeNull();
    // A tampered body fails verification.
    expect(() =>
      verifyDelivery(t.merchant.webhookSecret, { ...delivery, body: delivery.body.replace("PAID", "FAKE") }),
    ).toThrow();
  });

  it("marks a payment INVALID when the on-chain event disagrees with it", async () => {
    const p = await createPayment(t, { amount: 2 });
    const cheaper = BigInt(p.amount) / 2n;
    await withForeignSigner(chain, async (sign) => {
      await pay(chain, payer, p, { amount: cheaper, signature: await sign(p, cheaper) });
    });
    const delivery = await deliveredFor(p.paymentId, "payment.invalid");
    expect(verifyDelivery(t.merchant.webhookSecret, delivery)).toMatchObject({
      status: "INVALID",
      amount: p.amount,
      reason: expect.stringContaining(`amount ${cheaper}`),
    });
    expect(await paymentStatus(t.database.db, p.paymentId)).toBe("INVALID");
  });

  it("keeps an event for an unknown payment id and goes on watching", async () => {
    const known = await createPayment(t);
    const stranger = { ...known, paymentId: `0x${"5a".repeat(32)}` as Hex };
    await withForeignSigner(chain, async (sign) => {
      await pay(chain, payer, stranger, { signature: await sign(stranger, BigInt(known.amount)) });
    });
    await pay(chain, payer, known);
    await deliveredFor(known.paymentId, "payment.paid");
    const kept = await t.database.db
      .selectFrom("chain_events")
      .select("outcome")
      .where("payment_id", "=", stranger.paymentId)
      .execute();
    expect(kept).toEqual([{ outcome: "unknown-payment" }]);
  });

  it("sends payment.expired, then PAID with paidAfterExpiry when the money arrives late", async () => {
    const p = await createPayment(t);
    // Its five minutes are over (moved back rather than running the worker's clock ahead: a delivery is
    // due at the time of its event, and the worker sends it on the real clock).
    await t.database.db
      .updateTable("payments")
      .set({ expires_at: new Date(Date.now() - 1_000) })
      .where("payment_id", "=", p.paymentId)
      .execute();
    expect(await expirePaymentsPastDeadline(t.database.db, { paymentId: p.paymentId })).toHaveLength(1);
    const expired = await deliveredFor(p.paymentId, "payment.expired");
    expect(verifyDelivery(t.merchant.webhookSecret, expired)).toMatchObject({
      status: "EXPIRED",
      txHash: null,
    });
    await pay(chain, payer, p);
    const paid = await deliveredFor(p.paymentId, "payment.paid");
    expect(verifyDelivery(t.merchant.webhookSecret, paid)).toMatchObject({
      status: "PAID",
      paidAfterExpiry: true,
    });
    expect(await merchantRecord(t, p.paymentId)).toMatchObject({ status: "PAID", paidAfterExpiry: true });
  });

  it("sends payment.failed for a failed payment", async () => {
    const p = await createPayment(t);
    expect(await failPayment(t.database.db, p.paymentId, "relay transaction reverted")).toBe(true);
    const failed = await deliveredFor(p.paymentId, "payment.failed");
    expect(verifyDelivery(t.merchant.webhookSecret, failed)).toMatchObject({
      status: "FAILED",
      reason: "relay transaction reverted",
    });
  });

  it("never applies an event twice: one event and one delivery per settled payment", async () => {
    const p = await createPayment(t);
    await pay(chain, payer, p);
    await deliveredFor(p.paymentId, "payment.paid");
    // Force the watcher to read the whole chain again.
    await t.database.db
      .updateTable("chain_cursors")
      .set({ block_number: 0, block_hash: (await chain.publicClient.getBlock({ blockNumber: 0n })).hash })
      .execute();
    const head = await chain.publicClient.getBlockNumber();
    await waitFor("the watcher to re-read the chain", async () => {
      const cursor = await t.database.db
        .selectFrom("chain_cursors")
        .select("block_number")
        .executeTakeFirst();
      return (cursor?.block_number ?? 0) >= Number(head);
    });
    expect((await webhookEvents(t.database.db, p.paymentId)).map((e) => e.type)).toEqual(["payment.paid"]);
    expect(receiver.received.filter((d) => d.payload.paymentId === p.paymentId)).toHaveLength(1);
  });
});
