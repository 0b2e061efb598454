import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { movePaymentStatus } from "../../../src/db/payments/paymentStatus.js";
import {
  addTokenOfAnotherChain,
  startTestApp,
  type SeededMerchant,
  type TestApp,
} from "../../harness/app.js";
import { startTestChain, type TestChain } from "../../harness/chain.js";

let chain: TestChain;
let t: TestApp;
let other: SeededMerchant;
beforeAll(async () => {
  chain = await startTestChain();
  t = await startTestApp(chain);
  other = await t.addMerchant("Other shop");
});
afterAll(async () => {
  await t?.close();
  await chain?.stop();
});

const asMerchant = () => ({ "x-api-key": t.merchant.apiKey });

async function createPayment(orderId: string, merchant: SeededMerchant = t.merchant) {
  const response = await t.request("/payments", {
    method: "POST",
    headers: { "x-api-key": merchant.apiKey },
    json: { orderId, amount: 2, tokenAddress: t.token, successUrl: "service:none", failUrl: "service:none" },
  });
  expect(response.status).toBe(201);
  return response.body.data as { paymentId: string; orderId: string };
}

describe("GET /merchant", () => {
  it("returns the merchant with payment methods and chain tokens, and no secret", async () => {
    const response = await t.request("/merchant", { headers: asMerchant() });
    expect(response.status).toBe(200);
    const { merchant, chainTokens } = response.body.data;
    expect(merchant).toMatchObject({
      id: expect.any(Number),
      merchant_key: t.merchant.merchantKey,
      merchant_id: t.merchant.merchantId,
      name: "Test shop",
      chain_id: expect.any(Number),
      chain: { id: merchant.chain_id, network_id: chain.chainId, name: "Anvil", is_testnet: true },
      webhook_url: null,
      public_key: t.merchant.publicKey,
      is_enabled: true,
      recipient_address: t.merchant.recipient,
    });
    expect(Date.parse(merchant.created_at)).not.toBeNaN();
    expect(merchant.payment_methods).toEqual([
      expect.objectContaining({ tokenAddress: t.token, is_enabled: true }),
    ]);
    expect(chainTokens.map((token: { tokenAddress: string }) => token.tokenAddress).sort()).toEqual(
      [t.token, t.token6].sort(),
    );
    const text = JSON.stringify(response.body);
    expect(text).not.toContain(t.merchant.apiKey);
    expect(text).not.toContain(t.merchant.webhookSecret);
    expect(text).not.toMatch(/hash/);
  });

  it("refuses the public key and unknown keys", async () => {
    for (const headers of <Record<string, string>[]>[
      {},
      { "x-api-key": "sk_nope" },
      { "x-api-key": t.merchant.publicKey },
      { "x-public-key": t.merchant.publicKey },
    ]) {
      const response = await t.request("/merchant", { headers });
      expect([response.status, response.body.code]).toEqual([401, "UNAUTHORIZED"]);
    }
  });
});

describe("payment methods", () => {
  it("lists, adds and toggles the merchant's payment methods", async () => {
    const list = await t.request("/merchant/payment-methods", { headers: asMerchant() });
    expect(list.status).toBe(200);
    expect(list.body.data.payment_methods).toHaveLength(1);

    const added = await t.request("/merchant/payment-methods", {
      method: "POST",
      headers: asMerchant(),
      json: { tokenAddress: t.token6, is_enabled: false },
    });
    expect(added.status).toBe(201);
    expect(added.body.data).toMatchObject({
      tokenAddress: t.token6,
      symbol: "KUSD",
      decimals: 6,
      is_enabled: false,
    });

    const again = await t.request("/merchant/payment-methods", {
      method: "POST",
      headers: asMerchant(),
      json: { tokenAddress: t.token6, is_enabled: true },
    });
    expect([again.status, again.body.code]).toEqual([409, "PAYMENT_METHOD_EXISTS"]);

    const patched = await t.request(`/merchant/payment-methods/${added.body.data.id}`, {
      method: "PATCH",
      headers: asMerchant(),
      json: { is_enabled: true },
    });
    expect(patched.status).toBe(200);
    expect(patched.body.data).toMatchObject({ id: added.body.data.id, is_enabled: true });
  });

  it("answers the token errors and validates input", async () => {
    const post = (json: unknown) =>
      t.request("/merchant/payment-methods", { method: "POST", headers: asMerchant(), json });
    expect((await post({ tokenAddress: chain.treasury, is_enabled: true })).body.code).toBe(
      "TOKEN_NOT_FOUND",
    );
    await addTokenOfAnotherChain(t, chain);
    expect((await post({ tokenAddress: chain.tokens.plain, is_enabled: true })).body.code).toBe(
      "CHAIN_MISMATCH",
    );
    const invalid = await post({ tokenAddress: "nope", is_enabled: "yes" });
    expect(invalid.status).toBe(400);
    expect(invalid.body.code).toBe("VALIDATION_ERROR");
    expect(invalid.body.details.map((d: { path: string[] }) => d.path)).toEqual([
      ["tokenAddress"],
      ["is_enabled"],
    ]);
  });

  it("cannot touch another merchant's payment method", async () => {
    const theirs = await t.request("/merchant/payment-methods", { headers: { "x-api-key": other.apiKey } });
    const id = theirs.body.data.payment_methods[0].id;
    const response = await t.request(`/merchant/payment-methods/${id}`, {
      method: "PATCH",
      headers: asMerchant(),
      json: { is_enabled: false },
    });
    expect([response.status, response.body.code]).toEqual([404, "NOT_FOUND"]);
    const still = await t.request("/merchant/payment-methods", { headers: { "x-api-key": other.apiKey } });
    expect(still.body.data.payment_methods[0].is_enabled).toBe(true);
  });
});

describe.each(["/merchants/me/payments", "/merchant/payments"])("%s", (base) => {
  const prefix = base.replaceAll("/", "_");

  it("finds one payment by orderId and by id, as the merchant payment record", async () => {
    const created = await createPayment(`${prefix}-find`);
    const byOrder = await t.request(`${base}?orderId=${encodeURIComponent(created.orderId)}`, {
      headers: asMerchant(),
    });
    expect(byOrder.status).toBe(200);
    expect(byOrder.body.data).toMatchObject({
      paymentId: created.paymentId,
      orderId: created.orderId,
      status: "CREATED",
      amount: "2000000000000000000",
      tokenSymbol: "KTT",
      tokenDecimals: 18,
      tokenAddress: t.token,
      chainId: chain.chainId,
      txHash: null,
      payerAddress: null,
      confirmedAt: null,
    });
    const byId = await t.request(`${base}/${created.paymentId}`, { headers: asMerchant() });
    expect(byId.body.data).toEqual(byOrder.body.data);
    expect((await t.request(`${base}?orderId=missing`, { headers: asMerchant() })).body.code).toBe(
      "PAYMENT_NOT_FOUND",
    );
    expect((await t.request(`${base}/0x${"cd".repeat(32)}`, { headers: asMerchant() })).status).toBe(404);
  });

  it("keeps merchants apart: 403 by id, not found by orderId", async () => {
    const theirs = await createPayment(`${prefix}-theirs`, other);
    const byId = await t.request(`${base}/${theirs.paymentId}`, { headers: asMerchant() });
    expect([byId.status, byId.body.code]).toEqual([403, "FORBIDDEN"]);
    const byOrder = await t.request(`${base}?orderId=${theirs.orderId}`, { headers: asMerchant() });
    expect(byOrder.status).toBe(404);
    const list = await t.request(`${base}?limit=100`, { headers: asMerchant() });
    expect(list.body.data.payments.map((p: { orderId: string }) => p.orderId)).not.toContain(theirs.orderId);
  });
});

describe("payment list", () => {
  let merchant: SeededMerchant;
  const orderIds: string[] = [];
  beforeAll(async () => {
    merchant = await t.addMerchant("Listing shop");
    for (let i = 0; i < 7; i++) orderIds.push((await createPayment(`list-${i}`, merchant)).orderId);
  });
  const list = (query: string) =>
    t.request(`/merchants/me/payments${query}`, { headers: { "x-api-key": merchant.apiKey } });

  it("pages newest first with limit, starting_after and has_more", async () => {
    const first = await list("?limit=3");
    expect(first.status).toBe(200);
    expect(first.body.data.payments.map((p: { orderId: string }) => p.orderId)).toEqual([
      "list-6",
      "list-5",
      "list-4",
    ]);
    expect(first.body.data.has_more).toBe(true);
    const seen = [...first.body.data.payments];
    let page = first;
    while (page.body.data.has_more) {
      page = await list(`?limit=3&starting_after=${seen.at(-1).paymentId}`);
      seen.push(...page.body.data.payments);
    }
    expect(seen.map((p) => p.orderId)).toEqual([...orderIds].reverse());
    expect((await list("")).body.data.payments).toHaveLength(7);
  });

  it("filters by status", async () => {
    const row = await t.database.db
      .selectFrom("payments")
      .select("payment_id")
      .where("order_id", "=", "list-2")
      .executeTakeFirstOrThrow();
    const move = { payment: { paymentId: row.payment_id }, from: "CREATED", to: "PAID" } as const;
    const paid = await movePaymentStatus(t.database.db, {
      ...move,
      set: { tx_hash: `0x${"12".repeat(32)}`, payer_address: chain.treasury, confirmed_at: new Date() },
    });
    expect(paid?.payment_id).toBe(row.payment_id);
    expect(await movePaymentStatus(t.database.db, move)).toBeUndefined();
    expect(() => movePaymentStatus(t.database.db, { ...move, from: "PAID", to: "EXPIRED" })).toThrow(
      /not allowed/,
    );

    const paidOnly = await list("?status=PAID");
    expect(paidOnly.body.data.payments).toEqual([
      expect.objectContaining({
        orderId: "list-2",
        status: "PAID",
        txHash: `0x${"12".repeat(32)}`,
        payerAddress: chain.treasury,
      }),
    ]);
    expect(paidOnly.body.data.payments[0].confirmedAt).toEqual(expect.any(String));
    expect((await list("?status=CREATED")).body.data.payments).toHaveLength(6);
  });

  it.each([
    ["?limit=0", "limit"],
    ["?limit=101", "limit"],
    ["?limit=abc", "limit"],
    ["?status=LOST", "status"],
    ["?starting_after=xyz", "starting_after"],
  ])("refuses %s", async (query, field) => {
    const response = await list(query);
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code: "VALIDATION_ERROR", details: [{ path: [field] }] });
  });

  it("refuses a cursor of another merchant", async () => {
    const theirs = await createPayment("cursor-theirs", other);
    const response = await list(`?starting_after=${theirs.paymentId}`);
    expect([response.status, response.body.code]).toEqual([400, "INVALID_REQUEST"]);
  });
});
