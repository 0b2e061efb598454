import { h } from "@kassa/widget/dom";
import { explainRevert } from "@kassa/widget/revert";
import { api, query, type Delivery, type Payment, type Timeline } from "../api.js";
import type { Screen } from "../context.js";
import { titledPanel } from "../layout.js";
import { fromBaseUnits } from "@kassa/sdk";
import { formatTime } from "../format.js";
import { deliveryList } from "./deliveries.js";
import { excessReturnPanel, lateReturnPanel } from "./depositReturns.js";
import { refundPanel, type Busy } from "./refund.js";

function facts(rows: [string, Node | string][]): HTMLElement {
  return h(
    "dl",
    { class: "facts" },
    rows.flatMap(([term, value]) => [h("dt", {}, term), h("dd", {}, value)]),
  );
}

/** How often an open payment's page reads its state again, to follow it live (a refund confirming, a payment paid). */
const FOLLOW_MS = 2_000;

/** What the page shows of the payment's state: a change redraws it. */
function stateOf(payment: Payment, timeline: Timeline): string {
  return JSON.stringify([
    timeline.status,
    payment.refundedAmount,
    payment.sweptAt,
    timeline.refunds.map((refund) => [refund.id, refund.status, refund.txHash]),
  ]);
}

function readPayment(paymentId: string): Promise<[Payment, Timeline]> {
  const id = encodeURIComponent(paymentId);
  return Promise.all([
    api<Payment>(`/merchants/me/payments/${id}`),
    api<Timeline>(`/merchants/me/payments/${id}/timeline`),
  ]);
}

/**
 * Reads the payment again every FOLLOW_MS while its page is shown and redraws the page when its state changed,
 * except while an action of the page is under way (`busy`) or a field of it is being typed in: the page
 * follows its state live, and offers only the actions that state allows.
 */
function follow(screen: Screen, main: HTMLElement, paymentId: string, shown: string, busy: Busy): void {
  const timer = setInterval(() => {
    if (!main.isConnected) return clearInterval(timer);
    const typing =
      document.activeElement instanceof HTMLInputElement && main.contains(document.activeElement);
    if (document.hidden || busy.count > 0 || typing) return;
    readPayment(paymentId).then(([payment, timeline]) => {
      if (!main.isConnected || busy.count > 0 || stateOf(payment, timeline) === shown) return;
      clearInterval(timer);
      const focused = document.activeElement?.id;
      return renderPayment(screen, main, paymentId).then(() => {
        if (focused) document.getElementById(focused)?.focus();
      });
    }, screen.fail);
  }, FOLLOW_MS);
}

/** One payment: its amounts, state timeline, transaction, relay, refunds and webhook deliveries. */
export async function renderPayment(screen: Screen, main: HTMLElement, paymentId: string): Promise<void> {
  const { t, lang } = screen;
  const [payment, timeline] = await readPayment(paymentId);
  const busy: Busy = { count: 0 };
  const deliveriesBox = h("div", {});
  const loadDeliveries = async () => {
    const { deliveries } = await api<{ deliveries: Delivery[] }>(
      `/merchants/me/webhook-deliveries${query({ paymentId, limit: "100" })}`,
    );
    deliveriesBox.replaceChildren(deliveryList(screen, deliveries, loadDeliveries));
  };
  await loadDeliveries();

  const amounts = timeline.amounts;
  const unit = (value: string) =>
    amounts ? `${fromBaseUnits(value, amounts.tokenDecimals)} ${amounts.tokenSymbol}` : value;
  const relay = timeline.relay;
  const revertContext = { lang, token: { symbol: payment.tokenSymbol, decimals: payment.tokenDecimals } };

  main.replaceChildren(
    h(
      "section",
      { class: "card panel", "data-screen": "payment" },
      h("p", {}, h("a", { href: "#/payments" }, `← ${t("back")}`)),
      h("h1", { tabindex: -1 }, t("paymentTitle", { order: payment.orderId })),
      facts([
        [t("status"), h("span", { class: `status ${timeline.status}` }, timeline.status)],
        ["ID", h("span", { class: "mono" }, payment.paymentId)],
        [t("amount"), `${fromBaseUnits(payment.amount, payment.tokenDecimals)} ${payment.tokenSymbol}`],
        ...(payment.refundedAmount === "0"
          ? []
          : ([
              [
                t("refunded"),
                h(
                  "span",
                  { id: "refunded-amount" },
                  `${fromBaseUnits(payment.refundedAmount, payment.tokenDecimals)} ${payment.tokenSymbol}`,
                ),
              ],
            ] as [string, Node][])),
        ...(amounts
          ? ([
              [t("gross"), unit(amounts.gross)],
              [t("fee"), unit(amounts.fee)],
              [t("net"), unit(amounts.net)],
            ] as [string, string][])
          : []),
        [t("transaction"), h("span", { class: "mono", id: "tx-hash" }, payment.txHash ?? "—")],
        // Paid by transfer, the money reaches the wallet with the sweep, a minute or two after PAID.
        ...(payment.paidVia === "transfer" && amounts
          ? ([
              [
                t("inWallet"),
                h(
                  "span",
                  { id: "in-wallet" },
                  payment.sweptAt
                    ? [
                        t("inWalletSwept", { time: formatTime(payment.sweptAt, lang) }),
                        h("span", { class: "mono" }, ` · ${payment.sweepTransactionHash ?? ""}`),
                      ]
                    : t("inWalletWaiting"),
                ),
              ],
            ] as [string, Node][])
          : []),
        [t("payer"), h("span", { class: "mono" }, payment.payerAddress ?? "—")],
      ]),
      amounts ? null : h("p", { class: "muted" }, t("notPaid")),
      refundPanel(screen, payment, timeline, busy),
      excessReturnPanel(screen, payment),
      lateReturnPanel(screen, payment),
    ),
    titledPanel(
      "timeline",
      t("timelineTitle"),
      h(
        "ol",
        { class: "timeline" },
        timeline.events.map((event) =>
          h(
            "li",
            {},
            h("strong", {}, event.type),
            " ",
            h("span", { class: `status ${event.status}` }, event.status),
            h("br", {}),
            h("time", { datetime: event.at }, formatTime(event.at, lang)),
            event.txHash ? h("span", { class: "mono" }, ` · ${event.txHash}`) : null,
          ),
        ),
      ),
    ),
    titledPanel(
      "relay",
      t("relayTitle"),
      relay
        ? facts([
            [t("status"), h("span", { class: `status ${relay.status}` }, relay.status)],
            [t("transaction"), h("span", { class: "mono" }, relay.transactionHash ?? "—")],
            [t("created"), formatTime(relay.createdAt, lang)],
            ...(relay.errorMessage
              ? ([["!", explainRevert(relay.errorMessage, revertContext) ?? relay.errorMessage]] as [
                  string,
                  string,
                ][])
              : []),
          ])
        : h("p", { class: "muted" }, t("noRelay")),
    ),
    titledPanel(
      "refunds",
      t("refundsTitle"),
      timeline.refunds.length === 0
        ? h("p", { class: "muted" }, t("noRefunds"))
        : h(
            "ul",
            { class: "timeline" },
            timeline.refunds.map((refund) =>
              h(
                "li",
                {},
                h("span", { class: `status ${refund.status}` }, refund.status),
                ` ${unit(refund.amount)} · ${formatTime(refund.createdAt, lang)}`,
                refund.txHash ? h("span", { class: "mono" }, ` · ${refund.txHash}`) : null,
                refund.sentByRecipient === false
                  ? h(
                      "p",
                      { role: "note", class: "note" },
                      t("refundSentByOther", { address: refund.senderAddress ?? "" }),
                    )
                  : null,
              ),
            ),
          ),
    ),
    h(
      "section",
      { class: "card panel", "aria-labelledby": "deliveries-title", "data-section": "deliveries" },
      h("h2", { id: "deliveries-title" }, t("deliveriesTitle")),
      deliveriesBox,
    ),
  );
  follow(screen, main, paymentId, stateOf(payment, timeline), busy);
}
