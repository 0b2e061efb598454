import {
  paymentAuthorizationTypedData,
  paymentIntentTypedData,
  permit2PaymentTypedData,
  testTokenAbi,
} from "@kassa/contracts";
import { fiatToken } from "@kassa/contracts/dev";
import { getAddress, parseEventLogs, type Address, type Hex, type PrivateKeyAccount } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as admin from "../../../src/core/admin/index.js";
import { findChainByNetworkId } from "../../../src/db/chains/chains.js";
import type { ChainRow } from "../../../src/db/schema/rows.js";
import { decimalToUnits } from "../../../src/domain/amount.js";
import { gaslessWorkerModule } from "../../../src/jobs/gasless.js";
import { startWorker, type RunningWorker } from "../../../src/jobs/worker.js";
import type { TestApp } from "../../harness/app.js";
import { startTestChain, type TestChain, type TestWalletClient } from "../../harness/chain.js";
import { sendTransfer } from "../../harness/deposits.js";
import { freshPayer, paymentRequestOf, relayBody, type GaslessPayment } from "../../harness/gasless.js";
import {
  createPayment,
  fundPayer,
  merchantRecord,
  pay,
  silentLogger,
  startLifecycleWorker,
} from "../../harness/lifecycle.js";
import { migrateJobQueue } from "../../../src/db/infra/jobQueue.js";
import { deployRealTokens, type RealTokens } from "../../harness/realTokens.js";
import { startSubscriptionEnv, type SubscriptionEnv } from "../../harness/subscriptions.js";
import { sweepDriver, type SweepDriver } from "../../harness/sweeps.js";
import { waitFor } from "../../harness/waitFor.js";

/**
 * The accounting export against the chain, for every way a payment is paid: a block range's rows add up to the
 * token Transfer logs of that range into the merchant's wallet (`net`), into the treasury (`fee`) and out of the
 * merchant's wallet (refunds), per token. Paid in the range: pay() from a wallet, a gasless ForwardRequest, a
 * Permit2 witness signature, an EIP-3009 authorization (USDC), a payment intent from an approval, a subscription's
 * charge, payments by transfer (exact, and over-paid with its excess returned to the payer) swept to the merchant,
 * and refunds (of a payment by contract and of a swept payment by transfer). A payment by transfer counts at its
 * sweep, when its money reached the wallet; paid and not yet swept, it is in a time range, not in the block range.
 */
let chain: TestChain;
let sub: SubscriptionEnv;
let t: TestApp;
let real: RealTokens;
let sweeps: SweepDriver;
let lifecycle: Awaited<ReturnType<typeof startLifecycleWorker>>;
let relays: RunningWorker;
let chainRow: ChainRow;
let merchantWallet: TestWalletClient;
let fromBlock: bigint;
let toBlock: bigint;
/** How each payment of the range was paid, by payment id. */
const paths = new Map<string, string>();
let unswept: string;

interface Row {
  type: "payment" | "refund";
  paymentId: string;
  status: string;
  tokenAddress: string;
  gross: string;
  fee: string;
  net: string;
  txHash: string | null;
  blockNumber: string | null;
  paidVia: "contract" | "transfer" | null;
  sweepTxHash: string | null;
  sweepBlockNumber: string | null;
  time: string;
}

const apiKey = () => ({ "x-api-key": t.merchant.apiKey });
const publicKey = () => ({ "x-public-key": t.merchant.publicKey });

/** Waits until the payment is PAID (the watcher read its final block, or the relayer's tracker its receipt). */
function paid(paymentId: string, path: string) {
  paths.set(paymentId, path);
  return waitFor(`${path} payment ${paymentId} PAID`, async () => {
    await t.services.gasless.relayer(chainRow)?.track();
    return (await merchantRecord(t, paymentId)).status === "PAID";
  });
}

async function relay(p: { paymentId: string }, body: Record<string, unknown>) {
  const response = await t.request(`/payments/${p.paymentId}/relay`, {
    method: "POST",
    headers: publicKey(),
    json: { paymentId: p.paymentId, ...body },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(202);
}

const intentParams = (p: GaslessPayment, payer: Address) => ({
  chainId: chain.chainId,
  gateway: p.gatewayAddress,
  request: paymentRequestOf(p),
  payer,
});

/** A fresh payer holding `amount` of the test token (KTT) and, when it sends a transaction itself, some ETH. */
async function payerWith(amount: bigint, eth = false): Promise<PrivateKeyAccount> {
  const payer = freshPayer();
  await chain.mint(t.token as Address, payer.address, amount);
  if (eth) await chain.setBalance(payer.address, 10n ** 18n);
  return payer;
}

/** A refund of `paymentId` of `amount` (base units), sent by the merchant's wallet and confirmed. */
async function refund(paymentId: string, amount: string): Promise<void> {
  const created = await t.request("/refunds", {
    method: "POST",
    headers: apiKey(),
    json: { paymentId, amount },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const hash = await merchantWallet.sendTransaction({
    to: created.body.data.transaction.to as Address,
    data: created.body.data.transaction.data as Hex,
  });
  await chain.publicClient.waitForTransactionReceipt({ hash });
  await waitFor(`refund of ${paymentId}`, async () => {
    const row = await t.database.db
      .selectFrom("refunds")
      .select("status")
      .where("id", "=", created.body.data.id)
      .executeTakeFirstOrThrow();
    return row.status === "REFUNDED";
  });
}

/** A payment by transfer: `extra` base units over its amount sent to its deposit address, once recorded PAID. */
async function byTransfer(amount: number, extra = 0n) {
  const p = (await createPayment(t, { amount })) as GaslessPayment & { depositAddress: Address };
  expect(p.depositAddress).toMatch(/^0x/);
  await sendTransfer(chain, chain.wallet(6), {
    token: t.token as Address,
    to: p.depositAddress,
    amount: BigInt(p.amount) + extra,
  });
  await paid(p.paymentId, extra > 0n ? "transfer, over-paid" : "transfer");
  return p;
}

beforeAll(async () => {
  chain = await startTestChain();
  real = await deployRealTokens(chain);
  // Payments by transfer on, with the chain's relayer (anvil's account 7): it relays, sweeps, returns and charges.
  sub = await startSubscriptionEnv({ chain, app: { transferPayments: true } });
  t = sub.t;
  await migrateJobQueue(t.database.url);
  await admin.addToken(t.adminDeps, { networkId: chain.chainId, address: real.usdc });
  await admin.addPaymentMethod(t.adminDeps, t.merchant.merchantKey, { tokenAddress: real.usdc });
  chainRow = (await findChainByNetworkId(t.database.db, chain.chainId)) as ChainRow;
  sweeps = sweepDriver({ chain, t });
  lifecycle = await startLifecycleWorker(t, { transferPayments: true });
  relays = await startWorker({
    databaseUrl: t.database.url,
    logger: silentLogger,
    modules: [gaslessWorkerModule(t.services.gasless)],
    pollInterval: 100,
  });
  merchantWallet = chain.wallet(9);
  expect(getAddress(t.merchant.recipient)).toBe(merchantWallet.account.address);
  // The merchant's wallet approves the gateway for its refunds (before the range: an approval moves nothing).
  await fundPayer(chain, merchantWallet, t.token as Address);
  await fundPayer(chain, chain.wallet(4), t.token as Address);
  await fundPayer(chain, chain.wallet(6), t.token as Address);
  const subscriber = await sub.payer();
  await sub.fund(subscriber, 10n ** 20n, 10n ** 21n);

  fromBlock = (await chain.publicClient.getBlockNumber()) + 1n;

  // pay() from the payer's wallet, then refunded in part by the merchant's wallet.
  const wallet = await createPayment(t, { amount: 12.5 });
  await pay(chain, chain.wallet(4), wallet);
  await paid(wallet.paymentId, "pay()");
  await refund(wallet.paymentId, "5000000000000000000");

  // Gasless: the payer signs a permit and a ForwardRequest, the relayer sends it.
  const gasless = (await createPayment(t, { amount: 3 })) as GaslessPayment;
  await relay(gasless, await relayBody({ chain }, await payerWith(10n ** 19n), gasless));
  await paid(gasless.paymentId, "gasless ForwardRequest");

  // Permit2: a payer that approved Permit2 once signs a witness transfer.
  const permit2Payer = await payerWith(10n ** 19n, true);
  await real.approvePermit2(permit2Payer, t.token as Address);
  const permit2 = (await createPayment(t, { amount: 4 })) as GaslessPayment;
  await relay(permit2, {
    kind: "permit2",
    payer: permit2Payer.address,
    permit2Nonce: "7",
    signature: await permit2Payer.signTypedData(
      permit2PaymentTypedData({ ...intentParams(permit2, permit2Payer.address), nonce: 7n }),
    ),
  });
  await paid(permit2.paymentId, "Permit2");

  // EIP-3009: USDC's receiveWithAuthorization, one signature.
  const usdcPayer = freshPayer();
  await real.mintUsdc(usdcPayer.address, 10_000_000n);
  const authorization = (await createPayment(t, { amount: 4.25, tokenAddress: real.usdc })) as GaslessPayment;
  await relay(authorization, {
    kind: "authorization",
    payer: usdcPayer.address,
    signature: await usdcPayer.signTypedData(
      paymentAuthorizationTypedData({
        ...intentParams(authorization, usdcPayer.address),
        tokenDomain: { name: fiatToken.name, version: fiatToken.version },
      }),
    ),
  });
  await paid(authorization.paymentId, "EIP-3009");

  // A payment intent from a payer that approved the gateway.
  const intentPayer = await payerWith(10n ** 19n, true);
  await real.approve(intentPayer, t.token as Address, chain.gateway, 10n ** 19n);
  const intent = (await createPayment(t, { amount: 2 })) as GaslessPayment;
  await relay(intent, {
    kind: "intent",
    payer: intentPayer.address,
    signature: await intentPayer.signTypedData(
      paymentIntentTypedData(intentParams(intent, intentPayer.address)),
    ),
  });
  await paid(intent.paymentId, "intent");

  // A subscription's first charge, sent by the relayer.
  await sub.subscribe(subscriber);
  const chargePayment = await waitFor("the first charge PAID", async () => {
    await sub.charge();
    const row = await t.database.db
      .selectFrom("payments")
      .select(["payment_id", "status"])
      .where("subscription_id", "is not", null)
      .executeTakeFirst();
    return row?.status === "PAID" && row.payment_id;
  });
  paths.set(chargePayment, "subscription charge");

  // Payments by transfer: exact, and over-paid (its excess goes back to the sender from the deposit address).
  const exact = await byTransfer(1.5);
  const over = await byTransfer(2, 700n);
  const returned = await t.request(`/payments/${over.paymentId}/return-excess`, {
    method: "POST",
    headers: apiKey(),
  });
  expect(returned.status, JSON.stringify(returned.body)).toBe(202);
  await waitFor("the excess returned", async () => {
    await t.services.gasless.relayer(chainRow)?.track();
    const row = await t.database.db.selectFrom("deposit_returns").select("status").executeTakeFirst();
    return row?.status === "RETURNED";
  });
  expect(await sweeps.sweep()).toBe(2);
  for (const p of [exact, over]) {
    expect(await merchantRecord(t, p.paymentId)).toMatchObject({ fundsAtRecipient: true });
  }
  // A swept payment by transfer refunded in full by the merchant's wallet.
  await refund(exact.paymentId, exact.amount);

  toBlock = await chain.publicClient.getBlockNumber();
  // Paid by transfer after the range and not swept: its money waits at the deposit address.
  unswept = (await byTransfer(1)).paymentId;
  paths.delete(unswept);
}, 240_000);

afterAll(async () => {
  await relays?.stop();
  await lifecycle?.stop();
  await sub?.close();
  await chain?.stop();
});

const units = (decimal: string, decimals: number) =>
  decimal.startsWith("-") ? -decimalToUnits(decimal.slice(1), decimals) : decimalToUnits(decimal, decimals);

async function exportJson(query: string): Promise<Row[]> {
  const response = await t.request(`/exports/payments?format=json&${query}`, { headers: apiKey() });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.data as Row[];
}

/** The token's Transfer logs of the range: into the merchant's wallet, into the treasury, out of the wallet. */
async function chainSide(token: Address) {
  const logs = await chain.publicClient.getLogs({ address: token, fromBlock, toBlock });
  const events = parseEventLogs({ abi: testTokenAbi, eventName: "Transfer", logs });
  const merchant = merchantWallet.account.address;
  const sum = (match: (from: Address, to: Address) => boolean) =>
    events
      .filter((event) => match(getAddress(event.args.from), getAddress(event.args.to)))
      .reduce((total, event) => total + event.args.value, 0n);
  return {
    toMerchant: sum((from, to) => to === merchant && from !== merchant),
    toTreasury: sum((_, to) => to === chain.treasury),
    fromMerchant: sum((from, to) => from === merchant && to !== merchant),
  };
}

describe("a block range of the export against the chain, for every way a payment is paid", () => {
  it("adds up, per token, to the Transfer logs into the merchant's wallet and the treasury and out of the wallet", async () => {
    const rows = await exportJson(`chainId=${chain.chainId}&fromBlock=${fromBlock}&toBlock=${toBlock}`);
    const payments = rows.filter((row) => row.type === "payment");
    // Every payment of the range, once each, whatever paid it; the unswept one is not in the range.
    expect(new Set(payments.map((row) => row.paymentId))).toEqual(new Set(paths.keys()));
    expect(payments).toHaveLength(paths.size);
    expect(rows.filter((row) => row.type === "refund")).toHaveLength(2);

    for (const [token, decimals] of [
      [t.token as Address, 18],
      [real.usdc, 6],
    ] as const) {
      const mine = rows.filter((row) => getAddress(row.tokenAddress) === getAddress(token));
      const total = (field: "net" | "fee", list: Row[]) =>
        list.reduce((sum, row) => sum + units(row[field], decimals), 0n);
      const chainTotals = await chainSide(token);
      const inRows = mine.filter((row) => row.type === "payment");
      const outRows = mine.filter((row) => row.type === "refund");
      expect(total("net", inRows), `net into the wallet, ${token}`).toBe(chainTotals.toMerchant);
      expect(total("fee", inRows), `fees to the treasury, ${token}`).toBe(chainTotals.toTreasury);
      expect(-total("net", outRows), `refunds out of the wallet, ${token}`).toBe(chainTotals.fromMerchant);
      expect(chainTotals.toMerchant).toBeGreaterThan(0n);
      expect(chainTotals.toTreasury).toBeGreaterThan(0n);
    }
  });

  it("gives each row the transaction and block that settled it and, paid by transfer, its sweep's; in chain order", async () => {
    const rows = await exportJson(`chainId=${chain.chainId}&fromBlock=${fromBlock}&toBlock=${toBlock}`);
    const place = (hash: string) => chain.publicClient.getTransactionReceipt({ hash: hash as Hex });
    const order: [bigint, number][] = [];
    for (const row of rows) {
      expect(row.txHash, JSON.stringify(row)).toMatch(/^0x[0-9a-f]{64}$/);
      const settling = await place(row.txHash as string);
      expect(row.blockNumber).toBe(String(settling.blockNumber));
      if (row.paidVia === "transfer" && row.type === "payment") {
        // The payer's transfer settled it; the money reached the wallet with the sweep, a later transaction.
        expect(row.sweepTxHash).toMatch(/^0x[0-9a-f]{64}$/);
        const sweep = await place(row.sweepTxHash as string);
        expect(row.sweepBlockNumber).toBe(String(sweep.blockNumber));
        expect(sweep.blockNumber).toBeGreaterThan(settling.blockNumber);
        order.push([sweep.blockNumber, sweep.transactionIndex]);
      } else {
        expect([row.sweepTxHash, row.sweepBlockNumber]).toEqual([null, null]);
        order.push([settling.blockNumber, settling.transactionIndex]);
      }
    }
    const sorted = [...order].sort(([a, i], [b, j]) => (a === b ? i - j : a < b ? -1 : 1));
    expect(order).toEqual(sorted);
    expect(rows.filter((row) => row.paidVia === "transfer" && row.type === "payment")).toHaveLength(2);
  });

  it("counts a payment by transfer in a time range once paid, with its sweep once swept, and in no block range before", async () => {
    const all = await exportJson("from=2000-01-01T00:00:00Z&to=2100-01-01T00:00:00Z");
    const row = all.find((r) => r.paymentId === unswept && r.type === "payment");
    expect(row).toMatchObject({
      paidVia: "transfer",
      status: "PAID",
      sweepTxHash: null,
      sweepBlockNumber: null,
    });
    expect(row?.blockNumber).toMatch(/^\d+$/);
    const head = await chain.publicClient.getBlockNumber();
    const range = await exportJson(`chainId=${chain.chainId}&fromBlock=${fromBlock}&toBlock=${head}`);
    expect(range.map((r) => r.paymentId)).not.toContain(unswept);
    // Once swept it is in the block range of its sweep.
    expect(await sweeps.sweep()).toBe(1);
    const after = await exportJson(
      `chainId=${chain.chainId}&fromBlock=${head + 1n}&toBlock=${await chain.publicClient.getBlockNumber()}`,
    );
    expect(after.map((r) => [r.type, r.paymentId, r.sweepBlockNumber])).toEqual([
      ["payment", unswept, expect.stringMatching(/^\d+$/)],
    ]);
  });
});
