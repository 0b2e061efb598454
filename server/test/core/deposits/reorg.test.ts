import type { Address, TransactionReceipt } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as admin from "../../../src/core/admin/index.js";
import type { TestApp } from "../../harness/app.js";
import type { TestChain, TestWalletClient } from "../../harness/chain.js";
import { sendTransfer, startDepositEnv, type DepositEnv } from "../../harness/deposits.js";
import type { CreatedPayment } from "../../harness/payments.js";
import {
  createPayment,
  deliveredWebhook,
  merchantRecord,
  paymentStatus,
  webhookEvents,
  type Receiver,
} from "../../harness/lifecycle.js";

/** Blocks below the head that are final for the chain (finality "depth"). */
const FINAL_DEPTH = 2;

let env: DepositEnv;
let chain: TestChain;
let t: TestApp;
let sender: TestWalletClient;
let receiver: Receiver;

beforeAll(async () => {
  env = await startDepositEnv();
  ({ chain, t, receiver, sender } = env);
  await admin.updateChain(t.adminDeps, chain.chainId, { finality: "depth", confirmations: FINAL_DEPTH });
});
afterAll(() => env?.stop());

const rpc = (method: string, params: unknown[]) =>
  chain.publicClient.request({ method: method as never, params: params as never });
const mine = (blocks: number) => rpc("anvil_mine", [`0x${blocks.toString(16)}`]);

const transfer = (to: Address, amount: bigint): Promise<TransactionReceipt> =>
  sendTransfer(chain, sender, { token: t.token as Address, to, amount });

describe("a reorg of a deposit", () => {
  it("settles a transfer only once its block is final; a reorg that removes it makes the payment CREATED again", async () => {
    const p = (await createPayment(t)) as CreatedPayment & { depositAddress: Address };
    await mine(1);
    const receipt = await transfer(p.depositAddress, BigInt(p.amount));
    // Mined, not final: nothing is settled yet (the next block is read only once it is final).
    expect(await paymentStatus(t.database.db, p.paymentId)).toBe("CREATED");
    await mine(FINAL_DEPTH);
    const paid = await deliveredWebhook(receiver, p.paymentId, "payment.paid");
    expect(paid.payload).toMatchObject({ paidVia: "transfer", txHash: receipt.transactionHash });

    const depth = Number((await chain.publicClient.getBlockNumber()) - receipt.blockNumber) + 1;
    expect(depth).toBeGreaterThan(FINAL_DEPTH);
    await rpc("anvil_reorg", [depth, []]);
    await mine(FINAL_DEPTH + 1);
    const reorged = await deliveredWebhook(receiver, p.paymentId, "payment.reorged");
    expect(reorged.payload).toMatchObject({
      status: "CREATED",
      paidVia: null,
      amountReceived: "0",
      reorged: { txHash: receipt.transactionHash, blockHash: receipt.blockHash },
    });
    expect(await merchantRecord(t, p.paymentId)).toMatchObject({
      status: "CREATED",
      amountReceived: "0",
      reorgedTxHash: receipt.transactionHash,
    });
    expect((await webhookEvents(t.database.db, p.paymentId)).map((event) => event.type)).toEqual([
      "payment.paid",
      "payment.reorged",
    ]);
  });
});
