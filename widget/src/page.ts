import { formatUnits, type Address } from "viem";
import { type KassaApi, type Payment } from "./api.js";
import {
  CONFIG_ELEMENT_ID,
  knownChains,
  type ChainParams,
  type WidgetMode,
  type WidgetPageConfig,
} from "./config.js";
import { h } from "./dom.js";
import { type FlowContext } from "./flow.js";
import { pickLang, translator } from "./i18n.js";
import { type DiscoveredWallet } from "./wallet/eip1193.js";

/**
 * The page's context: its URL parameters, language, configuration and state, and the card every
 * screen is shown in.
 */
export const params = new URLSearchParams(location.search);
export const lang = pickLang(params.get("lang"), navigator.languages ?? [navigator.language]);
export const t = translator(lang);
document.documentElement.lang = lang;
export const mode: WidgetMode = ((m) => (m === "popup" || m === "iframe" ? m : "redirect"))(
  params.get("mode"),
);
export const embedOrigin = params.get("origin");

function readConfig(): WidgetPageConfig {
  const element = document.getElementById(CONFIG_ELEMENT_ID);
  try {
    return { apiBase: "/api/v1", ...(JSON.parse(element?.textContent ?? "{}") as Partial<WidgetPageConfig>) };
  } catch {
    return { apiBase: "/api/v1" };
  }
}
export const config = readConfig();
export const chainParams = new Map<number, ChainParams>(
  [...knownChains, ...(config.chains ?? [])].map((chain) => [chain.chainId, chain]),
);

interface Connected {
  wallet: DiscoveredWallet;
  account: Address;
}

export const state: {
  api?: KassaApi;
  payment?: Payment;
  networkName: string;
  nativeSymbol: string;
  connected?: Connected;
  flow?: FlowContext;
  /** A payment transaction or relay request was sent: the countdown no longer ends the flow. */
  submitted: boolean;
  /** A final screen is shown (success, expired, failed). */
  final: boolean;
  stopDiscovery?: () => void;
  wallets: DiscoveredWallet[];
  oneMinuteAnnounced: boolean;
  /** True while the widget is waiting on the wallet, so wallet events do not restart the flow. */
  busy: boolean;
} = {
  networkName: "",
  nativeSymbol: "ETH",
  submitted: false,
  final: false,
  wallets: [],
  oneMinuteAnnounced: false,
  busy: false,
};

const root = document.getElementById("kassa-root") ?? document.body;
const live = h("div", {
  class: "sr-only",
  "aria-live": "polite",
  "aria-atomic": "true",
  id: "kassa-live",
});
export const screen = h("section", { class: "screen", "aria-labelledby": "screen-title" });
export const summary = h("header", { class: "summary" });
const card = h(
  "main",
  { class: "card" },
  summary,
  screen,
  live,
  h("footer", { class: "footer" }, t("footer")),
);
root.replaceChildren(card);

export function announce(text: string): void {
  live.textContent = "";
  // A fresh text node after a tick makes screen readers read repeated messages too.
  setTimeout(() => (live.textContent = text), 50);
}

/** Replaces the screen; moves focus to its heading so keyboard and screen-reader users follow. */
export function show(
  id: string,
  title: string,
  ...content: (Node | string | null | undefined | false)[]
): void {
  const heading = h("h1", { id: "screen-title", tabindex: "-1" }, title);
  screen.replaceChildren(heading, ...content.filter((item): item is Node | string => Boolean(item)));
  screen.dataset.screen = id;
  document.title = `${title} · Kassa`;
  heading.focus();
}

export function paragraph(text: string, className?: string): HTMLParagraphElement {
  return h("p", className ? { class: className } : {}, text);
}

export function actions(...buttons: (HTMLButtonElement | null | false)[]): HTMLDivElement {
  return h("div", { class: "actions" }, ...buttons.filter((b): b is HTMLButtonElement => Boolean(b)));
}

export function amountText(payment: Payment): string {
  return formatUnits(BigInt(payment.amount), payment.tokenDecimals);
}

export function vars(extra: Record<string, string | number> = {}): Record<string, string | number> {
  const payment = state.payment;
  return {
    merchant: payment?.merchantName ?? "",
    amount: payment ? amountText(payment) : "",
    symbol: payment?.tokenSymbol ?? "",
    network: state.networkName,
    native: state.nativeSymbol,
    ...extra,
  };
}

export const canCancel = () => Boolean(state.payment && state.payment.failUrl !== "service:none");
