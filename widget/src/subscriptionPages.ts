/**
 * What the hosted subscribe page (subscribe.ts) and the payer's subscriptions page (payerPage.ts) share: the
 * subscription as the public API answers it, its calls, the period in words, and the waiting and error screens.
 */
import type { Address, Hex } from "viem";
import { sendTransaction, waitForReceipt } from "./chain.js";
import { button, h } from "./dom.js";
import { actions, alert, config, lang, show, t as widgetText } from "./page.js";
import { translator } from "@kassa/i18n";
import { subscribeMessages } from "./subscribeMessages.js";
import { devAccounts } from "./wallet/devAccounts.js";
import {
  isUserRejection,
  WalletError,
  type DiscoveredWallet,
  type Eip1193Provider,
} from "./wallet/eip1193.js";

/** The subscribe page's texts, in the page's language. */
export const t = translator(subscribeMessages, lang);

/** The fields of GET /public/subscriptions/:id the page uses. */
export interface Subscription {
  id: string;
  subscriptionId: Hex;
  description: string | null;
  status: "PENDING" | "ACTIVE" | "PAST_DUE" | "CANCELED" | "COMPLETED";
  chainId: number;
  gatewayAddress: Address;
  merchantId: Hex;
  tokenAddress: Address;
  tokenSymbol: string;
  tokenDecimals: number;
  /** Per charge: exact, or a fiat plan's maximum. */
  amount: string;
  /** A fiat plan: each charge is `fiatAmount` of `currency` in the token, at most `amount`. */
  variableAmount: boolean;
  currency: string | null;
  fiatAmount: string | null;
  periodSeconds: number;
  charges: number;
  startsAt: number | null;
  recipientAddress: Address;
  /** The merchant's page the payer goes back to once subscribed, if it gave one. */
  returnUrl: string | null;
  /** Who asks: the merchant's name. */
  merchantName: string;
  /** While PENDING: the only wallet that may sign, when the merchant named one. */
  payerAddress: Address | null;
}

export class PageError extends Error {}

/** Sends a transaction from the wallet and waits for it; a reverted one is a PageError saying `reverted`. */
export async function sendAndWait(
  provider: Eip1193Provider,
  tx: { from: Address; to: Address; data: Hex },
  reverted: string,
): Promise<void> {
  const hash = await sendTransaction(provider, tx);
  if (!(await waitForReceipt(provider, hash))) throw new PageError(reverted);
}

/** A public API call (`path` under /public/): its data, or a PageError in words. */
export async function api<T>(
  path: string,
  body?: unknown,
  method = body === undefined ? "GET" : "POST",
): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`${config.apiBase}/public/${path}`, {
      method,
      headers: body === undefined ? {} : { "content-type": "application/json" },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      cache: "no-store",
    });
  } catch {
    throw new PageError(t("unreachable"));
  }
  const answer = (await response.json().catch(() => null)) as {
    data?: T;
    code?: string;
    message?: string;
  } | null;
  if (response.ok && answer?.data) return answer.data;
  if (answer?.code === "SUBSCRIPTION_NOT_FOUND") throw new PageError(t("notFound"));
  throw new PageError(answer?.message ? t("refused", { reason: answer.message }) : t("unreachable"));
}

/** "every 30 days", "every 2 hours", "every 90 seconds": the largest whole unit. */
export function periodWords(seconds: number): string {
  for (const [unit, size] of [
    ["day", 86_400],
    ["hour", 3_600],
    ["minute", 60],
  ] as const) {
    if (seconds % size === 0) return t(seconds === size ? `${unit}One` : `${unit}s`, { n: seconds / size });
  }
  return t("seconds", { n: seconds });
}

/** `kassa dev` only: the funded payers, as wallets named as the widget names them ("Dev wallet: Payer 1"). */
export function devWallets(): (DiscoveredWallet & { label: string })[] {
  return devAccounts(config.devWallet, config.devWalletScript).map((account) => ({
    ...account,
    name: widgetText("devWallet", { label: account.label }),
  }));
}

/** A screen that says what the page waits for. */
export function waiting(id: string, title: string, text: string): void {
  show(id, title, h("p", { class: "waiting" }, text));
}

/** The error screen: what went wrong in words, and a button that tries again. */
export function failed(error: unknown, retry: () => void): void {
  const message =
    error instanceof PageError
      ? error.message
      : isUserRejection(error)
        ? t("declined")
        : error instanceof WalletError
          ? t("walletFailed", { reason: error.message })
          : t("unreachable");
  show("error", t("errorTitle"), alert(message), actions(button(t("tryAgain"), retry)));
}
