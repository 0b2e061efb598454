/**
 * The payer page (`/widget`). URL parameters:
 * - `publicKey` (pk_), and either `paymentId` (created by the merchant's server) or the fields of
 *   POST /payments: `orderId`, `amount`, `tokenAddress`, `successUrl`, `failUrl`, optional `currency`;
 * - `mode`: `redirect` (default; this page navigates), `popup` or `iframe` (the embed script in the
 *   merchant's page navigates, told by postMessage to `origin`);
 * - `lang`: `en` or `ko` (default: the browser's language).
 */
import "./styles.css";
import { ApiError, createApi, type KassaApi, type Payment } from "./api.js";
import { h } from "./dom.js";
import { post } from "./embedder.js";
import { chainParams, config, params, show, t } from "./page.js";
import { Checkout } from "./steps.js";
import { errorScreen } from "./views/final.js";
import { payerError } from "./views/failures.js";

function paymentIdFromUrl(): string | null {
  return params.get("paymentId");
}

async function loadPayment(api: KassaApi): Promise<Payment> {
  const existing = paymentIdFromUrl();
  if (existing) return api.getPayment(existing);
  const orderId = params.get("orderId");
  const amount = Number(params.get("amount"));
  const tokenAddress = params.get("tokenAddress");
  const successUrl = params.get("successUrl");
  const failUrl = params.get("failUrl");
  if (!orderId || !Number.isFinite(amount) || !tokenAddress || !successUrl || !failUrl) {
    throw new ApiError(400, "MISSING_PARAMS", t("missingParams"));
  }
  const currency = params.get("currency");
  const created = await api.createPayment({
    orderId,
    amount,
    tokenAddress,
    successUrl,
    failUrl,
    ...(currency ? { currency } : {}),
  });
  // A reload must show this payment, not create the order again (DUPLICATE_ORDER).
  const next = new URLSearchParams();
  for (const key of ["publicKey", "mode", "origin", "lang"]) {
    const value = params.get(key);
    if (value) next.set(key, value);
  }
  next.set("paymentId", created.paymentId);
  history.replaceState(null, "", `${location.pathname}?${next.toString()}`);
  return api.getPayment(created.paymentId);
}

async function start(): Promise<void> {
  show("loading", t("loading"), h("p", { class: "waiting" }, t("loading")));
  const publicKey = params.get("publicKey");
  if (!publicKey) return errorScreen(t("missingParams"));
  const api = createApi(config.apiBase, publicKey);
  let payment: Payment;
  try {
    payment = await loadPayment(api);
  } catch (error) {
    const { message, canRetry } =
      error instanceof ApiError
        ? payerError(error, { creating: !paymentIdFromUrl() })
        : { message: t("serviceUnavailable"), canRetry: true };
    return errorScreen(message, canRetry ? () => location.reload() : undefined);
  }
  post({
    source: "kassa-widget",
    type: "payment",
    paymentId: payment.paymentId,
    orderId: payment.orderId,
    failUrl: payment.failUrl,
  });
  const names = await api.chainNames().catch(() => new Map<number, string>());
  const known = chainParams.get(payment.chainId);
  new Checkout(api, payment, {
    name: names.get(payment.chainId) ?? known?.name ?? `Chain ${payment.chainId}`,
    nativeSymbol: known?.nativeCurrency.symbol ?? "ETH",
  }).begin();
}

void start();
