/**
 * A reorg deeper than the chain's finality that removes a payment by transfer and its sweep, under a real
 * `kassa start` (issue 39, Low; issue 40, "the chain says when a deposit moved"). The watcher reads DepositSwept
 * itself: the sweep gone, the payment is unswept again, and once the payer pays again it is swept again. Before,
 * the payment stayed swept (`sweptAt`) while its deposit held nothing, and a payment paid again was never swept.
 */
import * as admin from "../../src/core/admin/index.js";
import { erc20Abi, type Address, type Hex } from "viem";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { sendTokenCall, startDepositProcess, type DepositProcessEnv } from "../harness/depositProcess.js";
import { deliveredWebhook, webhookEvents } from "../harness/lifecycle.js";
import { waitFor } from "../harness/waitFor.js";

vi.setConfig({ testTimeout: 180_000, hookTimeout: 240_000 });

/** Blocks below the head that are final for the chain (finality "depth"). */
const FINAL_DEPTH = 2;

let env: DepositProcessEnv;

beforeAll(async () => {
  env = await startDepositProcess();
  await admin.updateChain(env.t.adminDeps, env.chain.chainId, {
    finality: "depth",
    confirmations: FINAL_DEPTH,
  });
});
afterAll(() => env?.stop());

const rpc = (method: string, params: unknown[]) =>
  env.chain.publicClient.request({ method: method as never, params: params as never });
const mine = (blocks: number) => rpc("anvil_mine", [`0x${blocks.toString(16)}`]);

const balanceOf = (owner: Address) =>
  env.chain.publicClient.readContract({
    address: env.t.token as Address,
    abi: erc20Abi,
    functionName: "balanceOf",
    args: [owner],
  });

async function payment(paymentId: string) {
  return env.t.database.db
    .selectFrom("payments")
    .select(["status", "swept_at", "sweep_tx_hash", "deposit_sweep_id"])
    .where("payment_id", "=", paymentId)
    .executeTakeFirstOrThrow();
}

describe("a reorg that removes a payment by transfer and its sweep (kassa start)", () => {
  it("makes the payment unswept and CREATED; paid again, it is swept again, once", async () => {
    const { payer, chain, t } = env;
    const p = await env.create();
    const amount = BigInt(p.amount);
    await mine(1);
    const first = await sendTokenCall(payer, { token: t.token as Address, to: p.depositAddress, amount });
    const transfer = await chain.publicClient.waitForTransactionReceipt({ hash: first });
    await mine(FINAL_DEPTH);
    await deliveredWebhook(env.receiver, p.paymentId, "payment.paid");
    const recipientBefore = await balanceOf(t.merchant.recipient as Address);
    await env.swept(p.paymentId, () => mine(1));
    const swept = await payment(p.paymentId);
    const sweepReceipt = await chain.publicClient.getTransactionReceipt({ hash: swept.sweep_tx_hash as Hex });
    // The watcher reads the sweep's block too, final: the DepositSwept it records is the one the relayer did. Either
    // may record it first (moves.ts); the reorg below removes a sweep the relayer's tracker has confirmed too.
    await mine(FINAL_DEPTH);
    await waitFor("the sweep read from the chain and confirmed by the relayer", async () => {
      const sweep = await t.database.db
        .selectFrom("deposit_sweeps")
        .select("status")
        .where("tx_hash", "=", sweepReceipt.transactionHash.toLowerCase())
        .executeTakeFirst();
      const row = await t.database.db
        .selectFrom("deposit_events")
        .select("tx_hash")
        .where("kind", "=", "swept")
        .where("tx_hash", "=", sweepReceipt.transactionHash.toLowerCase())
        .executeTakeFirst();
      const cursor = await t.database.db
        .selectFrom("chain_cursors")
        .select("block_number")
        .executeTakeFirst();
      return (
        sweep?.status === "CONFIRMED" &&
        row !== undefined &&
        BigInt(cursor?.block_number ?? 0) >= sweepReceipt.blockNumber
      );
    });
    const [broadcast] = await env.t.database.db
      .selectFrom("sender_broadcasts")
      .select("raw_transaction")
      .where("tx_hash", "=", sweepReceipt.transactionHash.toLowerCase())
      .execute();

    // The reorg takes both away. As a network does with a reorged transaction, the relayer's sweep is mined again
    // (its nonce is used), and reverts: the transfer it swept is gone.
    const depth = Number((await chain.publicClient.getBlockNumber()) - transfer.blockNumber) + 1;
    await rpc("anvil_reorg", [depth, []]);
    const again = (await rpc("eth_sendRawTransaction", [broadcast?.raw_transaction])) as Hex;
    const reverted = await chain.publicClient.waitForTransactionReceipt({ hash: again });
    expect(reverted.status).toBe("reverted");
    await mine(FINAL_DEPTH + 1);
    const reorged = await deliveredWebhook(env.receiver, p.paymentId, "payment.reorged");
    expect(reorged.payload).toMatchObject({ status: "CREATED", reorged: { txHash: first } });
    await waitFor("the sweep undone", async () => {
      const row = await payment(p.paymentId);
      return row.swept_at === null && row.deposit_sweep_id === null;
    });
    expect((await env.api(`/merchants/me/payments/${p.paymentId}`)).body.data).toMatchObject({
      status: "CREATED",
      sweptAt: null,
      sweepTransactionHash: null,
    });
    const sweepRow = await t.database.db
      .selectFrom("deposit_sweeps")
      .select(["status", "error_message"])
      .where("tx_hash", "=", sweepReceipt.transactionHash.toLowerCase())
      .executeTakeFirstOrThrow();
    expect(sweepRow.status).toBe("REORGED");
    expect(await balanceOf(t.merchant.recipient as Address)).toBe(recipientBefore);

    // Paid again: swept again, and the merchant has the amount (less the fee) once.
    await sendTokenCall(payer, { token: t.token as Address, to: p.depositAddress, amount });
    await mine(FINAL_DEPTH);
    await deliveredWebhook(env.receiver, p.paymentId, "payment.paid", 2);
    await env.swept(p.paymentId, () => mine(1));
    const record = await env.api(`/merchants/me/payments/${p.paymentId}`);
    expect(record.body.data).toMatchObject({ status: "PAID", paidVia: "transfer" });
    expect(record.body.data.sweepTransactionHash).not.toBe(sweepReceipt.transactionHash);
    expect(await balanceOf(p.depositAddress)).toBe(0n);
    const { fee_amount } = await t.database.db
      .selectFrom("payments")
      .select("fee_amount")
      .where("payment_id", "=", p.paymentId)
      .executeTakeFirstOrThrow();
    expect(await balanceOf(t.merchant.recipient as Address)).toBe(
      recipientBefore + amount - BigInt(fee_amount ?? -1),
    );
    // The merchant heard of the first sweep, then of the reorg that undid the payment and its sweep, then of both again.
    expect((await webhookEvents(t.database.db, p.paymentId)).map((event) => event.type)).toEqual([
      "payment.paid",
      "payment.swept",
      "payment.reorged",
      "payment.paid",
      "payment.swept",
    ]);
  });
});
