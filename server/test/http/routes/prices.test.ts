import type { FastifyInstance } from "fastify";
import { generatePrivateKey, privateKeyToAddress } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createChainClients } from "../../../src/chain/clients.js";
import { Secret } from "../../../src/secret.js";
import { createMerchant } from "../../../src/core/admin/merchants.js";
import { createServices } from "../../../src/core/services.js";
import { updateChainByNetworkId } from "../../../src/db/chains/chains.js";
import { raisePaymentSequences } from "../../../src/db/payments/paymentSequences.js";
import { type TokenRow } from "../../../src/db/schema/rows.js";
import { buildApp } from "../../../src/http/app.js";
import { defaultConfig } from "../../../src/config/index.js";
import { defaultPriceSettings } from "../../../src/config/prices.js";
import { createTestDatabase, type TestDatabase } from "../../harness/db.js";
import { addSamples, addToken, testClock } from "../../harness/prices.js";

describe("prices over HTTP", () => {
  let test: TestDatabase;
  let app: FastifyInstance;
  let apiKey: string;
  let usdc: TokenRow;
  let weth: TokenRow;
  let unpriced: TokenRow;
  const clock = testClock("2025-03-01T16:20:00Z");

  beforeAll(async () => {
    test = await createTestDatabase();
    const gateway = privateKeyToAddress(generatePrivateKey());
    const chain = await updateChainByNetworkId(test.db, 80002, { gateway_address: gateway });
    // No chain runs here: the watcher has just read the gateway's sequences, so payments take a range on that read.
    await raisePaymentSequences(test.db, chain!.id, {
      fromBlock: 0n,
      toBlock: 0n,
      floors: new Map([[gateway, 0n]]),
    });
    const created = await createMerchant(
      { db: test.db, chains: createChainClients() },
      { name: "Shop", networkId: 80002, recipientAddress: privateKeyToAddress(generatePrivateKey()) },
    );
    apiKey = created.apiKey;
    const merchant = await test.db
      .selectFrom("merchants")
      .select("id")
      .where("merchant_key", "=", created.merchant.merchantKey)
      .executeTakeFirstOrThrow();

    usdc = await addToken(test.db, {
      symbol: "USDC",
      decimals: 6,
      priceSource: { kind: "static", ref: "usd-coin" },
    });
    weth = await addToken(test.db, {
      symbol: "WETH",
      decimals: 18,
      priceSource: { kind: "coingecko", ref: "ethereum" },
    });
    unpriced = await addToken(test.db, { symbol: "NOPE" });
    for (const token of [usdc, weth, unpriced]) {
      await test.db
        .insertInto("payment_methods")
        .values({ merchant_id: merchant.id, token_id: token.id })
        .execute();
    }
    await addSamples(test.db, usdc.id, "USD", [
      ["2025-03-01T15:00:00Z", "0.9998"],
      ["2025-03-01T15:30:00Z", "1.0002"],
      ["2025-03-01T16:15:00Z", "1.0001"],
    ]);
    await addSamples(test.db, usdc.id, "KRW", [
      ["2025-03-01T15:05:00Z", "1385"],
      ["2025-03-01T15:35:00Z", "1386"],
    ]);
    await addSamples(test.db, weth.id, "KRW", [["2025-03-01T15:10:00Z", "4500000"]]);

    const config = defaultConfig({
      signerPrivateKey: new Secret(generatePrivateKey()),
      prices: defaultPriceSettings({ currencies: ["USD", "KRW"] }),
    });
    app = await buildApp(createServices(config, test.db, { now: clock.now }));
  });
  afterAll(async () => {
    await app?.close();
    await test?.close();
  });

  const getPrice = (query: Record<string, string>, key: string | null = apiKey) =>
    app.inject({
      method: "GET",
      url: `/api/v1/prices?${new URLSearchParams(query)}`,
      headers: key === null ? {} : { "x-api-key": key },
    });

  describe("GET /prices", () => {
    it("current by default, in USD by default", async () => {
      const response = await getPrice({ chainId: "80002", tokenAddress: usdc.address.toLowerCase() });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        success: true,
        data: {
          type: "current",
          chain_id: 80002,
          token_address: usdc.address,
          currency: "USD",
          price: 1.0001,
          symbol: "USDC",
          updated_at: "2025-03-01T16:15:00.000Z",
          source: "static",
        },
      });
    });

    it("hourly-average covers the previous full hour", async () => {
      const response = await getPrice({
        chainId: "80002",
        tokenAddress: usdc.address,
        type: "hourly-average",
        currency: "KRW",
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().data).toEqual({
        type: "hourly-average",
        chain_id: 80002,
        token_address: usdc.address,
        currency: "KRW",
        price: 1385.5,
        symbol: "USDC",
        period_start: "2025-03-01T15:00:00.000Z",
        period_end: "2025-03-01T16:00:00.000Z",
        sample_count: 2,
      });
    });

    it("401 UNAUTHORIZED without a valid API key", async () => {
      const query = { chainId: "80002", tokenAddress: usdc.address };
      for (const key of [null, "sk_wrong"]) {
        const response = await getPrice(query, key);
        expect(response.statusCode).toBe(401);
        expect(response.json()).toMatchObject({ code: "UNAUTHORIZED" });
      }
    });

    it("400 VALIDATION_ERROR for bad parameters, naming each", async () => {
      const response = await getPrice({ chainId: "abc", tokenAddress: "0x12", type: "daily" });
      expect(response.statusCode).toBe(400);
      const body = response.json();
      expect(body.code).toBe("VALIDATION_ERROR");
      expect(body.details.map((detail: { path: string[] }) => detail.path.join("."))).toEqual([
        "chainId",
        "tokenAddress",
        "type",
      ]);
      const missing = await getPrice({});
      expect(missing.statusCode).toBe(400);
      expect(missing.json().code).toBe("VALIDATION_ERROR");
    });

    it("400 INVALID_CURRENCY for a code the service does not support", async () => {
      for (const currency of ["XXX", "EUR", "dollars"]) {
        const response = await getPrice({ chainId: "80002", tokenAddress: usdc.address, currency });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toMatchObject({ code: "INVALID_CURRENCY" });
      }
    });

    it("404 TOKEN_NOT_FOUND when the token is not whitelisted or has no price data", async () => {
      const cases: Record<string, string>[] = [
        { chainId: "80002", tokenAddress: privateKeyToAddress(generatePrivateKey()) },
        { chainId: "97", tokenAddress: usdc.address },
        { chainId: "80002", tokenAddress: unpriced.address },
        { chainId: "80002", tokenAddress: weth.address, type: "hourly-average", currency: "USD" },
      ];
      for (const query of cases) {
        const response = await getPrice(query);
        expect(response.statusCode).toBe(404);
        expect(response.json()).toMatchObject({ code: "TOKEN_NOT_FOUND" });
      }
    });
  });

  describe("POST /payments with currency", () => {
    let order = 0;
    const createPayment = (body: Record<string, unknown>) =>
      app.inject({
        method: "POST",
        url: "/api/v1/payments",
        headers: { "x-api-key": apiKey },
        payload: {
          orderId: `order-${++order}`,
          successUrl: "service:none",
          failUrl: "service:none",
          ...body,
        },
      });

    it("converts with the hourly average, truncates to 2 decimals, and returns and stores the fiat fields", async () => {
      const response = await createPayment({ amount: 50000, currency: "KRW", tokenAddress: usdc.address });
      expect(response.statusCode).toBe(201);
      const data = response.json().data;
      // 50000 / 1385.5 = 36.0880...
      expect(data).toMatchObject({
        amount: "36080000",
        currency: "KRW",
        fiatAmount: 50000,
        tokenPrice: 1385.5,
      });
      const row = await test.db
        .selectFrom("payments")
        .select(["amount", "currency", "fiat_amount", "token_price"])
        .where("payment_id", "=", data.paymentId)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({
        amount: "36080000",
        currency: "KRW",
        fiat_amount: "50000",
        token_price: "1385.5",
      });
    });

    it("18-decimal token in KRW, and USD", async () => {
      const krw = await createPayment({ amount: 1000000, currency: "krw", tokenAddress: weth.address });
      expect(krw.statusCode).toBe(201);
      expect(krw.json().data).toMatchObject({
        amount: "220000000000000000",
        currency: "KRW",
        tokenPrice: 4500000,
      });
      const usd = await createPayment({ amount: 19.99, currency: "USD", tokenAddress: usdc.address });
      expect(usd.statusCode).toBe(201);
      // mean(0.9998, 1.0002) = 1: exactly 19.99
      expect(usd.json().data).toMatchObject({
        amount: "19990000",
        currency: "USD",
        fiatAmount: 19.99,
        tokenPrice: 1,
      });
    });

    it("VALIDATION_ERROR when the conversion is below 0.01 token, saying so", async () => {
      const response = await createPayment({ amount: 10, currency: "KRW", tokenAddress: usdc.address });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: "VALIDATION_ERROR" });
      expect(JSON.stringify(response.json())).toContain("below the minimum token amount of 0.01");
    });

    it("INVALID_CURRENCY and PRICE_SERVICE_NOT_CONFIGURED", async () => {
      const invalid = await createPayment({ amount: 10, currency: "XXX", tokenAddress: usdc.address });
      expect(invalid.statusCode).toBe(400);
      expect(invalid.json()).toMatchObject({ code: "INVALID_CURRENCY" });
      const noSource = await createPayment({ amount: 10, currency: "USD", tokenAddress: unpriced.address });
      expect(noSource.statusCode).toBe(400);
      expect(noSource.json()).toMatchObject({ code: "PRICE_SERVICE_NOT_CONFIGURED" });
      const noData = await createPayment({ amount: 10, currency: "USD", tokenAddress: weth.address });
      expect(noData.statusCode).toBe(400);
      expect(noData.json()).toMatchObject({ code: "PRICE_SERVICE_NOT_CONFIGURED" });
    });

    it("without currency the amount stays a token quantity and no fiat fields are set", async () => {
      const response = await createPayment({ amount: 12.5, tokenAddress: usdc.address });
      expect(response.statusCode).toBe(201);
      expect(response.json().data).toMatchObject({
        amount: "12500000",
        currency: null,
        fiatAmount: null,
        tokenPrice: null,
      });
    });
  });
});
