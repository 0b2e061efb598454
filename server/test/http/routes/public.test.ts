import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../harness/app.js";
import { startTestChain, type TestChain } from "../../harness/chain.js";

let chain: TestChain;
let t: TestApp;
beforeAll(async () => {
  chain = await startTestChain();
  t = await startTestApp(chain, { bodyLimit: 4096 });
});
afterAll(async () => {
  await t?.close();
  await chain?.stop();
});

describe("public endpoints", () => {
  it("GET /chains lists the known testnets and the configured chain", async () => {
    const response = await t.request("/chains");
    expect(response.status).toBe(200);
    expect(response.body.success).toBe(true);
    expect(response.body.data.chains).toEqual([
      { id: expect.any(Number), network_id: 80002, name: "Polygon Amoy", is_testnet: true },
      { id: expect.any(Number), network_id: 97, name: "BSC Testnet", is_testnet: true },
      { id: expect.any(Number), network_id: 11155111, name: "Sepolia", is_testnet: true },
      { id: expect.any(Number), network_id: chain.chainId, name: "Anvil", is_testnet: true },
    ]);
    expect(JSON.stringify(response.body)).not.toContain("rpc");
  });

  it("GET /chains/tokens lists each chain with its tokens", async () => {
    const response = await t.request("/chains/tokens");
    expect(response.status).toBe(200);
    const anvil = response.body.data.chains.find(
      (c: { network_id: number }) => c.network_id === chain.chainId,
    );
    expect(anvil.tokens).toEqual([
      {
        id: expect.any(Number),
        tokenAddress: chain.tokens.permit18,
        symbol: "KTT",
        decimals: 18,
        permit_supported: true,
        is_enabled: true,
      },
      {
        id: expect.any(Number),
        tokenAddress: chain.tokens.permit6,
        symbol: "KUSD",
        decimals: 6,
        permit_supported: true,
        is_enabled: true,
      },
    ]);
    expect(response.body.data.chains.find((c: { network_id: number }) => c.network_id === 97).tokens).toEqual(
      [],
    );
  });

  it("GET /health checks the database", async () => {
    const response = await t.request("/health");
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: "ok", timestamp: expect.any(String) });
    expect(Math.abs(Date.parse(response.body.timestamp) - Date.now())).toBeLessThan(5000);
  });
});

describe("errors", () => {
  const post = (init: { rawBody?: string; json?: unknown; headers?: Record<string, string> }) =>
    t.request("/payments", {
      method: "POST",
      ...init,
      headers: { "x-public-key": t.merchant.publicKey, ...init.headers },
    });

  it("answers unknown routes with 404 NOT_FOUND", async () => {
    for (const path of ["/nope", "/payments/x/y/z"]) {
      const response = await t.request(path);
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ code: "NOT_FOUND", message: expect.any(String) });
    }
    const outside = await fetch(new URL("/elsewhere", t.baseUrl));
    expect(outside.status).toBe(404);
  });

  it.each([
    ["malformed JSON", { rawBody: '{"orderId": ', headers: { "content-type": "application/json" } }],
    ["an empty JSON body", { rawBody: "", headers: { "content-type": "application/json" } }],
    ["text/plain", { rawBody: "orderId=1", headers: { "content-type": "text/plain" } }],
    [
      "form encoding",
      { rawBody: "orderId=1", headers: { "content-type": "application/x-www-form-urlencoded" } },
    ],
    ["an oversized body", { json: { orderId: "x".repeat(5000) } }],
  ])("answers %s with 400 INVALID_REQUEST, no stack", async (_name, init) => {
    const response = await post(init);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ code: "INVALID_REQUEST", message: expect.any(String) });
    expect(response.body.message).not.toMatch(/at .*\.(js|ts):\d+/);
  });

  it("answers a JSON array or scalar body with VALIDATION_ERROR", async () => {
    for (const rawBody of ["[]", "42", "null"]) {
      const response = await post({ rawBody, headers: { "content-type": "application/json" } });
      expect([response.status, response.body.code]).toEqual([400, "VALIDATION_ERROR"]);
    }
  });

  it("sets security headers", async () => {
    const response = await t.request("/health");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("strict-transport-security")).toContain("max-age");
    expect(response.headers.get("x-powered-by")).toBeNull();
  });
});

describe("OpenAPI", () => {
  it("serves an OpenAPI 3.1 document of every endpoint with its security", async () => {
    const response = await t.request("/openapi.json");
    expect(response.status).toBe(200);
    const doc = response.body;
    expect(doc.openapi).toMatch(/^3\.1\./);
    expect(doc.components.securitySchemes.apiKey).toMatchObject({
      type: "apiKey",
      in: "header",
      name: "x-api-key",
    });
    expect(Object.keys(doc.paths).sort()).toEqual(
      [
        "/api/v1/chains",
        "/api/v1/chains/tokens",
        "/api/v1/dashboard/nonce",
        "/api/v1/dashboard/session",
        "/api/v1/exports/payments",
        "/api/v1/health",
        "/api/v1/merchant",
        "/api/v1/merchant/payment-methods",
        "/api/v1/merchant/payment-methods/{id}",
        "/api/v1/merchant/payments",
        "/api/v1/merchant/payments/{id}",
        "/api/v1/merchants/me/keys/rotate",
        "/api/v1/merchants/me/payments",
        "/api/v1/merchants/me/payments/totals",
        "/api/v1/merchants/me/payments/{id}",
        "/api/v1/merchants/me/payments/{id}/timeline",
        "/api/v1/merchants/me/webhook-deliveries",
        "/api/v1/merchants/me/webhook-deliveries/{id}/redeliver",
        "/api/v1/merchants/me/webhook-secret/rotate",
        "/api/v1/merchants/me/webhook-test",
        "/api/v1/payment-links",
        "/api/v1/payment-links/{id}",
        "/api/v1/payments",
        "/api/v1/payments/request-gas",
        "/api/v1/payments/{id}",
        "/api/v1/payments/{id}/events",
        "/api/v1/payments/{id}/gas-status",
        "/api/v1/payments/{id}/late-return",
        "/api/v1/payments/{id}/relay",
        "/api/v1/payments/{id}/return-excess",
        "/api/v1/prices",
        "/api/v1/public/payer/nonce",
        "/api/v1/public/payer/session",
        "/api/v1/public/payer/subscriptions",
        "/api/v1/public/payer/subscriptions/{id}/cancel",
        "/api/v1/public/subscriptions/{id}",
        "/api/v1/public/subscriptions/{id}/authorize",
        "/api/v1/refunds",
        "/api/v1/refunds/{id}",
        "/api/v1/subscriptions",
        "/api/v1/subscriptions/{id}",
        "/api/v1/subscriptions/{id}/cancel",
      ].sort(),
    );
    // The payer's side of a subscription needs no key; the merchant's needs the secret key.
    expect(doc.paths["/api/v1/public/subscriptions/{id}/authorize"].post.security ?? []).toEqual([]);
    expect(doc.paths["/api/v1/subscriptions"].post.security).toEqual([{ apiKey: [] }]);
    // The payer's page signs in with the payer's wallet, never a key.
    expect(doc.paths["/api/v1/public/payer/subscriptions/{id}/cancel"].post.security ?? []).toEqual([]);
    const create = doc.paths["/api/v1/payments"].post;
    expect(create.security).toEqual([{ publicKey: [] }, { apiKey: [] }]);
    expect(Object.keys(create.responses)).toEqual(
      expect.arrayContaining(["201", "400", "401", "403", "404", "409"]),
    );
    const body = JSON.stringify(create.requestBody);
    for (const field of ["orderId", "amount", "tokenAddress", "successUrl", "failUrl", "currency"])
      expect(body).toContain(field);
    expect(doc.paths["/api/v1/merchant/payments"].get.deprecated).toBe(true);
    expect(doc.components.schemas).toHaveProperty("Payment");
  });

  it("renders the docs UI at /docs", async () => {
    const response = await fetch(new URL("/docs/", t.baseUrl), { redirect: "follow" });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("swagger");
  });
});

describe("keys and logs", () => {
  it("never logs a key", async () => {
    await t.request("/merchant", { headers: { "x-api-key": t.merchant.apiKey } });
    await t.request("/payments", {
      method: "POST",
      headers: { "x-public-key": t.merchant.publicKey },
      json: {
        orderId: "log-check",
        amount: 1,
        tokenAddress: t.token,
        successUrl: "service:none",
        failUrl: "service:none",
      },
    });
    await t.request("/merchant", { headers: { "x-api-key": `${t.merchant.apiKey}x` } });
    expect(t.logs.length).toBeGreaterThan(0);
    const logText = t.logs.join("");
    expect(logText).toContain("/api/v1/merchant");
    expect(logText).not.toContain(t.merchant.apiKey);
    expect(logText).not.toContain(t.merchant.publicKey);
    expect(logText).not.toContain(t.merchant.webhookSecret);
  });
});

describe("rate limit", () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await startTestApp(chain, { rateLimitPerMinute: 3 });
  });
  afterAll(() => limited.close());

  it("limits each key separately and answers 429 RATE_LIMITED", async () => {
    const headers = { "x-api-key": limited.merchant.apiKey };
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await limited.request("/merchant", { headers })).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const refused = await limited.request("/merchant", { headers });
    expect(refused.body).toEqual({ code: "RATE_LIMITED", message: expect.any(String) });
    expect(refused.headers.get("retry-after")).not.toBeNull();
    const other = await limited.addMerchant("Unlimited neighbour");
    expect((await limited.request("/merchant", { headers: { "x-api-key": other.apiKey } })).status).toBe(200);
  });
});
