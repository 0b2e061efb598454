/**
 * The merchant embed script, served at `/widget.js`:
 *
 *   <script src="https://kassa.example.com/widget.js"></script>
 *   Kassa.open({ publicKey, orderId, amount, tokenAddress, successUrl, failUrl, mode: "popup" });
 *   Kassa.open({ publicKey, paymentId, mode: "iframe" }); // created by the merchant's server
 *
 * Opens the payer page (`/widget`) in a popup, an iframe overlay or this window. In popup and iframe
 * modes the page reports the result by postMessage and this script performs the redirect;
 * closing the popup or overlay redirects to `failUrl` with `status=closed`.
 */
import { redirectTarget, type WidgetMessage, type WidgetMode } from "./config.js";

export interface KassaOpenOptions {
  publicKey: string;
  /** A payment the merchant's server created; otherwise give the POST /payments fields below. */
  paymentId?: string;
  orderId?: string;
  amount?: number | string;
  tokenAddress?: string;
  currency?: string;
  successUrl?: string;
  failUrl?: string;
  /** Default `popup`; falls back to `redirect` when the browser blocks the popup. */
  mode?: WidgetMode;
  /** Kassa's base URL (`https://kassa.example.com` or `.../api/v1`); default: where widget.js came from. */
  apiUrl?: string;
  /** `en` or `ko`; default: the payer's browser language. */
  lang?: string;
  /** Called with the outcome before any redirect (also for `service:none`, which never redirects). */
  onResult?: (result: KassaResult) => void;
}

export interface KassaResult {
  status: "success" | "fail" | "closed";
  paymentId: string | null;
  orderId: string | null;
}

export interface KassaHandle {
  /** Closes the popup or overlay as the payer would (`status=closed`). */
  close(): void;
}

const scriptOrigin = (() => {
  const src = (document.currentScript as HTMLScriptElement | null)?.src;
  return src ? new URL(src).origin : location.origin;
})();

function kassaOrigin(apiUrl: string | undefined): string {
  return apiUrl ? new URL(apiUrl, location.href).origin : scriptOrigin;
}

function widgetUrl(options: KassaOpenOptions, mode: WidgetMode): string {
  const url = new URL("/widget", kassaOrigin(options.apiUrl));
  const set = (key: string, value: string | number | undefined) => {
    if (value !== undefined && value !== "") url.searchParams.set(key, String(value));
  };
  set("publicKey", options.publicKey);
  if (options.paymentId) {
    set("paymentId", options.paymentId);
  } else {
    set("orderId", options.orderId);
    set("amount", options.amount);
    set("tokenAddress", options.tokenAddress);
    set("currency", options.currency);
    set("successUrl", options.successUrl);
    set("failUrl", options.failUrl);
  }
  set("mode", mode);
  set("lang", options.lang);
  if (mode !== "redirect") set("origin", location.origin);
  return url.toString();
}

function open(options: KassaOpenOptions): KassaHandle {
  if (!options?.publicKey) throw new TypeError("Kassa.open: publicKey is required");
  if (!options.paymentId && !(options.orderId && options.amount !== undefined && options.tokenAddress)) {
    throw new TypeError(
      "Kassa.open: give paymentId, or orderId, amount, tokenAddress, successUrl and failUrl",
    );
  }
  const mode = options.mode ?? "popup";
  if (mode === "redirect") {
    location.assign(widgetUrl(options, "redirect"));
    return { close() {} };
  }

  const origin = kassaOrigin(options.apiUrl);
  let paymentId = options.paymentId ?? null;
  let orderId = options.orderId ?? null;
  let failUrl = options.failUrl ?? null;
  let done = false;
  let child: Window | null = null;
  let teardown = () => {};

  const settle = (status: KassaResult["status"], redirectUrl: string | null) => {
    if (done) return;
    done = true;
    teardown();
    window.removeEventListener("message", onMessage);
    options.onResult?.({ status, paymentId, orderId });
    if (redirectUrl) location.assign(redirectUrl);
  };
  const closed = () =>
    settle("closed", failUrl ? redirectTarget(failUrl, { paymentId, orderId, status: "closed" }) : null);

  function onMessage(event: MessageEvent): void {
    const data = event.data as WidgetMessage | undefined;
    if (event.origin !== origin || event.source !== child || data?.source !== "kassa-widget") return;
    if (data.type === "payment") {
      paymentId = data.paymentId;
      orderId = data.orderId;
      failUrl = data.failUrl;
      return;
    }
    if (data.type === "result") {
      paymentId = data.paymentId ?? paymentId;
      orderId = data.orderId ?? orderId;
      settle(data.status, data.redirectUrl);
    }
  }
  window.addEventListener("message", onMessage);

  if (mode === "popup") {
    const width = 440;
    const height = 720;
    const left = Math.max(0, window.screenX + (window.outerWidth - width) / 2);
    const top = Math.max(0, window.screenY + (window.outerHeight - height) / 2);
    const popup = window.open(
      widgetUrl(options, "popup"),
      "kassa-widget",
      `popup,width=${width},height=${height},left=${left},top=${top}`,
    );
    if (!popup) {
      window.removeEventListener("message", onMessage);
      location.assign(widgetUrl(options, "redirect"));
      return { close() {} };
    }
    child = popup;
    const watch = setInterval(() => {
      if (popup.closed) closed();
    }, 400);
    teardown = () => {
      clearInterval(watch);
      if (!popup.closed) popup.close();
    };
    return { close: () => closed() };
  }

  // iframe: a modal overlay over the merchant's page.
  const overlay = document.createElement("div");
  overlay.setAttribute("role", "dialog");
  overlay.setAttribute("aria-modal", "true");
  overlay.setAttribute("aria-label", "Kassa payment");
  Object.assign(overlay.style, {
    position: "fixed",
    inset: "0",
    zIndex: "2147483647",
    background: "rgba(15, 17, 23, 0.55)",
    display: "flex",
    alignItems: "center",
    justifyContent: "center",
  });
  const frame = document.createElement("iframe");
  frame.src = widgetUrl(options, "iframe");
  frame.title = "Kassa payment";
  frame.allow = "clipboard-write";
  Object.assign(frame.style, {
    width: "min(440px, 100vw)",
    height: "min(760px, 100vh)",
    border: "0",
    borderRadius: "16px",
    background: "#f3f4f7",
  });
  overlay.append(frame);
  const previousOverflow = document.documentElement.style.overflow;
  document.documentElement.style.overflow = "hidden";
  const previousFocus = document.activeElement as HTMLElement | null;
  document.body.append(overlay);
  child = frame.contentWindow;
  frame.focus();
  teardown = () => {
    overlay.remove();
    document.documentElement.style.overflow = previousOverflow;
    previousFocus?.focus?.();
  };
  return { close: () => closed() };
}

const api = { open, version: "1" };
declare global {
  interface Window {
    Kassa: typeof api;
  }
}
window.Kassa = api;
