import { formatUnits } from "viem";
import type { Payment } from "../api.js";
import { h } from "../dom.js";
import { lang, summary, t } from "../page.js";

/** The card's header: whom the payer pays, how much, on which network, and the time left. */

export function amountText(payment: Payment): string {
  return formatUnits(BigInt(payment.amount), payment.tokenDecimals);
}

const countdown = h("dd", { role: "timer", "aria-live": "off", class: "countdown" }, "--:--");

export function renderSummary(
  payment: Payment,
  options: { networkName: string; final: boolean; onCancel: (() => void) | undefined },
): void {
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
      options.onCancel
        ? h(
            "button",
            {
              type: "button",
              class: "cancel",
              id: "kassa-cancel",
              "aria-label": t("cancel"),
              onclick: options.onCancel,
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
      h("div", {}, h("dt", {}, t("network")), h("dd", { id: "kassa-network" }, options.networkName)),
      options.final ? null : h("div", {}, h("dt", {}, t("timeLeft")), countdown),
    ),
  ];
  summary.replaceChildren(...parts.filter((part): part is Node => part !== null));
}

/** Shows the seconds left to pay, urgent in the last minute. */
export function renderCountdown(seconds: number): void {
  const mm = Math.floor(seconds / 60);
  const ss = seconds % 60;
  countdown.textContent = `${String(mm).padStart(2, "0")}:${String(ss).padStart(2, "0")}`;
  countdown.setAttribute("aria-label", t("timeLeftLabel", { minutes: mm, seconds: ss }));
  countdown.classList.toggle("urgent", seconds <= 60);
}
