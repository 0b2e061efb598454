import type { Payment } from "./api.js";
import { redirectTarget, type WidgetMessage } from "./config.js";
import { embedOrigin, mode, params } from "./page.js";

/** What the page tells the merchant's page that opened it (popup, iframe), and how it goes back to the shop. */

export function post(message: WidgetMessage): void {
  const target = mode === "popup" ? window.opener : mode === "iframe" ? window.parent : null;
  if (target && target !== window && embedOrigin) (target as Window).postMessage(message, embedOrigin);
}

/** Back to the shop: success -> successUrl, fail and closed -> failUrl, with paymentId, orderId, status. */
export function leave(status: "success" | "fail" | "closed", payment: Payment | undefined): void {
  const url = status === "success" ? payment?.successUrl : payment?.failUrl;
  const redirectUrl = url
    ? redirectTarget(url, {
        paymentId: payment?.paymentId ?? null,
        orderId: payment?.orderId ?? null,
        status,
      })
    : null;
  if (mode !== "redirect" && embedOrigin && (mode === "iframe" || window.opener)) {
    post({
      source: "kassa-widget",
      type: "result",
      status,
      paymentId: payment?.paymentId ?? null,
      orderId: payment?.orderId ?? params.get("orderId"),
      redirectUrl,
    });
    if (mode === "popup" && redirectUrl) window.close();
    return;
  }
  if (redirectUrl) location.assign(redirectUrl);
}
