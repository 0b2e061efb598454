import type { Order } from "./store.js";

/** A product of the demo catalog, priced in whole units of the shop's token. */
export interface Product {
  id: string;
  name: string;
  /** Decimal string, at most 2 decimals (Kassa's amount limits). */
  price: string;
}

export interface PageContext {
  shopName: string;
  tokenSymbol: string | null;
  /** Where the buyer's browser loads the widget from (Kassa's origin). */
  kassaOrigin: string;
  publicKey: string;
  widgetMode: "popup" | "redirect" | "iframe";
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c,
  );

/** JSON for a <script> block: `<` escaped so no string can close the element. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, "\\u003c");

const statusLabel: Record<Order["status"], string> = {
  awaiting_payment: "Awaiting payment",
  paid: "Paid",
  failed: "Payment failed",
  needs_review: "Needs review",
};

/** The shop's one page: the catalog, or one order with its payment button and status. */
export function renderPage(
  context: PageContext,
  view:
    | { kind: "catalog"; products: Product[]; orders: Order[]; error?: string }
    | { kind: "order"; order: Order; returned?: string },
): string {
  const body =
    view.kind === "catalog" ? catalog(context, view) : orderView(context, view.order, view.returned);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(context.shopName)}</title>
<link rel="icon" href="data:,">
<style>
  body { font: 16px/1.5 system-ui, sans-serif; max-width: 42rem; margin: 2rem auto; padding: 0 1rem; color: #1d2330; }
  a { color: #3a52d8; }
  .product, .order { border: 1px solid #dde1ea; border-radius: 10px; padding: 1rem; margin: 0.75rem 0; }
  .product { display: flex; justify-content: space-between; align-items: center; }
  button { font: inherit; padding: 0.45rem 1rem; border-radius: 8px; border: 0; background: #3a52d8; color: #fff; cursor: pointer; }
  .status { font-weight: 600; }
  .status-paid { color: #157a3c; } .status-failed, .status-needs_review { color: #b42318; }
  .muted { color: #6b7385; font-size: 0.9em; word-break: break-all; }
  .error { color: #b42318; }
</style>
</head>
<body>
<h1><a href="/">${escapeHtml(context.shopName)}</a></h1>
${body}
</body>
</html>
`;
}

function catalog(
  context: PageContext,
  view: { products: Product[]; orders: Order[]; error?: string },
): string {
  const symbol = escapeHtml(context.tokenSymbol ?? "");
  const products = view.products
    .map(
      (product) => `<form class="product" method="post" action="/orders">
  <span>${escapeHtml(product.name)}: <strong>${escapeHtml(product.price)} ${symbol}</strong></span>
  <input type="hidden" name="productId" value="${escapeHtml(product.id)}">
  <button type="submit" data-product="${escapeHtml(product.id)}">Buy</button>
</form>`,
    )
    .join("\n");
  const orders = view.orders
    .map(
      (order) =>
        `<li><a href="/orders/${escapeHtml(order.id)}">${escapeHtml(order.id)}</a> ${escapeHtml(order.productName)}: ${statusLabel[order.status]}</li>`,
    )
    .join("\n");
  return `${view.error ? `<p class="error">${escapeHtml(view.error)}</p>` : ""}
<p>Pay with ${symbol || "tokens"} from your own wallet, through Kassa.</p>
${products}
${orders ? `<h2>Your orders</h2><ul>${orders}</ul>` : ""}`;
}

function orderView(context: PageContext, order: Order, returned: string | undefined): string {
  const lines = [
    `<p>Order <strong id="order-id">${escapeHtml(order.id)}</strong>: ${escapeHtml(order.productName)}, ${escapeHtml(order.price)} ${escapeHtml(order.tokenSymbol)}</p>`,
    `<p class="status status-${order.status}" id="order-status" data-status="${order.status}">${statusLabel[order.status]}</p>`,
  ];
  if (order.problem) lines.push(`<p class="error">${escapeHtml(order.problem)}</p>`);
  if (order.status === "paid") {
    lines.push(`<p>Thank you! Your order is on its way.</p>`);
    if (order.txHash) lines.push(`<p class="muted">Transaction ${escapeHtml(order.txHash)}</p>`);
  }
  if (order.status === "awaiting_payment" && order.paymentId) {
    if (returned === "closed" || returned === "fail") {
      lines.push(`<p class="muted">The payment window was closed before the payment completed.</p>`);
    }
    const fallback = new URL("/widget", context.kassaOrigin);
    fallback.searchParams.set("publicKey", context.publicKey);
    fallback.searchParams.set("paymentId", order.paymentId);
    fallback.searchParams.set("mode", "redirect");
    const options = {
      publicKey: context.publicKey,
      paymentId: order.paymentId,
      mode: context.widgetMode,
      apiUrl: context.kassaOrigin,
    };
    lines.push(
      `<p><button type="button" id="pay">Pay ${escapeHtml(order.price)} ${escapeHtml(order.tokenSymbol)}</button></p>`,
      `<p class="muted">No JavaScript? <a id="pay-link" href="${escapeHtml(fallback.toString())}">Pay on Kassa's page</a>.</p>`,
      `<script src="${escapeHtml(new URL("/widget.js", context.kassaOrigin).toString())}"></script>`,
      `<script>
  const options = ${scriptJson(options)};
  // While the widget is open (popup or overlay) this page must stay: the embed script follows its result.
  let widgetOpen = false;
  document.getElementById("pay").addEventListener("click", () => {
    if (!window.Kassa) return location.assign(document.getElementById("pay-link").href);
    widgetOpen = true;
    window.Kassa.open({ ...options, onResult: () => { widgetOpen = false; } });
  });
  // The webhook may arrive after the redirect: poll the shop (which asks Kassa) until the order settles.
  const poll = setInterval(async () => {
    const response = await fetch(location.pathname + ".json");
    if (!response.ok || widgetOpen) return;
    const order = await response.json();
    if (order.status !== "awaiting_payment" && !widgetOpen) { clearInterval(poll); location.reload(); }
  }, 3000);
</script>`,
    );
  }
  lines.push(`<p><a href="/">Back to the shop</a></p>`);
  return `<div class="order">${lines.join("\n")}</div>`;
}
