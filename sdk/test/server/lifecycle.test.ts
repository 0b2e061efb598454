import {
  Kassa,
  KassaConflictError,
  KassaConfigurationError,
  KassaNotFoundError,
  KassaVerificationError,
  toBaseUnits,
  verifyWebhook,
  type CreatedPayment,
} from "@kassa/sdk";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  fundPayer,
  pay,
  setWebhookUrl,
  startLifecycleApp,
  startReceiver,
  startTestChain,
  waitFor,
  type Receiver,
  type TestApp,
  type TestChain,
  type TestWalletClient,
} from "@kassa/server/harness";

let chain: TestChain;
let t: TestApp;
let payer: TestWalletClient;
let server: Kassa;
let browser: Kassa;
let receiver: Receiver;
beforeAll(async () => {
  chain = await startTestChain();
  t = await startLifecycleApp(chain, { prices: { hourlyAveragePrice: () => Promise.resolve("2.5") } });
  payer = chain.wallet(5);
  await fundPayer(chain, payer, chain.tokens.permit18);
  server = new Kassa({ baseUrl: t.baseUrl, apiKey: t.merchant.apiKey });
  browser = new Kassa({ baseUrl: t.baseUrl, publicKey: t.merchant.publicKey });
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver?.close();
  await t?.close();
  await chain?.stop();
});

const create = (orderId: string, extra: { amount?: number; currency?: string } = {}) =>
  server.payments.create({
    orderId,
    amount: extra.amount ?? 12.5,
    tokenAddress: t.token,
    successUrl: "https://shop.example.com/ok",
    failUrl: "https://shop.example.com/fail",
    ...(extra.currency ? { currency: extra.currency } : {}),
  });

/** Pays on anvil, then reads the payment with the public key (which syncs it) until it is PAID. */
async function payAndConfirm(payment: CreatedPayment) {
  await pay(chain, payer, payment as Parameters<typeof pay>[2]);
  return waitFor("the payment to be PAID", async () => {
    const current = await browser.payments.retrieve(payment.paymentId);
    return current.status === "PAID" ? current : undefined;
  });
}

async function verificationFailure(promise: Promise<unknown>): Promise<KassaVerificationError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(KassaVerificationError);
  return error as KassaVerificationError;
}

describe("verifyPayment (the verification step of docs/api.md)", () => {
  it("refuses a payment that is not PAID yet, naming the status", async () => {
    const payment = await create("verify-created");
    const error = await verificationFailure(
      server.verifyPayment(payment.paymentId, {
        orderId: "verify-created",
        tokenAddress: t.token,
        amount: toBaseUnits("12.5", 18),
      }),
    );
    expect(error.mismatches).toEqual([{ field: "status", expected: "PAID", actual: "CREATED" }]);
    expect(error.code).toBe("PAYMENT_VERIFICATION_FAILED");
    expect(error.message).toMatch(/status is CREATED, expected PAID/);
  });

  it("accepts a paid payment that matches the order, and names every field that does not", async () => {
    const payment = await create("verify-paid");
    const paid = await payAndConfirm(payment);
    expect(paid.txHash).toMatch(/^0x[0-9a-f]{64}$/);

    const expected = {
      orderId: "verify-paid",
      tokenAddress: t.token.toLowerCase(),
      amount: toBaseUnits("12.5", 18),
    };
    const verified = await server.verifyPayment(payment.paymentId, expected);
    expect(verified).toMatchObject({ paymentId: payment.paymentId, status: "PAID", txHash: paid.txHash });
    expect(verified.confirmedAt).not.toBeNull();
    expect(
      await server.verifyPayment(payment.paymentId, { ...expected, chainId: chain.chainId }),
    ).toBeTruthy();

    const error = await verificationFailure(
      server.verifyPayment(payment.paymentId, {
        orderId: "another-order",
        tokenAddress: t.token6,
        amount: toBaseUnits("12.49", 18),
        chainId: 1,
      }),
    );
    expect(error.mismatches.map((m) => m.field).sort()).toEqual([
      "amount",
      "chainId",
      "orderId",
      "tokenAddress",
    ]);
    expect(error.mismatches.find((m) => m.field === "amount")).toEqual({
      field: "amount",
      expected: toBaseUnits("12.49", 18),
      actual: toBaseUnits("12.5", 18),
    });
  });

  it("checks currency and fiatAmount for a fiat payment", async () => {
    const payment = await create("verify-fiat", { amount: 10, currency: "USD" });
    await payAndConfirm(payment);
    const verified = await server.verifyPayment(payment.paymentId, {
      orderId: "verify-fiat",
      tokenAddress: t.token,
      currency: "usd",
      fiatAmount: "10.00",
    });
    expect(verified).toMatchObject({ currency: "USD", fiatAmount: 10, amount: toBaseUnits(4, 18) });
    const error = await verificationFailure(
      server.verifyPayment(payment.paymentId, {
        orderId: "verify-fiat",
        tokenAddress: t.token,
        currency: "KRW",
        fiatAmount: 11,
      }),
    );
    expect(error.mismatches.map((m) => m.field)).toEqual(["currency", "fiatAmount"]);
  });

  it("refuses an expected amount that is not in base units, before any request", async () => {
    await expect(
      server.verifyPayment(`0x${"00".repeat(32)}`, { orderId: "x", tokenAddress: t.token, amount: "12.5" }),
    ).rejects.toBeInstanceOf(KassaConfigurationError);
    await expect(
      server.verifyPayment(`0x${"00".repeat(32)}`, { orderId: "x", tokenAddress: t.token, amount: "1" }),
    ).rejects.toBeInstanceOf(KassaNotFoundError);
  });
});

describe("refunds and webhooks endpoints", () => {
  it("starts a refund of a paid payment, retrieves and lists it", async () => {
    const payment = await create("refund-me", { amount: 2 });
    await payAndConfirm(payment);
    const refund = await server.refunds.create({ paymentId: payment.paymentId, reason: "customer asked" });
    expect(refund).toMatchObject({
      paymentId: payment.paymentId,
      orderId: "refund-me",
      status: "REFUND_SUBMITTED",
      amount: toBaseUnits(2, 18),
      transaction: { chainId: chain.chainId, to: chain.gateway, value: "0" },
    });
    expect(await server.refunds.retrieve(refund.id)).toMatchObject({ id: refund.id });
    const page = await server.refunds.list({ paymentId: payment.paymentId });
    expect(page.refunds.map((r) => r.id)).toEqual([refund.id]);
    const all = [];
    for await (const item of server.refunds.listAll({ limit: 1 })) all.push(item.id);
    expect(all).toContain(refund.id);

    const again = await server.refunds.create({ paymentId: payment.paymentId }).catch((e: unknown) => e);
    expect(again).toBeInstanceOf(KassaConflictError);
    expect(await server.refunds.retrieve("rf_missing").catch((e: unknown) => e)).toBeInstanceOf(
      KassaNotFoundError,
    );
  });

  it("lists deliveries, redelivers one, rotates the secret (and the new secret verifies)", async () => {
    const merchant = await t.addMerchant("Webhook shop");
    await setWebhookUrl(t.database.db, merchant.merchantKey, receiver.url);
    const kassa = new Kassa({ baseUrl: t.baseUrl, apiKey: merchant.apiKey });
    const payment = await kassa.payments.create({
      orderId: "hooked",
      amount: 1,
      tokenAddress: t.token,
      successUrl: "service:none",
      failUrl: "service:none",
    });
    await pay(chain, payer, payment as Parameters<typeof pay>[2]);
    // The public read syncs the payment with the chain; the PAID transition records the event.
    const page = await waitFor("a delivery", async () => {
      await new Kassa({ baseUrl: t.baseUrl, publicKey: merchant.publicKey }).payments.retrieve(
        payment.paymentId,
      );
      const deliveries = await kassa.webhooks.listDeliveries({ paymentId: payment.paymentId });
      return deliveries.deliveries.length > 0 ? deliveries : undefined;
    });
    const delivery = page.deliveries[0];
    expect(delivery).toMatchObject({ eventType: "payment.paid", paymentId: payment.paymentId });
    const redelivery = await kassa.webhooks.redeliver(delivery?.id as string);
    expect(redelivery).toMatchObject({ eventId: delivery?.eventId, status: "PENDING" });
    const ids = [];
    for await (const item of kassa.webhooks.listAllDeliveries({ paymentId: payment.paymentId, limit: 1 }))
      ids.push(item.id);
    expect(ids).toHaveLength(2);

    const { webhookSecret } = await kassa.webhooks.rotateSecret();
    expect(webhookSecret).toMatch(/^whsec_/);
    expect(webhookSecret).not.toBe(merchant.webhookSecret);
    const { Webhook } = await import("standardwebhooks");
    const body = JSON.stringify({ eventId: "evt_x", orderId: "hooked" });
    const at = new Date();
    const headers = {
      "webhook-id": "evt_x",
      "webhook-timestamp": String(Math.floor(at.getTime() / 1000)),
      "webhook-signature": new Webhook(webhookSecret).sign("evt_x", at, body),
    };
    const verified = verifyWebhook(body, headers, webhookSecret);
    expect(verified.type === "webhook.test" ? undefined : verified.orderId).toBe("hooked");
  });
});
