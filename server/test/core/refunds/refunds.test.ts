import { randomBytes } from "node:crypto";
import { paymentGatewayAbi, signRefundRequest, testTokenAbi } from "@kassa/contracts";
import { paymentIdOf, PAYMENT_ID_RANDOM_BYTES, paymentSequence } from "@kassa/contracts/paymentId";
import { encodeFunctionData, type Address, type Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createChainClients } from "../../../src/chain/clients.js";
import { expireRefund } from "../../../src/core/refunds/refundExpiry.js";
import { webhookEventSchema } from "../../../src/core/webhooks/events.js";
import { unitsToDecimal } from "../../../src/domain/amount.js";
import type { TestApp } from "../../harness/app.js";
import type { TestChain, TestWalletClient } from "../../harness/chain.js";
import {
  createPayment,
  fundPayer,
  merchantRecord,
  pay,
  paymentStatus,
  verifyDelivery,
  webhookEvents,
  startLifecycleEnv,
  type LifecycleEnv,
  type Receiver,
} from "../../harness/lifecycle.js";
import { waitFor } from "../../harness/waitFor.js";

let env: LifecycleEnv;
let chain: TestChain;
let t: TestApp;
let payer: TestWalletClient;
let merchantWallet: TestWalletClient;
let receiver: Receiver;

beforeAll(async () => {
  env = await startLifecycleEnv();
  ({ chain, t, receiver } = env);
  payer = chain.wallet(5);
  await fundPayer(chain, payer, chain.tokens.permit18);
  // The merchant's recipient wallet (anvil account 9) sends refunds through the gateway.
  merchantWallet = chain.wallet(9);
  await fundPayer(chain, merchantWallet, chain.tokens.permit18);
});
afterAll(() => env?.stop());

const headers = () => ({ "x-api-key": t.merchant.apiKey });
/** Base units of the 18-decimals token as the export writes them (token units). */
const units = (baseUnits: string) => unitsToDecimal(BigInt(baseUnits), 18);

async function paidPayment() {
  const p = await createPayment(t);
  await pay(chain, payer, p);
  await waitFor("PAID", async () => (await paymentStatus(t.database.db, p.paymentId)) === "PAID");
  return p;
}

const postRefund = (json: unknown, apiKey = t.merchant.apiKey) =>
  t.request("/refunds", { method: "POST", headers: { "x-api-key": apiKey }, json });

describe("refunds", () => {
  it("runs end to end: REFUND_SUBMITTED, the merchant wallet sends it, REFUNDED with payment.refunded", async () => {
    const p = await paidPayment();
    const created = await postRefund({ paymentId: p.paymentId, reason: "customer request" });
    expect(created.status).toBe(201);
    const refund = created.body.data;
    expect(refund).toMatchObject({
      paymentId: p.paymentId,
      orderId: p.orderId,
      status: "REFUND_SUBMITTED",
      amount: p.amount,
      payerAddress: payer.account.address,
      reason: "customer request",
      txHash: null,
      transaction: { chainId: chain.chainId, to: chain.gateway, value: "0" },
    });
    expect(refund.id).toMatch(/^rf_/);
    expect(await paymentStatus(t.database.db, p.paymentId)).toBe("REFUND_SUBMITTED");
    const submitted = await waitFor("payment.refund_submitted", () =>
      receiver.received.find(
        (d) => d.payload.paymentId === p.paymentId && d.payload.type === "payment.refund_submitted",
      ),
    );
    expect(webhookEventSchema.parse(verifyDelivery(t.merchant.webhookSecret, submitted))).toMatchObject({
      status: "REFUND_SUBMITTED",
      refund: { refundId: refund.id, amount: p.amount, txHash: null },
    });
    expect((await postRefund({ paymentId: p.paymentId })).body.code).toBe("REFUND_IN_PROGRESS");

    const before = await chain.publicClient.readContract({
      address: chain.tokens.permit18,
      abi: testTokenAbi,
      functionName: "balanceOf",
      args: [payer.account.address],
    });
    const hash = await merchantWallet.sendTransaction({
      to: refund.transaction.to as Address,
      data: refund.transaction.data as Hex,
    });
    const receipt = await chain.publicClient.waitForTransactionReceipt({ hash });
    expect(receipt.status).toBe("success");
    const after = await chain.publicClient.readContract({
      address: chain.tokens.permit18,
      abi: testTokenAbi,
      functionName: "balanceOf",
      args: [payer.account.address],
    });
    expect(after - before).toBe(BigInt(p.amount));

    const delivery = await waitFor("payment.refunded", () =>
      receiver.received.find(
        (d) => d.payload.paymentId === p.paymentId && d.payload.type === "payment.refunded",
      ),
    );
    expect(webhookEventSchema.parse(verifyDelivery(t.merchant.webhookSecret, delivery))).toMatchObject({
      status: "REFUNDED",
      refund: { refundId: refund.id, amount: p.amount, txHash: hash },
    });
    expect(await paymentStatus(t.database.db, p.paymentId)).toBe("REFUNDED");
    const fetched = await t.request(`/refunds/${refund.id}`, { headers: headers() });
    expect(fetched.body.data).toMatchObject({
      status: "REFUNDED",
      txHash: hash,
      senderAddress: merchantWallet.account.address,
      sentByRecipient: true,
    });
    expect(fetched.body.data.refundedAt).not.toBeNull();
    expect((await postRefund({ paymentId: p.paymentId })).body.code).toBe("PAYMENT_ALREADY_REFUNDED");

    const list = await t.request(`/refunds?paymentId=${p.paymentId}`, { headers: headers() });
    expect(list.status).toBe(200);
    expect(list.body.data.refunds.map((r: { id: string }) => r.id)).toEqual([refund.id]);
  });

  it("records who sent a refund: one a stranger sends with its own tokens is flagged, not out of the wallet", async () => {
    const p = await paidPayment();
    const refund = (await postRefund({ paymentId: p.paymentId })).body.data;
    // Anyone holding the signed transaction may send it; the tokens then leave the stranger's wallet.
    const stranger = chain.wallet(6);
    await fundPayer(chain, stranger, chain.tokens.permit18);
    const hash = await stranger.sendTransaction({
      to: refund.transaction.to as Address,
      data: refund.transaction.data as Hex,
    });
    expect((await chain.publicClient.waitForTransactionReceipt({ hash })).status).toBe("success");
    const delivery = await waitFor("payment.refunded", () =>
      receiver.received.find(
        (d) => d.payload.paymentId === p.paymentId && d.payload.type === "payment.refunded",
      ),
    );
    expect(webhookEventSchema.parse(verifyDelivery(t.merchant.webhookSecret, delivery))).toMatchObject({
      refund: {
        refundId: refund.id,
        amount: p.amount,
        txHash: hash,
        senderAddress: stranger.account.address,
        sentByRecipient: false,
      },
    });
    const fetched = await t.request(`/refunds/${refund.id}`, { headers: headers() });
    expect(fetched.body.data).toMatchObject({
      status: "REFUNDED",
      senderAddress: stranger.account.address,
      sentByRecipient: false,
    });
    // The export books the payer's money back, and nothing out of the merchant's wallet.
    const exported = await t.request(
      "/exports/payments?format=json&from=2000-01-01T00:00:00Z&to=2100-01-01T00:00:00Z",
      { headers: headers() },
    );
    const row = exported.body.data.find((r: { refundId: string | null }) => r.refundId === refund.id);
    expect(row).toMatchObject({
      gross: `-${units(p.amount)}`,
      net: "0",
      senderAddress: stranger.account.address,
    });
  });

  it("refunds a payment in parts, up to what it paid: PAID with refundedAmount, then REFUNDED", async () => {
    const p = await paidPayment();
    const paid = BigInt(p.amount);
    const part = paid / 3n;
    const send = async (refund: { transaction: { to: string; data: string } }) => {
      const hash = await merchantWallet.sendTransaction({
        to: refund.transaction.to as Address,
        data: refund.transaction.data as Hex,
      });
      expect((await chain.publicClient.waitForTransactionReceipt({ hash })).status).toBe("success");
      return hash;
    };
    const record = () => merchantRecord(t, p.paymentId);

    const first = (await postRefund({ paymentId: p.paymentId, amount: part.toString() })).body.data;
    expect(first).toMatchObject({ status: "REFUND_SUBMITTED", amount: part.toString() });
    expect(first.chainRefundId).toMatch(/^0x[0-9a-f]{64}$/);
    const firstHash = await send(first);
    await waitFor("partly refunded", async () => (await record()).refundedAmount === part.toString());
    expect(await record()).toMatchObject({ status: "PAID", refundedAmount: part.toString() });
    const partial = await waitFor("payment.refunded", () =>
      receiver.received.find(
        (d) => d.payload.paymentId === p.paymentId && d.payload.type === "payment.refunded",
      ),
    );
    expect(webhookEventSchema.parse(verifyDelivery(t.merchant.webhookSecret, partial))).toMatchObject({
      status: "PAID",
      refundedAmount: part.toString(),
      refund: { refundId: first.id, amount: part.toString(), txHash: firstHash },
    });

    // More than what is left is refused, with the field named; nothing is recorded.
    const tooMuch = await postRefund({ paymentId: p.paymentId, amount: (paid - part + 1n).toString() });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.code).toBe("VALIDATION_ERROR");
    expect(tooMuch.body.details).toEqual([expect.objectContaining({ path: ["amount"] })]);
    expect(await record()).toMatchObject({ status: "PAID" });

    // Without an amount, the rest: a second refund with its own gateway id.
    const second = (await postRefund({ paymentId: p.paymentId })).body.data;
    expect(second).toMatchObject({ status: "REFUND_SUBMITTED", amount: (paid - part).toString() });
    expect(second.chainRefundId).not.toBe(first.chainRefundId);
    // The first refund's transaction cannot be sent again.
    const replay = await merchantWallet
      .sendTransaction({ to: chain.gateway, data: first.transaction.data as Hex, gas: 300_000n })
      .then((hash) => chain.publicClient.waitForTransactionReceipt({ hash }));
    expect(replay.status).toBe("reverted");
    await send(second);
    await waitFor("REFUNDED", async () => (await record()).status === "REFUNDED");
    expect((await record()).refundedAmount).toBe(p.amount);
    expect((await postRefund({ paymentId: p.paymentId })).body.code).toBe("PAYMENT_ALREADY_REFUNDED");
    const list = await t.request(`/refunds?paymentId=${p.paymentId}`, { headers: headers() });
    expect(list.body.data.refunds.map((r: { id: string; status: string }) => [r.id, r.status])).toEqual([
      [second.id, "REFUNDED"],
      [first.id, "REFUNDED"],
    ]);
  });

  it("refuses payments that are not PAID, unknown refunds and other merchants' payments", async () => {
    const created = await createPayment(t);
    const notPaid = await postRefund({ paymentId: created.paymentId });
    expect(notPaid.status).toBe(400);
    expect(notPaid.body.code).toBe("PAYMENT_NOT_PAID");
    const missing = await t.request(`/refunds/rf_${"0".repeat(32)}`, { headers: headers() });
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe("REFUND_NOT_FOUND");
    const other = await t.addMerchant("Other shop");
    const foreign = await postRefund({ paymentId: created.paymentId }, other.apiKey);
    expect(foreign.status).toBe(403);
    expect((await t.request("/refunds")).status).toBe(401);
  });

  it("lets exactly one of concurrent refund requests through", async () => {
    const p = await paidPayment();
    const responses = await Promise.all(
      Array.from({ length: 6 }, () => postRefund({ paymentId: p.paymentId })),
    );
    expect(responses.filter((r) => r.status === 201)).toHaveLength(1);
    for (const response of responses.filter((r) => r.status !== 201)) {
      expect(response.status).toBe(409);
      expect(["CONFLICT", "REFUND_IN_PROGRESS"]).toContain(response.body.code);
    }
    const refunds = await t.database.db.selectFrom("refunds").select("id").execute();
    expect(refunds.length).toBeGreaterThan(0);
  });

  it("expires, never calls refunded, a refund whose gateway bit another refund id set: a collision", async () => {
    const p = await paidPayment();
    const refund = (await postRefund({ paymentId: p.paymentId, amount: "1" })).body.data;
    // Another refund id with the refund's sequence, signed with Kassa's key (what a database restored from an old
    // backup can let happen), sent first: the gateway's isRefunded now answers true for the refund's id too.
    const other = paymentIdOf(paymentSequence(refund.chainRefundId), randomBytes(PAYMENT_ID_RANDOM_BYTES));
    const request = {
      paymentId: p.paymentId,
      refundId: other,
      tokenAddress: p.tokenAddress,
      payerAddress: payer.account.address,
      amount: 1n,
      deadline: BigInt(refund.deadline),
    };
    const signature = await signRefundRequest(privateKeyToAccount(chain.signerKey.reveal()), {
      chainId: chain.chainId,
      gateway: chain.gateway,
      request,
    });
    const hash = await merchantWallet.sendTransaction({
      to: chain.gateway,
      data: encodeFunctionData({
        abi: paymentGatewayAbi,
        functionName: "refund",
        args: [p.paymentId, other, p.tokenAddress, payer.account.address, 1n, request.deadline, signature],
      }),
    });
    expect((await chain.publicClient.waitForTransactionReceipt({ hash })).status).toBe("success");
    const collisions = () =>
      t.database.db.selectFrom("sequence_collisions").select(["kind", "known_id", "seen_id"]).execute();
    await waitFor("the collision to be recorded", async () => (await collisions()).length > 0);
    expect(await collisions()).toEqual([{ kind: "refund", known_id: refund.chainRefundId, seen_id: other }]);

    // Past the refund's deadline (its record only), once the watcher read the block the expiry looks at.
    await t.database.db.updateTable("refunds").set({ deadline: 1 }).where("id", "=", refund.id).execute();
    const head = await chain.publicClient.getBlockNumber();
    await waitFor("the watcher to read the head", async () => {
      const cursor = await t.database.db
        .selectFrom("chain_cursors")
        .select("block_number")
        .executeTakeFirst();
      return cursor !== undefined && BigInt(cursor.block_number) >= head;
    });
    const deps = { db: t.database.db, chains: createChainClients(), now: () => new Date() };
    expect(await expireRefund(deps, refund.id)).toBe("collision");
    expect((await t.request(`/refunds/${refund.id}`, { headers: headers() })).body.data.status).toBe(
      "EXPIRED",
    );
    expect(await paymentStatus(t.database.db, p.paymentId)).toBe("PAID");
    expect((await webhookEvents(t.database.db, p.paymentId)).map((e) => e.type)).toEqual([
      "payment.paid",
      "payment.refund_submitted",
      "payment.refund_expired",
    ]);
  });

  it("returns the payment to PAID when the refund is not sent before its deadline", async () => {
    const p = await paidPayment();
    const created = await postRefund({ paymentId: p.paymentId });
    const refundId = created.body.data.id as string;
    const deps = { db: t.database.db, chains: createChainClients(), now: () => new Date() };
    expect(await expireRefund(deps, refundId)).toBe("not-yet");
    expect(await paymentStatus(t.database.db, p.paymentId)).toBe("REFUND_SUBMITTED");

    await chain.publicClient.request({ method: "evm_increaseTime" as never, params: [3_700] as never });
    await chain.publicClient.request({ method: "anvil_mine" as never, params: ["0x1"] as never });
    expect(await expireRefund(deps, refundId)).toBe("expired");
    expect(await expireRefund(deps, refundId)).toBe("not-open");
    expect(await paymentStatus(t.database.db, p.paymentId)).toBe("PAID");
    const events = await webhookEvents(t.database.db, p.paymentId);
    expect(events.map((e) => e.type)).toEqual([
      "payment.paid",
      "payment.refund_submitted",
      "payment.refund_expired",
    ]);
    expect(webhookEventSchema.parse(events[2]?.payload)).toMatchObject({
      status: "PAID",
      refund: { refundId, amount: p.amount, txHash: null },
    });
    const fetched = await t.request(`/refunds/${refundId}`, { headers: headers() });
    expect(fetched.body.data.status).toBe("EXPIRED");
    // The signature is now useless on-chain, and a new refund can be started.
    const late = await merchantWallet
      .sendTransaction({ to: chain.gateway, data: created.body.data.transaction.data as Hex, gas: 300_000n })
      .then((hash) => chain.publicClient.waitForTransactionReceipt({ hash }));
    expect(late.status).toBe("reverted");
    expect((await postRefund({ paymentId: p.paymentId })).status).toBe(201);
  });
});
