import { ApiError } from "./api.js";
import { button, h } from "./dom.js";
import { FaucetRefused, GaslessUnavailable, NeedsGas, TransactionFailed } from "./flow.js";
import { type MessageKey } from "./i18n.js";
import { isUserRejection, WalletError } from "./wallet/eip1193.js";
import { t, state, show, paragraph, actions, vars } from "./page.js";
import { showExpired, showError, txLink, routeByStatus } from "./screens.js";
import { showConnect, walletLine } from "./connect.js";
import { review, waitForPaid } from "./pay.js";

/**
 * What the payer is told when something fails, and what they can do then.
 */
function faucetReason(code: string): string {
  const reasons: Record<string, MessageKey> = {
    ALREADY_GRANTED: "faucetAlreadyGranted",
    PAYMENT_ALREADY_GRANTED: "faucetPaymentGranted",
    FAUCET_DISABLED: "faucetDisabled",
    ALREADY_HAS_GAS: "faucetHasGas",
    GRANT_IN_PROGRESS: "faucetInProgress",
    GRANT_NOT_USABLE: "faucetNotUsable",
    FAUCET_BUDGET_EXHAUSTED: "faucetBudgetSpent",
    RATE_LIMITED: "faucetClientLimit",
  };
  return t(reasons[code] ?? "faucetOther");
}

/**
 * Codes that mean the shop's checkout is wrong (its public key, its allowed origin, its chain, token or
 * recipient settings): nothing the payer does helps, so no "Try again".
 */
const SETUP_ERRORS = new Set([
  "UNAUTHORIZED",
  "FORBIDDEN",
  "UNSUPPORTED_CHAIN",
  "CHAIN_NOT_CONFIGURED",
  "CHAIN_MISMATCH",
  "TOKEN_NOT_ENABLED",
  "TOKEN_NOT_FOUND",
  "UNSUPPORTED_TOKEN",
  "RECIPIENT_NOT_CONFIGURED",
  "INVALID_CURRENCY",
  "PRICE_SERVICE_NOT_CONFIGURED",
  "MERCHANT_CHAIN_NOT_CONFIGURED",
  "CHAIN_CONFIG_ERROR",
  "SIGNING_SERVICE_ERROR",
]);

/**
 * What the payer is told about an API error, written for the payer (the code and the API's message are
 * for developers, who see them in the network panel), and whether trying again can help. `creating`: the
 * page is creating the payment from the shop's parameters, so a refused input is the shop's too.
 */
export function payerError(
  error: ApiError,
  options: { creating?: boolean } = {},
): { message: string; canRetry: boolean } {
  const { code, status } = error;
  if (code === "MISSING_PARAMS") return { message: t("missingParams"), canRetry: false };
  if (code === "NETWORK_ERROR") return { message: t("networkError"), canRetry: true };
  if (code === "PAYMENT_NOT_FOUND" || code === "NOT_FOUND")
    return { message: t("notFound"), canRetry: false };
  if (code === "DUPLICATE_ORDER") return { message: t("duplicateOrder"), canRetry: false };
  if (
    SETUP_ERRORS.has(code) ||
    (options.creating && (code === "VALIDATION_ERROR" || code === "INVALID_REQUEST"))
  )
    return { message: t("notSetUp"), canRetry: false };
  if (status === 429) return { message: t("rateLimited"), canRetry: true };
  if (status >= 500) return { message: t("serviceUnavailable"), canRetry: true };
  return { message: t("requestRefused"), canRetry: true };
}

export function handleError(error: unknown, retry: () => void): void {
  state.busy = false;
  if (isUserRejection(error)) {
    return show(
      "rejected",
      t("rejectedTitle"),
      h("p", { role: "alert" }, t("rejectedBody")),
      actions(button(t("tryAgain"), retry, { id: "kassa-retry" })),
    );
  }
  if (error instanceof NeedsGas) {
    return show(
      "need-gas",
      t("needGasTitle", vars()),
      h("p", { role: "alert" }, t("needGasBody", vars())),
      walletLine(),
      actions(
        button(t("checkAgain"), retry),
        button(t("payWithOwnGas"), () => void review({ gasless: false }), { secondary: true }),
      ),
    );
  }
  if (error instanceof FaucetRefused) {
    return show(
      "faucet-refused",
      t("faucetRefusedTitle"),
      h("p", { role: "alert" }, t("faucetRefusedBody", vars({ reason: faucetReason(error.code) }))),
      walletLine(),
      actions(
        button(t("checkAgain"), () => void review({ gasless: true }), { id: "kassa-retry" }),
        button(t("useAnotherWallet"), showConnect, { secondary: true }),
      ),
    );
  }
  if (error instanceof GaslessUnavailable) {
    return show(
      "gasless-unavailable",
      t("gaslessUnavailableTitle"),
      paragraph(t("gaslessUnavailableBody", vars())),
      actions(button(t("payWithOwnGas"), () => void review({ gasless: false }), { id: "kassa-direct" })),
    );
  }
  if (error instanceof TransactionFailed) {
    return show(
      "tx-failed",
      t("txFailedTitle"),
      h("p", { role: "alert" }, t("txFailedBody", { detail: "" })),
      txLink(error.hash),
      actions(button(t("tryAgain"), retry, { id: "kassa-retry" })),
    );
  }
  if (error instanceof ApiError) {
    if (error.code === "PAYMENT_EXPIRED") return showExpired();
    if (error.code === "INVALID_PAYMENT_STATUS" || error.code === "RELAY_ALREADY_SUBMITTED") {
      void refreshAndRoute(error.code === "RELAY_ALREADY_SUBMITTED");
      return;
    }
    const { message, canRetry } = payerError(error);
    return showError(message, canRetry ? retry : undefined);
  }
  if (error instanceof WalletError) {
    return show(
      "tx-failed",
      t("txFailedTitle"),
      h("p", { role: "alert" }, t("txFailedBody", { detail: error.message })),
      actions(button(t("tryAgain"), retry, { id: "kassa-retry" })),
    );
  }
  // Not one of the failures above: its message is a developer's (the console has it), not the payer's.
  console.error(error);
  showError(t("unexpectedError"), retry);
}

async function refreshAndRoute(relayed: boolean): Promise<void> {
  const { api, payment } = state;
  if (!api || !payment) return;
  const latest = await api.getPayment(payment.paymentId);
  state.payment = { ...latest, merchantName: latest.merchantName ?? payment.merchantName };
  if (!routeByStatus(state.payment)) await waitForPaid(relayed, null);
}
