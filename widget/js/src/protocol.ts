/**
 * What the payer page (`/widget`) and the embed (`open()`, `/widget.js`) say to each other: how the
 * page was opened, the messages it posts to the merchant's page, and the redirect it asks for.
 */

/** How the widget was opened; the page that owns the navigation performs the redirect. */
export type WidgetMode = "popup" | "redirect" | "iframe";

/** The messages the widget posts to the embed (popup and iframe modes). */
export type WidgetMessage =
  | { source: "kassa-widget"; type: "payment"; paymentId: string; orderId: string; failUrl: string }
  | {
      source: "kassa-widget";
      type: "result";
      status: "success" | "fail" | "closed";
      paymentId: string | null;
      orderId: string | null;
      /** Where the merchant page should go, or null for `service:none`. */
      redirectUrl: string | null;
    };

/** Appends `paymentId`, `orderId` and `status` to a redirect URL; null for `service:none`. */
export function redirectTarget(
  url: string,
  params: { paymentId: string | null; orderId: string | null; status: "success" | "fail" | "closed" },
): string | null {
  if (url === "service:none" || !URL.canParse(url)) return null;
  const target = new URL(url);
  if (params.paymentId) target.searchParams.set("paymentId", params.paymentId);
  if (params.orderId) target.searchParams.set("orderId", params.orderId);
  target.searchParams.set("status", params.status);
  return target.toString();
}
