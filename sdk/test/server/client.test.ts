import {
  Kassa,
  KassaAuthenticationError,
  KassaConfigurationError,
  KassaConflictError,
  KassaConnectionError,
  KassaError,
  KassaInvalidRequestError,
  KassaNotFoundError,
  KassaPermissionError,
  KassaValidationError,
  toBaseUnits,
  type CreatePaymentParams,
} from "@kassa/sdk";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  addSamples,
  rejectionOf,
  startTestApp,
  startTestChain,
  type TestApp,
  type TestChain,
} from "@kassa/server/harness";

const ORIGIN = "https://shop.example.com";

let chain: TestChain;
let t: TestApp;
let server: Kassa;
let browser: Kassa;
beforeAll(async () => {
  chain = await startTestChain();
  t = await startTestApp(chain, {
    allowedWidgetOrigin: ORIGIN,
    prices: { hourlyAveragePrice: () => Promise.resolve("2.5") },
  });
  server = new Kassa({ baseUrl: t.baseUrl, apiKey: t.merchant.apiKey });
  browser = new Kassa({ baseUrl: t.baseUrl, publicKey: t.merchant.publicKey, origin: ORIGIN });
});
afterAll(async () => {
  await t?.close();
  await chain?.stop();
});

const paymentParams = (orderId: string, amount = 12.5): CreatePaymentParams => ({
  orderId,
  amount,
  tokenAddress: t.token,
  successUrl: "https://shop.example.com/ok",
  failUrl: "service:none",
});

const rejection = rejectionOf(KassaError);

describe("public endpoints", () => {
  it("health, chains and chains with tokens", async () => {
    expect(await browser.health()).toMatchObject({ status: "ok" });
    const chains = await server.chains.list();
    expect(chains).toContainEqual({
      id: expect.any(Number),
      network_id: chain.chainId,
      name: "Anvil",
      is_testnet: true,
    });
    const withTokens = await server.chains.listWithTokens();
    const anvil = withTokens.find((c) => c.network_id === chain.chainId);
    expect(anvil?.tokens.map((token) => token.tokenAddress)).toEqual(
      expect.arrayContaining([t.token, t.token6]),
    );
  });
});

describe("payments", () => {
  it("creates with the API key (no Origin needed) and retrieves with the public key", async () => {
    const created = await server.payments.create(paymentParams("sdk-create-api"));
    expect(created).toMatchObject({
      orderId: "sdk-create-api",
      tokenAddress: t.token,
      amount: toBaseUnits("12.5", 18),
      chainId: chain.chainId,
      gatewayAddress: chain.gateway,
      currency: null,
    });
    const fetched = await browser.payments.retrieve(created.paymentId);
    expect(fetched).toMatchObject({ paymentId: created.paymentId, status: "CREATED", txHash: null });
  });

  it("creates with the public key and Origin, like the widget", async () => {
    const created = await browser.payments.create(paymentParams("sdk-create-pk", 3));
    expect(created.amount).toBe(toBaseUnits(3, 18));
  });

  it("creates a fiat payment: the amount is converted, currency and fiatAmount are kept", async () => {
    const created = await server.payments.create({ ...paymentParams("sdk-fiat", 10), currency: "usd" });
    expect(created).toMatchObject({
      currency: "USD",
      fiatAmount: 10,
      tokenPrice: 2.5,
      amount: toBaseUnits("4", 18),
    });
  });

  it("maps error responses to the error classes with code, status and details", async () => {
    const invalid = await rejection(
      server.payments.create({ ...paymentParams("sdk-invalid"), amount: 1.234 }),
    );
    expect(invalid).toBeInstanceOf(KassaValidationError);
    expect(invalid).toBeInstanceOf(KassaInvalidRequestError);
    expect(invalid).toMatchObject({ code: "VALIDATION_ERROR", status: 400 });
    expect(invalid.details).toEqual([{ path: ["amount"], message: expect.any(String) }]);

    const notEnabled = await rejection(
      server.payments.create({ ...paymentParams("sdk-6"), tokenAddress: t.token6 }),
    );
    expect(notEnabled).toBeInstanceOf(KassaInvalidRequestError);
    expect(notEnabled).not.toBeInstanceOf(KassaValidationError);
    expect(notEnabled).toMatchObject({ code: "TOKEN_NOT_ENABLED", status: 400 });

    await server.payments.create(paymentParams("sdk-dup"));
    const duplicate = await rejection(server.payments.create(paymentParams("sdk-dup")));
    expect(duplicate).toBeInstanceOf(KassaConflictError);
    expect(duplicate).toMatchObject({ code: "DUPLICATE_ORDER", status: 409 });

    const wrongKey = new Kassa({ baseUrl: t.baseUrl, apiKey: "sk_wrong" });
    const unauthorized = await rejection(wrongKey.merchant.retrieve());
    expect(unauthorized).toBeInstanceOf(KassaAuthenticationError);
    expect(unauthorized).toMatchObject({ code: "UNAUTHORIZED", status: 401 });

    const wrongOrigin = new Kassa({
      baseUrl: t.baseUrl,
      publicKey: t.merchant.publicKey,
      origin: "https://evil.example",
    });
    const forbidden = await rejection(wrongOrigin.payments.create(paymentParams("sdk-origin")));
    expect(forbidden).toBeInstanceOf(KassaPermissionError);
    expect(forbidden).toMatchObject({ code: "FORBIDDEN", status: 403 });

    const missing = await rejection(browser.payments.retrieve(`0x${"ab".repeat(32)}`));
    expect(missing).toBeInstanceOf(KassaNotFoundError);
    expect(missing).toMatchObject({ code: "PAYMENT_NOT_FOUND", status: 404 });
    // The server's request id (x-request-id), to quote when asking for support.
    expect(missing.requestId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("refuses another merchant's payment", async () => {
    const other = await t.addMerchant("Other shop");
    const otherClient = new Kassa({ baseUrl: t.baseUrl, apiKey: other.apiKey });
    const created = await server.payments.create(paymentParams("sdk-foreign"));
    const error = await rejection(otherClient.merchantPayments.retrieve(created.paymentId));
    expect(error).toBeInstanceOf(KassaPermissionError);
  });
});

describe("payments.create when a response is lost (orderId as the idempotency key)", () => {
  /** A fetch whose first POST /payments reaches Kassa but whose answer never comes back. */
  function losingFirstResponse() {
    let posts = 0;
    const fetchImpl: typeof fetch = async (input, init) => {
      const response = await fetch(input, init);
      if (init?.method === "POST" && String(input).endsWith("/payments") && posts++ === 0) {
        await response.text();
        throw new TypeError("fetch failed: socket hang up");
      }
      return response;
    };
    return { fetchImpl, posts: () => posts };
  }

  it("resolves a DUPLICATE_ORDER of the retried attempt with the payment the first attempt created", async () => {
    const { fetchImpl, posts } = losingFirstResponse();
    const kassa = new Kassa({
      baseUrl: t.baseUrl,
      apiKey: t.merchant.apiKey,
      fetch: fetchImpl,
      retry: { initialDelayMs: 1 },
    });
    const created = await kassa.payments.create(paymentParams("sdk-lost-response", 7));
    expect(posts()).toBe(2);
    expect(created).toMatchObject({
      orderId: "sdk-lost-response",
      amount: toBaseUnits(7, 18),
      tokenAddress: t.token,
    });
    expect(created.serverSignature).toMatch(/^0x[0-9a-f]+$/);
    const record = await server.merchantPayments.retrieveByOrderId("sdk-lost-response");
    expect(record.paymentId).toBe(created.paymentId);
  });

  it("still rejects with the conflict when the existing payment differs from the request", async () => {
    await server.payments.create(paymentParams("sdk-lost-different", 7));
    const { fetchImpl } = losingFirstResponse();
    const kassa = new Kassa({
      baseUrl: t.baseUrl,
      apiKey: t.merchant.apiKey,
      fetch: fetchImpl,
      retry: { initialDelayMs: 1 },
    });
    // The first attempt answers DUPLICATE_ORDER (lost), the retry answers it too: the order was not ours.
    const error = await rejection(kassa.payments.create(paymentParams("sdk-lost-different", 8)));
    expect(error).toBeInstanceOf(KassaConflictError);
    expect(error.code).toBe("DUPLICATE_ORDER");
  });

  it("rejects with the conflict without an API key to look the order up", async () => {
    const { fetchImpl } = losingFirstResponse();
    const kassa = new Kassa({
      baseUrl: t.baseUrl,
      publicKey: t.merchant.publicKey,
      origin: ORIGIN,
      fetch: fetchImpl,
      retry: { initialDelayMs: 1 },
    });
    const error = await rejection(kassa.payments.create(paymentParams("sdk-lost-pk", 7)));
    expect(error).toBeInstanceOf(KassaConflictError);
  });
});

describe("merchant endpoints (API key)", () => {
  it("merchant, payment methods: list, create, update", async () => {
    const overview = await server.merchant.retrieve();
    expect(overview.merchant).toMatchObject({
      merchant_key: t.merchant.merchantKey,
      public_key: t.merchant.publicKey,
    });
    expect(overview.chainTokens.map((token) => token.tokenAddress)).toContain(t.token);

    const before = await server.paymentMethods.list();
    expect(before.map((method) => method.tokenAddress)).toEqual([t.token]);
    const added = await server.paymentMethods.create({ tokenAddress: t.token6, is_enabled: true });
    expect(added).toMatchObject({ tokenAddress: t.token6, is_enabled: true, decimals: 6 });
    const exists = await rejection(
      server.paymentMethods.create({ tokenAddress: t.token6, is_enabled: true }),
    );
    expect(exists).toMatchObject({ code: "PAYMENT_METHOD_EXISTS", status: 409 });
    const disabled = await server.paymentMethods.update(added.id, { is_enabled: false });
    expect(disabled.is_enabled).toBe(false);
    expect(await rejection(server.paymentMethods.update(999_999, { is_enabled: true }))).toBeInstanceOf(
      KassaNotFoundError,
    );
  });

  it("merchant payments: by id, by orderId, a page, and every page", async () => {
    const merchant = await t.addMerchant("Paging shop");
    const kassa = new Kassa({ baseUrl: t.baseUrl, apiKey: merchant.apiKey });
    const ids: string[] = [];
    for (let i = 0; i < 5; i++)
      ids.push((await kassa.payments.create(paymentParams(`page-${i}`, 1 + i))).paymentId);

    const byId = await kassa.merchantPayments.retrieve(ids[2] as string);
    expect(byId).toMatchObject({
      paymentId: ids[2],
      orderId: "page-2",
      status: "CREATED",
      amount: toBaseUnits(3, 18),
    });
    expect(await kassa.merchantPayments.retrieveByOrderId("page-4")).toMatchObject({ paymentId: ids[4] });
    expect(await rejection(kassa.merchantPayments.retrieveByOrderId("no-such-order"))).toMatchObject({
      code: "PAYMENT_NOT_FOUND",
    });

    const page = await kassa.merchantPayments.list({ limit: 2 });
    expect(page.payments).toHaveLength(2);
    expect(page.has_more).toBe(true);
    const all: string[] = [];
    for await (const payment of kassa.merchantPayments.listAll({ limit: 2 })) all.push(payment.paymentId);
    expect(all.sort()).toEqual([...ids].sort());
    const paid = await kassa.merchantPayments.list({ status: "PAID" });
    expect(paid).toEqual({ payments: [], has_more: false });
  });

  it("prices", async () => {
    const token = await t.database.db
      .selectFrom("tokens")
      .select("id")
      .where("address", "=", t.token)
      .executeTakeFirstOrThrow();
    await addSamples(t.database.db, token.id, "USD", [[new Date(Date.now() - 60_000).toISOString(), "2.75"]]);
    const price = await server.prices.retrieve({ chainId: String(chain.chainId), tokenAddress: t.token });
    expect(price).toMatchObject({ type: "current", chain_id: chain.chainId, currency: "USD", price: 2.75 });
    const missing = await rejection(
      server.prices.retrieve({ chainId: String(chain.chainId), tokenAddress: t.token6, currency: "USD" }),
    );
    expect(missing).toMatchObject({ code: "TOKEN_NOT_FOUND", status: 404 });
  });
});

describe("configuration", () => {
  it("refuses an API key where window exists, and a key in the wrong option", () => {
    const scope = globalThis as { window?: unknown };
    scope.window = {};
    try {
      expect(() => new Kassa({ baseUrl: t.baseUrl, apiKey: t.merchant.apiKey })).toThrow(
        /must never reach a browser/,
      );
      expect(new Kassa({ baseUrl: t.baseUrl, publicKey: t.merchant.publicKey })).toBeInstanceOf(Kassa);
    } finally {
      delete scope.window;
    }
    expect(() => new Kassa({ baseUrl: t.baseUrl, apiKey: t.merchant.publicKey })).toThrow(
      KassaConfigurationError,
    );
    expect(() => new Kassa({ baseUrl: t.baseUrl, publicKey: t.merchant.apiKey })).toThrow(/secret API key/);
    expect(() => new Kassa({ baseUrl: "localhost:3000", publicKey: t.merchant.publicKey })).toThrow(
      /baseUrl/,
    );
  });

  it("says which key a call needs", async () => {
    const error = await rejection(browser.merchant.retrieve());
    expect(error).toBeInstanceOf(KassaConfigurationError);
    expect(error.message).toMatch(/needs the API key/);
    expect((await rejection(server.payments.retrieve("0x01"))).message).toMatch(/needs the public key/);
  });

  it("reports an unreachable server as a connection error", async () => {
    const closed = new Kassa({
      baseUrl: "http://127.0.0.1:1/api/v1",
      publicKey: "pk_x",
      retry: { maxRetries: 0 },
    });
    const error = await rejection(closed.health());
    expect(error).toBeInstanceOf(KassaConnectionError);
    expect(error).toMatchObject({ code: "CONNECTION_ERROR", status: undefined });
  });
});
