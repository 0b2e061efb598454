import { gatewayDomain, paymentRequestTypes } from "@kassa/contracts";
import { recoverTypedDataAddress, type Address, type Hex } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultConfig } from "../../../src/config/index.js";
import * as admin from "../../../src/core/admin/index.js";
import { createServices } from "../../../src/core/services.js";
import { buildApp } from "../../../src/http/app.js";
import { addTokenOfAnotherChain, startTestApp, type TestApp } from "../../harness/app.js";
import { startTestChain, type TestChain } from "../../harness/chain.js";

let chain: TestChain;
let t: TestApp;
beforeAll(async () => {
  chain = await startTestChain();
  t = await startTestApp(chain);
});
afterAll(async () => {
  await t?.close();
  await chain?.stop();
});

let orderCounter = 0;
const nextOrderId = () => `order-${Date.now()}-${orderCounter++}`;

function paymentBody(overrides: Record<string, unknown> = {}) {
  return {
    orderId: nextOrderId(),
    amount: 12.5,
    tokenAddress: t.token,
    successUrl: "https://shop.example.com/success",
    failUrl: "https://shop.example.com/fail",
    ...overrides,
  };
}

function create(json: unknown, headers: Record<string, string> = { "x-public-key": t.merchant.publicKey }) {
  return t.request("/payments", { method: "POST", json, headers });
}

describe("POST /payments", () => {
  it("creates a payment with every documented field and a valid server signature", async () => {
    const before = Math.floor(Date.now() / 1000);
    const body = paymentBody();
    const response = await create(body);
    expect(response.status).toBe(201);
    expect(response.body.success).toBe(true);
    const data = response.body.data;
    expect(Object.keys(data).sort()).toEqual(
      [
        "paymentId",
        "orderId",
        "chainId",
        "tokenAddress",
        "tokenSymbol",
        "tokenDecimals",
        "tokenPermitSupported",
        "isFaucetEnabled",
        "gatewayAddress",
        "forwarderAddress",
        "amount",
        "recipientAddress",
        "merchantId",
        "deadline",
        "successUrl",
        "failUrl",
        "expiresAt",
        "currency",
        "fiatAmount",
        "tokenPrice",
        "serverSignature",
        "depositAddress",
        "transferAmount",
        "transferUri",
        "transferExpiresAt",
        "depositMinimumAmount",
        "amountReceived",
        "overpaidAmount",
        "paidVia",
        "sweptAt",
        "sweepTransactionHash",
        "fundsAtRecipient",
      ].sort(),
    );
    expect(data).toMatchObject({
      orderId: body.orderId,
      chainId: chain.chainId,
      tokenAddress: chain.tokens.permit18,
      tokenSymbol: "KTT",
      tokenDecimals: 18,
      tokenPermitSupported: true,
      isFaucetEnabled: false,
      fundsAtRecipient: false,
      gatewayAddress: chain.gateway,
      forwarderAddress: chain.forwarder,
      amount: "12500000000000000000",
      recipientAddress: t.merchant.recipient,
      merchantId: t.merchant.merchantId,
      successUrl: body.successUrl,
      failUrl: body.failUrl,
      currency: null,
      fiatAmount: null,
      tokenPrice: null,
    });
    expect(data.paymentId).toMatch(/^0x[0-9a-f]{64}$/);
    const deadline = Number(data.deadline);
    expect(deadline - before).toBeGreaterThanOrEqual(3600);
    expect(deadline - before).toBeLessThanOrEqual(3602);
    const lifetime = Date.parse(data.expiresAt) - before * 1000;
    expect(lifetime).toBeGreaterThanOrEqual(299_000);
    expect(lifetime).toBeLessThanOrEqual(302_000);

    const recovered = await recoverTypedDataAddress({
      domain: gatewayDomain(chain.chainId, chain.gateway),
      types: paymentRequestTypes,
      primaryType: "PaymentRequest",
      message: {
        paymentId: data.paymentId as Hex,
        tokenAddress: data.tokenAddress as Address,
        amount: BigInt(data.amount),
        recipientAddress: data.recipientAddress as Address,
        merchantId: data.merchantId as Hex,
        deadline: BigInt(data.deadline),
      },
      signature: data.serverSignature as Hex,
    });
    expect(recovered).toBe(chain.signerAccount.address);
  });

  it("accepts the smallest amount, service:none URLs and a lowercase token address", async () => {
    const response = await create(
      paymentBody({
        amount: 0.01,
        tokenAddress: t.token.toLowerCase(),
        successUrl: "service:none",
        failUrl: "service:none",
      }),
    );
    expect(response.status).toBe(201);
    expect(response.body.data).toMatchObject({
      amount: "10000000000000000",
      successUrl: "service:none",
      tokenAddress: t.token,
    });
  });

  it("accepts x-api-key from a merchant server, with no Origin", async () => {
    const response = await create(paymentBody(), { "x-api-key": t.merchant.apiKey });
    expect(response.status).toBe(201);
  });

  it.each([
    [{ amount: 1.005 }, ["amount"]],
    [{ amount: 0.001 }, ["amount"]],
    [{ amount: 0 }, ["amount"]],
    [{ amount: -5 }, ["amount"]],
    [{ amount: "12.5" }, ["amount"]],
    [{ amount: 1e20 }, ["amount"]],
    [{ orderId: "" }, ["orderId"]],
    [{ orderId: "x".repeat(256) }, ["orderId"]],
    [{ tokenAddress: "0x1234" }, ["tokenAddress"]],
    [{ successUrl: "" }, ["successUrl"]],
    [{ successUrl: "none" }, ["successUrl"]],
    [{ failUrl: "javascript:alert(1)" }, ["failUrl"]],
    [{ currency: "US" }, ["currency"]],
  ])("refuses %o with VALIDATION_ERROR naming the field", async (overrides, path) => {
    const response = await create(paymentBody(overrides));
    expect(response.status).toBe(400);
    expect(response.body.code).toBe("VALIDATION_ERROR");
    expect(typeof response.body.message).toBe("string");
    expect(response.body.details).toContainEqual({ path, message: expect.any(String) });
  });

  it("names every missing field", async () => {
    const response = await create({});
    expect(response.status).toBe(400);
    expect(response.body.details.map((d: { path: string[] }) => d.path[0]).sort()).toEqual(
      ["amount", "failUrl", "orderId", "successUrl", "tokenAddress"].sort(),
    );
  });

  it("refuses missing or wrong keys with 401 UNAUTHORIZED", async () => {
    for (const headers of <Record<string, string>[]>[
      {},
      { "x-public-key": "pk_unknown" },
      { "x-public-key": t.merchant.apiKey },
      { "x-api-key": "sk_unknown" },
    ]) {
      const response = await create(paymentBody(), headers);
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ code: "UNAUTHORIZED", message: expect.any(String) });
    }
  });

  it("answers the token errors in a useful order", async () => {
    await addTokenOfAnotherChain(t, chain);
    expect((await create(paymentBody({ tokenAddress: chain.tokens.plain }))).body.code).toBe(
      "CHAIN_MISMATCH",
    );
    const unknown = await create(paymentBody({ tokenAddress: chain.treasury }));
    expect([unknown.status, unknown.body.code]).toEqual([404, "TOKEN_NOT_FOUND"]);
    const notEnabled = await create(paymentBody({ tokenAddress: t.token6 }));
    expect([notEnabled.status, notEnabled.body.code]).toEqual([400, "TOKEN_NOT_ENABLED"]);

    const other = await t.addMerchant("Disabled token shop");
    await admin.setPaymentMethodEnabled(t.adminDeps, other.merchantKey, {
      tokenAddress: t.token,
      enabled: false,
    });
    expect((await create(paymentBody(), { "x-public-key": other.publicKey })).body.code).toBe(
      "TOKEN_NOT_ENABLED",
    );

    await admin.setTokenEnabled(t.adminDeps, { networkId: chain.chainId, address: t.token6, enabled: false });
    expect((await create(paymentBody({ tokenAddress: t.token6 }))).body.code).toBe("UNSUPPORTED_TOKEN");
    await admin.setTokenEnabled(t.adminDeps, { networkId: chain.chainId, address: t.token6, enabled: true });
  });

  it("answers merchant configuration errors", async () => {
    const m = await t.addMerchant("Config shop");
    const as = { "x-public-key": m.publicKey };
    await admin.updateMerchant(t.adminDeps, m.merchantKey, { recipientAddress: null });
    expect((await create(paymentBody(), as)).body).toMatchObject({ code: "RECIPIENT_NOT_CONFIGURED" });
    await admin.updateMerchant(t.adminDeps, m.merchantKey, { networkId: 80002 });
    const unsupported = await create(paymentBody(), as);
    expect([unsupported.status, unsupported.body.code]).toEqual([400, "UNSUPPORTED_CHAIN"]);
    await admin.updateMerchant(t.adminDeps, m.merchantKey, { networkId: null });
    expect((await create(paymentBody(), as)).body).toMatchObject({ code: "CHAIN_NOT_CONFIGURED" });
  });

  it("answers PRICE_SERVICE_NOT_CONFIGURED for a fiat amount", async () => {
    const response = await create(paymentBody({ currency: "USD" }));
    expect(response.status).toBe(400);
    expect(response.body.code).toBe("PRICE_SERVICE_NOT_CONFIGURED");
  });

  it("answers SIGNING_SERVICE_ERROR when no signer key is configured", async () => {
    const unsigned = await buildApp(createServices(defaultConfig(), t.database.db));
    try {
      const response = await unsigned.inject({
        method: "POST",
        url: "/api/v1/payments",
        headers: { "x-api-key": t.merchant.apiKey },
        payload: paymentBody(),
      });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({ code: "SIGNING_SERVICE_ERROR", message: expect.any(String) });
    } finally {
      await unsigned.close();
    }
  });

  it("answers 409 DUPLICATE_ORDER for a reused orderId", async () => {
    const body = paymentBody();
    expect((await create(body)).status).toBe(201);
    const again = await create({ ...body, amount: 1 });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe("DUPLICATE_ORDER");
    const otherMerchant = await t.addMerchant("Same order id elsewhere");
    expect((await create(body, { "x-public-key": otherMerchant.publicKey })).status).toBe(201);
  });

  it("lets exactly one of 50 concurrent identical creates win", async () => {
    const body = paymentBody();
    const responses = await Promise.all(Array.from({ length: 50 }, () => create(body)));
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(49);
    for (const r of responses.filter((r) => r.status === 409)) expect(r.body.code).toBe("DUPLICATE_ORDER");
    const rows = await t.database.db
      .selectFrom("payments")
      .select("id")
      .where("order_id", "=", body.orderId)
      .execute();
    expect(rows).toHaveLength(1);
  });
});

describe("POST /payments with a price service", () => {
  let priced: TestApp;
  beforeAll(async () => {
    priced = await startTestApp(chain, {
      prices: { hourlyAveragePrice: async ({ currency }) => (currency === "USD" ? "2000" : "2700000") },
    });
  });
  afterAll(() => priced.close());

  it("converts a fiat amount at the hourly average, truncated to 2 decimals", async () => {
    const response = await priced.request("/payments", {
      method: "POST",
      headers: { "x-public-key": priced.merchant.publicKey },
      json: { ...paymentBody({ tokenAddress: priced.token, amount: 150, currency: "usd" }) },
    });
    expect(response.status).toBe(201);
    expect(response.body.data).toMatchObject({
      amount: "70000000000000000",
      currency: "USD",
      fiatAmount: 150,
      tokenPrice: 2000,
    });
  });

  it("refuses a fiat amount worth less than 0.01 token", async () => {
    const response = await priced.request("/payments", {
      method: "POST",
      headers: { "x-public-key": priced.merchant.publicKey },
      json: paymentBody({ tokenAddress: priced.token, amount: 10, currency: "USD" }),
    });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code: "VALIDATION_ERROR", details: [{ path: ["amount"] }] });
  });

  it("refuses an unknown currency", async () => {
    const response = await priced.request("/payments", {
      method: "POST",
      headers: { "x-public-key": priced.merchant.publicKey },
      json: paymentBody({ tokenAddress: priced.token, amount: 10, currency: "XYZ" }),
    });
    expect(response.body.code).toBe("INVALID_CURRENCY");
  });
});

describe("GET /payments/:id", () => {
  it("returns the full payment with status, and only to its merchant", async () => {
    const created = (await create(paymentBody())).body.data;
    const response = await t.request(`/payments/${created.paymentId}`, {
      headers: { "x-public-key": t.merchant.publicKey },
    });
    expect(response.status).toBe(200);
    expect(response.body.data).toEqual({
      ...created,
      status: "CREATED",
      txHash: null,
      payerAddress: null,
      createdAt: expect.any(String),
      merchantName: "Test shop",
      seenTxHash: null,
    });

    const other = await t.addMerchant("Nosy shop");
    const foreign = await t.request(`/payments/${created.paymentId}`, {
      headers: { "x-public-key": other.publicKey },
    });
    expect(foreign.status).toBe(403);
    expect(foreign.body.code).toBe("FORBIDDEN");
    expect(foreign.body.message).toMatch(/does not belong to this merchant/);
  });

  it("answers PAYMENT_NOT_FOUND for unknown and malformed ids, UNAUTHORIZED without key", async () => {
    for (const id of [`0x${"ab".repeat(32)}`, "not-an-id"]) {
      const response = await t.request(`/payments/${id}`, {
        headers: { "x-public-key": t.merchant.publicKey },
      });
      expect([response.status, response.body.code]).toEqual([404, "PAYMENT_NOT_FOUND"]);
    }
    expect((await t.request(`/payments/${`0x${"ab".repeat(32)}`}`)).status).toBe(401);
  });
});
