import { formatUnits, type Address } from "viem";
import type { Payment } from "../api.js";
import { button, h } from "../dom.js";
import { actions, lang, paragraph, show, t, type Vars } from "../page.js";
import { qrSvg } from "../qr.js";

/**
 * Paying by transfer (issue 27): the payment's own deposit address, the exact amount in token units, the token
 * and network, a QR code of the EIP-681 request, the end of the transfer window, and, once a transfer fell
 * short, what arrived and what is still to send. Any wallet or exchange can pay it: nothing here needs one
 * connected.
 */

/** A payment the transfer path can pay: the server gave it a deposit address. */
export interface TransferPayment extends Payment {
  depositAddress: Address;
  transferUri: string;
  transferExpiresAt: string;
}

export function transferOffered(payment: Payment): payment is TransferPayment {
  return Boolean(payment.depositAddress && payment.transferUri && payment.transferExpiresAt);
}

/** Base units still to send: the amount less what arrived (a top-up asks only for the rest). */
export function missingAmount(payment: Payment): bigint {
  const missing = BigInt(payment.amount) - BigInt(payment.amountReceived ?? "0");
  return missing > 0n ? missing : 0n;
}

function copyButton(value: () => string, id: string, what: string): HTMLButtonElement {
  const copy = h(
    "button",
    {
      type: "button",
      class: "copy",
      id,
      "aria-label": t("copyWhat", { what }),
      onclick: () => {
        void navigator.clipboard?.writeText(value()).then(
          () => {
            copy.textContent = t("copied");
            setTimeout(() => (copy.textContent = t("copy")), 2000);
          },
          () => {},
        );
      },
    },
    t("copy"),
  );
  return copy;
}

function fact(label: string, ...value: (Node | string)[]): HTMLDivElement {
  return h("div", {}, h("dt", {}, label), h("dd", {}, ...value));
}

/**
 * Shows the transfer screen; returns the function that redraws what changes (what arrived, what is still to
 * send and its QR code) as the payment's status comes in. `onWallet`: back to the wallet path, while it can pay.
 */
export function transferScreen(
  payment: TransferPayment,
  v: Vars,
  onWallet: (() => void) | undefined,
): (latest: Payment) => void {
  const decimals = payment.tokenDecimals;
  const address = payment.depositAddress;
  const amount = h("code", { id: "kassa-transfer-amount" });
  const qr = h("div", { class: "qr-box" });
  const progress = h("p", { id: "kassa-transfer-progress", role: "status" });
  const until = new Intl.DateTimeFormat(lang, { dateStyle: "medium", timeStyle: "short" }).format(
    new Date(payment.transferExpiresAt),
  );
  show(
    "transfer",
    t("transferTitle"),
    paragraph(t("transferIntro", v)),
    qr,
    h(
      "dl",
      { class: "transfer" },
      fact(
        t("transferAddress"),
        h("code", { id: "kassa-deposit-address" }, address),
        copyButton(() => address, "kassa-copy-address", t("transferAddress")),
      ),
      fact(
        t("transferAmount"),
        amount,
        ` ${payment.tokenSymbol} `,
        copyButton(() => amount.textContent ?? "", "kassa-copy-amount", t("transferAmount")),
      ),
      fact(
        t("transferToken"),
        `${payment.tokenSymbol} `,
        h("code", { class: "token" }, payment.tokenAddress),
      ),
      fact(t("network"), t("transferNetwork", { network: v.network ?? "", chainId: payment.chainId })),
      fact(t("transferUntil"), h("span", { id: "kassa-transfer-until" }, until)),
    ),
    progress,
    paragraph(t("transferOnly", v), "muted"),
    actions(
      onWallet ? button(t("payWithWallet"), onWallet, { secondary: true, id: "kassa-wallet-path" }) : null,
    ),
  );
  return (latest) => {
    const missing = missingAmount(latest);
    const received = BigInt(latest.amountReceived ?? "0");
    const send = formatUnits(missing, decimals);
    amount.textContent = send;
    qr.replaceChildren(
      qrSvg(payment.transferUri.replace(/uint256=\d+/, `uint256=${missing}`), t("transferQr")),
    );
    progress.className = received > 0n ? "short" : "waiting";
    progress.textContent =
      received > 0n
        ? t("transferShort", {
            received: formatUnits(received, decimals),
            amount: formatUnits(BigInt(latest.amount), decimals),
            missing: send,
            symbol: latest.tokenSymbol,
          })
        : t("transferWaiting");
  };
}
