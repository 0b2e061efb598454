import type { ApiError } from "../api.js";
import { button } from "../dom.js";
import type { MessageKey } from "../messages.js";
import { actions, alert, paragraph, show, t, type Vars } from "../page.js";

/** What the payer is told when something fails, and what they can do then. */

const faucetReasons: Record<string, MessageKey> = {
  ALREADY_GRANTED: "faucetAlreadyGranted",
  PAYMENT_ALREADY_GRANTED: "faucetPaymentGranted",
  FAUCET_DISABLED: "faucetDisabled",
  ALREADY_HAS_GAS: "faucetHasGas",
  GRANT_IN_PROGRESS: "faucetInProgress",
  GRANT_NOT_USABLE: "faucetNotUsable",
  FAUCET_BUDGET_EXHAUSTED: "faucetBudgetSpent",
  RATE_LIMITED: "faucetClientLimit",
};

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

export function rejectedScreen(retry: () => void): void {
  show(
    "rejected",
    t("rejectedTitle"),
    alert(t("rejectedBody")),
    actions(button(t("tryAgain"), retry, { id: "kassa-retry" })),
  );
}

export function needGasScreen(v: Vars, wallet: HTMLElement | null, retry: () => void, payDirect: () => void) {
  show(
    "need-gas",
    t("needGasTitle", v),
    alert(t("needGasBody", v)),
    wallet,
    actions(button(t("checkAgain"), retry), button(t("payWithOwnGas"), payDirect, { secondary: true })),
  );
}

export function faucetRefusedScreen(
  v: Vars,
  code: string,
  wallet: HTMLElement | null,
  retry: () => void,
  otherWallet: () => void,
): void {
  show(
    "faucet-refused",
    t("faucetRefusedTitle"),
    alert(t("faucetRefusedBody", { ...v, reason: t(faucetReasons[code] ?? "faucetOther") })),
    wallet,
    actions(
      button(t("checkAgain"), retry, { id: "kassa-retry" }),
      button(t("useAnotherWallet"), otherWallet, { secondary: true }),
    ),
  );
}

export function gaslessUnavailableScreen(v: Vars, payDirect: () => void): void {
  show(
    "gasless-unavailable",
    t("gaslessUnavailableTitle"),
    paragraph(t("gaslessUnavailableBody", v)),
    actions(button(t("payWithOwnGas"), payDirect, { id: "kassa-direct" })),
  );
}

/**
 * A transaction that did not go through: `detail` says why in words (a decoded revert, the wallet's
 * message), and the one thing the payer can do next.
 */
export function txFailedScreen(
  detail: string,
  tx: HTMLElement | null,
  next: { label: string; onClick: () => void; id: string },
): void {
  show(
    "tx-failed",
    t("txFailedTitle"),
    alert(t("txFailedBody", { detail })),
    tx,
    actions(button(next.label, next.onClick, { id: next.id })),
  );
}

/** The token refuses this payment from this wallet (a blocklist), found before anything was signed. */
export function blockedScreen(v: Vars, wallet: HTMLElement | null, otherWallet: () => void): void {
  show(
    "blocked",
    t("blockedTitle"),
    alert(t("blockedBody", v)),
    wallet,
    actions(button(t("useAnotherWallet"), otherWallet, { id: "kassa-other-wallet" })),
  );
}

/** A smart wallet not deployed yet, on a path that needs an allowance or an ECDSA signature. */
export function undeployedWalletScreen(v: Vars, wallet: HTMLElement | null, otherWallet: () => void): void {
  show(
    "undeployed-wallet",
    t("undeployedTitle", v),
    alert(t("undeployedBody", v)),
    wallet,
    actions(button(t("useAnotherWallet"), otherWallet, { id: "kassa-other-wallet" })),
  );
}
