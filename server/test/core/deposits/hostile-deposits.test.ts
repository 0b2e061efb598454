/**
 * A stranger who holds no merchant key against payments by transfer, under a real `kassa start` process (issue 39):
 * they can send any token transfer to a deposit address (0-value ones cost them nothing, and `transferFrom(anyone,
 * deposit, 0)` names anyone as the sender), dust, and their own money. None of it makes them a payer, earns them a
 * webhook, or sends them anyone else's money: every return goes to whoever sent the money, and only what they sent.
 */
import { testTokenAbi } from "@kassa/contracts";
import { anvilPrivateKeys } from "@kassa/contracts/dev";
import { erc20Abi, getAddress, type Address, type Hex } from "viem";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { runKassaWith } from "../../harness/cli.js";
import { closeTransferWindow } from "../../harness/deposits.js";
import {
  sendTokenCall,
  startDepositProcess,
  type DepositPayment,
  type DepositProcessEnv,
} from "../../harness/depositProcess.js";
import { RELAYER_INDEX } from "../../harness/gasless.js";
import { deliveredWebhook, webhookEvents } from "../../harness/lifecycle.js";
import { waitFor } from "../../harness/waitFor.js";

vi.setConfig({ testTimeout: 180_000, hookTimeout: 240_000 });

let env: DepositProcessEnv;
let token: Address;
let payer: Address;
let stranger: Address;

beforeAll(async () => {
  env = await startDepositProcess();
  token = env.t.token as Address;
  payer = env.payer.account.address;
  stranger = env.stranger.account.address;
});
afterAll(() => env?.stop());

const rpc = (method: string, params: unknown[]) =>
  env.chain.publicClient.request({ method: method as never, params: params as never });

const balanceOf = (owner: Address, of = token) =>
  env.chain.publicClient.readContract({
    address: of,
    abi: erc20Abi,
    functionName: "balanceOf",
    args: [owner],
  });

/** Mined, successfully: its receipt. */
async function mined(hash: Hex) {
  const receipt = await env.chain.publicClient.waitForTransactionReceipt({ hash });
  expect(receipt.status).toBe("success");
  return receipt;
}

/** Waits until the process's watcher has read past `hash`'s block: what that block did is decided by then. */
async function readPast(hash: Hex): Promise<void> {
  const { blockNumber } = await mined(hash);
  await waitFor(`the watcher past block ${blockNumber}`, async () => {
    const cursor = await env.t.database.db
      .selectFrom("chain_cursors")
      .select("block_number")
      .executeTakeFirst();
    return cursor !== undefined && BigInt(cursor.block_number) >= blockNumber;
  });
}

/** The senders Kassa recorded for the payment's deposit address, in chain order. */
async function recordedSenders(paymentId: string): Promise<string[]> {
  const rows = await env.t.database.db
    .selectFrom("deposit_transfers")
    .innerJoin("payments", "payments.id", "deposit_transfers.payment_id")
    .select("deposit_transfers.from_address")
    .where("payments.payment_id", "=", paymentId)
    .orderBy("deposit_transfers.block_number")
    .orderBy("deposit_transfers.log_index")
    .execute();
  return rows.map((row) => getAddress(row.from_address));
}

/** The webhook events the payment caused, oldest first (each checked against its schema). */
const eventTypes = async (paymentId: string) =>
  (await webhookEvents(env.t.database.db, paymentId)).map((event) => event.type);

/** Waits until the return is mined (the process's relayer tracker finishes it). */
function returned(returnId: string): Promise<true> {
  return waitFor(
    `return ${returnId} RETURNED`,
    async () => {
      const row = await env.t.database.db
        .selectFrom("deposit_returns")
        .select("status")
        .where("chain_return_id", "=", returnId.toLowerCase())
        .executeTakeFirst();
      if (row?.status === "FAILED") throw new Error(`return ${returnId} FAILED`);
      return row?.status === "RETURNED" || undefined;
    },
    90_000,
  );
}

/** Every late return Kassa prepares, signed by the recipient wallet and posted; resolves them once mined. */
async function returnLateDeposits(p: DepositPayment) {
  const prepared = await env.api(`/payments/${p.paymentId}/late-return`);
  expect(prepared.status).toBe(200);
  const requests: Record<string, string>[] = [];
  for (const { request, typedData } of prepared.body.data.returns) {
    const signature = await env.recipient.signTypedData({
      ...typedData,
      message: { ...typedData.message, amount: BigInt(request.amount), deadline: BigInt(request.deadline) },
    });
    const sent = await env.api(`/payments/${p.paymentId}/late-return`, {
      method: "POST",
      json: {
        returnId: request.returnId,
        to: request.to,
        amount: request.amount,
        deadline: request.deadline,
        signature,
      },
    });
    expect(sent.status).toBe(202);
    requests.push(request);
  }
  for (const request of requests) await returned(request.returnId as string);
  return requests;
}

describe("a stranger against payments by transfer (kassa start)", () => {
  it("a 0-value transfer right behind the payer's overpayment: the payer stays the payer, and the excess goes back to them", async () => {
    const p = await env.create();
    const excess = 10n ** 17n;
    await rpc("evm_setAutomine", [false]);
    let paid: Hex;
    let backRun: Hex;
    try {
      paid = await sendTokenCall(env.payer, {
        token,
        to: p.depositAddress,
        amount: BigInt(p.amount) + excess,
      });
      // No tip: mined after the payer's transfer in the same block, the last transfer of the read that settles.
      backRun = await sendTokenCall(env.stranger, { token, to: p.depositAddress, amount: 0n, tip: 0n });
      await rpc("anvil_mine", ["0x1"]);
    } finally {
      await rpc("evm_setAutomine", [true]);
    }
    const [payerReceipt, strangerReceipt] = [await mined(paid), await mined(backRun)];
    expect(strangerReceipt.blockNumber).toBe(payerReceipt.blockNumber);
    expect(strangerReceipt.transactionIndex).toBeGreaterThan(payerReceipt.transactionIndex);

    const hook = await deliveredWebhook(env.receiver, p.paymentId, "payment.paid");
    expect(hook.payload).toMatchObject({
      payerAddress: getAddress(payer),
      txHash: paid,
      overpaidAmount: String(excess),
    });
    expect(await recordedSenders(p.paymentId)).toEqual([getAddress(payer)]);

    // return-excess runs on Kassa's own key, no merchant signature: it must pay the payer, not the stranger.
    const before = { payer: await balanceOf(payer), stranger: await balanceOf(stranger) };
    const back = await env.api(`/payments/${p.paymentId}/return-excess`, { method: "POST" });
    expect(back.status).toBe(202);
    expect(back.body.data.returns).toMatchObject([
      { to: getAddress(payer), amount: String(excess), transfers: [{ txHash: paid }] },
    ]);
    await returned(back.body.data.returns[0].returnId);
    expect(await balanceOf(payer)).toBe(before.payer + excess);
    expect(await balanceOf(stranger)).toBe(before.stranger);
    expect(await eventTypes(p.paymentId)).toEqual(["payment.paid", "payment.deposit_returned"]);
  });

  it("0-value transferFrom naming anyone, and dust: not recorded, no webhook, never the payer", async () => {
    const p = await env.create();
    // transferFrom(x, deposit, 0) needs no allowance: the stranger writes an address that looks like the payer's.
    const lookalike = getAddress(`0x${payer.slice(2, 6)}${"0".repeat(32)}${payer.slice(-4)}`.toLowerCase());
    await readPast(
      await sendTokenCall(env.stranger, { token, from: lookalike, to: p.depositAddress, amount: 0n }),
    );
    await readPast(await sendTokenCall(env.stranger, { token, to: p.depositAddress, amount: 1n }));
    expect(await recordedSenders(p.paymentId)).toEqual([]);
    expect(await eventTypes(p.paymentId)).toEqual([]);

    const paid = await sendTokenCall(env.payer, { token, to: p.depositAddress, amount: BigInt(p.amount) });
    const hook = await deliveredWebhook(env.receiver, p.paymentId, "payment.paid");
    expect(hook.payload).toMatchObject({
      payerAddress: getAddress(payer),
      txHash: paid,
      amountReceived: p.amount,
    });
    // After the payment settled: no payment.late_deposit for dust or for nothing.
    await readPast(await sendTokenCall(env.stranger, { token, to: p.depositAddress, amount: 2n }));
    await readPast(
      await sendTokenCall(env.stranger, { token, from: lookalike, to: p.depositAddress, amount: 0n }),
    );
    expect(await recordedSenders(p.paymentId)).toEqual([getAddress(payer)]);
    expect(await eventTypes(p.paymentId)).toEqual(["payment.paid"]);
  });

  it("a transfer from the deposit address to itself is not money received: the underpaid payment stays open, and its money goes back to its payer", async () => {
    const p = await env.create(1);
    const part = (BigInt(p.amount) * 6n) / 10n;
    await sendTokenCall(env.payer, { token, to: p.depositAddress, amount: part });
    await deliveredWebhook(env.receiver, p.paymentId, "payment.underpaid");
    await closeTransferWindow(env.t.database.db, p.paymentId);
    const before = await balanceOf(payer);
    await readPast(
      await sendTokenCall(env.stranger, { token, from: p.depositAddress, to: p.depositAddress, amount: 0n }),
    );
    expect(await recordedSenders(p.paymentId)).toEqual([getAddress(payer)]);

    const prepared = await env.api(`/payments/${p.paymentId}/late-return`);
    expect(prepared.status).toBe(200);
    expect(prepared.body.data.returns.map((entry: { request: unknown }) => entry.request)).toMatchObject([
      { to: getAddress(payer), amount: String(part) },
    ]);
    // A return id Kassa made for the payer is no return to anyone else, whatever the recipient signs.
    const { request, typedData } = prepared.body.data.returns[0];
    const toItself = { ...request, to: p.depositAddress };
    const signature = await env.recipient.signTypedData({
      ...typedData,
      message: {
        ...typedData.message,
        to: p.depositAddress,
        amount: BigInt(part),
        deadline: BigInt(request.deadline),
      },
    });
    const refused = await env.api(`/payments/${p.paymentId}/late-return`, {
      method: "POST",
      json: {
        returnId: toItself.returnId,
        to: toItself.to,
        amount: toItself.amount,
        deadline: toItself.deadline,
        signature,
      },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe("VALIDATION_ERROR");

    await returnLateDeposits(p);
    expect(await balanceOf(payer)).toBe(before + part);
    expect(await balanceOf(p.depositAddress)).toBe(0n);
    const record = await env.api(`/merchants/me/payments/${p.paymentId}`);
    expect(record.body.data).toMatchObject({ status: "CREATED", amountReceived: String(part) });
    expect(await eventTypes(p.paymentId)).toEqual(["payment.underpaid", "payment.deposit_returned"]);
  });

  it("a payer paying twice after the sweep, then a stranger's 0-value and own transfer: each gets back what they sent", async () => {
    const p = await env.create();
    const amount = BigInt(p.amount);
    await sendTokenCall(env.payer, { token, to: p.depositAddress, amount });
    await deliveredWebhook(env.receiver, p.paymentId, "payment.paid");
    await env.swept(p.paymentId);
    const before = { payer: await balanceOf(payer), stranger: await balanceOf(stranger) };
    await sendTokenCall(env.payer, { token, to: p.depositAddress, amount });
    await deliveredWebhook(env.receiver, p.paymentId, "payment.late_deposit");
    await readPast(await sendTokenCall(env.stranger, { token, to: p.depositAddress, amount: 0n }));
    const own = 10n ** 16n;
    await readPast(await sendTokenCall(env.stranger, { token, to: p.depositAddress, amount: own }));

    const requests = await returnLateDeposits(p);
    expect(requests).toMatchObject([
      { to: getAddress(payer), amount: String(amount) },
      { to: getAddress(stranger), amount: String(own) },
    ]);
    expect(await balanceOf(payer)).toBe(before.payer);
    expect(await balanceOf(stranger)).toBe(before.stranger);
    expect(await balanceOf(p.depositAddress)).toBe(0n);
  });

  it("kassa admin deposit recover: another token goes back to each sender, what they sent", async () => {
    const p = await env.create();
    const wrong = env.chain.tokens.permit6;
    const before = { payer: await balanceOf(payer, wrong), stranger: await balanceOf(stranger, wrong) };
    await readPast(
      await sendTokenCall(env.payer, { token: wrong, to: p.depositAddress, amount: 3_000_000n }),
    );
    await readPast(await sendTokenCall(env.stranger, { token: wrong, to: p.depositAddress, amount: 0n }));
    await readPast(
      await sendTokenCall(env.stranger, { token: wrong, to: p.depositAddress, amount: 1_000_000n }),
    );
    const result = await runKassaWith(
      {
        DATABASE_URL: env.t.database.url,
        LOG_LEVEL: "silent",
        KASSA_SIGNER_PRIVATE_KEY: env.chain.signerKey.reveal(),
        [`RELAYER_PRIVATE_KEYS_${env.chain.chainId}`]: anvilPrivateKeys[RELAYER_INDEX],
      },
      ...["admin", "deposit", "recover", p.paymentId, "--token", wrong, "--json"],
    );
    expect(result.code).toBe(0);
    const sent = JSON.parse(result.stdout) as { returnId: string; to: string; amount: string }[];
    expect(sent).toMatchObject([
      { to: getAddress(payer), amount: "3000000" },
      { to: getAddress(stranger), amount: "1000000" },
    ]);
    for (const entry of sent) await returned(entry.returnId);
    expect(await balanceOf(payer, wrong)).toBe(before.payer);
    expect(await balanceOf(stranger, wrong)).toBe(before.stranger);
  });

  it("kassa admin deposit recover: a mint to the address is owed to nobody; the senders get theirs, the merchant the rest", async () => {
    const p = await env.create();
    const wrong = env.chain.tokens.permit6;
    const before = await balanceOf(stranger, wrong);
    const mint = await env.payer.writeContract({
      address: wrong,
      abi: testTokenAbi,
      functionName: "mint",
      args: [p.depositAddress, 5_000_000n],
    });
    await readPast(mint);
    await readPast(
      await sendTokenCall(env.stranger, { token: wrong, to: p.depositAddress, amount: 1_000_000n }),
    );
    const recover = (to: string) =>
      runKassaWith(
        {
          DATABASE_URL: env.t.database.url,
          LOG_LEVEL: "silent",
          KASSA_SIGNER_PRIVATE_KEY: env.chain.signerKey.reveal(),
          [`RELAYER_PRIVATE_KEYS_${env.chain.chainId}`]: anvilPrivateKeys[RELAYER_INDEX],
        },
        ...["admin", "deposit", "recover", p.paymentId, "--token", wrong, "--to", to, "--json"],
      );
    // No return to the zero address (it would burn the tokens, or revert and hold back the stranger's).
    const senders = await recover("sender");
    expect(senders.code).toBe(0);
    const sent = JSON.parse(senders.stdout) as { returnId: string; to: string; amount: string }[];
    expect(sent).toMatchObject([{ to: getAddress(stranger), amount: "1000000" }]);
    await returned(sent[0]!.returnId);
    expect(await balanceOf(stranger, wrong)).toBe(before);
    // What was minted is nobody's to claim back: the merchant recovers it.
    const merchant = await recover("merchant");
    expect(merchant.code).toBe(0);
    const taken = JSON.parse(merchant.stdout) as { returnId: string; to: string; amount: string }[];
    expect(taken).toMatchObject([{ amount: "5000000" }]);
    await returned(taken[0]!.returnId);
    expect(await balanceOf(p.depositAddress, wrong)).toBe(0n);
  });
});
