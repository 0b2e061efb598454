import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import {
  Kassa,
  KassaError,
  KassaVerificationError,
  KassaWebhookVerificationError,
  toBaseUnits,
  verifyWebhook,
  type MerchantPaymentRecord,
} from "@kassa/sdk";
import { renderPage, type PageContext, type Product } from "./page.js";
import { OrderStore, type Order } from "./store.js";

export interface ShopOptions {
  /** Kassa's API base URL, including /api/v1. */
  kassaUrl: string;
  /** The merchant's secret API key (sk_): server side only. */
  apiKey: string;
  /** The merchant's public key (pk_): given to the widget in the buyer's browser. */
  publicKey: string;
  /** The merchant's webhook secret (whsec_). */
  webhookSecret: string;
  /** Default 4000; 0 picks a free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** How buyers (and Kassa's webhooks) reach the shop; default http://host:port. */
  publicUrl?: string;
  /** The token the shop sells in; default the merchant's first enabled payment method. */
  tokenAddress?: string;
  products?: Product[];
  /** Keep orders in this JSON file across restarts; default in memory only. */
  storeFile?: string;
  /** How Kassa.open shows the widget; default popup. */
  widgetMode?: PageContext["widgetMode"];
  shopName?: string;
  /** Called once per paid order (ship it here). */
  onOrderPaid?: (order: Order) => void;
  log?: (line: string) => void;
  /** For tests: the Kassa client options beyond the keys. */
  kassaClientOptions?: { fetch?: typeof fetch; retry?: { maxRetries?: number; initialDelayMs?: number } };
}

export interface RunningShop {
  /** Where the shop listens, e.g. http://127.0.0.1:4000. */
  url: string;
  store: OrderStore;
  stop(): Promise<void>;
}

export const defaultProducts: Product[] = [
  { id: "coffee", name: "Single-origin coffee beans", price: "12.5" },
  { id: "mug", name: "Enamel mug", price: "8" },
  { id: "tee", name: "Kassa T-shirt", price: "25" },
];

const MAX_BODY_BYTES = 64 * 1024;

interface ShopToken {
  address: string;
  symbol: string;
  decimals: number;
}

/**
 * A small merchant site following the merchant flow of docs/api.md with the SDK: the order is stored with its expected
 * amount and token before the payment exists; the payment is created on the server with the API key;
 * the buyer pays in Kassa's widget; the webhook (verified) and the redirect (untrusted) only make the shop
 * fetch the payment with the API key and check status, amount, token and orderId; the order is completed
 * once, whatever arrives twice.
 */
export async function startShop(options: ShopOptions): Promise<RunningShop> {
  const log = options.log ?? ((line: string) => console.log(`[shop] ${line}`));
  const products = options.products ?? defaultProducts;
  const store = new OrderStore(options.storeFile);
  const kassa = new Kassa({
    baseUrl: options.kassaUrl,
    apiKey: options.apiKey,
    publicKey: options.publicKey,
    ...(options.kassaClientOptions?.fetch ? { fetch: options.kassaClientOptions.fetch } : {}),
    ...(options.kassaClientOptions?.retry ? { retry: options.kassaClientOptions.retry } : {}),
  });
  const kassaOrigin = new URL(options.kassaUrl).origin;
  let publicUrl = options.publicUrl?.replace(/\/+$/, "");

  let token: Promise<ShopToken> | undefined;
  /** The shop's token and its decimals, read once from Kassa (retried on the next request if it fails). */
  function shopToken(): Promise<ShopToken> {
    token ??= kassa.merchant.retrieve().then(
      ({ merchant }) => {
        const enabled = merchant.payment_methods.filter((method) => method.is_enabled);
        const method = options.tokenAddress
          ? enabled.find((m) => m.tokenAddress.toLowerCase() === options.tokenAddress?.toLowerCase())
          : enabled[0];
        if (!method) {
          throw new Error(
            options.tokenAddress
              ? `token ${options.tokenAddress} is not an enabled payment method of the merchant`
              : "the merchant has no enabled payment method",
          );
        }
        return { address: method.tokenAddress, symbol: method.symbol, decimals: method.decimals };
      },
      (error: unknown) => {
        token = undefined;
        throw error;
      },
    );
    return token;
  }

  const pageContext = async (): Promise<PageContext> => ({
    shopName: options.shopName ?? "Kassa example shop",
    tokenSymbol: await shopToken().then(
      (t) => t.symbol,
      () => null,
    ),
    kassaOrigin,
    publicKey: options.publicKey,
    widgetMode: options.widgetMode ?? "popup",
  });

  async function createOrder(productId: string): Promise<Order> {
    const product = products.find((p) => p.id === productId);
    if (!product) throw new ShopError(404, `no product ${productId}`);
    const { address, symbol, decimals } = await shopToken();
    // Step 1: the order, with the amount and token it must be paid with, exists before the payment.
    const order: Order = {
      id: `order_${randomBytes(8).toString("hex")}`,
      productId: product.id,
      productName: product.name,
      price: product.price,
      tokenAddress: address,
      tokenSymbol: symbol,
      expectedAmount: toBaseUnits(product.price, decimals),
      paymentId: null,
      status: "awaiting_payment",
      problem: null,
      txHash: null,
      createdAt: new Date().toISOString(),
      paidAt: null,
      fulfilments: 0,
      reorgedTxHash: null,
      eventIds: [],
    };
    store.add(order);
    // Step 2: the payment, created on the server with the API key (orderId makes retries safe).
    const returnUrl = `${publicUrl}/orders/${order.id}/return`;
    try {
      const payment = await kassa.payments.create({
        orderId: order.id,
        amount: Number(product.price),
        tokenAddress: address,
        successUrl: returnUrl,
        failUrl: returnUrl,
      });
      if (
        payment.amount !== order.expectedAmount ||
        payment.tokenAddress.toLowerCase() !== address.toLowerCase()
      ) {
        return store.update(order.id, {
          paymentId: payment.paymentId,
          status: "needs_review",
          problem: `Kassa created the payment for ${payment.amount} of ${payment.tokenAddress}, not the order's amount`,
        });
      }
      log(`order ${order.id}: payment ${payment.paymentId} created`);
      return store.update(order.id, { paymentId: payment.paymentId });
    } catch (error) {
      log(`order ${order.id}: creating the payment failed: ${String(error)}`);
      return store.update(order.id, {
        status: "failed",
        problem:
          error instanceof KassaError
            ? `${error.code}: ${error.message}`
            : "the payment could not be created",
      });
    }
  }

  /** The payment takes a plain transfer to its deposit address still (its transfer window is open). */
  async function transferWindowOpen(paymentId: string): Promise<boolean> {
    const record = await kassa.merchantPayments.retrieve(paymentId);
    return record.transferExpiresAt !== null && Date.parse(record.transferExpiresAt) > Date.now();
  }

  /**
   * Step 4: whatever told us something happened (webhook, redirect, polling), ask Kassa with the API
   * key and complete the order only when the payment is PAID with the stored amount, token and orderId.
   */
  async function settle(order: Order): Promise<Order> {
    if (order.status !== "awaiting_payment" || !order.paymentId) return order;
    // GET /payments/:id makes Kassa sync the payment with the chain at once, so a
    // redirect that beats Kassa's watcher still finds the payment PAID. Its answer is not trusted: the
    // verification below uses the API key.
    await kassa.payments.retrieve(order.paymentId).catch(() => undefined);
    let payment: MerchantPaymentRecord;
    try {
      payment = await kassa.verifyPayment(order.paymentId, {
        orderId: order.id,
        tokenAddress: order.tokenAddress,
        amount: order.expectedAmount,
      });
    } catch (error) {
      if (!(error instanceof KassaVerificationError)) throw error;
      const current = store.get(order.id) ?? order;
      if (current.status !== "awaiting_payment") return current;
      const onlyStatus = error.mismatches.every((m) => m.field === "status");
      const status = error.mismatches.find((m) => m.field === "status")?.actual;
      if (onlyStatus && status === "CREATED") return current;
      // Paid by transfer (a payment with a deposit address): an exchange's withdrawal may take an hour, so the
      // order waits until the transfer window ends, whatever the wallet path's expiry says.
      if (onlyStatus && status === "EXPIRED" && (await transferWindowOpen(order.paymentId))) return current;
      if (onlyStatus && (status === "INVALID" || status === "EXPIRED" || status === "FAILED")) {
        log(`order ${order.id}: payment ${order.paymentId} is ${status}`);
        return store.update(order.id, { status: "failed", problem: `The payment is ${status}.` });
      }
      log(`order ${order.id}: ${error.message}`);
      return store.update(order.id, { status: "needs_review", problem: error.message });
    }
    if (
      store.completeOnce(order.id, {
        paymentId: payment.paymentId,
        txHash: payment.txHash,
        paidAt: payment.confirmedAt ?? new Date().toISOString(),
      })
    ) {
      const paid = store.get(order.id) as Order;
      if (paid.reorgedTxHash) {
        log(`order ${order.id}: paid again (${payment.txHash}) after a reorganisation; fulfilled already`);
        return paid;
      }
      log(`order ${order.id}: paid (${payment.txHash}), fulfilling`);
      options.onOrderPaid?.(paid);
      return paid;
    }
    return store.get(order.id) ?? order;
  }

  /**
   * payment.reorged: a chain reorganisation removed the payment's transaction, so the payer has the money
   * back. Kassa is asked (the webhook alone is not trusted); when the payment is CREATED again with the
   * transaction removed, the order is unpaid again until the payment is paid again.
   */
  async function reopenAfterReorg(order: Order): Promise<Order> {
    if (order.status !== "paid" || !order.paymentId) return order;
    const record = await kassa.merchantPayments.retrieve(order.paymentId);
    if (record.status !== "CREATED" || !record.reorgedTxHash) return order;
    const problem = `A chain reorganisation removed the payment's transaction (${record.reorgedTxHash}): the order is unpaid again until the payment is paid again. It was fulfilled: hold the shipment.`;
    if (store.reopenAfterReorg(order.id, order.paymentId, record.reorgedTxHash, problem)) {
      log(`order ${order.id}: ${problem}`);
    }
    return store.get(order.id) ?? order;
  }

  async function handleWebhook(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const rawBody = await readBody(request);
    let event;
    try {
      event = verifyWebhook(rawBody, request.headers, options.webhookSecret);
    } catch (error) {
      if (error instanceof KassaWebhookVerificationError) {
        log(`webhook refused: ${error.code}`);
        return sendJson(response, 400, { error: error.code });
      }
      throw error;
    }
    // The merchant's test from the dashboard: verified, so the endpoint and the secret work.
    if (event.type === "webhook.test") return sendJson(response, 200, { received: true, test: true });
    // The shop sells no subscriptions: their events are acknowledged and left.
    if (!("paymentId" in event)) return sendJson(response, 200, { received: true, ignored: true });
    const order = store.get(event.orderId);
    if (!order || order.paymentId !== event.paymentId) {
      // Not one of our payments (or not this order's current one): acknowledge so Kassa stops retrying.
      return sendJson(response, 200, { received: true, ignored: true });
    }
    if (!order.eventIds.includes(event.eventId))
      store.update(order.id, { eventIds: [...order.eventIds, event.eventId] });
    try {
      const settled = event.type === "payment.reorged" ? await reopenAfterReorg(order) : await settle(order);
      sendJson(response, 200, { received: true, orderStatus: settled.status });
    } catch (error) {
      // Kassa could not be asked: answer 503 so the webhook is retried later.
      log(`webhook ${event.eventId}: verifying the payment failed: ${String(error)}`);
      sendJson(response, 503, { error: "payment could not be verified yet" });
    }
  }

  async function route(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? "/", "http://shop.invalid");
    const method = request.method ?? "GET";
    const path = url.pathname;

    if (method === "GET" && path === "/") {
      return sendHtml(
        response,
        200,
        renderPage(await pageContext(), { kind: "catalog", products, orders: store.list() }),
      );
    }
    if (method === "POST" && path === "/orders") {
      const form = new URLSearchParams((await readBody(request)).toString("utf8"));
      let order: Order;
      try {
        order = await createOrder(form.get("productId") ?? "");
      } catch (error) {
        if (error instanceof ShopError) throw error;
        log(`order not created: ${String(error)}`);
        const page = renderPage(await pageContext(), {
          kind: "catalog",
          products,
          orders: store.list(),
          error: "The shop cannot take payments right now; please try again.",
        });
        return sendHtml(response, 503, page);
      }
      return redirect(response, `/orders/${order.id}`);
    }
    if (method === "POST" && path === "/webhooks/kassa") return handleWebhook(request, response);

    const match = /^\/orders\/(order_[0-9a-f]{16})(\.json|\/return)?$/.exec(path);
    const order = match?.[1] === undefined ? undefined : store.get(match[1]);
    if (method === "GET" && match && order) {
      const suffix = match[2];
      if (suffix === "/return") {
        // The redirect's query (paymentId, orderId, status) can be forged; it only tells us to look.
        await settle(order).catch((error: unknown) => log(`order ${order.id}: ${String(error)}`));
        const status = url.searchParams.get("status");
        const returned =
          status === "success" || status === "fail" || status === "closed" ? `?returned=${status}` : "";
        return redirect(response, `/orders/${order.id}${returned}`);
      }
      if (suffix === ".json") {
        // The order page polls this; it asks Kassa while the order waits (the fallback when a webhook is lost).
        const current = await settle(order).catch(() => order);
        return sendJson(response, 200, current);
      }
      return sendHtml(
        response,
        200,
        renderPage(await pageContext(), {
          kind: "order",
          order,
          ...(url.searchParams.get("returned")
            ? { returned: url.searchParams.get("returned") as string }
            : {}),
        }),
      );
    }
    throw new ShopError(404, "not found");
  }

  const server = createServer((request, response) => {
    route(request, response).catch((error: unknown) => {
      const status = error instanceof ShopError ? error.status : 500;
      if (status === 500) log(`${request.method} ${request.url}: ${String(error)}`);
      if (!response.headersSent)
        sendJson(response, status, { error: error instanceof ShopError ? error.message : "internal error" });
      else response.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 4000, options.host ?? "127.0.0.1", () => {
      server.off("error", reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://${options.host ?? "127.0.0.1"}:${port}`;
  publicUrl ??= url;
  log(`listening on ${url} (webhook endpoint ${publicUrl}/webhooks/kassa)`);

  return {
    url,
    store,
    async stop() {
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) =>
        server.close((error) => (error ? reject(error) : resolve())),
      );
      await store.flush();
    },
  };
}

class ShopError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) throw new ShopError(413, "request body too large");
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

function sendHtml(response: ServerResponse, status: number, html: string): void {
  response.writeHead(status, { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" });
  response.end(html);
}

function sendJson(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { "content-type": "application/json", "cache-control": "no-store" });
  response.end(JSON.stringify(body));
}

function redirect(response: ServerResponse, location: string): void {
  response.writeHead(303, { location });
  response.end();
}
