import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { signPaymentRequest } from "@kassa/contracts";
import type { Address, Hex, TransactionReceipt } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createChainClients } from "../../src/chain/clients.js";
import * as admin from "../../src/core/admin/index.js";
import { createPaymentSync } from "../../src/core/payments/paymentSync.js";
import { type ChainFinality } from "../../src/domain/records.js";
import type { TestApp } from "../harness/app.js";
import type { TestChain, TestWalletClient } from "../harness/chain.js";
import {
  createPayment,
  deliveredWebhook,
  fundPayer,
  merchantRecord,
  pay,
  paymentStatus,
  signPayTransaction,
  startLifecycleEnv,
  verifyDelivery,
  webhookEvents,
  type LifecycleEnv,
  type Receiver,
} from "../harness/lifecycle.js";
import { waitFor } from "../harness/waitFor.js";

// anvil's `safe` and `finalized` blocks trail its head by one and two epochs: one slot each here, so the
// `finalized` block is the head's grandparent, the same as a depth of 2.
const FINAL_DEPTH = 2;

let env: LifecycleEnv;
let chain: TestChain;
let t: TestApp;
let payer: TestWalletClient;
let receiver: Receiver;
/** The merchant's recipient wallet (anvil account 9): it sends refunds through the gateway. */
let merchantWallet: TestWalletClient;

beforeAll(async () => {
  env = await startLifecycleEnv({}, { extraArgs: ["--slots-in-an-epoch", "1"] });
  ({ chain, t, receiver } = env);
  payer = chain.wallet(5);
  await fundPayer(chain, payer, chain.tokens.permit18);
  merchantWallet = chain.wallet(9);
  await fundPayer(chain, merchantWallet, chain.tokens.permit18);
});
afterAll(() => env?.stop());

const rpc = (method: string, params: unknown[]) =>
  chain.publicClient.request({ method: method as never, params: params as never });
const mine = (blocks: number) => rpc("anvil_mine", [`0x${blocks.toString(16)}`]);

async function setFinality(finality: ChainFinality, confirmations: number) {
  await admin.updateChain(t.adminDeps, chain.chainId, { finality, confirmations });
}

/** Waits until the watcher has read every block up to the chain's final one. */
async function watcherCaughtUp() {
  const final = Number(await chain.publicClient.getBlockNumber()) - FINAL_DEPTH;
  await waitFor("the watcher to read up to the final block", async () => {
    const cursor = await t.database.db.selectFrom("chain_cursors").select("block_number").executeTakeFirst();
    return cursor !== undefined && cursor.block_number >= final;
  });
}

const delivered = (paymentId: string, type: string, nth = 1) =>
  deliveredWebhook(receiver, paymentId, type, nth);

/** Replaces the block of `receipt` and every later one with empty blocks. */
async function reorgFrom(receipt: TransactionReceipt) {
  const depth = Number((await chain.publicClient.getBlockNumber()) - receipt.blockNumber) + 1;
  expect(depth).toBeGreaterThan(FINAL_DEPTH);
  await rpc("anvil_reorg", [depth, []]);
}

/** Pays `p` and waits until it is PAID (its block final). */
async function paidPayment(p: Awaited<ReturnType<typeof createPayment>>) {
  await mine(1);
  const receipt = await pay(chain, payer, p);
  await mine(FINAL_DEPTH);
  await delivered(p.paymentId, "payment.paid");
  return receipt;
}

/** POST /refunds of the whole payment, and the refund's transaction sent by the merchant's wallet. */
async function refundOf(paymentId: string) {
  const created = await t.request("/refunds", {
    method: "POST",
    headers: { "x-api-key": t.merchant.apiKey },
    json: { paymentId },
  });
  expect(created.status).toBe(201);
  const refund = created.body.data as { id: string; transaction: { to: Address; data: Hex } };
  const send = async () => {
    const hash = await merchantWallet.sendTransaction({
      to: refund.transaction.to,
      data: refund.transaction.data,
    });
    const receipt = await chain.publicClient.waitForTransactionReceipt({ hash });
    expect(receipt.status).toBe("success");
    return receipt;
  };
  return { refund, send };
}

const refundStatus = async (refundId: string) =>
  (await t.request(`/refunds/${refundId}`, { headers: { "x-api-key": t.merchant.apiKey } })).body.data.status;

describe("a reorg deeper than the chain's finality", () => {
  it.each([
    { finality: "finalized", confirmations: 0 },
    { finality: "depth", confirmations: FINAL_DEPTH },
  ] as const)(
    "finality $finality: PAID only once final; a reorg that removes the transaction makes it CREATED, tells the merchant, and it can be paid again",
    async ({ finality, confirmations }) => {
      await setFinality(finality, confirmations);
      const p = await createPayment(t);
      // An empty block first: the reorg below reaches one block below the payment's, and must not take the
      // payer's approval with it.
      await mine(1);
      const first = await pay(chain, payer, p);

      // One block on top: not final yet.
      await mine(FINAL_DEPTH - 1);
      await watcherCaughtUp();
      expect(await paymentStatus(t.database.db, p.paymentId)).toBe("CREATED");

      await mine(1);
      const paid = verifyDelivery(t.merchant.webhookSecret, await delivered(p.paymentId, "payment.paid"));
      expect(paid).toMatchObject({ status: "PAID", txHash: first.transactionHash });

      // Replace the payment's block and the ones after it with empty blocks.
      const depth = Number((await chain.publicClient.getBlockNumber()) - first.blockNumber) + 2;
      expect(depth).toBeGreaterThan(FINAL_DEPTH);
      await rpc("anvil_reorg", [depth, []]);

      const reorged = verifyDelivery(
        t.merchant.webhookSecret,
        await delivered(p.paymentId, "payment.reorged"),
      );
      expect(reorged).toMatchObject({
        status: "CREATED",
        txHash: null,
        payerAddress: null,
        reorged: {
          txHash: first.transactionHash,
          blockNumber: Number(first.blockNumber),
          blockHash: first.blockHash,
        },
      });
      expect(await merchantRecord(t, p.paymentId)).toMatchObject({
        status: "CREATED",
        txHash: null,
        confirmedAt: null,
        reorgedAt: expect.any(String),
        reorgedTxHash: first.transactionHash,
      });
      expect(
        await chain.publicClient.getTransaction({ hash: first.transactionHash }).catch(() => null),
      ).toBeNull();

      // The payer pays the same payment again, before its deadline.
      const second = await pay(chain, payer, p);
      await mine(FINAL_DEPTH);
      const repaid = verifyDelivery(
        t.merchant.webhookSecret,
        await delivered(p.paymentId, "payment.paid", 2),
      );
      expect(repaid).toMatchObject({ status: "PAID", txHash: second.transactionHash });
      expect(await merchantRecord(t, p.paymentId)).toMatchObject({
        status: "PAID",
        txHash: second.transactionHash,
        reorgedTxHash: first.transactionHash,
      });
      expect((await webhookEvents(t.database.db, p.paymentId)).map((e) => e.type)).toEqual([
        "payment.paid",
        "payment.reorged",
        "payment.paid",
      ]);
    },
  );

  it("finds a removed payment below the watcher's usual step back (12 blocks)", async () => {
    await setFinality("depth", FINAL_DEPTH);
    const p = await createPayment(t);
    await mine(1);
    const first = await pay(chain, payer, p);
    await mine(30);
    await delivered(p.paymentId, "payment.paid");
    await watcherCaughtUp();

    const depth = Number((await chain.publicClient.getBlockNumber()) - first.blockNumber) + 2;
    await rpc("anvil_reorg", [depth, []]);
    const reorged = verifyDelivery(t.merchant.webhookSecret, await delivered(p.paymentId, "payment.reorged"));
    expect(reorged).toMatchObject({ status: "CREATED", reorged: { txHash: first.transactionHash } });
  });

  it("keeps a payment PAID, without an event, when the reorg mines its transaction again in another block", async () => {
    await setFinality("finalized", 0);
    const p = await createPayment(t);
    await mine(1);
    const raw = await signPayTransaction(payer, chain, p);
    const hash = await chain.publicClient.sendRawTransaction({ serializedTransaction: raw });
    const first = await chain.publicClient.waitForTransactionReceipt({ hash });
    await mine(FINAL_DEPTH);
    await delivered(p.paymentId, "payment.paid");

    // The same transaction, in the second block of the new branch instead of the first.
    const depth = Number((await chain.publicClient.getBlockNumber()) - first.blockNumber) + 2;
    await rpc("anvil_reorg", [depth, [[raw, 2]]]);
    const moved = await chain.publicClient.getTransactionReceipt({ hash });
    expect(moved.blockHash).not.toBe(first.blockHash);
    await mine(FINAL_DEPTH);
    await watcherCaughtUp();
    await waitFor("the payment to follow its transaction", async () => {
      const row = await t.database.db
        .selectFrom("payments")
        .select(["status", "block_hash"])
        .where("payment_id", "=", p.paymentId)
        .executeTakeFirstOrThrow();
      return row.status === "PAID" && row.block_hash === moved.blockHash;
    });
    expect((await webhookEvents(t.database.db, p.paymentId)).map((e) => e.type)).toEqual(["payment.paid"]);
  });
});

describe("a deep reorg, whatever the removed event led to", () => {
  it("makes an INVALID payment whose event is gone CREATED again (payment.reorged), payable in full", async () => {
    await setFinality("depth", FINAL_DEPTH);
    const p = await createPayment(t, { amount: 2 });
    const cheaper = BigInt(p.amount) / 2n;
    // A transaction that disagrees with the payment: half the amount, under a signature of the signer's key.
    const signature = await signPaymentRequest(privateKeyToAccount(chain.signerKey.reveal()), {
      chainId: chain.chainId,
      gateway: chain.gateway,
      request: {
        paymentId: p.paymentId,
        tokenAddress: p.tokenAddress,
        amount: cheaper,
        recipientAddress: p.recipientAddress,
        merchantId: p.merchantId,
        deadline: BigInt(p.deadline),
      },
    });
    await mine(1);
    const short = await pay(chain, payer, p, { amount: cheaper, signature });
    await mine(FINAL_DEPTH);
    await delivered(p.paymentId, "payment.invalid");

    await reorgFrom(short);
    const reorged = verifyDelivery(t.merchant.webhookSecret, await delivered(p.paymentId, "payment.reorged"));
    expect(reorged).toMatchObject({
      status: "CREATED",
      txHash: null,
      reorged: { txHash: short.transactionHash, blockNumber: Number(short.blockNumber) },
    });
    expect(await merchantRecord(t, p.paymentId)).toMatchObject({
      status: "CREATED",
      statusReason: expect.stringContaining("reorged"),
    });

    const full = await pay(chain, payer, p);
    await mine(FINAL_DEPTH);
    expect(
      verifyDelivery(t.merchant.webhookSecret, await delivered(p.paymentId, "payment.paid")),
    ).toMatchObject({
      status: "PAID",
      txHash: full.transactionHash,
    });
    expect((await webhookEvents(t.database.db, p.paymentId)).map((e) => e.type)).toEqual([
      "payment.invalid",
      "payment.reorged",
      "payment.paid",
    ]);
  });

  it("makes a REFUND_SUBMITTED payment whose pay transaction is gone CREATED again, its open refund EXPIRED", async () => {
    await setFinality("depth", FINAL_DEPTH);
    const p = await createPayment(t);
    const paid = await paidPayment(p);
    const { refund } = await refundOf(p.paymentId);
    expect(await paymentStatus(t.database.db, p.paymentId)).toBe("REFUND_SUBMITTED");

    await reorgFrom(paid);
    const reorged = verifyDelivery(t.merchant.webhookSecret, await delivered(p.paymentId, "payment.reorged"));
    expect(reorged).toMatchObject({
      status: "CREATED",
      refundedAmount: "0",
      reorged: { txHash: paid.transactionHash },
    });
    // The refund needed the payment's paid bit: it can no longer be sent.
    expect(await refundStatus(refund.id)).toBe("EXPIRED");
    expect((await webhookEvents(t.database.db, p.paymentId)).map((e) => e.type)).toEqual([
      "payment.paid",
      "payment.refund_submitted",
      "payment.reorged",
    ]);
  });

  it("opens a refund whose transaction is gone again (payment.refund_reorged) until it is sent again", async () => {
    await setFinality("depth", FINAL_DEPTH);
    const p = await createPayment(t);
    await paidPayment(p);
    const { refund, send } = await refundOf(p.paymentId);
    await mine(1);
    const sent = await send();
    await mine(FINAL_DEPTH);
    await delivered(p.paymentId, "payment.refunded");
    expect(await paymentStatus(t.database.db, p.paymentId)).toBe("REFUNDED");

    // Only the refund's block and the ones after it: the payment's transaction stays.
    await reorgFrom(sent);
    const reorged = verifyDelivery(
      t.merchant.webhookSecret,
      await delivered(p.paymentId, "payment.refund_reorged"),
    );
    expect(reorged).toMatchObject({
      status: "REFUND_SUBMITTED",
      refundedAmount: "0",
      refund: { refundId: refund.id, amount: p.amount, txHash: null },
      reorged: { txHash: sent.transactionHash, blockNumber: Number(sent.blockNumber) },
    });
    expect(await refundStatus(refund.id)).toBe("REFUND_SUBMITTED");
    expect(await merchantRecord(t, p.paymentId)).toMatchObject({
      status: "REFUND_SUBMITTED",
      refundedAmount: "0",
    });

    // Its signature still holds until its deadline: the merchant's wallet sends it again.
    const again = await send();
    await mine(FINAL_DEPTH);
    const refunded = verifyDelivery(
      t.merchant.webhookSecret,
      await delivered(p.paymentId, "payment.refunded", 2),
    );
    expect(refunded).toMatchObject({
      status: "REFUNDED",
      refundedAmount: p.amount,
      refund: { refundId: refund.id, txHash: again.transactionHash },
    });
    expect(await refundStatus(refund.id)).toBe("REFUNDED");
  });
});

describe("the on-demand sync of GET /payments/:id", () => {
  it("does not report PAID before the payment's block is final", async () => {
    await setFinality("finalized", 0);
    const sync = createPaymentSync({
      db: t.database.db,
      chains: createChainClients(),
      now: () => new Date(),
      perPaymentIntervalMs: 0,
    });
    const p = await createPayment(t);
    await pay(chain, payer, p);
    expect(await sync.syncForRead(p.paymentId)).toBe(false);
    expect(await paymentStatus(t.database.db, p.paymentId)).toBe("CREATED");
    await mine(FINAL_DEPTH);
    await waitFor("the payment to be PAID", async () => {
      await sync.syncForRead(p.paymentId);
      return (await paymentStatus(t.database.db, p.paymentId)) === "PAID";
    });
  });
});

describe("chains polled side by side", () => {
  it("settles payments of one chain while another chain's RPC does not answer", async () => {
    await setFinality("depth", 0);
    const hanging: IncomingMessage[] = [];
    const server = createServer((request) => hanging.push(request));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const networkId = 990_001;
    try {
      await admin.addChain(t.adminDeps, {
        networkId,
        name: "Stuck",
        isTestnet: true,
        rpcUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        gatewayAddress: chain.gateway,
      });
      await waitFor("the watcher to ask the stuck chain", () => hanging.length > 0);
      const stuck = hanging[0] as IncomingMessage;

      const p = await createPayment(t);
      await pay(chain, payer, p);
      await delivered(p.paymentId, "payment.paid");
      // The stuck chain's first request never got an answer and is still waiting.
      expect(stuck.socket.destroyed).toBe(false);
    } finally {
      await admin.updateChain(t.adminDeps, networkId, { gatewayAddress: null });
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
