import { fromBaseUnits } from "@kassa/sdk";
import { button, h } from "@kassa/widget/dom";
import { api } from "../api.js";
import type { Screen } from "../context.js";
import { formatTime } from "../format.js";
import { titledPanel } from "../layout.js";

/** The fields of a `Subscription` (GET /subscriptions) the screens show. */
interface Subscription {
  id: string;
  orderId: string;
  description: string | null;
  status: string;
  tokenSymbol: string;
  tokenDecimals: number;
  amount: string;
  periodSeconds: number;
  charges: number;
  payerAddress: string | null;
  nextChargeAt: string | null;
  failedAttempts: number;
  lastError: string | null;
  canceledBy: string | null;
  createdAt: string;
  url: string | null;
  chargesMade: {
    period: number;
    paymentId: string;
    status: string;
    amount: string;
    txHash: string | null;
    paidAt: string | null;
  }[];
}

const cell = (text: Node | string, className?: string) =>
  h("td", className ? { class: className } : {}, text);

/** "10 KTT / 30 d": the amount per charge and the period in its largest whole unit. */
function scheduleText(screen: Screen, sub: Subscription): string {
  const [unit, size] = (
    [
      ["periodDays", 86_400],
      ["periodHours", 3_600],
      ["periodMinutes", 60],
    ] as const
  ).find(([, seconds]) => sub.periodSeconds % seconds === 0) ?? ["periodSeconds", 1];
  return screen.t("subSchedule", {
    amount: fromBaseUnits(sub.amount, sub.tokenDecimals),
    symbol: sub.tokenSymbol,
    period: screen.t(unit, { n: sub.periodSeconds / size }),
  });
}

const paidCount = (sub: Subscription) => sub.chargesMade.filter((charge) => charge.status === "PAID").length;

const nextCharge = (screen: Screen, sub: Subscription) =>
  sub.nextChargeAt && (sub.status === "ACTIVE" || sub.status === "PAST_DUE")
    ? formatTime(sub.nextChargeAt, screen.lang)
    : "—";

/** The merchant's subscriptions, newest first: schedule, state, charges taken, next charge. */
export async function renderSubscriptions(screen: Screen, main: HTMLElement): Promise<void> {
  const { t } = screen;
  const { subscriptions } = await api<{ subscriptions: Subscription[] }>("/subscriptions?limit=100");
  const rows = subscriptions.map((sub) =>
    h(
      "tr",
      { "data-subscription": sub.id },
      cell(h("a", { href: `#/subscriptions/${encodeURIComponent(sub.id)}` }, sub.orderId)),
      cell(scheduleText(screen, sub)),
      cell(h("span", { class: `status ${sub.status}` }, sub.status)),
      cell(`${paidCount(sub)} / ${sub.charges}`, "num"),
      cell(nextCharge(screen, sub)),
    ),
  );
  main.replaceChildren(
    h(
      "section",
      { class: "card panel", "data-screen": "subscriptions" },
      h("h1", { tabindex: -1 }, t("navSubscriptions")),
      h("p", { class: "muted" }, t("subscriptionsIntro")),
      subscriptions.length === 0
        ? h("p", {}, t("subscriptionsNone"))
        : h(
            "div",
            { class: "table-wrap" },
            h(
              "table",
              { class: "subscriptions" },
              h(
                "thead",
                {},
                h(
                  "tr",
                  {},
                  [t("subOrder"), t("subPlan"), t("status"), t("subCharged"), t("subNext")].map((label) =>
                    h("th", { scope: "col" }, label),
                  ),
                ),
              ),
              h("tbody", {}, rows),
            ),
          ),
    ),
  );
}

/** One subscription: its schedule and state, its charges (payments), and cancel. */
export async function renderSubscription(screen: Screen, main: HTMLElement, id: string): Promise<void> {
  const { t, lang } = screen;
  const path = `/subscriptions/${encodeURIComponent(id)}`;
  const sub = await api<Subscription>(path);
  const open = sub.status === "ACTIVE" || sub.status === "PAST_DUE" || sub.status === "PENDING";
  const cancel = button(t("subCancel"), async () => {
    if (!confirm(t("subConfirmCancel", { order: sub.orderId }))) return;
    try {
      await api(`${path}/cancel`, { method: "POST" });
      screen.announce(t("subCanceled", { order: sub.orderId }));
      await renderSubscription(screen, main, id);
    } catch (error) {
      screen.fail(error);
    }
  });
  cancel.id = "cancel-subscription";
  const facts: [string, Node | string][] = [
    [t("status"), h("span", { class: `status ${sub.status}`, id: "subscription-status" }, sub.status)],
    ["ID", h("span", { class: "mono" }, sub.id)],
    [t("subPlan"), scheduleText(screen, sub)],
    [t("subCharged"), `${paidCount(sub)} / ${sub.charges}`],
    [t("subNext"), nextCharge(screen, sub)],
    [t("payer"), h("span", { class: "mono" }, sub.payerAddress ?? "—")],
    [t("created"), formatTime(sub.createdAt, lang)],
    ...(sub.canceledBy ? ([[t("subCanceledBy"), sub.canceledBy]] as [string, string][]) : []),
    ...(sub.lastError ? ([["!", sub.lastError]] as [string, string][]) : []),
  ];
  main.replaceChildren(
    h(
      "section",
      { class: "card panel", "data-screen": "subscription" },
      h("p", {}, h("a", { href: "#/subscriptions" }, `← ${t("subBack")}`)),
      h("h1", { tabindex: -1 }, t("subTitle", { order: sub.orderId })),
      sub.description ? h("p", { class: "muted" }, sub.description) : null,
      h(
        "dl",
        { class: "facts" },
        facts.flatMap(([term, value]) => [h("dt", {}, term), h("dd", {}, value)]),
      ),
      open ? h("div", { class: "actions" }, cancel) : null,
    ),
    titledPanel(
      "charges",
      t("subChargesTitle"),
      sub.chargesMade.length === 0
        ? h("p", { class: "muted" }, t("subNoCharges"))
        : h(
            "div",
            { class: "table-wrap" },
            h(
              "table",
              { class: "charges" },
              h(
                "thead",
                {},
                h(
                  "tr",
                  {},
                  [t("subPeriod"), t("amount"), t("status"), t("subPaidAt"), t("transaction")].map((label) =>
                    h("th", { scope: "col" }, label),
                  ),
                ),
              ),
              h(
                "tbody",
                {},
                sub.chargesMade.map((charge) =>
                  h(
                    "tr",
                    { "data-payment": charge.paymentId },
                    cell(
                      h(
                        "a",
                        { href: `#/payments/${encodeURIComponent(charge.paymentId)}` },
                        String(charge.period + 1),
                      ),
                      "num",
                    ),
                    cell(`${fromBaseUnits(charge.amount, sub.tokenDecimals)} ${sub.tokenSymbol}`),
                    cell(h("span", { class: `status ${charge.status}` }, charge.status)),
                    cell(charge.paidAt ? formatTime(charge.paidAt, lang) : "—"),
                    cell(h("span", { class: "mono" }, charge.txHash ?? "—")),
                  ),
                ),
              ),
            ),
          ),
    ),
  );
}
