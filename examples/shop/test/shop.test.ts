import { startShop, type Order, type RunningShop } from "@kassa/example-shop";
import { Kassa, toBaseUnits, type CreatedPayment } from "@kassa/sdk";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  fundPayer,
  pay,
  setWebhookUrl,
  startLifecycleApp,
  startLifecycleWorker,
  startTestChain,
  waitFor,
  webhookEvents,
  type TestApp,
  type TestChain,
  type TestWalletClient,
} from "@kassa/server/harness";

/**
 * The example shop against a real Kassa (API, chain watcher and webhook worker) on anvil: the buyer's
 * wallet is an anvil account that pays exactly what the widget would have it pay.
 */
let chain: TestChain;
let t: TestApp;
let worker: Awaited<ReturnType<typeof startLifecycleWorker>>;
let shop: RunningShop;
let payer: TestWalletClient;
let kassa: Kassa;
const paidOrders: Order[] = [];
const shopLog: string[] = [];

beforeAll(async () => {
  chain = await startTestChain();
  t = await startLifecycleApp(chain);
  payer = chain.wallet(5);
  await fundPayer(chain, payer, chain.tokens.permit18);
  shop = await startShop({
    kassaUrl: t.baseUrl,
    apiKey: t.merchant.apiKey,
    publicKey: t.merchant.publicKey,
    webhookSecret: t.merchant.webhookSecret,
    port: 0,
    onOrderPaid: (order) => paidOrders.push({ ...order }),
    log: (line) => shopLog.push(line),
  });
  await setWebhookUrl(t.database.db, t.merchant.merchantKey, `${shop.url}/webhooks/kassa`);
  worker = await startLifecycleWorker(t);
  kassa = new Kassa({ baseUrl: t.baseUrl, apiKey: t.merchant.apiKey, publicKey: t.merchant.publicKey });
});
afterAll(async () => {
  await worker?.stop();
  await shop?.stop();
  await t?.close();
  await chain?.stop();
});

/** The buyer clicks "Buy": the shop stores the order, creates the payment and redirects to the order page. */
async function buy(productId: string): Promise<Order> {
  const response = await fetch(`${shop.url}/orders`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ productId }),
    redirect: "manual",
  });
  expect(response.status).toBe(303);
  const location = response.headers.get("location") ?? "";
  expect(location).toMatch(/^\/orders\/order_[0-9a-f]{16}$/);
  return orderJson(location.slice("/orders/".length));
}

async function orderJson(id: string): Promise<Order> {
  const response = await fetch(`${shop.url}/orders/${id}.json`);
  expect(response.status).toBe(200);
  return (await response.json()) as Order;
}

/** What the widget does with the payer's wallet: pay() with the payment's own data. */
async function payOrder(order: Order): Promise<CreatedPayment> {
  const payment = await kassa.payments.retrieve(order.paymentId as string);
  if (payment.serverSignature === null) throw new Error(`payment ${payment.paymentId} is ${payment.status}`);
  const payable = { ...payment, serverSignature: payment.serverSignature };
  await pay(chain, payer, payable as Parameters<typeof pay>[2]);
  return payable;
}

const fulfilmentsOf = (id: string) => paidOrders.filter((order) => order.id === id).length;

/** A webhook exactly as Kassa signs it, from the event Kassa recorded. */
async function kassaWebhook(paymentId: string) {
  const [event] = await webhookEvents(t.database.db, paymentId);
  if (!event) throw new Error("no webhook event recorded");
  const body = JSON.stringify(event.payload);
  const at = new Date();
  return {
    body,
    headers: {
      "content-type": "application/json",
      "webhook-id": event.id,
      "webhook-timestamp": String(Math.floor(at.getTime() / 1000)),
      "webhook-signature": new Webhook(t.merchant.webhookSecret).sign(event.id, at, body),
    },
  };
}

describe("the example shop's order flow", () => {
  it("shows the catalog and an order page that opens Kassa's widget for the payment", async () => {
    const home = await fetch(`${shop.url}/`);
    expect(home.status).toBe(200);
    const html = await home.text();
    expect(html).toContain("Single-origin coffee beans");
    // Written as the widget writes the amount (no trailing zero).
    expect(html).toContain("12.5 KTT");
    expect(html).not.toContain("12.50");
    // An icon of its own, so the browser asks for no /favicon.ico (a 404 in the console).
    expect(html).toContain('<link rel="icon" href="data:,">');

    const order = await buy("mug");
    const page = await (await fetch(`${shop.url}/orders/${order.id}`)).text();
    expect(page).toContain(`${new URL(t.baseUrl).origin}/widget.js`);
    expect(page).toContain(order.paymentId);
    expect(page).toContain(t.merchant.publicKey);
    expect(page).not.toContain(t.merchant.apiKey);
  });

  it("order -> payment -> paid on anvil -> webhook: completed once, even when the webhook comes again", async () => {
    const order = await buy("coffee");
    expect(order).toMatchObject({
      status: "awaiting_payment",
      productId: "coffee",
      tokenAddress: t.token,
      expectedAmount: toBaseUnits("12.5", 18),
      fulfilments: 0,
    });
    const record = await kassa.merchantPayments.retrieveByOrderId(order.id);
    expect(record).toMatchObject({
      paymentId: order.paymentId,
      amount: order.expectedAmount,
      status: "CREATED",
    });

    await payOrder(order);
    // Kassa's watcher confirms the payment and its worker delivers the signed webhook to the shop.
    const paid = await waitFor("the order to be paid", async () => {
      const current = shop.store.get(order.id);
      return current?.status === "paid" ? current : undefined;
    });
    expect(paid.fulfilments).toBe(1);
    expect(paid.txHash).toMatch(/^0x[0-9a-f]{64}$/);
    const deliveries = await waitFor("the delivery to succeed", async () => {
      const page = await kassa.webhooks.listDeliveries({ paymentId: order.paymentId as string });
      return page.deliveries.some((d) => d.status === "SUCCEEDED") ? page.deliveries : undefined;
    });

    // Kassa sends the same event again (redelivery keeps the webhook-id), and a replay arrives too.
    const first = deliveries.find((d) => d.status === "SUCCEEDED");
    await kassa.webhooks.redeliver(first?.id as string);
    await waitFor("the redelivery to succeed", async () => {
      const page = await kassa.webhooks.listDeliveries({ paymentId: order.paymentId as string });
      return page.deliveries.filter((d) => d.status === "SUCCEEDED").length === 2 || undefined;
    });
    const replay = await kassaWebhook(order.paymentId as string);
    const answer = await fetch(`${shop.url}/webhooks/kassa`, { method: "POST", ...replay });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ received: true, orderStatus: "paid" });
    // And the buyer's browser comes back through the redirect.
    const back = await fetch(
      `${shop.url}/orders/${order.id}/return?paymentId=${order.paymentId}&status=success`,
      {
        redirect: "manual",
      },
    );
    expect(back.status).toBe(303);
    expect(back.headers.get("location")).toBe(`/orders/${order.id}?returned=success`);

    const final = await orderJson(order.id);
    expect(final).toMatchObject({ status: "paid", fulfilments: 1 });
    expect(final.eventIds).toHaveLength(1);
    expect(fulfilmentsOf(order.id)).toBe(1);
    const page = await (await fetch(`${shop.url}/orders/${order.id}?returned=success`)).text();
    expect(page).toContain('data-status="paid"');
    expect(page).toContain("Thank you!");
  });
});

describe("a chain reorganisation that removes an order's payment", () => {
  it("makes the paid order unpaid again on payment.reorged, and paying again completes it without a second fulfilment", async () => {
    const order = await buy("coffee");
    const rpc = (method: string, params: unknown[]) =>
      chain.publicClient.request({ method: method as never, params: params as never });
    // An empty block first: the reorg below must not take the payer's earlier blocks with it.
    await rpc("anvil_mine", ["0x1"]);
    const payment = await kassa.payments.retrieve(order.paymentId as string);
    const receipt = await pay(chain, payer, payment as Parameters<typeof pay>[2]);
    await waitFor("the order to be paid", () => shop.store.get(order.id)?.status === "paid");
    expect(fulfilmentsOf(order.id)).toBe(1);

    const depth = Number((await chain.publicClient.getBlockNumber()) - receipt.blockNumber) + 1;
    await rpc("anvil_reorg", [depth, []]);
    const reopened = await waitFor("the order to be unpaid again", () => {
      const current = shop.store.get(order.id);
      return current?.status === "awaiting_payment" ? current : undefined;
    });
    expect(reopened).toMatchObject({ reorgedTxHash: receipt.transactionHash, txHash: null, fulfilments: 1 });
    expect(reopened.problem).toContain("hold the shipment");

    await pay(chain, payer, payment as Parameters<typeof pay>[2]);
    const paidAgain = await waitFor("the order to be paid again", () => {
      const current = shop.store.get(order.id);
      return current?.status === "paid" ? current : undefined;
    });
    expect(paidAgain).toMatchObject({
      fulfilments: 1,
      problem: null,
      reorgedTxHash: receipt.transactionHash,
    });
    expect(paidAgain.txHash).not.toBe(receipt.transactionHash);
    expect(fulfilmentsOf(order.id)).toBe(1);
  });
});

describe("completing an order once, whatever arrives and in whatever order", () => {
  /** An order paid on-chain whose webhook Kassa does not send (no URL), so the test delivers it. */
  async function paidWithoutWebhook(productId: string) {
    await setWebhookUrl(t.database.db, t.merchant.merchantKey, null);
    try {
      const order = await buy(productId);
      await payOrder(order);
      await waitFor(
        "Kassa to see the payment PAID",
        async () => (await kassa.payments.retrieve(order.paymentId as string)).status === "PAID" || undefined,
      );
      return order;
    } finally {
      await setWebhookUrl(t.database.db, t.merchant.merchantKey, `${shop.url}/webhooks/kassa`);
    }
  }

  it("duplicated webhooks and redirects at the same time complete the order exactly once", async () => {
    const order = await paidWithoutWebhook("tee");
    expect(shop.store.get(order.id)?.status).toBe("awaiting_payment");
    const webhook = await kassaWebhook(order.paymentId as string);
    const answers = await Promise.all([
      ...Array.from({ length: 5 }, () => fetch(`${shop.url}/webhooks/kassa`, { method: "POST", ...webhook })),
      ...Array.from({ length: 3 }, () =>
        fetch(`${shop.url}/orders/${order.id}/return?status=success`, { redirect: "manual" }),
      ),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 303, 303, 303]);
    expect(await orderJson(order.id)).toMatchObject({ status: "paid", fulfilments: 1 });
    expect(fulfilmentsOf(order.id)).toBe(1);
  });

  it("the redirect alone completes a paid order (the webhook can be lost); its query is not trusted", async () => {
    const order = await paidWithoutWebhook("mug");
    const unpaid = await buy("mug");
    // A forged redirect for the unpaid order, naming the paid payment, changes nothing.
    await fetch(`${shop.url}/orders/${unpaid.id}/return?paymentId=${order.paymentId}&status=success`, {
      redirect: "manual",
    });
    expect(shop.store.get(unpaid.id)?.status).toBe("awaiting_payment");
    await fetch(`${shop.url}/orders/${order.id}/return?status=fail`, { redirect: "manual" });
    expect(shop.store.get(order.id)).toMatchObject({ status: "paid", fulfilments: 1 });
  });

  it("does not complete an order whose payment differs from what the order expects", async () => {
    const order = await buy("coffee");
    // As if the catalog price had been changed under the order: the stored expectation is what counts.
    shop.store.update(order.id, { expectedAmount: toBaseUnits("1", 18) });
    await payOrder(order);
    const reviewed = await waitFor("the order to be held for review", async () => {
      const current = shop.store.get(order.id);
      return current?.status === "needs_review" ? current : undefined;
    });
    expect(reviewed.problem).toMatch(/amount is 12500000000000000000, expected 1000000000000000000/);
    expect(reviewed.fulfilments).toBe(0);
    expect(fulfilmentsOf(order.id)).toBe(0);
  });

  it("refuses a webhook with a bad signature and acknowledges one for an unknown order", async () => {
    const order = await buy("mug");
    const forged = JSON.stringify({
      eventId: "evt_forged",
      orderId: order.id,
      paymentId: order.paymentId,
      status: "PAID",
    });
    const at = new Date();
    const headers = {
      "content-type": "application/json",
      "webhook-id": "evt_forged",
      "webhook-timestamp": String(Math.floor(at.getTime() / 1000)),
      "webhook-signature": new Webhook(`whsec_${Buffer.from("not-the-secret").toString("base64")}`).sign(
        "evt_forged",
        at,
        forged,
      ),
    };
    const refused = await fetch(`${shop.url}/webhooks/kassa`, { method: "POST", headers, body: forged });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({ error: "WEBHOOK_SIGNATURE_INVALID" });
    expect(shop.store.get(order.id)?.status).toBe("awaiting_payment");

    const stranger = JSON.stringify({
      eventId: "evt_other",
      orderId: "order_0000000000000000",
      paymentId: "0x01",
    });
    const signed = {
      ...headers,
      "webhook-id": "evt_other",
      "webhook-signature": new Webhook(t.merchant.webhookSecret).sign("evt_other", at, stranger),
    };
    const ignored = await fetch(`${shop.url}/webhooks/kassa`, {
      method: "POST",
      headers: signed,
      body: stranger,
    });
    expect(ignored.status).toBe(200);
    expect(await ignored.json()).toEqual({ received: true, ignored: true });
  });

  it("answers an unknown product or order with 404", async () => {
    const response = await fetch(`${shop.url}/orders`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "productId=nothing",
    });
    expect(response.status).toBe(404);
    expect((await fetch(`${shop.url}/orders/order_ffffffffffffffff`)).status).toBe(404);
  });
});
