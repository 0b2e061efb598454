import { button, h } from "@kassa/widget/dom";
import { api, type Delivery, type Merchant } from "../api.js";
import type { Screen } from "../context.js";
import { row, titledPanel } from "../layout.js";
import { deliveryList } from "./deliveries.js";

/** A secret shown once, in a box the screen reader announces. */
export function shownOnce(label: string, value: string, id: string): HTMLElement {
  return h("div", { role: "alert" }, h("p", {}, label), h("code", { class: "secret", id }, value));
}

/** The webhook endpoint (edit), a test event, the secret's rotation and the delivery log. */
export async function renderWebhooks(screen: Screen, main: HTMLElement): Promise<void> {
  const { t } = screen;
  const { merchant } = await api<{ merchant: Merchant }>("/merchant");
  const logBox = h("div", {});
  const secretBox = h("div", {});
  const loadLog = async () => {
    const { deliveries } = await api<{ deliveries: Delivery[] }>("/merchants/me/webhook-deliveries?limit=20");
    logBox.replaceChildren(deliveryList(screen, deliveries, loadLog));
  };
  await loadLog();

  const url = h("input", { id: "webhook-url", type: "url", value: merchant.webhook_url ?? "" });
  const form = h(
    "form",
    {
      onsubmit: (event: Event) => {
        event.preventDefault();
        const value = url.value.trim();
        api("/merchant", { method: "PATCH", json: { webhook_url: value === "" ? null : value } }).then(
          () => screen.announce(t("saved")),
          screen.fail,
        );
      },
    },
    row(
      h("label", { class: "grow", for: "webhook-url" }, t("webhookUrl"), url),
      h("button", { type: "submit", class: "button small" }, t("save")),
    ),
  );

  main.replaceChildren(
    h(
      "section",
      { class: "card panel", "data-screen": "webhooks" },
      h("h1", { tabindex: -1 }, t("navWebhooks")),
      form,
      h(
        "div",
        { class: "actions" },
        button(
          t("sendTest"),
          () =>
            void api<{ id: string }>("/merchants/me/webhook-test", { method: "POST" })
              .then(async (created) => {
                await loadLog();
                screen.announce(t("testSent", { id: created.id }));
              })
              .catch(screen.fail),
          { id: "send-test" },
        ),
        button(
          t("rotateSecret"),
          () => {
            if (!confirm(t("rotateSecretConfirm"))) return;
            api<{ webhookSecret: string }>("/merchants/me/webhook-secret/rotate", { method: "POST" }).then(
              ({ webhookSecret }) =>
                secretBox.replaceChildren(shownOnce(t("newSecret"), webhookSecret, "new-webhook-secret")),
              screen.fail,
            );
          },
          { secondary: true, id: "rotate-webhook-secret" },
        ),
      ),
      secretBox,
    ),
    titledPanel(
      "log",
      t("deliveryLog"),
      h(
        "div",
        { class: "actions" },
        button(t("refresh"), () => void loadLog().then(() => screen.announce(t("refreshed")), screen.fail), {
          secondary: true,
          id: "refresh-log",
        }),
      ),
      logBox,
    ),
  );
}
