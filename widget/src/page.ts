import {
  CONFIG_ELEMENT_ID,
  knownChains,
  type ChainParams,
  type WidgetMode,
  type WidgetPageConfig,
} from "./config.js";
import { h } from "./dom.js";
import { messages, type MessageKey } from "./messages.js";
import { pickLang, translator } from "@kassa/i18n";

/**
 * What the page is given and never changes: its URL parameters, language, configuration, and the card
 * every screen is shown in, with the helpers that render into it. The payment's state lives in the step
 * controller (steps.ts); the views (views/) render what it gives them.
 */
export const params = new URLSearchParams(location.search);
export const lang = pickLang(params.get("lang"), navigator.languages ?? [navigator.language]);
export const t = translator<MessageKey>(messages, lang);
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

/** The values of a text's placeholders: merchant, amount, symbol, network, native, ... */
export type Vars = Record<string, string | number>;

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

export function alert(text: string): HTMLParagraphElement {
  return h("p", { role: "alert" }, text);
}

export function actions(...buttons: (HTMLButtonElement | null | false)[]): HTMLDivElement {
  return h("div", { class: "actions" }, ...buttons.filter((b): b is HTMLButtonElement => Boolean(b)));
}
