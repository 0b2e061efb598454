/**
 * The merchant dashboard at /dashboard: sign-in with a wallet, then payments, payment links, subscriptions,
 * webhooks, keys and payment methods over the merchant API, with the HttpOnly session cookie in place of the API key.
 */
import { button, h } from "@kassa/widget/dom";
import { pickLang, translator, type Lang } from "@kassa/i18n";
import type { DevWalletPageConfig } from "@kassa/widget/config";
import { devAccounts } from "@kassa/widget/dev-accounts";
import { explainRevert } from "@kassa/widget/revert";
import { ApiError, api, setCsrfToken, type Session } from "./api.js";
import type { Screen } from "./context.js";
import { messages, type MessageKey } from "./messages.js";
import { renderKeys } from "./screens/keys.js";
import { renderLinks } from "./screens/links.js";
import { renderMethods } from "./screens/methods.js";
import { renderPayment } from "./screens/payment.js";
import { renderPayments } from "./screens/payments.js";
import { renderSubscription, renderSubscriptions } from "./screens/subscriptions.js";
import { renderWebhooks } from "./screens/webhooks.js";
import { discoverWallets, signInWithEthereum, type InjectedWallet } from "./wallet.js";
import "./styles.css";

const LANG_KEY = "kassa-dashboard-lang";
const root = document.getElementById("kassa-dashboard") as HTMLElement;
let lang: Lang = pickLang(localStorage.getItem(LANG_KEY), navigator.languages);
let t = translator(messages, lang);
let session: Session | undefined;
let wallets: InjectedWallet[] = [];
/** Redraws the sign-in screen's wallet buttons when a wallet announces itself late. */
let refillSignIn: (() => void) | undefined;

const live = h("p", { class: "sr-only", role: "status", "aria-live": "polite" });
const alertBox = h("div", { role: "alert", hidden: true });

function announce(message: string): void {
  live.textContent = "";
  // A new text node after clearing, so the same message twice is read twice.
  requestAnimationFrame(() => (live.textContent = message));
}

function fail(error: unknown): void {
  if (error instanceof ApiError && error.status === 401) {
    session = undefined;
    setCsrfToken(undefined);
    render();
    showAlert(t("sessionEnded"));
    return;
  }
  // A transaction the wallet would not send: its revert in words, never the raw data.
  const message = explainRevert(error, { lang }) ?? (error instanceof Error ? error.message : String(error));
  showAlert(t("error", { message }));
}

function showAlert(message: string): void {
  alertBox.textContent = message;
  alertBox.hidden = false;
}

function languageSwitch(): HTMLElement {
  const select = h(
    "select",
    {
      id: "language",
      onchange: (event: Event) => {
        lang = (event.target as HTMLSelectElement).value as Lang;
        localStorage.setItem(LANG_KEY, lang);
        t = translator(messages, lang);
        render();
      },
    },
    h("option", { value: "en", selected: lang === "en" }, "English"),
    h("option", { value: "ko", selected: lang === "ko" }, "한국어"),
  );
  return h("label", {}, t("language"), select);
}

function header(): HTMLElement {
  return h(
    "header",
    { class: "topbar" },
    h(
      "div",
      {},
      h("p", { class: "brand" }, t("title")),
      session
        ? h(
            "p",
            { class: "who" },
            t("signedInAs", { merchant: session.merchant.name, address: session.address }),
          )
        : null,
    ),
    h(
      "div",
      { class: "tools" },
      languageSwitch(),
      session ? button(t("signOut"), () => void signOut(), { secondary: true, id: "sign-out" }) : null,
    ),
  );
}

/** "Sign in with Ethereum", with the wallet's name where there are several or it is `kassa dev`'s. */
function signInLabel(wallet: InjectedWallet): string {
  if (wallets.length === 1 && !wallet.dev) return t("signInButton");
  return `${t("signInButton")} · ${wallet.dev ? t("devWallet", { label: wallet.name }) : wallet.name}`;
}

function signInScreen(): HTMLElement {
  const status = h("p", { class: "muted" });
  const choices = h("div", { class: "actions" });
  const fill = () => {
    choices.replaceChildren(
      ...(wallets.length === 0
        ? [h("p", {}, t("noWallet"))]
        : wallets.map((wallet) =>
            button(signInLabel(wallet), () => {
              status.textContent = t("signingIn");
              status.className = "muted waiting";
              const failed = (error: unknown) => {
                status.textContent = "";
                status.className = "muted";
                fail(error);
              };
              signInWithEthereum(wallet.provider).then((result) => {
                if ("session" in result) return signedIn(result.session);
                // The wallet may sign in to several merchants: the same signature, with the one chosen.
                refillSignIn = undefined;
                status.textContent = "";
                status.className = "muted";
                choices.replaceChildren(
                  h("p", {}, t("chooseMerchant")),
                  ...result.merchants.map((merchant) =>
                    button(
                      merchant.name,
                      () => void result.choose(merchant.merchantId).then(signedIn, failed),
                      {
                        secondary: true,
                      },
                    ),
                  ),
                );
                choices.querySelector("button")?.focus();
              }, failed);
            }),
          )),
    );
  };
  fill();
  refillSignIn = fill;
  return h(
    "section",
    { class: "card screen", "data-screen": "sign-in" },
    h("h1", { tabindex: -1 }, t("signInTitle")),
    h("p", {}, t("signInIntro")),
    choices,
    status,
  );
}

function signedIn(signed: Session): void {
  session = signed;
  setCsrfToken(signed.csrfToken);
  alertBox.hidden = true;
  // A new hash renders on hashchange.
  if (location.hash.startsWith("#/")) render();
  else location.hash = "#/payments";
}

async function signOut(): Promise<void> {
  try {
    await api("/dashboard/session", { method: "DELETE" });
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 401)) return fail(error);
  }
  session = undefined;
  setCsrfToken(undefined);
  location.hash = "";
  render();
}

const NAV: [string, MessageKey][] = [
  ["payments", "navPayments"],
  ["links", "navLinks"],
  ["subscriptions", "navSubscriptions"],
  ["webhooks", "navWebhooks"],
  ["keys", "navKeys"],
  ["methods", "navMethods"],
];

function render(): void {
  alertBox.hidden = true;
  document.documentElement.lang = lang;
  document.title = t("title");
  refillSignIn = undefined;
  if (!session) {
    root.replaceChildren(header(), alertBox, signInScreen(), live);
    return;
  }
  const [route = "payments", id] = location.hash.replace(/^#\//, "").split("/");
  const main = h("main", { id: "main" });
  const nav = h(
    "nav",
    { "aria-label": t("mainNav") },
    h(
      "ul",
      {},
      NAV.map(([name, key]) =>
        h(
          "li",
          {},
          h("a", { href: `#/${name}`, "aria-current": route === name ? "page" : undefined }, t(key)),
        ),
      ),
    ),
  );
  root.replaceChildren(header(), nav, alertBox, main, live);
  const screen: Screen = {
    t,
    lang,
    session,
    announce,
    fail,
    go: (hash) => (location.hash = hash),
  };
  const shown =
    route === "payments" && id
      ? renderPayment(screen, main, decodeURIComponent(id))
      : route === "webhooks"
        ? renderWebhooks(screen, main)
        : route === "keys"
          ? renderKeys(screen, main)
          : route === "methods"
            ? renderMethods(screen, main)
            : route === "links"
              ? renderLinks(screen, main)
              : route === "subscriptions"
                ? id
                  ? renderSubscription(screen, main, decodeURIComponent(id))
                  : renderSubscriptions(screen, main)
                : renderPayments(screen, main);
  shown.then(
    () => main.querySelector<HTMLElement>("h1")?.focus(),
    (error: unknown) => fail(error),
  );
}

/** What the server gives the page: under `kassa dev`, its dev wallet (the demo merchant's recipient). */
function pageConfig(): DevWalletPageConfig {
  try {
    return JSON.parse(
      document.getElementById("kassa-dashboard-config")?.textContent ?? "{}",
    ) as DevWalletPageConfig;
  } catch {
    return {};
  }
}

window.addEventListener("hashchange", () => render());
const { devWallet, devWalletScript } = pageConfig();
discoverWallets(
  (found) => {
    wallets = found;
    refillSignIn?.();
  },
  devAccounts(devWallet, devWalletScript).map((account) => ({
    name: account.label,
    provider: account.provider,
    dev: true,
  })),
);

api<Session>("/dashboard/session").then(
  (current) => {
    session = current;
    setCsrfToken(current.csrfToken);
    render();
  },
  () => render(),
);
