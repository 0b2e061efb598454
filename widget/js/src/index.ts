/**
 * @kassa/js: opens Kassa's payer page from a merchant's front end, for bundlers. The same code as the
 * `/widget.js` script Kassa serves, typed and importable:
 *
 *   import { open } from "@kassa/js";
 *   open({ apiUrl: "https://kassa.example.com", publicKey: "pk_...", paymentId, mode: "iframe",
 *          onResult: (result) => console.log(result.status) });
 *
 * Importing it touches no browser global, so it is safe in server-side rendering; call open() in the
 * browser, from a user's click (a popup opened otherwise may be blocked, and then open() falls back
 * to a redirect).
 */
import { openWidget, type KassaHandle, type KassaOpenOptions } from "./open.js";

export type { KassaHandle, KassaOpenOptions, KassaResult } from "./open.js";
export type { WidgetMode } from "./protocol.js";

/** What open() takes: KassaOpenOptions with Kassa's URL, which a bundled page cannot guess. */
export type OpenOptions = KassaOpenOptions & {
  /** Kassa's base URL, e.g. `https://kassa.example.com` (or `.../api/v1`). */
  apiUrl: string;
};

/**
 * Opens the payer page in a popup (default), an iframe overlay or this window. Give a `paymentId`
 * created by your server with its API key, or the fields of POST /payments (orderId, amount,
 * tokenAddress, successUrl, failUrl, currency). `onResult` is called with the outcome before any
 * redirect; the returned handle's close() closes the popup or overlay as the payer would.
 */
export function open(options: OpenOptions): KassaHandle {
  return openWidget(options);
}
