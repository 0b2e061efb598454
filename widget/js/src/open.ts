/**
 * Opens Kassa's payer page (`/widget`) in a popup, an iframe overlay or this window. In popup and
 * iframe modes the page reports the result by postMessage and the merchant's page performs the
 * redirect to successUrl or failUrl (with paymentId, orderId and status); closing the popup or overlay
 * redirects to `failUrl` with `status=closed`. Shared by the served `/widget.js` and `@kassa/js`;
 * nothing runs on import.
 */
import { redirectTarget, type WidgetMessage, type WidgetMode } from "./protocol.js";

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

function kassaOrigin(apiUrl: string | undefined, defaultOrigin: string | undefined): string {
  if (apiUrl) return new URL(apiUrl, location.href).origin;
  if (defaultOrigin) return defaultOrigin;
  throw new TypeError("Kassa.open: apiUrl is required (Kassa's base URL, e.g. https://kassa.example.com)");
}

function widgetUrl(options: KassaOpenOptions, mode: WidgetMode, origin: string): string {
  const url = new URL("/widget", origin);
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

/**
 * Opens the payer page for `options`; `defaultOrigin` is Kassa's origin when `options.apiUrl` is not
 * given (the served /widget.js passes the origin it was loaded from).
 */
export function openWidget(options: KassaOpenOptions, defaultOrigin?: string): KassaHandle {
  if (!options?.publicKey) throw new TypeError("Kassa.open: publicKey is required");
  if (!options.paymentId && !(options.orderId && options.amount !== undefined && options.tokenAddress)) {
    throw new TypeError(
      "Kassa.open: give paymentId, or orderId, amount, tokenAddress, successUrl and failUrl",
    );
  }
  const origin = kassaOrigin(options.apiUrl, defaultOrigin);
  const mode = options.mode ?? "popup";
  if (mode === "redirect") {
    location.assign(widgetUrl(options, "redirect", origin));
    return { close() {} };
  }

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
      widgetUrl(options, "popup", origin),
      "kassa-widget",
      `popup,width=${width},height=${height},left=${left},top=${top}`,
    );
    if (!popup) {
      window.removeEventListener("message", onMessage);
      location.assign(widgetUrl(options, "redirect", origin));
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
  frame.src = widgetUrl(options, "iframe", origin);
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
