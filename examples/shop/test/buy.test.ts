import { anvilPrivateKeys } from "@kassa/contracts/dev";
import { startShop, type Order, type RunningShop } from "@kassa/example-shop";
import { Kassa } from "@kassa/sdk";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  browserUnavailable,
  launchChromium,
  openSession,
  screen,
  setWebhookUrl,
  startLifecycleApp,
  startLifecycleWorker,
  startSiblingApp,
  startTestChain,
  waitFor,
  type Browser,
  type TestApp,
  type TestChain,
} from "@kassa/server/harness";

/**
 * A buyer buys a product in the example shop, end to end in headless Chromium (playwright-core): the
 * shop page, Kassa's widget (its dev wallet signs with a funded anvil account), the payment on anvil,
 * the redirect back and the webhook, until the order page says paid, once.
 */
const PAYER_INDEX = 6;

let chain: TestChain;
let t: TestApp;
let kassaWithWidget: Awaited<ReturnType<typeof startSiblingApp>>;
let worker: Awaited<ReturnType<typeof startLifecycleWorker>>;
let shop: RunningShop;
/** The same shop with the widget in its default popup mode (its orders complete by redirect and polling). */
let popupShop: RunningShop;
let browser: Browser | undefined;
const fulfilled: Order[] = [];

beforeAll(async () => {
  chain = await startTestChain();
  t = await startLifecycleApp(chain);
  await chain.mint(chain.tokens.permit18, chain.wallet(PAYER_INDEX).account.address, 1_000n * 10n ** 18n);
  // As under `npm start`: the public key works only from Kassa's own origin, where the widget is served.
  kassaWithWidget = await startSiblingApp(
    t,
    chain,
    {
      widget: {
        devWallet: {
          rpcUrl: chain.rpcUrl,
          chainId: chain.chainId,
          accounts: [{ privateKey: anvilPrivateKeys[PAYER_INDEX], label: "Buyer" }],
        },
      },
    },
    { ownOriginOnly: true },
  );
  shop = await startShop({
    kassaUrl: kassaWithWidget.baseUrl,
    apiKey: t.merchant.apiKey,
    publicKey: t.merchant.publicKey,
    webhookSecret: t.merchant.webhookSecret,
    port: 0,
    widgetMode: "redirect",
    onOrderPaid: (order) => fulfilled.push(order),
    log: () => {},
  });
  popupShop = await startShop({
    kassaUrl: kassaWithWidget.baseUrl,
    apiKey: t.merchant.apiKey,
    publicKey: t.merchant.publicKey,
    webhookSecret: t.merchant.webhookSecret,
    port: 0,
    onOrderPaid: (order) => fulfilled.push(order),
    log: () => {},
  });
  await setWebhookUrl(t.database.db, t.merchant.merchantKey, `${shop.url}/webhooks/kassa`);
  worker = await startLifecycleWorker(t);
});
afterAll(async () => {
  await browser?.close();
  await worker?.stop();
  await shop?.stop();
  await popupShop?.stop();
  await kassaWithWidget?.close();
  await t?.close();
  await chain?.stop();
});

describe.skipIf(browserUnavailable)("buying in the example shop with Kassa's widget, in a browser", () => {
  it("catalog -> order -> widget -> pay -> redirect back: the order page says paid, fulfilled once", async () => {
    browser = await launchChromium();
    const { page } = await openSession(browser, undefined);
    await page.goto(`${shop.url}/`);
    await page.locator('button[data-product="coffee"]').click();
    await page.waitForURL((url: URL) => /^\/orders\/order_[0-9a-f]{16}$/.test(url.pathname));
    const orderId = new URL(page.url()).pathname.split("/").pop() as string;
    expect(shop.store.get(orderId)?.status).toBe("awaiting_payment");

    await page.locator("#pay").click();
    await screen(page, "connect");
    await page.getByRole("button", { name: /Dev wallet: Buyer/ }).click();
    await screen(page, "review-gasless");
    await page.locator("#kassa-direct").click();
    await screen(page, "review-direct");
    await page.locator("#kassa-pay").click();
    await page.waitForURL((url: URL) => url.origin === shop.url && url.pathname === `/orders/${orderId}`, {
      timeout: 60_000,
    });
    expect(new URL(page.url()).searchParams.get("returned")).toBe("success");
    // The return handler asked Kassa before redirecting; the page polls if Kassa was still catching up.
    await page.locator('#order-status[data-status="paid"]').waitFor({ timeout: 30_000 });
    await expect(page.getByText("Thank you!").count()).resolves.toBe(1);

    const order = shop.store.get(orderId) as Order;
    expect(order).toMatchObject({ status: "paid", fulfilments: 1 });
    // The webhook arrives too (before or after the redirect); the order stays fulfilled once.
    const kassa = new Kassa({ baseUrl: kassaWithWidget.baseUrl, apiKey: t.merchant.apiKey });
    await waitFor("the webhook delivery", async () => {
      const page = await kassa.webhooks.listDeliveries({ paymentId: order.paymentId as string });
      return page.deliveries.some((d) => d.status === "SUCCEEDED") || undefined;
    });
    expect(shop.store.get(orderId)?.fulfilments).toBe(1);
    expect(fulfilled.filter((o) => o.id === orderId)).toHaveLength(1);
    const record = await kassa.merchantPayments.retrieve(order.paymentId as string);
    expect(record).toMatchObject({
      status: "PAID",
      orderId,
      amount: order.expectedAmount,
      txHash: order.txHash,
    });
  });

  it("in the popup (the shop's default): the shop page follows the result to the paid order", async () => {
    browser ??= await launchChromium();
    const { context, page } = await openSession(browser, undefined);
    await page.goto(`${popupShop.url}/`);
    await page.locator('button[data-product="mug"]').click();
    await page.waitForURL((url: URL) => /^\/orders\/order_[0-9a-f]{16}$/.test(url.pathname));
    const orderId = new URL(page.url()).pathname.split("/").pop() as string;

    const [popup] = await Promise.all([context.waitForEvent("page"), page.locator("#pay").click()]);
    await screen(popup, "connect");
    await popup.getByRole("button", { name: /Dev wallet: Buyer/ }).click();
    await screen(popup, "review-gasless");
    await popup.locator("#kassa-direct").click();
    await screen(popup, "review-direct");
    await popup.locator("#kassa-pay").click();

    await page.waitForURL(
      (url) => url.pathname === `/orders/${orderId}` && url.searchParams.get("returned") === "success",
      { timeout: 60_000 },
    );
    await page.locator('#order-status[data-status="paid"]').waitFor({ timeout: 30_000 });
    expect(popupShop.store.get(orderId)).toMatchObject({ status: "paid", fulfilments: 1 });
    expect(fulfilled.filter((o) => o.id === orderId)).toHaveLength(1);
    await context.close();
  });
});
