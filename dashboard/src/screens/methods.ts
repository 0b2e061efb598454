import { h } from "@kassa/widget/dom";
import { api, type Merchant, type PaymentMethod } from "../api.js";
import type { Screen } from "../context.js";

/** The chain's whitelisted tokens, each a switch: a payment method enabled or not. */
export async function renderMethods(screen: Screen, main: HTMLElement): Promise<void> {
  const { t } = screen;
  const { merchant, chainTokens } = await api<{
    merchant: Merchant;
    chainTokens: { tokenAddress: string; symbol: string }[];
  }>("/merchant");
  const methods = new Map(merchant.payment_methods.map((method) => [method.tokenAddress, method]));
  const change = async (token: { tokenAddress: string; symbol: string }, enabled: boolean) => {
    const method = methods.get(token.tokenAddress);
    const updated = method
      ? await api<PaymentMethod>(`/merchant/payment-methods/${method.id}`, {
          method: "PATCH",
          json: { is_enabled: enabled },
        })
      : await api<PaymentMethod>("/merchant/payment-methods", {
          method: "POST",
          json: { tokenAddress: token.tokenAddress },
        });
    methods.set(token.tokenAddress, updated);
    screen.announce(
      t("methodChanged", { symbol: token.symbol, state: t(updated.is_enabled ? "on" : "off") }),
    );
  };
  main.replaceChildren(
    h(
      "section",
      { class: "card panel", "data-screen": "methods" },
      h("h1", { tabindex: -1 }, t("navMethods")),
      h("p", { class: "muted" }, t("methodsIntro")),
      h(
        "ul",
        { class: "timeline" },
        chainTokens.map((token) => {
          const box = h("input", {
            type: "checkbox",
            checked: methods.get(token.tokenAddress)?.is_enabled ?? false,
            "data-token": token.symbol,
            onchange: (event: Event) => {
              const target = event.target as HTMLInputElement;
              change(token, target.checked).catch((error: unknown) => {
                target.checked = !target.checked;
                screen.fail(error);
              });
            },
          });
          return h(
            "li",
            {},
            h(
              "label",
              { class: "switch" },
              h(
                "span",
                {},
                h("strong", {}, token.symbol),
                " ",
                h("span", { class: "mono" }, token.tokenAddress),
              ),
              h("span", {}, box, " ", t("enabled")),
            ),
          );
        }),
      ),
    ),
  );
}
