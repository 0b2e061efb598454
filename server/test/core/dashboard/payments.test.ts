import { erc20Abi, parseEventLogs, type TransactionReceipt } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SeededMerchant, TestApp } from "../../harness/app.js";
import { startTestChain, type TestChain, type TestWalletClient } from "../../harness/chain.js";
import {
  createPayment,
  fundPayer,
  pay,
  startLifecycleApp,
  startLifecycleWorker,
} from "../../harness/lifecycle.js";
import { waitFor } from "../../harness/waitFor.js";
import { type CreatedPayment } from "../../harness/payments.js";
import { ORIGIN, signIn, type SignedIn } from "../../harness/dashboard.js";

let chain: TestChain;
let t: TestApp;
let worker: Awaited<ReturnType<typeof startLifecycleWorker>>;
let payer: TestWalletClient;
let other: SeededMerchant;
let session: SignedIn;
/** Paid by `payer`, then refunded (REFUND_SUBMITTED). */
let paidA: CreatedPayment;
let receiptA: TransactionReceipt;
/** Paid by `payer`. */
let paidB: CreatedPayment;
let receiptB: TransactionReceipt;
/** Never paid. */
let open: CreatedPayment;
/** Another merchant's, paid by `payer`. */
let foreign: CreatedPayment;

const asMerchant = (path: string, headers: Record<string, string> = {}) =>
  t.request(path, { headers: { "x-api-key": t.merchant.apiKey, ...headers } });

/** The API key's headers, then the dashboard session's: each endpoint answers both alike. */
const keyAndSession = (): Record<string, string>[] => [
  { "x-api-key": t.merchant.apiKey },
  { cookie: session.cookie },
];

async function paymentIdsOf(query: string, headers?: Record<string, string>): Promise<string[]> {
  const response = headers
    ? await t.request(`/merchants/me/payments?${query}`, { headers })
    : await asMerchant(`/merchants/me/payments?${query}`);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.data.payments.map((payment: { paymentId: string }) => payment.paymentId);
}

async function waitForStatus(paymentId: string, status: string, apiKey = t.merchant.apiKey) {
  await waitFor(`${paymentId} ${status}`, async () => {
    const response = await t.request(`/merchants/me/payments/${paymentId}`, {
      headers: { "x-api-key": apiKey },
    });
    return response.body.data?.status === status;
  });
}

/** What a pay transaction moved of the token: to the recipient (net) and to the treasury (fee). */
function transfers(receipt: TransactionReceipt, recipient: string) {
  const logs = parseEventLogs({ abi: erc20Abi, logs: receipt.logs, eventName: "Transfer" });
  const to = (address: string) =>
    logs
      .filter((log) => log.args.to.toLowerCase() === address.toLowerCase())
      .reduce((s, l) => s + l.args.value, 0n);
  return { net: to(recipient), fee: to(chain.treasury) };
}

beforeAll(async () => {
  chain = await startTestChain();
  t = await startLifecycleApp(chain, { publicBaseUrl: ORIGIN });
  worker = await startLifecycleWorker(t);
  payer = chain.wallet(5);
  await fundPayer(chain, payer, t.token as `0x${string}`);
  other = await t.addMerchant("Other shop");
  session = await signIn(t, chain);

  paidA = await createPayment(t, { amount: 1.5 });
  paidB = await createPayment(t, { amount: 2.25 });
  open = await createPayment(t, { amount: 7 });
  foreign = await createPayment(t, { publicKey: other.publicKey, amount: 3 });
  receiptA = await pay(chain, payer, paidA);
  receiptB = await pay(chain, payer, paidB);
  await pay(chain, payer, foreign);
  await waitForStatus(paidA.paymentId, "PAID");
  await waitForStatus(paidB.paymentId, "PAID");
  await waitForStatus(foreign.paymentId, "PAID", other.apiKey);
  const refund = await t.request("/refunds", {
    method: "POST",
    headers: { "x-api-key": t.merchant.apiKey },
    json: { paymentId: paidA.paymentId, amount: paidA.amount, reason: "changed mind" },
  });
  expect(refund.status, JSON.stringify(refund.body)).toBe(201);
}, 120_000);

afterAll(async () => {
  await worker?.stop();
  await t?.close();
  await chain?.stop();
});

describe("GET /merchants/me/payments: search and filters", () => {
  it("finds a payment by each kind of q, hex in any case, only among the merchant's own", async () => {
    const record = (await asMerchant(`/merchants/me/payments/${paidB.paymentId}`)).body.data;
    expect(record.txHash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(await paymentIdsOf(`q=${paidB.orderId}`)).toEqual([paidB.paymentId]);
    expect(await paymentIdsOf(`q=${paidB.paymentId.toUpperCase().replace("0X", "0x")}`)).toEqual([
      paidB.paymentId,
    ]);
    expect(await paymentIdsOf(`q=${record.txHash.toUpperCase().replace("0X", "0x")}`)).toEqual([
      paidB.paymentId,
    ]);
    expect(await paymentIdsOf(`q=${payer.account.address.toLowerCase()}`)).toEqual([
      paidB.paymentId,
      paidA.paymentId,
    ]);
    // Another merchant's payment, by any of its keys: not found.
    const foreignRecord = (
      await t.request(`/merchants/me/payments/${foreign.paymentId}`, {
        headers: { "x-api-key": other.apiKey },
      })
    ).body.data;
    for (const q of [foreign.orderId, foreign.paymentId, foreignRecord.txHash]) {
      expect(await paymentIdsOf(`q=${q}`)).toEqual([]);
    }
  });

  it("filters by status, token and creation time, and keeps cursor pagination right under a filter", async () => {
    expect(await paymentIdsOf(`q=${payer.account.address}&status=PAID`)).toEqual([paidB.paymentId]);
    expect(await paymentIdsOf(`tokenAddress=${t.token6}`)).toEqual([]);
    const all = await paymentIdsOf(`tokenAddress=${t.token.toLowerCase()}&limit=100`);
    expect(all).toEqual([open.paymentId, paidB.paymentId, paidA.paymentId]);
    const created = (await asMerchant(`/merchants/me/payments/${paidB.paymentId}`)).body.data.createdAt;
    expect(await paymentIdsOf(`from=${encodeURIComponent(created)}&limit=100`)).toEqual([
      open.paymentId,
      paidB.paymentId,
    ]);
    expect(await paymentIdsOf(`to=${encodeURIComponent(created)}&limit=100`)).toEqual([paidA.paymentId]);

    const paged: string[] = [];
    let cursor: string | undefined;
    for (;;) {
      const query = `tokenAddress=${t.token}&limit=1${cursor ? `&starting_after=${cursor}` : ""}`;
      const page = (await asMerchant(`/merchants/me/payments?${query}`)).body.data;
      paged.push(...page.payments.map((p: { paymentId: string }) => p.paymentId));
      if (!page.has_more) break;
      cursor = paged.at(-1);
    }
    expect(paged).toEqual(all);
  });

  it("answers the same to a dashboard session", async () => {
    expect(await paymentIdsOf(`q=${paidB.orderId}`, { cookie: session.cookie })).toEqual([paidB.paymentId]);
  });

  it.each([
    ["from=yesterday", ["from"]],
    ["to=2026-13-01T00:00:00Z", ["to"]],
    [`tokenAddress=0x1234`, ["tokenAddress"]],
    ["from=2026-11-02T00:00:00Z&to=2026-11-01T00:00:00Z", ["from"]],
    [`q=${"x".repeat(256)}`, ["q"]],
  ])("refuses %s with VALIDATION_ERROR naming the parameter", async (query, path) => {
    const response = await asMerchant(`/merchants/me/payments?${query}`);
    expect(response.status).toBe(400);
    expect(response.body.code).toBe("VALIDATION_ERROR");
    expect(response.body.details.map((d: { path: string[] }) => d.path)).toContainEqual(path);
  });
});

describe("GET /merchants/me/payments/totals", () => {
  it("counts every payment and sums the paid ones exactly, as the chain moved them", async () => {
    const a = transfers(receiptA, t.merchant.recipient);
    const b = transfers(receiptB, t.merchant.recipient);
    const gross = BigInt(paidA.amount) + BigInt(paidB.amount);
    expect(a.net + a.fee).toBe(BigInt(paidA.amount));
    expect(a.fee).toBeGreaterThan(0n);
    for (const headers of keyAndSession()) {
      const response = await t.request("/merchants/me/payments/totals", { headers });
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      expect(response.body).toEqual({
        success: true,
        data: {
          count: 3,
          byToken: [
            {
              tokenAddress: t.token,
              tokenSymbol: expect.any(String),
              tokenDecimals: 18,
              count: 3,
              paidCount: 2,
              gross: gross.toString(),
              fee: (a.fee + b.fee).toString(),
              net: (a.net + b.net).toString(),
            },
          ],
        },
      });
    }
  });

  it("applies the filters of the list", async () => {
    const byPayer = (await asMerchant(`/merchants/me/payments/totals?q=${payer.account.address}&status=PAID`))
      .body.data;
    expect(byPayer.count).toBe(1);
    expect(byPayer.byToken[0]).toMatchObject({ count: 1, paidCount: 1, gross: paidB.amount });
    const none = (
      await asMerchant("/merchants/me/payments/totals?from=2020-01-01T00:00:00Z&to=2020-02-01T00:00:00Z")
    ).body.data;
    expect(none).toEqual({ count: 0, byToken: [] });
  });

  it("refuses a period over 366 days", async () => {
    const response = await asMerchant("/merchants/me/payments/totals?from=2020-01-01T00:00:00Z");
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code: "VALIDATION_ERROR", details: [{ path: ["from"] }] });
  });
});

describe("GET /merchants/me/payments/:id/timeline", () => {
  it("tells every status change with times, the amounts once paid, the refunds and the relay", async () => {
    const record = (await asMerchant(`/merchants/me/payments/${paidA.paymentId}`)).body.data;
    const a = transfers(receiptA, t.merchant.recipient);
    for (const headers of keyAndSession()) {
      const response = await t.request(`/merchants/me/payments/${paidA.paymentId}/timeline`, { headers });
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      const timeline = response.body.data;
      expect(timeline).toMatchObject({
        paymentId: paidA.paymentId,
        status: "REFUND_SUBMITTED",
        amounts: { gross: paidA.amount, fee: a.fee.toString(), net: a.net.toString(), tokenDecimals: 18 },
        relay: null,
      });
      expect(timeline.events).toEqual([
        { type: "payment.created", status: "CREATED", at: record.createdAt, txHash: null },
        { type: "payment.paid", status: "PAID", at: expect.any(String), txHash: record.txHash },
        {
          type: "payment.refund_submitted",
          status: "REFUND_SUBMITTED",
          at: expect.any(String),
          txHash: null,
        },
      ]);
      const times = timeline.events.map((event: { at: string }) => Date.parse(event.at));
      expect(times).toEqual([...times].sort((x, y) => x - y));
      const refunds = (await asMerchant(`/refunds?paymentId=${paidA.paymentId}`)).body.data.refunds;
      expect(timeline.refunds).toEqual(refunds);
      expect(refunds).toHaveLength(1);
    }
  });

  it("has no amounts before the payment is paid", async () => {
    const timeline = (await asMerchant(`/merchants/me/payments/${open.paymentId}/timeline`)).body.data;
    expect(timeline).toMatchObject({ status: "CREATED", amounts: null, refunds: [], relay: null });
    expect(timeline.events.map((event: { type: string }) => event.type)).toEqual(["payment.created"]);
  });

  it.each([
    ["another merchant's payment", () => foreign.paymentId],
    ["an unknown payment", () => `0x${"ab".repeat(32)}`],
    ["a malformed id", () => "order-1"],
  ])("answers 404 PAYMENT_NOT_FOUND for %s", async (_case, id) => {
    const response = await asMerchant(`/merchants/me/payments/${id()}/timeline`);
    expect(response.status).toBe(404);
    expect(response.body.code).toBe("PAYMENT_NOT_FOUND");
  });

  it("is refused without a key or session", async () => {
    const response = await t.request(`/merchants/me/payments/${paidA.paymentId}/timeline`);
    expect(response.status).toBe(401);
  });
});
