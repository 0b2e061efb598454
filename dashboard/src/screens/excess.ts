import { button, h } from "@kassa/widget/dom";
import { fromBaseUnits } from "@kassa/sdk";
import { api, type Payment } from "../api.js";
import type { Screen } from "../context.js";

interface DepositReturn {
  status: "SUBMITTED" | "RETURNED" | "FAILED";
  amount: string;
  to: string;
  txHash: string | null;
  reason: string | null;
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
        status.textContent = t(`excess${sent.status}` as const, {
          amount: excess,
          payer: sent.to,
          hash: sent.txHash ?? "—",
          reason: sent.reason ?? "",
        });
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
