import { button, h } from "@kassa/widget/dom";
import { explainRevert } from "@kassa/widget/revert";
import { fromBaseUnits, toBaseUnits } from "@kassa/sdk";
import { ApiError, api, type Payment, type Timeline } from "../api.js";
import type { Screen } from "../context.js";
import type { MessageKey } from "../messages.js";
import { sendRefund, type RefundToSend } from "../wallet.js";

/**
 * A PAID payment's refund: the amount (what is left to refund by default), Kassa's signature, then the
 * signed-in wallet's approval and refund transactions. Refunds leave the payment's recipient wallet, so
 * another wallet is told so instead of being offered the button; Kassa checks the wallet again before
 * it records anything and says plainly why it would not, and a transaction the wallet would not send is
 * said in words. A refund requested but not sent (rejected in the wallet, say) can be sent again until
 * its deadline.
 */
/** Actions of the page under way: while one is, the page is not redrawn under it. */
export interface Busy {
  count: number;
}

/** The refund transactions this tab sent, by refund id: sent once, never offered again. */
const sentKey = (refundId: string) => `kassa-dashboard:refund-sent:${refundId}`;

function sentHash(refundId: string): string | null {
  try {
    return sessionStorage.getItem(sentKey(refundId));
  } catch {
    return null;
  }
}

function rememberSent(refundId: string, hash: string): void {
  try {
    sessionStorage.setItem(sentKey(refundId), hash);
  } catch {
    // Storage unavailable: the page still shows the hash until it is redrawn.
  }
}

export function refundPanel(
  screen: Screen,
  payment: Payment,
  timeline: Timeline,
  busy: Busy,
): HTMLElement | null {
  const { t, session } = screen;
  const pending = timeline.refunds.find((refund) => refund.status === "REFUND_SUBMITTED" && !refund.txHash);
  if (timeline.status !== "PAID" && !pending) return null;
  const { tokenDecimals: decimals, tokenSymbol: symbol, recipientAddress: recipient } = payment;
  const units = (value: string) => `${fromBaseUnits(value, decimals)} ${symbol}`;
  const refundable = (BigInt(payment.amount) - BigInt(payment.refundedAmount)).toString();
  const amounts = timeline.amounts;
  const note = amounts
    ? h(
        "p",
        { class: "muted", id: "refund-note" },
        t("refundNote", {
          recipient,
          net: units(amounts.net),
          gross: units(amounts.gross),
          fee: units(amounts.fee),
          left: units(refundable),
        }),
      )
    : null;
  if (session.address.toLowerCase() !== recipient.toLowerCase()) {
    return h(
      "div",
      { class: "refund-panel" },
      note,
      h(
        "p",
        { role: "alert", id: "refund-wallet" },
        t("refundWrongWallet", { recipient, address: session.address }),
      ),
    );
  }

  const amountInput = h("input", {
    id: "refund-amount",
    inputmode: "decimal",
    autocomplete: "off",
    value: fromBaseUnits(refundable, decimals),
    "aria-describedby": "refund-note",
  });
  const amountField = h("label", { for: "refund-amount" }, t("refundAmount"), amountInput);
  const status = h("p", { class: "muted", id: "refund-status" });
  const say = (text: string, kind: "muted" | "waiting" | "alert") => {
    status.textContent = text;
    status.className = kind === "waiting" ? "muted waiting" : kind === "muted" ? "muted" : "";
    if (kind === "alert") status.setAttribute("role", "alert");
    else status.removeAttribute("role");
  };
  let open = pending?.id;
  const action = button(
    t(open ? "sendRefund" : "refund"),
    () => {
      busy.count++;
      void refund()
        .catch(failed)
        .finally(() => busy.count--);
    },
    { secondary: true, id: "refund" },
  );

  /** Kassa's plain refusals of POST /refunds from a session: nothing was recorded. */
  const refusal = (error: unknown, amount: string): MessageKey | undefined => {
    if (!(error instanceof ApiError)) return undefined;
    const values = { address: session.address, amount: units(amount), native: t("nativeCoin") };
    const key: MessageKey | undefined =
      error.code === "INSUFFICIENT_TOKEN_BALANCE"
        ? "refundShortFunds"
        : error.code === "FORBIDDEN"
          ? "refundApproveRefused"
          : error.code === "CHAIN_CONFIG_ERROR"
            ? "refundUnchecked"
            : undefined;
    if (key) say(t(key, values), "alert");
    return key;
  };
  const failed = (error: unknown) => {
    say("", "muted");
    screen.fail(error);
  };

  const start = async (): Promise<RefundToSend | undefined> => {
    let amount: string;
    try {
      amount = toBaseUnits(amountInput.value, decimals);
    } catch {
      say(t("refundAmountInvalid", { decimals }), "alert");
      return undefined;
    }
    if (!confirm(t("refundConfirm", { amount: units(amount) }))) return undefined;
    try {
      return await api<RefundToSend>("/refunds", {
        method: "POST",
        json: { paymentId: payment.paymentId, amount },
      });
    } catch (error) {
      if (refusal(error, amount)) return undefined;
      throw error;
    }
  };

  async function refund(): Promise<void> {
    const toSend = open ? await api<RefundToSend>(`/refunds/${encodeURIComponent(open)}`) : await start();
    if (!toSend) return;
    // Recorded and signed: from now on the button sends this refund (again, if the wallet does not), no
    // other amount.
    open = toSend.id;
    amountField.remove();
    action.textContent = t("sendRefund");
    say(t("refunding"), "waiting");
    let hash: string;
    try {
      hash = await sendRefund(toSend);
    } catch (error) {
      const reason = explainRevert(error, { lang: screen.lang, token: { symbol, decimals } });
      if (!reason) throw error;
      say(t("refundNotSent", { reason }), "alert");
      return;
    }
    // Sent and mined: nothing more to send for this refund. The page redraws once Kassa records it.
    rememberSent(toSend.id, hash);
    action.remove();
    say(t("refundSent", { hash }), "muted");
    screen.announce(t("refundSent", { hash }));
  }

  // Sent from this tab and not yet recorded (the watcher confirms it in a moment): no button to send it again.
  const sent = open ? sentHash(open) : null;
  if (sent) say(t("refundSent", { hash: sent }), "muted");
  const actions = sent ? null : h("div", { class: "actions" }, open ? null : amountField, action);
  return h("div", { class: "refund-panel" }, note, actions, status);
}
