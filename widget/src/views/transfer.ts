import { formatUnits, type Address } from "viem";
import type { Payment } from "../api.js";
import { button, h } from "../dom.js";
import { actions, announce, lang, paragraph, show, t, type Vars } from "../page.js";
import { qrSvg } from "../qr.js";

/**
 * Paying by transfer (issues 27 and 40): the payment's own deposit address, from any wallet or exchange. The
 * screen tells one story at each moment (`TransferMoment`): what to send now, what has arrived, and until when,
 * in the payer's time zone; the address and the amount, each with a copy button, are the way to pay, and the QR
 * code an aid that holds either the EIP-681 request or the address alone, for the wallets that cannot read the
 * request. Nothing here needs a wallet connected.
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

/** Base units of the payment's token that final transfers brought to its deposit address. */
export function receivedAmount(payment: Payment): bigint {
  return BigInt(payment.amountReceived ?? "0");
}

/**
 * Where paying by transfer stands at `now`: nothing arrived yet (`waiting`), part of the amount arrived
 * (`short`: send the rest), enough arrived and the payment is being settled (`arrived`), or the transfer window
 * is over (`closed`, with or without money at the address).
 */
export type TransferMoment =
  | { kind: "waiting" }
  | { kind: "short"; received: bigint; missing: bigint }
  | { kind: "arrived"; received: bigint }
  | { kind: "closed"; received: bigint };

export function transferMoment(payment: TransferPayment, now: number): TransferMoment {
  const received = receivedAmount(payment);
  if (Date.parse(payment.transferExpiresAt) <= now) return { kind: "closed", received };
  if (received === 0n) return { kind: "waiting" };
  if (received >= BigInt(payment.depositMinimumAmount ?? payment.amount))
    return { kind: "arrived", received };
  return { kind: "short", received, missing: BigInt(payment.amount) - received };
}

/** What the QR code holds: the EIP-681 request (token, amount, address) or the address alone. */
type QrContent = "request" | "address";
const QR_CHOICE = "kassa:transfer-qr";

function rememberedQr(): QrContent {
  try {
    return localStorage.getItem(QR_CHOICE) === "address" ? "address" : "request";
  } catch {
    return "request";
  }
}

function rememberQr(choice: QrContent): void {
  try {
    localStorage.setItem(QR_CHOICE, choice);
  } catch {
    // Storage unavailable (private mode, a sandboxed iframe): the choice lasts as long as the page.
  }
}

/** The payment's EIP-681 request for `amount` base units (the rest, after a short transfer). */
export function transferRequest(payment: TransferPayment, amount: bigint): string {
  return payment.transferUri.replace(/([?&]uint256=)\d+/, `$1${amount}`);
}

/** The end of the transfer window in the payer's time zone, named ("Nov 28, 2026, 3:36 PM Korean Standard Time"). */
export function transferDeadline(iso: string): string {
  return new Intl.DateTimeFormat(lang, {
    year: "numeric",
    month: "short",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZoneName: "long",
  }).format(new Date(iso));
}

function copyButton(value: string, id: string, what: string): HTMLButtonElement {
  const copy = h(
    "button",
    {
      type: "button",
      class: "copy",
      id,
      "aria-label": t("copyWhat", { what }),
      onclick: () => {
        void navigator.clipboard?.writeText(value).then(
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

/** The QR code and the choice of what it holds, each choice explained in a sentence. */
function qrBlock(payment: TransferPayment, amount: bigint, v: Vars): HTMLDivElement {
  const box = h("div", { class: "qr-box" });
  const note = h("p", { class: "muted", id: "kassa-qr-note" });
  const choices = new Map<QrContent, HTMLButtonElement>();
  const draw = (choice: QrContent) => {
    const request = choice === "request";
    box.replaceChildren(
      qrSvg(
        request ? transferRequest(payment, amount) : payment.depositAddress,
        request ? t("qrRequestLabel", v) : t("qrAddressLabel"),
      ),
    );
    box.dataset.qr = choice;
    note.textContent = t(request ? "qrRequestNote" : "qrAddressNote", v);
    for (const [content, option] of choices) option.setAttribute("aria-pressed", String(content === choice));
  };
  for (const choice of ["request", "address"] as const) {
    choices.set(
      choice,
      h(
        "button",
        {
          type: "button",
          class: "qr-option",
          id: `kassa-qr-${choice}`,
          onclick: () => {
            rememberQr(choice);
            draw(choice);
          },
        },
        t(choice === "request" ? "qrRequest" : "qrAddress"),
      ),
    );
  }
  draw(rememberedQr());
  return h(
    "div",
    { class: "qr-block" },
    box,
    h("div", { class: "qr-choice", role: "group", "aria-label": t("qrChoice") }, ...choices.values()),
    note,
  );
}

export interface TransferScreenOptions {
  /** Back to the wallet path; offered only while `walletOpen` says the wallet can pay. */
  onWallet: () => void;
  /** Back to the shop from the screen that says the window is over, when the payment has a fail URL. */
  onBack: (() => void) | undefined;
}

/**
 * Returns the function that shows the transfer screen for the latest payment at `now`. `walletOpen`: the wallet
 * path could pay it (nothing arrived, the call path's time not over). The screen is drawn again only when its
 * story changes (something arrived, the window closed, the wallet path closed), not at every poll, so a payer
 * copying the address is not interrupted.
 */
export function transferScreen(
  options: TransferScreenOptions,
): (latest: TransferPayment, v: Vars, now: number, walletOpen: boolean) => void {
  let shown = "";
  return (latest, v, now, walletOpen) => {
    const moment = transferMoment(latest, now);
    const key = `${moment.kind}:${"received" in moment ? moment.received : 0n}:${walletOpen}`;
    if (key === shown) return;
    const redraw = shown !== "";
    shown = key;
    draw(latest, v, moment, walletOpen, options);
    // A new story (money arrived, the window closed) is read out, not only shown.
    const status = document.getElementById("kassa-transfer-progress")?.textContent;
    if (redraw && status) announce(status);
  };
}

/** Draws the screen of one moment. */
function draw(
  latest: TransferPayment,
  v: Vars,
  moment: TransferMoment,
  walletOpen: boolean,
  options: TransferScreenOptions,
): void {
  const units = (amount: bigint) => formatUnits(amount, latest.tokenDecimals);
  const vars: Vars = {
    ...v,
    amount: units(BigInt(latest.amount)),
    received: "received" in moment ? units(moment.received) : "0",
    missing: moment.kind === "short" ? units(moment.missing) : units(BigInt(latest.amount)),
  };
  if (moment.kind === "closed") return closedScreen(latest, moment.received, vars, options);
  if (moment.kind === "arrived") {
    return show(
      "transfer",
      t("transferTitle"),
      h("p", { id: "kassa-transfer-progress", role: "status", class: "waiting" }, t("transferArrived", vars)),
    );
  }
  const short = moment.kind === "short";
  const send = short ? moment.missing : BigInt(latest.amount);
  // What arrived comes before what is still to send; while nothing did, the waiting line after the facts.
  const progress = h(
    "p",
    { id: "kassa-transfer-progress", role: "status", class: moment.kind },
    short ? t("transferShort", vars) : t("transferWaiting"),
  );
  show(
    "transfer",
    t("transferTitle"),
    short && progress,
    h(
      "p",
      { class: "lead", id: "kassa-transfer-step" },
      t(short ? "transferSendRest" : "transferSend", vars),
    ),
    h(
      "dl",
      { class: "transfer" },
      fact(
        t("transferAmount"),
        h("code", { id: "kassa-transfer-amount" }, units(send)),
        ` ${latest.tokenSymbol} `,
        copyButton(units(send), "kassa-copy-amount", t("transferAmount")),
      ),
      fact(
        t("transferAddress"),
        h("code", { id: "kassa-deposit-address" }, latest.depositAddress),
        copyButton(latest.depositAddress, "kassa-copy-address", t("transferAddress")),
      ),
      fact(t("transferToken"), `${latest.tokenSymbol} `, h("code", { class: "token" }, latest.tokenAddress)),
      fact(t("network"), t("transferNetwork", { network: v.network ?? "", chainId: latest.chainId })),
      fact(
        t("transferUntil"),
        h("span", { id: "kassa-transfer-until" }, transferDeadline(latest.transferExpiresAt)),
      ),
    ),
    !short && progress,
    qrBlock(latest, send, { ...vars, missing: units(send) }),
    paragraph(t("transferOnly", vars), "muted"),
    short && paragraph(t("transferNoWallet", vars), "muted"),
    moment.kind === "waiting" && walletOpen
      ? h(
          "div",
          { class: "transfer-choice" },
          paragraph(t("transferBeforeWallet"), "muted"),
          actions(button(t("payWithWallet"), options.onWallet, { secondary: true, id: "kassa-wallet-path" })),
        )
      : null,
  );
}

/** The transfer window is over: nothing arrived, or money waits at the address (short, or late and held). */
function closedScreen(
  payment: TransferPayment,
  received: bigint,
  v: Vars,
  options: TransferScreenOptions,
): void {
  const short = received < BigInt(payment.depositMinimumAmount ?? payment.amount);
  show(
    "transfer-expired",
    t("transferClosedTitle"),
    received === 0n
      ? paragraph(t("transferClosedNothing"))
      : h(
          "p",
          { id: "kassa-transfer-progress", role: "status", class: "short" },
          t(short ? "transferClosedShort" : "transferClosedLate", v),
        ),
    received === 0n ? null : paragraph(t("transferClosedHeld", v)),
    actions(options.onBack ? button(t("backToShop"), options.onBack, { id: "kassa-return" }) : null),
  );
}
