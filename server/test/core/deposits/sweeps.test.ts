import { computeFee, paymentGatewayAbi, testTokenAbi } from "@kassa/contracts";
import { testTetherTokenAbi } from "@kassa/contracts/abi";
import { deployTetherToken } from "@kassa/contracts/dev";
import type { Address, Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addPaymentMethod, addToken } from "../../../src/core/admin/index.js";
import { showPayment } from "../../../src/core/admin/reads.js";
import { SWEEP_RETRY_FIRST_MS } from "../../../src/core/deposits/sweeps.js";
import type { TestApp } from "../../harness/app.js";
import type { TestChain, TestWalletClient } from "../../harness/chain.js";
import { sendTransfer, startDepositEnv, type DepositEnv } from "../../harness/deposits.js";
import { createPayment, deliveredWebhook, merchantRecord, verifyDelivery } from "../../harness/lifecycle.js";
import type { CreatedPayment } from "../../harness/payments.js";
import { sweepDriver, type SweepDriver } from "../../harness/sweeps.js";
import { waitFor } from "../../harness/waitFor.js";
import { unsweptDeposits } from "../../../src/core/operations/metrics.js";

type DepositPayment = CreatedPayment & { depositAddress: Address };

let env: DepositEnv;
let chain: TestChain;
let t: TestApp;
let sender: TestWalletClient;
let sweeps: SweepDriver;
let feeBps: number;

beforeAll(async () => {
  env = await startDepositEnv();
  ({ chain, t, sender } = env);
  sweeps = sweepDriver(env);
  const created = await createPayment(t);
  [feeBps] = await chain.publicClient.readContract({
    address: chain.gateway,
    abi: paymentGatewayAbi,
    functionName: "merchantFee",
    args: [created.merchantId],
  });
}, 60_000);
afterAll(() => env?.stop());

async function depositPayment(amount = 1.5): Promise<DepositPayment> {
  return (await createPayment(t, { amount })) as DepositPayment;
}

async function transfer(to: Address, amount: bigint): Promise<void> {
  const receipt = await sendTransfer(chain, sender, { token: t.token as Address, to, amount });
  expect(receipt.status).toBe("success");
}

/** Waits until the watcher read `received` arriving at the payment's address, and it is `status`. */
function settled(p: CreatedPayment, received: bigint, status = "PAID") {
  return waitFor(`${p.paymentId} ${status} with ${received}`, async () => {
    const record = await merchantRecord(t, p.paymentId);
    return record.status === status && BigInt(record.amountReceived) === received && record;
  });
}

/** A payment PAID by an exact transfer, not swept yet: its recipient, and its and the treasury's balances. */
async function paidExactly() {
  const p = await depositPayment();
  const amount = BigInt(p.amount);
  await transfer(p.depositAddress, amount);
  await settled(p, amount);
  const recipient = p.recipientAddress as Address;
  const before = {
    recipient: await sweeps.balance(recipient),
    treasury: await sweeps.balance(chain.treasury),
  };
  return { p, amount, recipient, before };
}

async function gasUsed(txHash: string): Promise<bigint> {
  return (await chain.publicClient.getTransactionReceipt({ hash: txHash as Hex })).gasUsed;
}

describe("sweeps of payments by transfer", () => {
  it("sweeps an exact transfer to the recipient and the treasury, once, and says so on the payment", async () => {
    const { p, amount, recipient, before } = await paidExactly();
    // PAID, but the money is at the deposit address, not with the merchant yet.
    expect(await merchantRecord(t, p.paymentId)).toMatchObject({
      paidVia: "transfer",
      fundsAtRecipient: false,
    });
    // The operator sees the money waiting at its address (GET /metrics) until a sweep holds it.
    expect(await unsweptDeposits.read(t.database.db)).toEqual([
      { labels: { network_id: chain.chainId }, value: 1 },
    ]);

    expect(await sweeps.sweep()).toBe(1);
    expect(await unsweptDeposits.read(t.database.db)).toEqual([]);

    const fee = computeFee(amount, feeBps);
    expect(fee).toBeGreaterThan(0n);
    expect(await sweeps.balance(p.depositAddress)).toBe(0n);
    expect(await sweeps.balance(recipient)).toBe(before.recipient + amount - fee);
    expect(await sweeps.balance(chain.treasury)).toBe(before.treasury + fee);
    const [sweep, ...others] = await sweeps.sweepsOf(p.paymentId);
    expect(others).toEqual([]);
    expect(sweep).toMatchObject({ status: "CONFIRMED" });
    // The account's first move carried its authorization (a type-4 transaction): it runs the gateway's code now.
    const mined = await chain.publicClient.getTransaction({ hash: sweep?.txHash as Hex });
    expect(mined.type).toBe("eip7702");
    expect(await chain.publicClient.getCode({ address: p.depositAddress })).toMatch(/^0xef0100/);
    const record = await merchantRecord(t, p.paymentId);
    expect(record).toMatchObject({
      status: "PAID",
      sweepTransactionHash: sweep?.txHash,
      fundsAtRecipient: true,
    });
    expect(Date.parse(record.sweptAt)).toBeGreaterThan(0);
    // The merchant is told, signed like every webhook: what reached its wallet, in which transaction and block.
    const told = verifyDelivery(
      t.merchant.webhookSecret,
      await deliveredWebhook(env.receiver, p.paymentId, "payment.swept"),
    );
    const receipt = await chain.publicClient.getTransactionReceipt({ hash: sweep?.txHash as Hex });
    expect(told).toMatchObject({
      type: "payment.swept",
      status: "PAID",
      paidVia: "transfer",
      fundsAtRecipient: true,
      sweep: {
        txHash: sweep?.txHash,
        blockNumber: Number(receipt.blockNumber),
        amount: amount.toString(),
        fee: fee.toString(),
        recipientReceived: (amount - fee).toString(),
        recipientAddress: recipient,
      },
    });
    // And the dashboard's timeline has the sweep, with its transaction.
    const timeline = await t.request(`/merchants/me/payments/${p.paymentId}/timeline`, {
      headers: { "x-api-key": t.merchant.apiKey },
    });
    expect(
      timeline.body.data.events.map((e: { type: string; txHash: string }) => [e.type, e.txHash]),
    ).toEqual([
      ["payment.created", null],
      ["payment.paid", record.txHash],
      ["payment.swept", sweep?.txHash],
    ]);
    // The operator's view (`kassa admin payment show`) says it too.
    const shown = await showPayment({ db: t.database.db }, p.paymentId);
    expect(shown.payment).toMatchObject({ sweptAt: record.sweptAt, sweepTransactionHash: sweep?.txHash });
    console.log(
      `sweepDeposit gas, first one (recipient and treasury balances from zero): ${await gasUsed(sweep?.txHash ?? "")}`,
    );

    // Nothing is due any more: another run sends nothing.
    expect(await sweeps.sweep()).toBe(0);
    expect(await sweeps.sweepsOf(p.paymentId)).toHaveLength(1);
  });

  it("sweeps the deposits due on a chain in batches of at most 20: one sweepDeposits each", async () => {
    const payments = await Promise.all(Array.from({ length: 21 }, (_, i) => depositPayment(i + 1)));
    for (const p of payments) await transfer(p.depositAddress, BigInt(p.amount));
    for (const p of payments) await settled(p, BigInt(p.amount));
    const recipient = payments[0]?.recipientAddress as Address;
    const before = await sweeps.balance(recipient);

    expect(await sweeps.sweep()).toBe(21);

    const total = payments.reduce((sum, p) => sum + BigInt(p.amount), 0n);
    const fees = payments.reduce((sum, p) => sum + computeFee(BigInt(p.amount), feeBps), 0n);
    expect(await sweeps.balance(recipient)).toBe(before + total - fees);
    const sweepOf = new Map<number, string>();
    for (const p of payments) {
      expect(await sweeps.balance(p.depositAddress)).toBe(0n);
      const [sweep, ...others] = await sweeps.sweepsOf(p.paymentId);
      expect(others).toEqual([]);
      expect(sweep?.status).toBe("CONFIRMED");
      if (sweep?.txHash) sweepOf.set(sweep.sweepId, sweep.txHash);
    }
    // 21 deposits: one batch of 20 and one of 1.
    expect(sweepOf.size).toBe(2);
    const gas = await Promise.all([...sweepOf.values()].map(gasUsed));
    const batch = gas.reduce((a, b) => (a > b ? a : b));
    console.log(`sweepDeposits gas, batch of 20: ${batch} (${batch / 20n} per deposit)`);
  }, 120_000);

  it("a sweep the node refuses lets go of its payment, and the next run sweeps it", async () => {
    const p = await depositPayment();
    const amount = BigInt(p.amount);
    await transfer(p.depositAddress, amount);
    await settled(p, amount);
    const relayer = sweeps.gasless.settings.relayerKeys.get(chain.chainId)?.[0];
    const address = privateKeyToAccount(relayer?.reveal() as Hex).address;
    const funds = await chain.publicClient.getBalance({ address });
    const setBalance = (wei: bigint) => chain.setBalance(address, wei);
    await setBalance(0n);
    try {
      // Refused: the run stops there for this chain, and the refused sweep is FAILED.
      expect(await sweeps.run()).toBe(0);
    } finally {
      await setBalance(funds);
    }
    expect(await sweeps.sweepsOf(p.paymentId)).toMatchObject([{ status: "FAILED" }]);
    expect(await sweeps.balance(p.depositAddress)).toBe(amount);

    expect(await sweeps.sweep()).toBe(1);
    expect(await sweeps.balance(p.depositAddress)).toBe(0n);
    const [failed, confirmed, ...others] = await sweeps.sweepsOf(p.paymentId);
    expect(others).toEqual([]);
    expect([failed?.status, confirmed?.status]).toEqual(["FAILED", "CONFIRMED"]);
    expect((await merchantRecord(t, p.paymentId)).sweepTransactionHash).toBe(confirmed?.txHash);
    console.log(`sweepDeposit gas (one deposit, fee split): ${await gasUsed(confirmed?.txHash ?? "")}`);
  });

  it("two deposits racing one sweep: the sweep takes the amount once, the rest stays recorded for its return", async () => {
    const early = 3n * 10n ** 17n;
    const late = 2n * 10n ** 17n;
    const { p, amount, recipient, before } = await paidExactly();

    let earlyHash: Hex | undefined;
    // A second deposit and the sweep reach the node together and are mined in one block.
    await chain.publicClient.request({ method: "evm_setAutomine" as never, params: [false] as never });
    try {
      earlyHash = await sender.writeContract({
        address: t.token as Address,
        abi: testTokenAbi,
        functionName: "transfer",
        args: [p.depositAddress, early],
        // anvil's estimate without automine comes out short of what the mined block needs.
        gas: 200_000n,
      });
      expect(await sweeps.run()).toBe(1);
      await chain.publicClient.request({ method: "evm_mine" as never });
    } finally {
      await chain.publicClient.request({ method: "evm_setAutomine" as never, params: [true] as never });
    }
    await sweeps.settle();
    expect((await chain.publicClient.getTransactionReceipt({ hash: earlyHash as Hex })).status).toBe(
      "success",
    );
    // A third right after the sweep.
    await transfer(p.depositAddress, late);
    await settled(p, amount + early + late);
    expect(await sweeps.sweep()).toBe(0);

    const fee = computeFee(amount, feeBps);
    expect(await sweeps.balance(recipient)).toBe(before.recipient + amount - fee);
    expect(await sweeps.balance(chain.treasury)).toBe(before.treasury + fee);
    // Nothing stranded: what stays at the address is the payment's overpaid amount, returnable to its sender.
    expect(await sweeps.balance(p.depositAddress)).toBe(early + late);
    const record = await merchantRecord(t, p.paymentId);
    expect(record).toMatchObject({ status: "PAID", overpaidAmount: String(early + late) });
    expect(await sweeps.sweepsOf(p.paymentId)).toMatchObject([{ status: "CONFIRMED" }]);
    const swept = await t.database.db
      .selectFrom("payments")
      .select("swept_amount")
      .where("payment_id", "=", p.paymentId)
      .executeTakeFirstOrThrow();
    expect(swept.swept_amount).toBe(String(amount));
  }, 60_000);

  it("deposits a token blocks wait a doubling delay and do not hold back the others: swept once unblocked", async () => {
    // A USDT-like token whose owner puts deposit addresses on its blocklist: a sweep of one would revert.
    const usdt = await deployTetherToken({ walletClient: chain.deployer, publicClient: chain.publicClient });
    await addToken(t.adminDeps, { networkId: chain.chainId, address: usdt });
    await addPaymentMethod(t.adminDeps, t.merchant.merchantKey, { tokenAddress: usdt });
    const usdtCall = async (functionName: "mint" | "addBlackList" | "removeBlackList", args: unknown[]) => {
      const hash = await chain.deployer.writeContract({
        address: usdt,
        abi: testTetherTokenAbi,
        functionName,
        args: args as never,
      });
      await chain.publicClient.waitForTransactionReceipt({ hash });
    };
    await usdtCall("mint", [sender.account.address, 10n ** 12n]);
    const paidInUsdt = async () => {
      const p = (await createPayment(t, { amount: 2, tokenAddress: usdt })) as DepositPayment;
      await sendTransfer(chain, sender, { token: usdt, to: p.depositAddress, amount: BigInt(p.amount) });
      await settled(p, BigInt(p.amount));
      return p;
    };
    // A run takes the 10 oldest deposits with a batch limit of 1; the first 10 are blocked.
    const blocked: DepositPayment[] = [];
    for (let i = 0; i < 10; i++) blocked.push(await paidInUsdt());
    for (const p of blocked) await usdtCall("addBlackList", [p.depositAddress]);
    const free = await paidInUsdt();

    let clock = Date.now();
    const later = sweepDriver(env, () => new Date(clock));
    const refusals = async (p: CreatedPayment) =>
      t.database.db
        .selectFrom("deposit_sweep_refusals")
        .innerJoin("payments", "payments.id", "deposit_sweep_refusals.payment_id")
        .select([
          "deposit_sweep_refusals.refusals",
          "deposit_sweep_refusals.retry_at",
          "deposit_sweep_refusals.reason",
        ])
        .where("payments.payment_id", "=", p.paymentId)
        .executeTakeFirst();

    // The first run finds only blocked deposits and puts each off for a minute.
    expect(await later.sweep(1)).toBe(0);
    for (const p of blocked) {
      const refused = await refusals(p);
      expect(refused?.refusals).toBe(1);
      expect(refused?.retry_at.getTime()).toBe(clock + SWEEP_RETRY_FIRST_MS);
      expect(refused?.reason).toMatch(/revert/i);
    }
    // The operator sees why and when (kassa admin payment show).
    const shown = await showPayment({ db: t.database.db }, blocked[0]!.paymentId);
    expect(shown.sweepRefusal).toEqual({
      refusals: 1,
      retryAt: new Date(clock + SWEEP_RETRY_FIRST_MS).toISOString(),
      reason: expect.stringMatching(/revert/i),
    });
    // The next run, at once, skips them: the deposit behind them is swept.
    expect(await later.sweep(1)).toBe(1);
    expect(await usdtBalance(usdt, free.depositAddress)).toBe(0n);
    expect(await refusals(free)).toBeUndefined();

    // Before the minute is up they are not tried again; after it, refused again and put off for twice as long.
    clock += SWEEP_RETRY_FIRST_MS - 1_000;
    expect(await later.sweep(1)).toBe(0);
    expect((await refusals(blocked[0]!))?.refusals).toBe(1);
    clock += 1_000;
    expect(await later.sweep(1)).toBe(0);
    const second = await refusals(blocked[0]!);
    expect(second?.refusals).toBe(2);
    expect(second?.retry_at.getTime()).toBe(clock + 2 * SWEEP_RETRY_FIRST_MS);

    // Unblocked, each is swept on its next try, once.
    for (const p of blocked) await usdtCall("removeBlackList", [p.depositAddress]);
    clock += 2 * SWEEP_RETRY_FIRST_MS;
    let swept = 0;
    for (let run = 0; run < blocked.length; run++) swept += await later.sweep(1);
    expect(swept).toBe(blocked.length);
    expect((await showPayment({ db: t.database.db }, blocked[0]!.paymentId)).sweepRefusal).toBeNull();
    for (const p of blocked) {
      expect(await usdtBalance(usdt, p.depositAddress)).toBe(0n);
      expect(await later.sweepsOf(p.paymentId)).toMatchObject([{ status: "CONFIRMED" }]);
    }
  }, 120_000);
});

function usdtBalance(token: Address, address: Address): Promise<bigint> {
  return chain.publicClient.readContract({
    address: token,
    abi: testTetherTokenAbi,
    functionName: "balanceOf",
    args: [address],
  });
}
