import { testTokenAbi } from "@kassa/contracts";
import { anvilPrivateKeys } from "@kassa/contracts/dev";
import { Kassa } from "@kassa/sdk";
import type { Address, Hex } from "viem";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import {
  balanceOf,
  type Browser,
  browserUnavailable,
  type CreatedPayment,
  expirePaymentsPastDeadline,
  fundPayer,
  launchChromium,
  openSession,
  type Page,
  pay,
  screen,
  setWebhookUrl,
  startLifecycleApp,
  startLifecycleWorker,
  startSiblingApp,
  startTestChain,
  type TestApp,
  type TestChain,
  waitFor,
  withForeignSigner,
} from "@kassa/server/harness";
import { Webhook } from "standardwebhooks";
import type { KassaSessionData } from "../../src/sessionData.js";
import { ensureTemplate, startMedusa, type RunningMedusa } from "./medusa.js";
import { PRODUCT_PRICE, SHIPPING_PRICE, seedStore, type SeededStore } from "./seed.js";
import { startStorefront, type Storefront } from "./storefront.js";

/**
 * A Medusa store sells for Kassa's token, end to end: Medusa (the test store's, on its own PostgreSQL database
 * and the machine's Redis) with @kassa/medusa registered twice (`kassa`: refunds sent by a refund wallet;
 * `dashboard`: refunds left for the merchant's wallet), Kassa and anvil as the other tests start them, and a
 * storefront in Chromium that checks out through Medusa's Store API and pays in Kassa's widget. Kassa's
 * webhooks go to Medusa's `/hooks/payment/kassa_kassa`.
 */
const PAYER_INDEX = 6;
const REFUND_WALLET_INDEX = 7;
const KTT = 10n ** 18n;
/** What a cart costs: the mug and its shipping, in USD, which the token is pegged to. */
const CART_TOTAL = PRODUCT_PRICE + SHIPPING_PRICE;

let chain: TestChain;
let t: TestApp;
let kassaSite: Awaited<ReturnType<typeof startSiblingApp>>;
let worker: Awaited<ReturnType<typeof startLifecycleWorker>>;
let storefront: Storefront;
let medusa: RunningMedusa;
let seeded: SeededStore;
let browser: Browser;
let kassa: Kassa;
let token: Address;
let payerAddress: Address;

beforeAll(async () => {
  chain = await startTestChain();
  t = await startLifecycleApp(chain);
  token = t.token as Address;
  payerAddress = chain.wallet(PAYER_INDEX).account.address;
  await fundPayer(chain, chain.wallet(PAYER_INDEX), token);
  await chain.mint(token, chain.wallet(REFUND_WALLET_INDEX).account.address, 100n * KTT);
  // As under `npm start`: Kassa serves the widget, and its public key works only from Kassa's own origin.
  kassaSite = await startSiblingApp(
    t,
    chain,
    {
      widget: {
        devWallet: {
          rpcUrl: chain.rpcUrl,
          chainId: chain.chainId,
          accounts: [{ privateKey: anvilPrivateKeys[PAYER_INDEX]!, label: "Buyer" }],
        },
      },
    },
    { ownOriginOnly: true },
  );
  kassa = new Kassa({ baseUrl: kassaSite.baseUrl, apiKey: t.merchant.apiKey });
  storefront = await startStorefront();
  const adminUrl = inject("adminDatabaseUrl");
  medusa = await startMedusa(
    adminUrl,
    await ensureTemplate(adminUrl),
    {
      kassaUrl: kassaSite.origin,
      apiKey: t.merchant.apiKey,
      publicKey: t.merchant.publicKey,
      webhookSecret: t.merchant.webhookSecret,
      tokenAddress: token,
      peggedCurrencies: ["usd"],
      refundWallet: { privateKey: anvilPrivateKeys[REFUND_WALLET_INDEX]!, rpcUrl: chain.rpcUrl },
    },
    storefront.origin,
  );
  seeded = await seedStore(medusa, ["pp_kassa_kassa", "pp_kassa_dashboard"]);
  await setWebhookUrl(t.database.db, t.merchant.merchantKey, `${medusa.url}/hooks/payment/kassa_kassa`);
  worker = await startLifecycleWorker(t);
  if (!browserUnavailable) browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await worker?.stop();
  await medusa?.stop();
  await storefront?.close();
  await kassaSite?.close();
  await t?.close();
  await chain?.stop();
});

/** The storefront in a fresh browser context, checked out up to the payment step with `provider`. */
async function checkout(
  provider = "pp_kassa_kassa",
): Promise<{ page: Page; sessionId: string; paymentId: string; cartId: string }> {
  const { page } = await openSession(browser, undefined);
  const query = new URLSearchParams({
    medusa: medusa.url,
    key: seeded.publishableKey,
    region: seeded.regionId,
    variant: seeded.variantId,
    provider,
  });
  await page.goto(`${storefront.origin}/?${query}`);
  await page.locator("#checkout").click();
  await page.locator("body[data-payment-id]").waitFor();
  await expect(page.locator("#status").textContent()).resolves.toBe(`Pay ${CART_TOTAL} USD with Kassa`);
  const data = (name: string) => page.evaluate((key) => document.body.dataset[key] ?? "", name);
  return {
    page,
    sessionId: await data("sessionId"),
    paymentId: await data("paymentId"),
    cartId: await data("cartId"),
  };
}

/** The payer pays in Kassa's widget, opened by the storefront's "Pay with Kassa" in a popup. */
async function payInWidget(page: Page): Promise<void> {
  const [popup] = await Promise.all([page.context().waitForEvent("page"), page.locator("#pay").click()]);
  await screen(popup, "connect");
  await popup.getByRole("button", { name: /Dev wallet: Buyer/ }).click();
  await screen(popup, "review-gasless");
  await popup.locator("#kassa-direct").click();
  await screen(popup, "review-direct");
  await popup.locator("#kassa-pay").click();
}

/** The Store API, as a storefront reads it. */
// Tests read response fields freely and assert their shape; a precise type would add nothing.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function store(path: string): Promise<any> {
  const response = await fetch(`${medusa.url}${path}`, {
    headers: { "x-publishable-api-key": seeded.publishableKey },
  });
  return response.json();
}

async function cartCompletedAt(cartId: string): Promise<string | null> {
  return (await store(`/store/carts/${cartId}?fields=id,completed_at`)).cart.completed_at;
}

/** The Medusa payment of a payment session, with its data and refunds, and its order, as the Admin API shows them. */
async function orderOfSession(sessionId: string) {
  const { payments } = (
    await medusa.admin(`/admin/payments?payment_session_id=${sessionId}&fields=id,payment_collection_id`)
  ).body;
  if (payments.length === 0) return undefined;
  const { orders } = (
    await medusa.admin("/admin/orders?fields=id,payment_status,*payment_collections&limit=100")
  ).body;
  const order = orders.find((o: { payment_collections: { id: string }[] }) =>
    o.payment_collections.some((c) => c.id === payments[0].payment_collection_id),
  );
  if (!order) return undefined;
  const { payment } = (await medusa.admin(`/admin/payments/${payments[0].id}?fields=+data`)).body;
  return { id: order.id as string, paymentStatus: order.payment_status as string, payment };
}

async function waitForWebhook(paymentId: string, type: string) {
  let seen = "";
  try {
    return await waitFor(`Kassa's ${type} to reach Medusa`, async () => {
      const { deliveries } = await kassa.webhooks.listDeliveries({ paymentId });
      seen = JSON.stringify(deliveries.map((d) => [d.eventType, d.status, d.lastStatusCode, d.lastError]));
      return deliveries.find((d) => d.eventType === type && d.status === "SUCCEEDED");
    });
  } catch (error) {
    throw new Error(`${(error as Error).message}; the payment's deliveries: ${seen}`, { cause: error });
  }
}

describe.skipIf(browserUnavailable)("a Medusa store selling with Kassa", () => {
  it("checks out, the payer pays in Kassa's widget, the storefront places the order, and a refund from Medusa's Admin API reaches the payer", async () => {
    const { page, sessionId, paymentId, cartId } = await checkout();
    await payInWidget(page);
    await page.locator("body[data-order-id]").waitFor({ timeout: 60_000 });
    expect(await page.evaluate(() => document.body.dataset.widget)).toBe("success");

    const record = await kassa.merchantPayments.retrieve(paymentId);
    expect(record).toMatchObject({
      status: "PAID",
      orderId: sessionId,
      amount: String((BigInt(CART_TOTAL * 100) * KTT) / 100n),
      payerAddress,
    });
    // Kassa's webhook reaches Medusa too; the order stays one.
    await waitForWebhook(paymentId, "payment.paid");
    const order = await waitFor("the order", () => orderOfSession(sessionId));
    expect(order.paymentStatus).toBe("captured");
    expect(order.payment.captured_at).not.toBeNull();
    expect(await cartCompletedAt(cartId)).not.toBeNull();
    expect(order.payment.data).toMatchObject({
      kassa_payment_id: paymentId,
      status: "PAID",
      tx_hash: record.txHash,
    });

    const before = await balanceOf(chain, token, payerAddress);
    const refunded = await medusa.admin(`/admin/payments/${order.payment.id}/refund`, {
      json: { amount: 2.5 },
    });
    expect(refunded.status, JSON.stringify(refunded.body)).toBe(200);
    // The refund wallet sent it before Medusa answered: the payer has the tokens back.
    expect(await balanceOf(chain, token, payerAddress)).toBe(before + (5n * KTT) / 2n);
    const { payment } = (await orderOfSession(sessionId))!;
    expect((payment.data as KassaSessionData).refunds).toEqual([
      expect.objectContaining({
        medusa_refund_id: payment.refunds[0].id,
        amount: "2.5",
        token_amount: String((5n * KTT) / 2n),
        completion: "refund_wallet",
        status: "sent",
      }),
    ]);
    await waitForWebhook(paymentId, "payment.refunded");
    expect((await kassa.merchantPayments.retrieve(paymentId)).refundedAmount).toBe(String((5n * KTT) / 2n));
    expect((await orderOfSession(sessionId))!.paymentStatus).toBe("partially_refunded");
  });

  it("completes the cart into an order from Kassa's webhook when the payer paid on Kassa's hosted page and never came back", async () => {
    const { page, paymentId, sessionId, cartId } = await checkout();
    const { cart } = await store(`/store/carts/${cartId}?fields=*payment_collection.payment_sessions`);
    const data = cart.payment_collection.payment_sessions.find((s: { id: string }) => s.id === sessionId)
      .data as KassaSessionData;
    // The storefront sends the payer to the hosted page (redirect); the payer pays and closes the tab.
    await page.goto(data.widget_url);
    await screen(page, "connect");
    await page.getByRole("button", { name: /Dev wallet: Buyer/ }).click();
    await screen(page, "review-gasless");
    await page.locator("#kassa-direct").click();
    await screen(page, "review-direct");
    await page.locator("#kassa-pay").click();
    await screen(page, "success");
    await page.context().close();

    await waitForWebhook(paymentId, "payment.paid");
    const order = await waitFor(
      "Medusa to complete the cart from the webhook",
      () => orderOfSession(sessionId),
      90_000,
    );
    expect(order.paymentStatus).toBe("captured");
    expect(await cartCompletedAt(cartId)).not.toBeNull();
    expect(order.payment.data).toMatchObject({ kassa_payment_id: paymentId, status: "PAID" });
  });

  it("refuses to place the order of an expired payment; a new payment of the same cart completes it, and a refund waits for the merchant's wallet", async () => {
    const { page, paymentId, cartId } = await checkout("pp_kassa_dashboard");
    // Its five minutes are over (the payer's window; a transaction sent in it could still settle it).
    await t.database.db
      .updateTable("payments")
      .set({ expires_at: new Date(Date.now() - 1_000) })
      .where("payment_id", "=", paymentId)
      .execute();
    expect(await expirePaymentsPastDeadline(t.database.db, { paymentId })).toEqual([paymentId]);
    await waitForWebhook(paymentId, "payment.expired");
    await page.locator("#place").click();
    await page.locator("body[data-error]").waitFor();
    expect(await page.evaluate(() => document.body.dataset.error)).toMatch(/authoriz/i);
    expect(await cartCompletedAt(cartId)).toBeNull();

    // The storefront offers to pay again: a new session, a new Kassa payment.
    await page.locator("#again").click();
    await page.waitForFunction((old) => document.body.dataset.paymentId !== old, paymentId);
    const again = await page.evaluate(() => document.body.dataset.paymentId!);
    const againSession = await page.evaluate(() => document.body.dataset.sessionId!);
    await payInWidget(page);
    await page.locator("body[data-order-id]").waitFor({ timeout: 60_000 });
    const order = await waitFor("the order", () => orderOfSession(againSession));
    expect(order.payment.data).toMatchObject({ kassa_payment_id: again, status: "PAID" });

    // Without a refund wallet the refund is recorded in Kassa and waits for the merchant's recipient wallet.
    const refunded = await medusa.admin(`/admin/payments/${order.payment.id}/refund`, {
      json: { amount: CART_TOTAL },
    });
    expect(refunded.status, JSON.stringify(refunded.body)).toBe(200);
    const [entry] = ((await orderOfSession(againSession))!.payment.data as KassaSessionData).refunds;
    expect(entry).toMatchObject({
      completion: "dashboard",
      status: "awaiting_merchant_wallet",
      tx_hash: null,
    });
    const refund = await kassa.refunds.retrieve(entry!.kassa_refund_id);
    expect(refund).toMatchObject({
      status: "REFUND_SUBMITTED",
      amount: String((BigInt(CART_TOTAL * 100) * KTT) / 100n),
    });
    // The merchant's wallet sends it, as Kassa's dashboard does.
    const before = await balanceOf(chain, token, payerAddress);
    const recipient = chain.wallet(9);
    await chain.mint(token, recipient.account.address, KTT);
    const approval = await recipient.writeContract({
      address: token,
      abi: testTokenAbi,
      functionName: "approve",
      args: [refund.transaction.to as Address, BigInt(refund.amount)],
    });
    await chain.publicClient.waitForTransactionReceipt({ hash: approval });
    const sent = await recipient.sendTransaction({
      to: refund.transaction.to as Address,
      data: refund.transaction.data as Hex,
    });
    await chain.publicClient.waitForTransactionReceipt({ hash: sent });
    await waitForWebhook(again, "payment.refunded");
    expect(await balanceOf(chain, token, payerAddress)).toBe(before + BigInt(refund.amount));
    expect((await kassa.merchantPayments.retrieve(again)).status).toBe("REFUNDED");
  });

  it("never places the order of an invalid payment", async () => {
    const { page, paymentId, cartId } = await checkout();
    const response = await t.request(`/payments/${paymentId}`, {
      headers: { "x-public-key": t.merchant.publicKey },
    });
    const p = response.body.data as CreatedPayment;
    const short = BigInt(p.amount) / 2n;
    await withForeignSigner(chain, async (sign) => {
      await pay(chain, chain.wallet(PAYER_INDEX), p, { amount: short, signature: await sign(p, short) });
    });
    await waitForWebhook(paymentId, "payment.invalid");
    await page.locator("#place").click();
    await page.locator("body[data-error]").waitFor();
    expect(await page.evaluate(() => document.body.dataset.error)).toMatch(/authoriz/i);
    expect(await cartCompletedAt(cartId)).toBeNull();
    expect((await kassa.merchantPayments.retrieve(paymentId)).status).toBe("INVALID");
  });

  it("refuses a forged webhook, and a genuine-looking one about an unpaid payment", async () => {
    const { paymentId, sessionId, cartId } = await checkout();
    const body = JSON.stringify({
      type: "payment.paid",
      eventId: "evt_forged",
      paymentId,
      orderId: sessionId,
      status: "PAID",
    });
    const post = async (secret: string, id: string) => {
      const at = new Date();
      const response = await fetch(`${medusa.url}/hooks/payment/kassa_kassa`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "webhook-id": id,
          "webhook-timestamp": String(Math.floor(at.getTime() / 1000)),
          "webhook-signature": new Webhook(secret).sign(id, at, body),
        },
        body,
      });
      // Medusa answers every webhook at once and processes it afterwards.
      expect(response.status).toBe(200);
    };
    await post(`whsec_${Buffer.from("not the merchant's secret").toString("base64")}`, "evt_forged_1");
    await waitFor(
      "the provider to refuse the forged webhook",
      () =>
        medusa.logs.some((line) => line.includes("Kassa webhook refused: WEBHOOK_SIGNATURE_INVALID")) ||
        undefined,
    );
    // Signed with the merchant's secret (as if it leaked): the provider asks Kassa, which says it is unpaid.
    await post(t.merchant.webhookSecret, "evt_forged_2");
    await waitFor(
      "the provider to find the payment unpaid",
      () =>
        medusa.logs.some((line) =>
          line.includes(`Kassa's payment.paid for ${paymentId} is stale: the payment is CREATED`),
        ) || undefined,
    );
    expect(await cartCompletedAt(cartId)).toBeNull();
    expect((await kassa.merchantPayments.retrieve(paymentId)).status).toBe("CREATED");
  });
});
