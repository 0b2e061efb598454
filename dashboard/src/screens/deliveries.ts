import { button, h } from "@kassa/widget/dom";
import { api, type Delivery } from "../api.js";
import type { Screen } from "../context.js";
import { formatTime } from "../format.js";

/**
 * Webhook deliveries with every attempt, and a Redeliver button each: the payment page shows a
 * payment's, the webhooks page the latest of all.
 */
export function deliveryList(
  screen: Screen,
  deliveries: Delivery[],
  refresh: () => Promise<void>,
): HTMLElement {
  const { t, lang } = screen;
  if (deliveries.length === 0) return h("p", { class: "muted" }, t("noDeliveries"));
  const list = h(
    "ul",
    { class: "timeline deliveries" },
    deliveries.map((delivery) =>
      h(
        "li",
        { "data-delivery": delivery.id },
        h(
          "p",
          {},
          h("strong", {}, delivery.eventType),
          " ",
          h("span", { class: `status ${delivery.status}` }, delivery.status),
          " ",
          h(
            "span",
            { class: "muted" },
            `${formatTime(delivery.createdAt, lang)} · ${t("attempts", { count: delivery.attemptCount })}`,
          ),
        ),
        h(
          "ul",
          { class: "muted attempts" },
          delivery.attempts.map((attempt) =>
            h(
              "li",
              {},
              t("attemptLine", {
                attempt: attempt.attempt,
                time: formatTime(attempt.createdAt, lang),
                result: attempt.statusCode === null ? (attempt.error ?? "—") : String(attempt.statusCode),
                duration: attempt.durationMs ?? "—",
              }),
            ),
          ),
        ),
        button(
          t("redeliver"),
          () =>
            void api<{ id: string }>(`/merchants/me/webhook-deliveries/${delivery.id}/redeliver`, {
              method: "POST",
            })
              .then(async (created) => {
                await refresh();
                screen.announce(t("redelivered", { id: created.id }));
              })
              .catch(screen.fail),
          { secondary: true },
        ),
      ),
    ),
  );
  list.querySelectorAll("button").forEach((redeliver) => redeliver.classList.add("small"));
  return list;
}
