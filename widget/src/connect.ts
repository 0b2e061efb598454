import { formatUnits, type Address } from "viem";
import { readChainId, readTokenBalance } from "./chain.js";
import { button, h } from "./dom.js";
import type { createDevWallet } from "./wallet/devWallet.js";
import {
  discoverWallets,
  request,
  UNRECOGNIZED_CHAIN,
  WalletError,
  type DiscoveredWallet,
  type Eip1193Provider,
} from "./wallet/eip1193.js";
import { t, config, chainParams, state, show, paragraph, actions, vars } from "./page.js";
import { review } from "./pay.js";
import { handleError } from "./failures.js";

/**
 * Connecting a wallet: discovery, the dev wallet, the network and the balance checks.
 */
function walletLabel(wallet: DiscoveredWallet): string {
  return wallet.name || t("browserWallet");
}

export function showConnect(): void {
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
    if (!state.submitted && !state.final && !state.busy) void checkNetwork();
  };
  const onAccounts = (accounts: Address[]) => {
    if (state.submitted || state.final || state.busy || !state.connected) return;
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
  state.busy = true;
  try {
    try {
      await request(provider, "wallet_switchEthereumChain", [{ chainId }]);
    } catch (error) {
      if (!(error instanceof WalletError) || error.code !== UNRECOGNIZED_CHAIN) throw error;
      const known = chainParams.get(payment.chainId);
      if (!known) {
        state.busy = false;
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
    state.busy = false;
    await checkNetwork();
  } catch (error) {
    state.busy = false;
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

export function walletLine(): HTMLElement | null {
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
