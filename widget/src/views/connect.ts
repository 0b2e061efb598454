import type { Address } from "viem";
import { button, h } from "../dom.js";
import { actions, alert, paragraph, show, t, type Vars } from "../page.js";
import type { DiscoveredWallet } from "../wallet/eip1193.js";

/** The screens of connecting a wallet: the choice of wallet, the network, the balance. */

export function walletLabel(wallet: DiscoveredWallet): string {
  return wallet.name || t("browserWallet");
}

/** "Wallet: MetaMask 0x1234…abcd", under the screens that are about the connected wallet. */
export function walletLine(connected: { wallet: DiscoveredWallet; account: Address } | undefined) {
  if (!connected) return null;
  const short = `${connected.account.slice(0, 6)}…${connected.account.slice(-4)}`;
  return h(
    "p",
    { class: "muted wallet-line" },
    `${t("wallet")}: ${walletLabel(connected.wallet)} `,
    h("code", { title: connected.account }, short),
  );
}

/**
 * The list of wallets; returns the function that redraws it as wallets announce themselves. `devLabels`:
 * the `kassa dev` accounts the page offers, by index.
 */
export function connectScreen(
  v: Vars,
  devLabels: string[],
  choose: {
    wallet: (wallet: DiscoveredWallet) => void;
    dev: (index: number) => void;
    /** The transfer path, when the payment has a deposit address. */
    transfer?: (() => void) | undefined;
  },
): (wallets: DiscoveredWallet[]) => void {
  const list = h("ul", { class: "wallets", "aria-label": t("connectTitle") });
  const note = h("p", { class: "muted", id: "kassa-no-wallet" });
  show(
    "connect",
    t("connectTitle"),
    paragraph(t("connectIntro", v)),
    list,
    note,
    choose.transfer &&
      h(
        "div",
        { class: "transfer-choice" },
        paragraph(t("payByTransferHint", v), "muted"),
        actions(button(t("payByTransfer"), choose.transfer, { secondary: true, id: "kassa-transfer" })),
      ),
  );
  return (wallets) => {
    const items: HTMLLIElement[] = wallets.map((wallet) =>
      h(
        "li",
        {},
        h(
          "button",
          { type: "button", class: "wallet", "data-wallet": wallet.id, onclick: () => choose.wallet(wallet) },
          wallet.icon
            ? h("img", { src: wallet.icon, alt: "", width: 28, height: 28 })
            : h("span", { class: "wallet-icon", "aria-hidden": "true" }, "◆"),
          h("span", {}, walletLabel(wallet)),
        ),
      ),
    );
    devLabels.forEach((label, index) =>
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
              onclick: () => choose.dev(index),
            },
            h("span", { class: "wallet-icon", "aria-hidden": "true" }, "⚙"),
            h("span", {}, t("devWallet", { label }), h("small", {}, t("devWalletNote"))),
          ),
        ),
      ),
    );
    list.replaceChildren(...items);
    note.textContent = items.length === 0 ? t("noWallet") : "";
  };
}

export function connectingScreen(wallet: DiscoveredWallet): void {
  show(
    "connecting",
    t("connectTitle"),
    h("p", { class: "waiting" }, t("connecting", { wallet: walletLabel(wallet) })),
  );
}

export function wrongNetworkScreen(v: Vars, onSwitch: () => void): void {
  show(
    "wrong-network",
    t("wrongNetworkTitle"),
    paragraph(t("wrongNetworkBody", v)),
    actions(button(t("switchNetwork", v), onSwitch, { id: "kassa-switch" })),
  );
}

export function switchingScreen(v: Vars): void {
  show("switching", t("wrongNetworkTitle"), h("p", { class: "waiting" }, t("switching", v)));
}

/** The wallet does not know the network and Kassa has no parameters to add it with. */
export function addNetworkManuallyScreen(v: Vars, onRetry: () => void): void {
  show(
    "wrong-network",
    t("wrongNetworkTitle"),
    alert(t("addNetworkManually", v)),
    actions(button(t("tryAgain"), onRetry)),
  );
}

export function insufficientScreen(
  v: Vars,
  wallet: HTMLElement | null,
  onCheckAgain: () => void,
  onOtherWallet: () => void,
): void {
  show(
    "insufficient",
    t("insufficientTitle", v),
    alert(t("insufficientBody", v)),
    wallet,
    actions(
      button(t("checkAgain"), onCheckAgain, { id: "kassa-check-again" }),
      button(t("useAnotherWallet"), onOtherWallet, { secondary: true }),
    ),
  );
}
