import { button, h } from "@kassa/widget/dom";
import { fromBaseUnits } from "@kassa/sdk";
import { api, type Payment } from "../api.js";
import type { Screen } from "../context.js";
import { signTypedData } from "../wallet.js";

/**
 * The payment screen's returns from a deposit address. Money goes back only to whoever sent it, and only what they
 * sent: Kassa prepares one return per sender, naming their transfers, and these panels show each by its sender.
 */

interface DepositReturn {
  status: "SUBMITTED" | "RETURNED" | "FAILED";
  amount: string;
  to: string;
  txHash: string | null;
  reason: string | null;
}

/** Says the returns' states in the panel's status line, one sentence each. */
function showReturns(screen: Screen, status: HTMLElement, payment: Payment, sent: DepositReturn[]): void {
  status.textContent = sent
    .map((entry) =>
      screen.t(`excess${entry.status}` as const, {
        amount: `${fromBaseUnits(entry.amount, payment.tokenDecimals)} ${payment.tokenSymbol}`,
        payer: entry.to,
        hash: entry.txHash ?? "—",
        reason: entry.reason ?? "",
      }),
    )
    .join(" ");
}

/**
 * An overpayment by transfer: a button that has Kassa's relayer send what each sender sent beyond the amount back
 * to that sender (POST /payments/:id/return-excess). The wallet signs nothing; pressed again, it shows the returns.
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
        if (!confirm(t("returnExcessConfirm", { amount: excess }))) return;
        const sent = await api<{ returns: DepositReturn[] }>(
          `/payments/${encodeURIComponent(payment.paymentId)}/return-excess`,
          { method: "POST" },
        );
        showReturns(screen, status, payment, sent.returns);
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
  request: { returnId: string; to: string; amount: string; deadline: string };
  typedData: Parameters<typeof signTypedData>[0];
}

/** The statuses of a settled payment (the server's `paidStatuses`), and of an open one. */
const SETTLED = ["PAID", "REFUND_SUBMITTED", "REFUNDED"];
const OPEN = ["CREATED", "EXPIRED", "FAILED"];

/**
 * A late deposit: what an open payment received, once its transfer window closed (under the "return" setting, or
 * short and never topped up), or what reached the address of a payment that takes nothing more from it (swept, or
 * paid with the gateway's `pay`: a payer paying twice). Its money waits at the deposit address until the recipient
 * wallet signs each sender's return (GET then POST /payments/:id/late-return, once per sender); Kassa's relayer
 * sends them.
 */
export function lateReturnPanel(screen: Screen, payment: Payment, now = Date.now()): HTMLElement | null {
  const { t } = screen;
  const closed = payment.transferExpiresAt ? Date.parse(payment.transferExpiresAt) < now : false;
  const open = OPEN.includes(payment.status) && closed;
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
        const toSign = await api<{ returns: LateReturnToSign[] }>(path);
        const sent: DepositReturn[] = [];
        for (const { request, typedData } of toSign.returns) {
          const each = `${fromBaseUnits(request.amount, payment.tokenDecimals)} ${payment.tokenSymbol}`;
          if (!confirm(t("returnLateConfirm", { amount: each, payer: request.to }))) continue;
          const signature = await signTypedData(typedData);
          const { returnId, to, amount: signed, deadline } = request;
          sent.push(
            await api<DepositReturn>(path, {
              method: "POST",
              json: { returnId, to, amount: signed, deadline, signature },
            }),
          );
          showReturns(screen, status, payment, sent);
        }
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
