import { anvilPrivateKeys } from "@kassa/contracts/dev";
import { erc20Abi, getAddress, parseEther, zeroAddress, type Address } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  findReturnPayment,
  recoverDeposit,
  type DepositReturnDeps,
} from "../../../src/core/deposits/returns.js";
import { listPaymentReturns, type DepositReturnView } from "../../../src/core/deposits/returnViews.js";
import * as admin from "../../../src/core/admin/index.js";
import { findChainByNetworkId } from "../../../src/db/chains/chains.js";
import type { ChainRow } from "../../../src/db/schema/rows.js";
import type { TestApp } from "../../harness/app.js";
import type { TestChain, TestWalletClient } from "../../harness/chain.js";
import {
  closeTransferWindow,
  sendTransfer,
  waitForDepositTransfer,
  startDepositEnv,
  type DepositEnv,
} from "../../harness/deposits.js";
import { gaslessSettingsFor, RELAYER_INDEX } from "../../harness/gasless.js";
import { runUntilKilled, type KillPoint } from "../../harness/killAtBroadcast.js";
import {
  createPayment,
  deliveredWebhook,
  merchantRecord,
  pay,
  type Receiver,
} from "../../harness/lifecycle.js";
import type { CreatedPayment } from "../../harness/payments.js";
import { sweepDriver } from "../../harness/sweeps.js";
import { waitFor } from "../../harness/waitFor.js";

type DepositPayment = CreatedPayment & { depositAddress: Address };

let env: DepositEnv;
let chain: TestChain;
let t: TestApp;
let receiver: Receiver;
let sender: TestWalletClient;
let deps: DepositReturnDeps;
let chainRow: ChainRow;

beforeAll(async () => {
  // The relayer of the tests' anvil (its default chain id): the API sends the returns through it.
  const gasless = gaslessSettingsFor(31337, [anvilPrivateKeys[RELAYER_INDEX]]);
  env = await startDepositEnv({ gasless });
  ({ chain, t, receiver, sender, returnDeps: deps } = env);
  chainRow = (await findChainByNetworkId(t.database.db, chain.chainId)) as ChainRow;
});
afterAll(() => env?.stop());

const setAutomine = (on: boolean) =>
  chain.publicClient.request({ method: "evm_setAutomine" as never, params: [on] as never });

const balanceOf = (token: Address, owner: Address) =>
  chain.publicClient.readContract({
    address: token,
    abi: erc20Abi,
    functionName: "balanceOf",
    args: [owner],
  });

/** A payment paid by a plain transfer of `amount` (its own amount plus `extra`), once PAID. */
async function paidByTransfer(extra: bigint): Promise<DepositPayment> {
  const p = (await createPayment(t, { amount: 1.5 })) as DepositPayment;
  await sendTransfer(chain, sender, {
    token: t.token as Address,
    to: p.depositAddress,
    amount: BigInt(p.amount) + extra,
  });
  await deliveredWebhook(receiver, p.paymentId, "payment.paid");
  return p;
}

const auth = () => ({ "x-api-key": t.merchant.apiKey });

const returnExcess = (paymentId: string) =>
  t.request(`/payments/${paymentId}/return-excess`, { method: "POST", headers: auth() });

async function setLatePolicy(policy: "settle" | "return"): Promise<void> {
  await t.database.db
    .updateTable("merchants")
    .set({ deposit_late_policy: policy })
    .where("merchant_key", "=", t.merchant.merchantKey)
    .execute();
}

/** Runs the relayer's tracker (as the worker does) until the return is no longer SUBMITTED. */
function finished(paymentId: string, returnId: string): Promise<{ status: string; txHash: string | null }> {
  return waitFor(`return ${returnId} finished`, async () => {
    await t.services.gasless.relayer(chainRow)?.track();
    const payment = await findReturnPayment(deps, paymentId);
    const row = await t.database.db
      .selectFrom("deposit_returns")
      .selectAll()
      .where("chain_return_id", "=", returnId)
      .where("payment_id", "=", payment.id)
      .executeTakeFirstOrThrow();
    return row.status === "SUBMITTED" ? undefined : { status: row.status, txHash: row.tx_hash };
  });
}

/** Returns a payment's excess from a process that SIGKILLs itself at `killPoint`; its signal. */
function returnUntilKilled(paymentId: string, killPoint: KillPoint) {
  return runUntilKilled(
    new URL("../../harness/returnProcess.ts", import.meta.url),
    { databaseUrl: t.database.url, chain, relayerKey: anvilPrivateKeys[RELAYER_INDEX] },
    paymentId,
    killPoint,
    chain.signerKey.reveal(),
  );
}

/** The late return of `amount` to the sender, signed by the payment's recipient (wallet 9), sent and mined. */
async function returnedOnRecipientSignature(p: DepositPayment, amount: bigint): Promise<void> {
  const toSign = await t.request(`/payments/${p.paymentId}/late-return`, { headers: auth() });
  expect(toSign.status).toBe(200);
  expect(toSign.body.data.returns).toHaveLength(1);
  const { request, typedData } = toSign.body.data.returns[0];
  expect(request).toMatchObject({ to: getAddress(sender.account.address), amount: String(amount) });
  const signature = await chain.wallet(9).signTypedData({
    ...typedData,
    message: { ...typedData.message, amount: BigInt(request.amount), deadline: BigInt(request.deadline) },
  });
  const sent = await t.request(`/payments/${p.paymentId}/late-return`, {
    method: "POST",
    headers: auth(),
    json: { ...signedFields(request), signature },
  });
  expect(sent.status).toBe(202);
  expect(await finished(p.paymentId, request.returnId)).toMatchObject({ status: "RETURNED" });
}

/** What POST /payments/:id/late-return takes of a request GET gave. */
const signedFields = (request: Record<string, string>) => ({
  returnId: request.returnId,
  to: request.to,
  amount: request.amount,
  deadline: request.deadline,
});

describe("returns from deposit addresses", () => {
  it("returns an overpayment's excess to its payer, exactly, without touching the recipient; once", async () => {
    const excess = 123_456_789n;
    const p = await paidByTransfer(excess);
    const token = t.token as Address;
    const payer = sender.account.address;
    const before = {
      payer: await balanceOf(token, payer),
      recipient: await balanceOf(token, t.merchant.recipient as Address),
    };
    const first = await returnExcess(p.paymentId);
    expect(first.status).toBe(202);
    expect(first.body.data.returns).toHaveLength(1);
    const sent = first.body.data.returns[0];
    expect(sent).toMatchObject({
      paymentId: p.paymentId,
      kind: "excess",
      tokenAddress: getAddress(token),
      to: getAddress(payer),
      amount: String(excess),
      transfers: [{ amount: String(BigInt(p.amount) + excess) }],
      status: "SUBMITTED",
    });
    expect(await finished(p.paymentId, sent.returnId)).toMatchObject({ status: "RETURNED" });
    expect(await balanceOf(token, payer)).toBe(before.payer + excess);
    expect(await balanceOf(token, t.merchant.recipient as Address)).toBe(before.recipient);
    expect(await balanceOf(token, p.depositAddress)).toBe(BigInt(p.amount));
    const hook = await deliveredWebhook(receiver, p.paymentId, "payment.deposit_returned");
    expect(hook.payload).toMatchObject({
      status: "PAID",
      depositReturn: { kind: "excess", amount: String(excess), to: getAddress(payer) },
    });

    // Asked again: the same return, not a second one.
    const again = await returnExcess(p.paymentId);
    expect(again.status).toBe(200);
    expect(again.body.data.returns).toMatchObject([{ returnId: sent.returnId, status: "RETURNED" }]);
    const rows = await t.database.db.selectFrom("deposit_returns").select("id").execute();
    expect(rows).toHaveLength(1);
    expect(await balanceOf(token, payer)).toBe(before.payer + excess);
  });

  it("refuses a payment without an excess, and another merchant's payment", async () => {
    const p = await paidByTransfer(0n);
    const refused = await returnExcess(p.paymentId);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe("NO_EXCESS_TO_RETURN");
    const other = await t.addMerchant("Other shop");
    const forbidden = await t.request(`/payments/${p.paymentId}/return-excess`, {
      method: "POST",
      headers: { "x-api-key": other.apiKey },
    });
    expect(forbidden.status).toBe(403);
    expect((await t.request(`/payments/${p.paymentId}/return-excess`, { method: "POST" })).status).toBe(401);
  });

  it("recovers a wrong token to its sender and native coin to the merchant, never the payment's token", async () => {
    const p = (await createPayment(t, { amount: 1.5 })) as DepositPayment;
    const wrong = chain.tokens.permit6;
    const held = await balanceOf(wrong, sender.account.address);
    await sendTransfer(chain, sender, { token: wrong, to: p.depositAddress, amount: 5_000_000n });
    await waitForDepositTransfer(t.database.db, p.paymentId, wrong);
    const payment = await findReturnPayment(deps, p.paymentId);
    await expect(
      recoverDeposit(deps, payment, { token: t.token as Address, to: "sender" }),
    ).rejects.toMatchObject({ code: "VALIDATION_ERROR" });

    // Native coin first: an ERC-20 return sends what native coin the address holds to the recipient.
    await chain.setBalance(p.depositAddress, parseEther("0.25"));
    const recipient = t.merchant.recipient as Address;
    const recipientEth = await chain.publicClient.getBalance({ address: recipient });
    const [native] = await recoverDeposit(deps, payment, { token: zeroAddress, to: "merchant" });
    expect(native).toMatchObject({
      kind: "recovery",
      to: getAddress(recipient),
      amount: String(parseEther("0.25")),
    });
    expect(await finished(p.paymentId, native?.returnId as string)).toMatchObject({ status: "RETURNED" });
    expect(await chain.publicClient.getBalance({ address: recipient })).toBe(
      recipientEth + parseEther("0.25"),
    );

    // The wrong token is not the merchant's: to the merchant, nothing of it (its sender is owed all of it).
    await expect(recoverDeposit(deps, payment, { token: wrong, to: "merchant" })).rejects.toMatchObject({
      code: "NOTHING_TO_RETURN",
    });
    const [recovered] = await recoverDeposit(deps, payment, { token: wrong, to: "sender" });
    expect(recovered).toMatchObject({ to: getAddress(sender.account.address), amount: "5000000" });
    expect(await finished(p.paymentId, recovered?.returnId as string)).toMatchObject({ status: "RETURNED" });
    expect(await balanceOf(wrong, sender.account.address)).toBe(held);
    expect(await balanceOf(wrong, p.depositAddress)).toBe(0n);
    // Nothing is left of it: a second recovery is refused before anything is sent.
    await expect(recoverDeposit(deps, payment, { token: wrong, to: "sender" })).rejects.toMatchObject({
      code: "NOTHING_TO_RETURN",
    });
  });

  it("recovers another token to each of its senders at once; what no sender brought only once their returns are done", async () => {
    const p = (await createPayment(t, { amount: 1.5 })) as DepositPayment;
    const plain = chain.tokens.plain;
    const other = chain.wallet(8);
    const held = [
      await balanceOf(plain, sender.account.address),
      await balanceOf(plain, other.account.address),
    ];
    // Before the chain enables the token, the watcher records none of its transfers: this is no sender's.
    await chain.mint(plain, p.depositAddress, 7_000n);
    const minted = await chain.publicClient.getBlockNumber();
    await waitFor("the watcher past the mint", async () => {
      const cursor = await t.database.db
        .selectFrom("chain_cursors")
        .select("block_number")
        .executeTakeFirst();
      return cursor !== undefined && BigInt(cursor.block_number) >= minted;
    });
    await admin.addToken(t.adminDeps, { networkId: chain.chainId, address: plain });
    for (const [wallet, amount] of [
      [sender, 2_000n],
      [other, 1_000n],
    ] as const) {
      await chain.mint(plain, wallet.account.address, amount);
      await sendTransfer(chain, wallet, { token: plain, to: p.depositAddress, amount });
    }
    await waitForDepositTransfer(t.database.db, p.paymentId, plain, 2);
    const payment = await findReturnPayment(deps, p.paymentId);
    await setAutomine(false);
    let returns: DepositReturnView[];
    try {
      returns = await recoverDeposit(deps, payment, { token: plain, to: "sender" });
      expect(returns).toMatchObject([
        { to: getAddress(sender.account.address), amount: "2000", status: "SUBMITTED" },
        { to: getAddress(other.account.address), amount: "1000", status: "SUBMITTED" },
      ]);
      // Their transactions have not reached the node (the relayer's tracker sends them again): the address still
      // holds what they send, which its senders are no longer owed. Nothing of it goes to the merchant meanwhile.
      await chain.publicClient.request({ method: "anvil_dropAllTransactions" as never, params: [] as never });
      await expect(recoverDeposit(deps, payment, { token: plain, to: "merchant" })).rejects.toMatchObject({
        code: "CONFLICT",
      });
      expect(await listPaymentReturns(t.database.db, payment, new Date(), "recovery")).toHaveLength(2);
      // Sent again, as the tracker does with a transaction stuck for long enough.
      const raws = await t.database.db
        .selectFrom("sender_broadcasts")
        .innerJoin(
          "deposit_returns",
          "deposit_returns.sender_transaction_id",
          "sender_broadcasts.sender_transaction_id",
        )
        .select("sender_broadcasts.raw_transaction")
        .where("deposit_returns.payment_id", "=", payment.id)
        .orderBy("sender_broadcasts.id")
        .execute();
      for (const { raw_transaction } of raws) {
        await chain.publicClient.request({
          method: "eth_sendRawTransaction" as never,
          params: [raw_transaction] as never,
        });
      }
    } finally {
      await setAutomine(true);
    }
    for (const sent of returns) {
      expect(await finished(p.paymentId, sent.returnId)).toMatchObject({ status: "RETURNED" });
    }
    // Each sender has what they sent back (minted for the test, then sent).
    expect(await balanceOf(plain, sender.account.address)).toBe((held[0] ?? 0n) + 2_000n);
    expect(await balanceOf(plain, other.account.address)).toBe((held[1] ?? 0n) + 1_000n);
    const [unattributed] = await recoverDeposit(deps, payment, { token: plain, to: "merchant" });
    expect(unattributed).toMatchObject({ to: getAddress(t.merchant.recipient as Address), amount: "7000" });
    expect(await finished(p.paymentId, unattributed?.returnId as string)).toMatchObject({
      status: "RETURNED",
    });
    expect(await balanceOf(plain, p.depositAddress)).toBe(0n);
  });

  it("settles a late deposit under 'settle'; under 'return' sends it back on the recipient's signature, once", async () => {
    const token = t.token as Address;
    const settled = (await createPayment(t, { amount: 1.5 })) as DepositPayment;
    await closeTransferWindow(t.database.db, settled.paymentId);
    await sendTransfer(chain, sender, { token, to: settled.depositAddress, amount: BigInt(settled.amount) });
    const paid = await deliveredWebhook(receiver, settled.paymentId, "payment.paid");
    expect(paid.payload).toMatchObject({ paidVia: "transfer", paidAfterExpiry: true });
    const none = await t.request(`/payments/${settled.paymentId}/late-return`, { headers: auth() });
    expect(none.status).toBe(409);
    expect(none.body.code).toBe("NO_LATE_DEPOSIT");

    await setLatePolicy("return");
    try {
      const p = (await createPayment(t, { amount: 1.5 })) as DepositPayment;
      await closeTransferWindow(t.database.db, p.paymentId);
      const before = {
        sender: await balanceOf(token, sender.account.address),
        recipient: await balanceOf(token, t.merchant.recipient as Address),
      };
      await sendTransfer(chain, sender, { token, to: p.depositAddress, amount: BigInt(p.amount) });
      await waitFor("the late deposit recorded", async () => {
        const row = await t.database.db
          .selectFrom("payments")
          .select(["amount_received", "status"])
          .where("payment_id", "=", p.paymentId)
          .executeTakeFirstOrThrow();
        return row.amount_received === p.amount && row.status !== "PAID";
      });
      await deliveredWebhook(receiver, p.paymentId, "payment.late_deposit");
      const toSign = await t.request(`/payments/${p.paymentId}/late-return`, { headers: auth() });
      expect(toSign.status).toBe(200);
      const { request, typedData } = toSign.body.data.returns[0];
      expect(request).toMatchObject({
        deposit: p.depositAddress,
        to: getAddress(sender.account.address),
        amount: p.amount,
      });
      const message = {
        ...typedData.message,
        amount: BigInt(request.amount),
        deadline: BigInt(request.deadline),
      };
      const body = (signer: TestWalletClient) =>
        signer
          .signTypedData({ ...typedData, message })
          .then((signature) => ({ ...signedFields(request), signature }));
      // Only the recipient's signature moves a payment's amount: Kassa checks it before sending anything.
      const stranger = await t.request(`/payments/${p.paymentId}/late-return`, {
        method: "POST",
        headers: auth(),
        json: await body(sender),
      });
      expect(stranger.status).toBe(400);
      expect(stranger.body.code).toBe("INVALID_SIGNATURE");

      const signed = await body(chain.wallet(9));
      const sent = await t.request(`/payments/${p.paymentId}/late-return`, {
        method: "POST",
        headers: auth(),
        json: signed,
      });
      expect(sent.status).toBe(202);
      expect(sent.body.data).toMatchObject({ kind: "late", amount: p.amount, status: "SUBMITTED" });
      expect(await finished(p.paymentId, request.returnId)).toMatchObject({ status: "RETURNED" });
      expect(await balanceOf(token, sender.account.address)).toBe(before.sender);
      expect(await balanceOf(token, t.merchant.recipient as Address)).toBe(before.recipient);
      expect(await balanceOf(token, p.depositAddress)).toBe(0n);
      const again = await t.request(`/payments/${p.paymentId}/late-return`, {
        method: "POST",
        headers: auth(),
        json: signed,
      });
      expect(again.status).toBe(200);
      expect(again.body.data).toMatchObject({ returnId: request.returnId, status: "RETURNED" });
    } finally {
      await setLatePolicy("settle");
    }
  });

  it("a payer paying twice after the sweep: told, counted as overpaid, and sent back on the recipient's signature", async () => {
    const token = t.token as Address;
    const p = await paidByTransfer(0n);
    const amount = BigInt(p.amount);
    const paidOnce = await balanceOf(token, sender.account.address);
    const sweeps = sweepDriver(env);
    await sweeps.sweep();
    expect(await sweeps.sweepsOf(p.paymentId)).toMatchObject([{ status: "CONFIRMED" }]);
    const recipientBefore = await balanceOf(token, t.merchant.recipient as Address);

    // The same payment again, after its sweep: the gateway took the amount once; this one waits at the address.
    await sendTransfer(chain, sender, { token, to: p.depositAddress, amount });
    await deliveredWebhook(receiver, p.paymentId, "payment.late_deposit");
    expect(await merchantRecord(t, p.paymentId)).toMatchObject({
      status: "PAID",
      amountReceived: String(2n * amount),
      overpaidAmount: String(amount),
    });
    // The address settled without an excess: the gateway counts what it holds as a payment's amount, which no
    // key of Kassa's may move. Kassa says so and where to go.
    const refused = await returnExcess(p.paymentId);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: "NOTHING_TO_RETURN" });
    expect(refused.body.message).toContain(`/payments/${p.paymentId}/late-return`);

    await returnedOnRecipientSignature(p, amount);
    // The payer has the second payment back, the merchant keeps the first, the address is empty.
    expect(await balanceOf(token, sender.account.address)).toBe(paidOnce);
    expect(await balanceOf(token, t.merchant.recipient as Address)).toBe(recipientBefore);
    expect(await balanceOf(token, p.depositAddress)).toBe(0n);
  });

  it("a transfer to the deposit address of a payment paid with pay: told, and sent back on the recipient's signature", async () => {
    const token = t.token as Address;
    const p = (await createPayment(t, { amount: 1.5 })) as DepositPayment;
    await pay(chain, sender, p);
    await deliveredWebhook(receiver, p.paymentId, "payment.paid");
    const before = await balanceOf(token, sender.account.address);
    // 0.01 of a 1.5-token payment: money, not dust.
    const sent = 10n ** 16n;
    await sendTransfer(chain, sender, { token, to: p.depositAddress, amount: sent });
    await deliveredWebhook(receiver, p.paymentId, "payment.late_deposit");
    // The payment took nothing from its deposit address: all of it is the sender's.
    expect(await merchantRecord(t, p.paymentId)).toMatchObject({
      paidVia: "contract",
      amountReceived: String(sent),
      overpaidAmount: String(sent),
    });
    await returnedOnRecipientSignature(p, sent);
    expect(await balanceOf(token, sender.account.address)).toBe(before);
    expect(await balanceOf(token, p.depositAddress)).toBe(0n);
  });

  it("a payer paying by transfer, then with pay before the sweep: paid by the pay, the transfer sent back", async () => {
    const token = t.token as Address;
    const p = await paidByTransfer(0n);
    const amount = BigInt(p.amount);
    const paidOnce = await balanceOf(token, sender.account.address);
    // The gateway's paid bit is set only by the sweep: until then the payment's pay still goes through.
    const paid = await pay(chain, sender, p);
    await deliveredWebhook(receiver, p.paymentId, "payment.late_deposit");
    expect(await merchantRecord(t, p.paymentId)).toMatchObject({
      status: "PAID",
      paidVia: "contract",
      txHash: paid.transactionHash,
      amountReceived: p.amount,
      overpaidAmount: p.amount,
    });
    // No sweep is tried (the gateway would refuse it): the transfer goes back on the recipient's signature.
    const sweeps = sweepDriver(env);
    await sweeps.sweep();
    expect(await sweeps.sweepsOf(p.paymentId)).toEqual([]);
    await returnedOnRecipientSignature(p, amount);
    // Paid once (by the pay), the transfer back.
    expect(await balanceOf(token, sender.account.address)).toBe(paidOnce);
    expect(await balanceOf(token, p.depositAddress)).toBe(0n);
  });

  it.each(["before-broadcast", "after-broadcast"] as const)(
    "a process SIGKILLed %s: the excess goes back exactly once",
    async (killPoint) => {
      const excess = 777n;
      const p = await paidByTransfer(excess);
      const token = t.token as Address;
      const before = await balanceOf(token, sender.account.address);
      // Nothing is mined until the process is gone: the watcher, which reads every DepositReturned, cannot settle
      // a return broadcast before the kill ahead of the look below.
      await setAutomine(false);
      let again: Awaited<ReturnType<typeof returnExcess>>;
      try {
        expect(await returnUntilKilled(p.paymentId, killPoint)).toBe("SIGKILL");
        // The return's row and its signed transaction were stored together before anything left.
        again = await returnExcess(p.paymentId);
      } finally {
        await setAutomine(true);
      }
      expect(again.status).toBe(200);
      expect(again.body.data.returns).toMatchObject([{ status: "SUBMITTED", amount: String(excess) }]);
      await chain.publicClient.request({ method: "evm_mine" as never, params: [] as never });
      const [stored] = again.body.data.returns;
      // The relayer's tracker finishes the stored transaction; asking again sends nothing new.
      expect(await finished(p.paymentId, stored.returnId)).toMatchObject({ status: "RETURNED" });
      expect((await returnExcess(p.paymentId)).body.data.returns).toMatchObject([
        { returnId: stored.returnId },
      ]);
      expect(await balanceOf(token, sender.account.address)).toBe(before + excess);
      const sent = await t.database.db
        .selectFrom("sender_transactions")
        .innerJoin("deposit_returns", "deposit_returns.sender_transaction_id", "sender_transactions.id")
        .innerJoin("payments", "payments.id", "deposit_returns.payment_id")
        .select("sender_transactions.id")
        .where("payments.payment_id", "=", p.paymentId)
        .execute();
      expect(sent).toHaveLength(1);
    },
    60_000,
  );
});
