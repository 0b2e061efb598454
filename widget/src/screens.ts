import { type Hex } from "viem";
import { type Payment } from "./api.js";
import { redirectTarget, type WidgetMessage } from "./config.js";
import { button, h } from "./dom.js";
import {
  params,
  lang,
  t,
  mode,
  embedOrigin,
  chainParams,
  state,
  summary,
  announce,
  show,
  paragraph,
  actions,
  amountText,
  vars,
  canCancel,
} from "./page.js";

/**
 * The payment's summary and countdown, and the screens that end the flow (success, expired,
 * failed, an error), with what the page tells its embedder.
 */
const countdown = h("dd", { role: "timer", "aria-live": "off", class: "countdown" }, "--:--");

export function renderSummary(payment: Payment): void {
  const fiat =
    payment.currency && payment.fiatAmount !== null
      ? new Intl.NumberFormat(lang, { style: "currency", currency: payment.currency }).format(
          payment.fiatAmount,
        )
      : null;
  const parts: (Node | null)[] = [
    h(
      "div",
      { class: "summary-top" },
      h("p", { class: "merchant" }, t("payTo", { merchant: payment.merchantName ?? "" })),
      canCancel() && !state.final
        ? h(
            "button",
            {
              type: "button",
              class: "cancel",
              id: "kassa-cancel",
              "aria-label": t("cancel"),
              onclick: () => finish("closed"),
            },
            h("span", { "aria-hidden": "true" }, "×"),
          )
        : null,
    ),
    h(
      "p",
      { class: "amount", "aria-label": `${t("amount")}: ${amountText(payment)} ${payment.tokenSymbol}` },
      h("span", { class: "value" }, amountText(payment)),
      " ",
      h("span", { class: "symbol" }, payment.tokenSymbol),
    ),
    fiat ? h("p", { class: "fiat" }, `≈ ${fiat}`) : null,
    h(
      "dl",
      { class: "facts" },
      h("div", {}, h("dt", {}, t("network")), h("dd", { id: "kassa-network" }, state.networkName)),
      state.final ? null : h("div", {}, h("dt", {}, t("timeLeft")), countdown),
    ),
  ];
  summary.replaceChildren(...parts.filter((part): part is Node => part !== null));
}

/**
 * The server's clock as this page estimates it. The Date header has whole seconds, so a skew under
 * two seconds is noise and ignored.
 */
export function serverNow(): number {
  const skew = state.api?.clockSkewMs() ?? 0;
  return Date.now() + (Math.abs(skew) < 2000 ? 0 : skew);
}

export function tickCountdown(): void {
  const payment = state.payment;
  if (!payment || state.final) return;
  const remaining = Date.parse(payment.expiresAt) - serverNow();
  const seconds = Math.max(0, Math.floor(remaining / 1000));
  const mm = Math.floor(seconds / 60);
  const ss = seconds % 60;
  countdown.textContent = `${String(mm).padStart(2, "0")}:${String(ss).padStart(2, "0")}`;
  countdown.setAttribute("aria-label", t("timeLeftLabel", { minutes: mm, seconds: ss }));
  countdown.classList.toggle("urgent", seconds <= 60);
  if (seconds <= 60 && seconds > 0 && !state.oneMinuteAnnounced) {
    state.oneMinuteAnnounced = true;
    announce(t("oneMinuteLeft"));
  }
  if (seconds === 0 && !state.submitted) showExpired();
}

export function post(message: WidgetMessage): void {
  const target = mode === "popup" ? window.opener : mode === "iframe" ? window.parent : null;
  if (target && target !== window && embedOrigin) (target as Window).postMessage(message, embedOrigin);
}

/** Redirects: success -> successUrl, fail and closed -> failUrl, with paymentId, orderId, status. */
function finish(status: "success" | "fail" | "closed"): void {
  const payment = state.payment;
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

function showFinal(): void {
  state.final = true;
  state.stopDiscovery?.();
  if (state.payment) renderSummary(state.payment);
}

function returnButton(status: "success" | "fail"): HTMLButtonElement | null {
  const url = status === "success" ? state.payment?.successUrl : state.payment?.failUrl;
  if (!url || url === "service:none") return null;
  return button(status === "success" ? t("returnNow") : t("backToShop"), () => finish(status), {
    id: "kassa-return",
  });
}

function showSuccess(payment: Payment): void {
  showFinal();
  const target =
    payment.successUrl !== "service:none" && URL.canParse(payment.successUrl)
      ? new URL(payment.successUrl)
      : null;
  show(
    "success",
    t("successTitle"),
    h("div", { class: "badge success", "aria-hidden": "true" }, "✓"),
    paragraph(t("successBody", vars())),
    txLink(payment.txHash),
    target
      ? paragraph(t("redirecting", { host: target.host }), "muted")
      : paragraph(t("closeWindow"), "muted"),
    actions(returnButton("success")),
  );
  announce(t("successTitle"));
  if (target) setTimeout(() => finish("success"), 2500);
  else
    post({
      source: "kassa-widget",
      type: "result",
      status: "success",
      paymentId: payment.paymentId,
      orderId: payment.orderId,
      redirectUrl: null,
    });
}

export function showExpired(): void {
  showFinal();
  show("expired", t("expiredTitle"), paragraph(t("expiredBody")), actions(returnButton("fail")));
}

function showFailed(status: string): void {
  showFinal();
  show("failed", t("failedTitle"), paragraph(t("failedBody", { status })), actions(returnButton("fail")));
}

export function showError(message: string, retry?: () => void): void {
  show(
    "error",
    t("errorTitle"),
    h("p", { role: "alert" }, message),
    actions(retry ? button(t("tryAgain"), retry) : null),
  );
}

export function txLink(hash: Hex | null): HTMLElement | null {
  if (!hash) return null;
  const explorer = state.payment ? chainParams.get(state.payment.chainId)?.blockExplorerUrls?.[0] : undefined;
  const short = `${hash.slice(0, 10)}…${hash.slice(-8)}`;
  return h(
    "p",
    { class: "muted tx" },
    `${t("transaction")}: `,
    explorer
      ? h("a", { href: `${explorer}/tx/${hash}`, target: "_blank", rel: "noopener noreferrer" }, short)
      : h("code", { title: hash }, short),
  );
}

/** Routes by the stored status. Returns true when the payment is over. */
export function routeByStatus(payment: Payment): boolean {
  switch (payment.status) {
    case "CREATED":
      return false;
    case "PAID":
    case "REFUND_SUBMITTED":
    case "REFUNDED":
      showSuccess(payment);
      return true;
    case "EXPIRED":
      showExpired();
      return true;
    default:
      showFailed(payment.status);
      return true;
  }
}
