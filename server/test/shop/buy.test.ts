import { existsSync } from "node:fs";
import { anvilPrivateKeys } from "@kassa/contracts";
import { startShop, type Order, type RunningShop } from "@kassa/example-shop";
import { Kassa } from "@kassa/sdk";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestApp } from "../harness/app.js";
import { startTestChain, type TestChain } from "../harness/chain.js";
import { setWebhookUrl, startLifecycleApp, startLifecycleWorker, waitFor } from "../lifecycle/support.js";
import { startSiblingApp } from "../widget/support.js";
import { launchHeadlessChromium, type HeadlessChromium } from "./cdp.js";

/**
 * A buyer buys a product in the example shop, end to end in headless Chromium: the shop page, Kassa's
 * widget (its dev wallet signs with a funded anvil account), the payment on anvil, the redirect back
 * and the webhook, until the order page says paid, once.
 */
const CHROMIUM = "/usr/bin/chromium";
const PAYER_INDEX = 6;

let chain: TestChain;
let t: TestApp;
let kassaWithWidget: Awaited<ReturnType<typeof startSiblingApp>>;
let worker: Awaited<ReturnType<typeof startLifecycleWorker>>;
let shop: RunningShop;
let browser: HeadlessChromium | undefined;
const fulfilled: Order[] = [];

beforeAll(async () => {
  chain = await startTestChain();
  t = await startLifecycleApp(chain);
  await chain.mint(chain.tokens.permit18, chain.wallet(PAYER_INDEX).account.address, 1_000n * 10n ** 18n);
  kassaWithWidget = await startSiblingApp(t, chain, {
    widget: {
      devWallet: {
        rpcUrl: chain.rpcUrl,
        chainId: chain.chainId,
        accounts: [{ privateKey: anvilPrivateKeys[PAYER_INDEX], label: "Buyer" }],
      },
    },
  });
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
  await setWebhookUrl(t.database.db, t.merchant.merchantKey, `${shop.url}/webhooks/kassa`);
  worker = await startLifecycleWorker(t, chain);
});
afterAll(async () => {
  await browser?.close();
  await worker?.stop();
  await shop?.stop();
  await kassaWithWidget?.close();
  await t?.close();
  await chain?.stop();
});

const screen = (id: string) => `!!document.querySelector('section.screen[data-screen="${id}"]')`;
const click = (selector: string) =>
  `(() => { const el = document.querySelector('${selector}'); el?.click(); return !!el; })()`;

describe.skipIf(!existsSync(CHROMIUM))("buying in the example shop with Kassa's widget, in a browser", () => {
  it("catalog -> order -> widget -> pay -> redirect back: the order page says paid, fulfilled once", async () => {
    browser = await launchHeadlessChromium(CHROMIUM);
    const tab = await browser.open(`${shop.url}/`);

    await tab.waitFor("the catalog", click('button[data-product="coffee"]'));
    const orderPath = await tab.waitFor<string>(
      "the order page with the widget loaded",
      `/^\\/orders\\/order_/.test(location.pathname) && window.Kassa && document.getElementById("pay") && location.pathname`,
    );
    const orderId = orderPath.split("/").pop() as string;
    expect(shop.store.get(orderId)?.status).toBe("awaiting_payment");

    await tab.evaluate(click("#pay"));
    await tab.waitFor(
      "the widget's wallet list",
      `${screen("connect")} && ${click('button[data-wallet="dev:0"]')}`,
    );
    await tab.waitFor("the review screen", `${screen("review-gasless")} && ${click("#kassa-direct")}`);
    await tab.waitFor("the direct review screen", `${screen("review-direct")} && ${click("#kassa-pay")}`);
    const status = await tab.waitFor<string>(
      "the shop's order page to say paid",
      `location.origin === ${JSON.stringify(shop.url)} && document.getElementById("order-status")?.dataset.status === "paid" && location.search`,
      90_000,
    );
    expect(status).toBe("?returned=success");
    expect(await tab.evaluate<string>("document.body.textContent")).toContain("Thank you!");

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
});
