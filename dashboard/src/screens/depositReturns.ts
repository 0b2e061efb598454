import { button, h } from "@kassa/widget/dom";
import { fromBaseUnits } from "@kassa/sdk";
import { api, type Payment } from "../api.js";
import type { Screen } from "../context.js";
import { signTypedData } from "../wallet.js";

interface DepositReturn {
  status: "SUBMITTED" | "RETURNED" | "FAILED";
  amount: string;
  to: string;
  txHash: string | null;
  reason: string | null;
}

/** Says a return's state in the panel's status line. */
function showReturn(screen: Screen, status: HTMLElement, sent: DepositReturn, amount: string): void {
  status.textContent = screen.t(`excess${sent.status}` as const, {
    amount,
    payer: sent.to,
    hash: sent.txHash ?? "—",
    reason: sent.reason ?? "",
  });
}

/**
 * An overpayment by transfer: a button that has Kassa's relayer send the excess from the payment's deposit
 * address back to the payer (POST /payments/:id/return-excess). The wallet signs nothing; pressed again, it
 * shows where the one return is.
 */
export function excessReturnPanel(screen: Screen, payment: Payment): HTMLElement | null {
  const { t } = screen;
  if (payment.paidVia !== "transfer" || !payment.overpaidAmount || payment.overpaidAmount === "0")
    return null;
  // After its sweep, what still reaches the address goes back on the recipient's signature (lateReturnPanel).
  if (payment.sweptAt) return null;
  const excess = `${fromBaseUnits(payment.overpaidAmount, payment.tokenDecimals)} ${payment.tokenSymbol}`;
  const status = h("p", { class: "muted", id: "excess-status", "aria-live": "polite" });
  const action = button(
    t("returnExcess"),
    () =>
      void (async () => {
        if (!confirm(t("returnExcessConfirm", { amount: excess, payer: payment.payerAddress ?? "" }))) return;
        const sent = await api<DepositReturn>(
          `/payments/${encodeURIComponent(payment.paymentId)}/return-excess`,
          {
            method: "POST",
          },
        );
        showReturn(screen, status, sent, excess);
      })().catch((error: unknown) => screen.fail(error)),
    { secondary: true, id: "return-excess" },
  );
  return h(
    "div",
    {},
    h("p", { class: "muted" }, t("excessNote", { amount: excess })),
    h("div", { class: "actions" }, action),
    status,
  );
}

interface LateReturnToSign {
  request: { amount: string; deadline: string; to: string };
  typedData: Parameters<typeof signTypedData>[0];
}

/** The statuses of a settled payment (the server's `paidStatuses`). */
const SETTLED = ["PAID", "REFUND_SUBMITTED", "REFUNDED"];

/**
 * A late deposit: one after the transfer window under the "return" setting (shown for an open payment that
 * received something), or one that reached the address of a payment that takes nothing more from it (swept, or
 * paid with the gateway's `pay`: a payer paying twice). Its money waits at the deposit address until the
 * recipient wallet signs its return to the sender (GET then POST /payments/:id/late-return); Kassa's relayer
 * sends it.
 */
export function lateReturnPanel(screen: Screen, payment: Payment): HTMLElement | null {
  const { t } = screen;
  const open = payment.status === "CREATED" || payment.status === "EXPIRED";
  const settled =
    SETTLED.includes(payment.status) && (payment.paidVia !== "transfer" || Boolean(payment.sweptAt));
  const waiting = (open ? payment.amountReceived : settled ? payment.overpaidAmount : undefined) ?? "0";
  if (waiting === "0") return null;
  const amount = `${fromBaseUnits(waiting, payment.tokenDecimals)} ${payment.tokenSymbol}`;
  const path = `/payments/${encodeURIComponent(payment.paymentId)}/late-return`;
  const status = h("p", { class: "muted", id: "late-status", "aria-live": "polite" });
  const action = button(
    t("returnLate"),
    () =>
      void (async () => {
        const toSign = await api<LateReturnToSign>(path);
        if (!confirm(t("returnLateConfirm", { amount, payer: toSign.request.to }))) return;
        const signature = await signTypedData(toSign.typedData);
        const { amount: signed, deadline } = toSign.request;
        const sent = await api<DepositReturn>(path, {
          method: "POST",
          json: { amount: signed, deadline, signature },
        });
        showReturn(screen, status, sent, amount);
      })().catch((error: unknown) => screen.fail(error)),
    { secondary: true, id: "return-late" },
  );
  return h(
    "div",
    {},
    h("p", { class: "muted" }, t(open ? "lateNote" : "lateSettledNote", { amount })),
    h("div", { class: "actions" }, action),
    status,
  );
}
