/**
 * The payer page (`/widget`). URL parameters:
 * - `publicKey` (pk_), and either `paymentId` (created by the merchant's server) or the fields of
 *   POST /payments: `orderId`, `amount`, `tokenAddress`, `successUrl`, `failUrl`, optional `currency`;
 * - `mode`: `redirect` (default; this page navigates), `popup` or `iframe` (the embed script in the
 *   merchant's page navigates, told by postMessage to `origin`);
 * - `lang`: `en` or `ko` (default: the browser's language).
 */
import "./styles.css";
import { formatUnits, type Address, type Hex } from "viem";
import { ApiError, createApi, type KassaApi, type Payment } from "./api.js";
import { readChainId, readTokenBalance } from "./chain.js";
import {
  CONFIG_ELEMENT_ID,
  knownChains,
  redirectTarget,
  type ChainParams,
  type WidgetMessage,
  type WidgetMode,
  type WidgetPageConfig,
} from "./config.js";
import { button, h } from "./dom.js";
import {
  executePlan,
  FaucetRefused,
  gaslessAvailable,
  GaslessUnavailable,
  NeedsGas,
  planPayment,
  TransactionFailed,
  type FlowContext,
  type Plan,
  type StepId,
} from "./flow.js";
import { pickLang, translator, type MessageKey } from "./i18n.js";
import type { createDevWallet } from "./wallet/devWallet.js";
import {
  discoverWallets,
  isUserRejection,
  request,
  UNRECOGNIZED_CHAIN,
  WalletError,
  type DiscoveredWallet,
  type Eip1193Provider,
} from "./wallet/eip1193.js";

const params = new URLSearchParams(location.search);
const lang = pickLang(params.get("lang"), navigator.languages ?? [navigator.language]);
const t = translator(lang);
document.documentElement.lang = lang;
const mode: WidgetMode = ((m) => (m === "popup" || m === "iframe" ? m : "redirect"))(params.get("mode"));
const embedOrigin = params.get("origin");

function readConfig(): WidgetPageConfig {
  const element = document.getElementById(CONFIG_ELEMENT_ID);
  try {
    return { apiBase: "/api/v1", ...(JSON.parse(element?.textContent ?? "{}") as Partial<WidgetPageConfig>) };
  } catch {
    return { apiBase: "/api/v1" };
  }
}
const config = readConfig();
const chainParams = new Map<number, ChainParams>(
  [...knownChains, ...(config.chains ?? [])].map((chain) => [chain.chainId, chain]),
);

interface Connected {
  wallet: DiscoveredWallet;
  account: Address;
}

const state: {
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
} = {
  networkName: "",
  nativeSymbol: "ETH",
  submitted: false,
  final: false,
  wallets: [],
  oneMinuteAnnounced: false,
};

// ---------------------------------------------------------------------------------------------- layout

const root = document.getElementById("kassa-root") ?? document.body;
const live = h("div", { class: "sr-only", "aria-live": "polite", "aria-atomic": "true", id: "kassa-live" });
const screen = h("section", { class: "screen", "aria-labelledby": "screen-title" });
const summary = h("header", { class: "summary" });
const card = h(
  "main",
  { class: "card" },
  summary,
  screen,
  live,
  h("footer", { class: "footer" }, t("footer")),
);
root.replaceChildren(card);

function announce(text: string): void {
  live.textContent = "";
  // A fresh text node after a tick makes screen readers read repeated messages too.
  setTimeout(() => (live.textContent = text), 50);
}

/** Replaces the screen; moves focus to its heading so keyboard and screen-reader users follow. */
function show(id: string, title: string, ...content: (Node | string | null | undefined | false)[]): void {
  const heading = h("h1", { id: "screen-title", tabindex: "-1" }, title);
  screen.replaceChildren(heading, ...content.filter((item): item is Node | string => Boolean(item)));
  screen.dataset.screen = id;
  document.title = `${title} · Kassa`;
  heading.focus();
}

function paragraph(text: string, className?: string): HTMLParagraphElement {
  return h("p", className ? { class: className } : {}, text);
}

function actions(...buttons: (HTMLButtonElement | null | false)[]): HTMLDivElement {
  return h("div", { class: "actions" }, ...buttons.filter((b): b is HTMLButtonElement => Boolean(b)));
}

function amountText(payment: Payment): string {
  return formatUnits(BigInt(payment.amount), payment.tokenDecimals);
}

function vars(extra: Record<string, string | number> = {}): Record<string, string | number> {
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

const canCancel = () => Boolean(state.payment && state.payment.failUrl !== "service:none");

const countdown = h("dd", { role: "timer", "aria-live": "off", class: "countdown" }, "--:--");

function renderSummary(payment: Payment): void {
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
function serverNow(): number {
  const skew = state.api?.clockSkewMs() ?? 0;
  return Date.now() + (Math.abs(skew) < 2000 ? 0 : skew);
}

function tickCountdown(): void {
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

// ---------------------------------------------------------------------------------------------- ending

function post(message: WidgetMessage): void {
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

function showExpired(): void {
  showFinal();
  show("expired", t("expiredTitle"), paragraph(t("expiredBody")), actions(returnButton("fail")));
}

function showFailed(status: string): void {
  showFinal();
  show("failed", t("failedTitle"), paragraph(t("failedBody", { status })), actions(returnButton("fail")));
}

function showError(message: string, retry?: () => void): void {
  show(
    "error",
    t("errorTitle"),
    h("p", { role: "alert" }, message),
    actions(retry ? button(t("tryAgain"), retry) : null),
  );
}

function txLink(hash: Hex | null): HTMLElement | null {
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
function routeByStatus(payment: Payment): boolean {
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

// ---------------------------------------------------------------------------------------------- wallet

function walletLabel(wallet: DiscoveredWallet): string {
  return wallet.name || t("browserWallet");
}

function showConnect(): void {
  const list = h("ul", { class: "wallets", "aria-label": t("connectTitle") });
  const note = h("p", { class: "muted", id: "kassa-no-wallet" });
  const renderList = () => {
    const items: HTMLLIElement[] = state.wallets.map((wallet) =>
      h(
        "li",
        {},
        h(
          "button",
          { type: "button", class: "wallet", "data-wallet": wallet.id, onclick: () => void connect(wallet) },
          wallet.icon
            ? h("img", { src: wallet.icon, alt: "", width: 28, height: 28 })
            : h("span", { class: "wallet-icon", "aria-hidden": "true" }, "◆"),
          h("span", {}, walletLabel(wallet)),
        ),
      ),
    );
    const dev = config.devWallet;
    dev?.accounts.forEach((account, index) => {
      const label = account.label ?? `#${index + 1}`;
      items.push(
        h(
          "li",
          {},
          h(
            "button",
            {
              type: "button",
              class: "wallet dev",
              "data-wallet": `dev:${index}`,
              onclick: () => void connectDev(index),
            },
            h("span", { class: "wallet-icon", "aria-hidden": "true" }, "⚙"),
            h("span", {}, t("devWallet", { label }), h("small", {}, t("devWalletNote"))),
          ),
        ),
      );
    });
    list.replaceChildren(...items);
    note.textContent = items.length === 0 ? t("noWallet") : "";
  };
  state.stopDiscovery?.();
  state.stopDiscovery = discoverWallets((wallets) => {
    state.wallets = wallets;
    renderList();
  });
  show("connect", t("connectTitle"), paragraph(t("connectIntro", vars())), list, note);
}

async function connectDev(index: number): Promise<void> {
  const dev = config.devWallet;
  const account = dev?.accounts[index];
  if (!dev || !account || !config.devWalletScript) return;
  // A separate bundle (see build.ts), so the payer page carries none of its signing code.
  const devWallet = (await import(
    /* a URL served with the page, not a module of this bundle */ config.devWalletScript
  )) as { createDevWallet: typeof createDevWallet };
  await connect({
    id: `dev:${index}`,
    name: t("devWallet", { label: account.label ?? `#${index + 1}` }),
    provider: devWallet.createDevWallet(dev, account.privateKey),
  });
}

let unsubscribe: (() => void) | undefined;

async function connect(wallet: DiscoveredWallet): Promise<void> {
  show(
    "connecting",
    t("connectTitle"),
    h("p", { class: "waiting" }, t("connecting", { wallet: walletLabel(wallet) })),
  );
  try {
    const accounts = await request<Address[]>(wallet.provider, "eth_requestAccounts");
    const account = accounts[0];
    if (!account) throw new WalletError("the wallet shared no account", undefined);
    state.connected = { wallet, account };
    state.stopDiscovery?.();
    subscribe(wallet.provider);
    await checkNetwork();
  } catch (error) {
    handleError(error, showConnect);
  }
}

/** Wallet events re-run the checks, unless a payment is already under way. */
function subscribe(provider: Eip1193Provider): void {
  unsubscribe?.();
  const onChain = () => {
    if (!state.submitted && !state.final && !busy) void checkNetwork();
  };
  const onAccounts = (accounts: Address[]) => {
    if (state.submitted || state.final || busy || !state.connected) return;
    const account = accounts[0];
    if (!account) return showConnect();
    state.connected = { ...state.connected, account };
    void checkNetwork();
  };
  provider.on?.("chainChanged", onChain);
  provider.on?.("accountsChanged", onAccounts);
  unsubscribe = () => {
    provider.removeListener?.("chainChanged", onChain);
    provider.removeListener?.("accountsChanged", onAccounts);
  };
}

/** True while the widget is waiting on the wallet, so wallet events do not restart the flow. */
let busy = false;

async function checkNetwork(): Promise<void> {
  const { payment, connected } = state;
  if (!payment || !connected) return;
  try {
    const chainId = await readChainId(connected.wallet.provider);
    if (chainId === payment.chainId) return await checkBalance();
    show(
      "wrong-network",
      t("wrongNetworkTitle"),
      paragraph(t("wrongNetworkBody", vars())),
      actions(button(t("switchNetwork", vars()), () => void switchNetwork(), { id: "kassa-switch" })),
    );
  } catch (error) {
    handleError(error, () => void checkNetwork());
  }
}

async function switchNetwork(): Promise<void> {
  const { payment, connected } = state;
  if (!payment || !connected) return;
  const provider = connected.wallet.provider;
  const chainId = `0x${payment.chainId.toString(16)}`;
  show("switching", t("wrongNetworkTitle"), h("p", { class: "waiting" }, t("switching", vars())));
  busy = true;
  try {
    try {
      await request(provider, "wallet_switchEthereumChain", [{ chainId }]);
    } catch (error) {
      if (!(error instanceof WalletError) || error.code !== UNRECOGNIZED_CHAIN) throw error;
      const known = chainParams.get(payment.chainId);
      if (!known) {
        busy = false;
        return show(
          "wrong-network",
          t("wrongNetworkTitle"),
          h("p", { role: "alert" }, t("addNetworkManually", vars({ chainId: payment.chainId }))),
          actions(button(t("tryAgain"), () => void checkNetwork())),
        );
      }
      await request(provider, "wallet_addEthereumChain", [
        {
          chainId,
          chainName: known.name,
          rpcUrls: known.rpcUrls,
          nativeCurrency: known.nativeCurrency,
          ...(known.blockExplorerUrls ? { blockExplorerUrls: known.blockExplorerUrls } : {}),
        },
      ]);
    }
    busy = false;
    await checkNetwork();
  } catch (error) {
    busy = false;
    handleError(error, () => void checkNetwork());
  }
}

async function checkBalance(): Promise<void> {
  const { payment, connected } = state;
  if (!payment || !connected) return;
  const balance = await readTokenBalance(connected.wallet.provider, payment.tokenAddress, connected.account);
  if (balance >= BigInt(payment.amount)) return review({ gasless: true });
  show(
    "insufficient",
    t("insufficientTitle", vars()),
    h(
      "p",
      { role: "alert" },
      t("insufficientBody", vars({ balance: formatUnits(balance, payment.tokenDecimals) })),
    ),
    walletLine(),
    actions(
      button(t("checkAgain"), () => void checkBalance(), { id: "kassa-check-again" }),
      button(t("useAnotherWallet"), showConnect, { secondary: true }),
    ),
  );
}

function walletLine(): HTMLElement | null {
  const connected = state.connected;
  if (!connected) return null;
  const short = `${connected.account.slice(0, 6)}…${connected.account.slice(-4)}`;
  return h(
    "p",
    { class: "muted wallet-line" },
    `${t("wallet")}: ${walletLabel(connected.wallet)} `,
    h("code", { title: connected.account }, short),
  );
}

// ---------------------------------------------------------------------------------------------- paying

const stepText: Record<StepId, [MessageKey, MessageKey, MessageKey]> = {
  permit: ["stepPermit", "stepPermitAsk", "stepPermitWhy"],
  faucet: ["stepFaucet", "stepFaucetAsk", "stepFaucetWhy"],
  approve: ["stepApprove", "stepApproveAsk", "stepApproveWhy"],
  forward: ["stepForward", "stepForwardAsk", "stepForwardWhy"],
  pay: ["stepPay", "stepPayAsk", "stepPayWhy"],
};

function stepList(plan: Plan, current?: StepId): HTMLOListElement {
  const index = current ? plan.steps.indexOf(current) : -1;
  return h(
    "ol",
    { class: "steps" },
    plan.steps.map((step, i) => {
      const [title, ask, why] = stepText[step];
      const status = i < index ? "done" : i === index ? "current" : "pending";
      const statusLabel = t(
        status === "done" ? "stepDone" : status === "current" ? "stepCurrent" : "stepPending",
      );
      return h(
        "li",
        {
          class: `step ${status}`,
          "data-step": step,
          ...(status === "current" ? { "aria-current": "step" } : {}),
        },
        h(
          "span",
          { class: "step-title" },
          t(title, vars()),
          h("span", { class: "sr-only" }, ` (${statusLabel})`),
        ),
        h("span", { class: "step-ask" }, t(ask, vars())),
        h("span", { class: "step-why" }, t(why, vars())),
      );
    }),
  );
}

function flowContext(): FlowContext | undefined {
  const { api, payment, connected } = state;
  if (!api || !payment || !connected) return undefined;
  const previous = state.flow;
  const same = previous?.account === connected.account && previous.provider === connected.wallet.provider;
  state.flow = {
    api,
    payment,
    provider: connected.wallet.provider,
    account: connected.account,
    ...(same && previous?.permit ? { permit: previous.permit } : {}),
  };
  return state.flow;
}

/** What the payer pays network fees for, true to the plan's steps (an approval is a transaction). */
function reviewHint(plan: Plan): string {
  const approves = plan.steps.includes("approve");
  if (!plan.gasless) return t(approves ? "directApproveHint" : "directHint", vars());
  if (plan.steps.includes("faucet")) return t("gaslessFaucetHint", vars());
  return t(approves ? "gaslessApproveHint" : "gaslessHint", vars());
}

async function review(options: { gasless: boolean }): Promise<void> {
  const ctx = flowContext();
  if (!ctx) return;
  busy = true;
  try {
    const gasless = options.gasless && gaslessAvailable(ctx.payment);
    const plan = await planPayment(ctx, { gasless });
    busy = false;
    const label = t(gasless ? "payGasless" : "payDirect", vars());
    show(
      gasless ? "review-gasless" : "review-direct",
      t("reviewTitle"),
      walletLine(),
      paragraph(reviewHint(plan), "hint"),
      h("p", { class: "steps-intro" }, t("stepsIntro")),
      stepList(plan),
      actions(
        button(label, () => void pay(plan), { id: "kassa-pay" }),
        gasless
          ? button(t("payWithOwnGas"), () => void review({ gasless: false }), {
              secondary: true,
              id: "kassa-direct",
            })
          : null,
      ),
    );
  } catch (error) {
    busy = false;
    handleError(error, () => void review(options));
  }
}

async function pay(plan: Plan): Promise<void> {
  const ctx = flowContext();
  if (!ctx) return;
  busy = true;
  const progress = (step: StepId) => {
    show(
      "progress",
      t("progressTitle"),
      stepList(plan, step),
      h("p", { class: "waiting" }, t("checkWallet")),
    );
    const [title, ask] = stepText[step];
    announce(`${t(title, vars())}. ${t(ask, vars())}`);
  };
  try {
    const result = await executePlan(ctx, plan, progress, (hash) => rememberSubmission(hash));
    rememberSubmission(result.txHash ?? RELAYED);
    state.submitted = true;
    busy = false;
    await waitForPaid(result.gasless, result.txHash);
  } catch (error) {
    busy = false;
    handleError(error, () => void review({ gasless: plan.gasless }));
  }
}

const submissionKey = () => `kassa:submitted:${state.payment?.paymentId ?? ""}`;
/** Remembered instead of a transaction hash when the relayer sends the payment. */
const RELAYED = "relayed";

function rememberSubmission(submitted: Hex | typeof RELAYED): void {
  try {
    sessionStorage.setItem(submissionKey(), submitted);
  } catch {
    // Storage may be unavailable (private mode, sandboxed iframe): only a reload would miss it.
  }
}

function recalledSubmission(): string | null {
  try {
    return sessionStorage.getItem(submissionKey());
  } catch {
    return null;
  }
}

async function waitForPaid(gasless: boolean, txHash: Hex | null): Promise<void> {
  const payment = state.payment;
  const api = state.api;
  if (!payment || !api) return;
  state.submitted = true;
  const status = h(
    "p",
    { class: "waiting", role: "status" },
    gasless ? t("relayQueued") : t("confirmingBody", vars()),
  );
  show("confirming", t("confirmingTitle"), status, txLink(txHash));
  announce(t("confirmingTitle"));
  // The status comes from the server's event stream; polling GET /payments/:id is the fallback while
  // the stream is not open (an old server, a proxy that buffers). A relayed payment (and only one: any
  // other has no relay, GET .../relay would answer 404) also polls its relay, whose failure before
  // broadcast leaves the payment CREATED.
  let done = false;
  const arrived = (latest: Payment): boolean => {
    if (done) return true;
    state.payment = { ...latest, merchantName: latest.merchantName ?? payment.merchantName };
    done = routeByStatus(state.payment);
    return done;
  };
  const stream = new AbortController();
  let streaming = false;
  // Reopened when the server ends it early (its time limit); given up after 3 failures in a row.
  const follow = async () => {
    for (let failures = 0; failures < 3 && !done && !stream.signal.aborted;) {
      streaming = true;
      const ended = await api.watchPayment(payment.paymentId, arrived, stream.signal).then(
        () => true,
        () => false,
      );
      streaming = false;
      failures = ended ? 0 : failures + 1;
      if (!done) await new Promise((resolve) => setTimeout(resolve, 2000));
    }
  };
  void follow();
  try {
    for (let attempt = 0; !done; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, attempt < 5 ? 800 : 2000));
      if (done) return;
      try {
        if (!streaming && arrived(await api.getPayment(payment.paymentId))) return;
        if (gasless) {
          const relay = await api.getRelay(payment.paymentId).catch(() => null);
          if (done) return;
          if (relay?.status === "FAILED") {
            done = true;
            state.submitted = false;
            return show(
              "tx-failed",
              t("txFailedTitle"),
              h("p", { role: "alert" }, t("txFailedBody", { detail: relay.errorMessage ?? "" })),
              actions(
                button(t("payWithOwnGas"), () => void review({ gasless: false }), { id: "kassa-direct" }),
              ),
            );
          }
          if (relay?.transactionHash && !screen.querySelector(".tx"))
            screen.append(txLink(relay.transactionHash) ?? "");
        }
      } catch {
        // A failed poll is retried; the payment is on-chain either way.
      }
    }
  } finally {
    stream.abort();
  }
}

// ---------------------------------------------------------------------------------------------- errors

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
function payerError(
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

function handleError(error: unknown, retry: () => void): void {
  busy = false;
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

// ---------------------------------------------------------------------------------------------- start

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
  if (!publicKey) return showError(t("missingParams"));
  const api = createApi(config.apiBase, publicKey);
  state.api = api;
  let payment: Payment;
  try {
    payment = await loadPayment(api);
  } catch (error) {
    const { message, canRetry } =
      error instanceof ApiError
        ? payerError(error, { creating: !paymentIdFromUrl() })
        : { message: t("serviceUnavailable"), canRetry: true };
    return showError(message, canRetry ? () => location.reload() : undefined);
  }
  state.payment = payment;
  post({
    source: "kassa-widget",
    type: "payment",
    paymentId: payment.paymentId,
    orderId: payment.orderId,
    failUrl: payment.failUrl,
  });
  const names = await api.chainNames().catch(() => new Map<number, string>());
  const known = chainParams.get(payment.chainId);
  state.networkName = names.get(payment.chainId) ?? known?.name ?? `Chain ${payment.chainId}`;
  state.nativeSymbol = known?.nativeCurrency.symbol ?? "ETH";
  renderSummary(payment);
  // Paid in time and mined, its block not final yet: confirming, not expired, whatever the countdown says
  // (waiting marks the payment submitted before the first tick).
  if (payment.seenTxHash) void waitForPaid(false, payment.seenTxHash);
  tickCountdown();
  setInterval(tickCountdown, 1000);
  if (payment.seenTxHash || routeByStatus(payment)) return;
  const recalled = recalledSubmission();
  if (recalled) {
    return void waitForPaid(recalled === RELAYED, recalled === RELAYED ? null : (recalled as Hex));
  }
  if (Date.parse(payment.expiresAt) <= serverNow()) return showExpired();
  showConnect();
}

void start();
