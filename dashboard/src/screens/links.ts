import { button, h } from "@kassa/widget/dom";
import { api, ApiError, type Merchant } from "../api.js";
import type { Screen } from "../context.js";
import { row } from "../layout.js";

interface PaymentLink {
  id: string;
  url: string;
  title: string;
  tokenSymbol: string;
  amount: string | null;
  currency: string | null;
  minAmount: string | null;
  maxAmount: string | null;
  uses: number;
  /** Payments under way, each holding a use until it expires. */
  reserved: number;
  maxUses: number | null;
  active: boolean;
  available: boolean;
}

/** A field of the create form with its label; `hint` is read with it. */
function field(id: string, label: string, input: HTMLElement, hint?: string): HTMLElement {
  return h(
    "label",
    { class: "grow", for: id },
    label,
    input,
    hint ? h("span", { class: "muted", id: `${id}-hint` }, hint) : null,
  );
}

/**
 * A link's address and a Copy button beside it. The clipboard API needs a secure context (https, or
 * 127.0.0.1); elsewhere the address is selected, so the browser's own copy takes it.
 */
function addressWithCopy(screen: Screen, url: string, id?: string): HTMLElement {
  const link = h(
    "a",
    { href: url, target: "_blank", rel: "noopener", class: "mono", ...(id ? { id } : {}) },
    url,
  );
  const copy = button(
    screen.t("copy"),
    () => {
      const copied = () => screen.announce(screen.t("copied", { url }));
      const select = () => {
        const range = document.createRange();
        range.selectNodeContents(link);
        getSelection()?.removeAllRanges();
        getSelection()?.addRange(range);
      };
      if (navigator.clipboard) navigator.clipboard.writeText(url).then(copied, select);
      else select();
    },
    { secondary: true },
  );
  copy.classList.add("small");
  copy.setAttribute("aria-label", screen.t("copyAddress", { url }));
  return h("span", { class: "copyable" }, link, copy);
}

/** Payment links: the list (page, uses, on or off) and a form that creates one. */
export async function renderLinks(screen: Screen, main: HTMLElement): Promise<void> {
  const { t } = screen;
  const [{ links }, { merchant }] = await Promise.all([
    api<{ links: PaymentLink[] }>("/payment-links?limit=100"),
    api<{ merchant: Merchant }>("/merchant"),
  ]);
  const tokens = merchant.payment_methods.filter((method) => method.is_enabled);

  const rows = links.map((link) => {
    const price =
      link.amount !== null
        ? `${link.amount} ${link.currency ?? link.tokenSymbol}`
        : t("linkOpenAmount", {
            min: link.minAmount ?? "",
            max: link.maxAmount ?? "",
            symbol: link.tokenSymbol,
          });
    const toggle = button(link.active ? t("linkTurnOff") : t("linkTurnOn"), async () => {
      try {
        await api(`/payment-links/${link.id}`, { method: "PATCH", json: { active: !link.active } });
        screen.announce(t(link.active ? "linkOff" : "linkOn", { title: link.title }));
        await renderLinks(screen, main);
      } catch (error) {
        screen.fail(error);
      }
    });
    toggle.classList.add("small");
    return h(
      "tr",
      { "data-link": link.id },
      h("td", {}, link.title),
      h("td", {}, price),
      h(
        "td",
        { class: "num" },
        (link.maxUses === null ? String(link.uses) : `${link.uses} / ${link.maxUses}`) +
          (link.reserved > 0 ? ` (+${link.reserved})` : ""),
      ),
      h(
        "td",
        {},
        h(
          "span",
          { class: `status ${link.available ? "PAID" : "EXPIRED"}` },
          t(link.available ? "linkOpen" : "linkClosed"),
        ),
      ),
      h("td", {}, addressWithCopy(screen, link.url)),
      h("td", {}, toggle),
    );
  });

  const title = h("input", { id: "link-title", required: true, maxlength: 200, autocomplete: "off" });
  const token = h(
    "select",
    { id: "link-token" },
    tokens.map((method) => h("option", { value: method.tokenAddress }, method.symbol)),
  );
  const amount = h("input", {
    id: "link-amount",
    inputmode: "decimal",
    autocomplete: "off",
    "aria-describedby": "link-amount-hint",
  });
  const min = h("input", { id: "link-min", inputmode: "decimal", autocomplete: "off" });
  const max = h("input", { id: "link-max", inputmode: "decimal", autocomplete: "off" });
  const success = h("input", {
    id: "link-success",
    type: "url",
    placeholder: "https://",
    autocomplete: "off",
  });
  const uses = h("input", { id: "link-uses", inputmode: "numeric", autocomplete: "off" });
  const created = h("div", { "aria-live": "polite" });

  const number = (input: HTMLInputElement) =>
    input.value.trim() === "" ? undefined : Number(input.value.trim());
  const form = h(
    "form",
    {
      class: "card panel",
      onsubmit: async (event: Event) => {
        event.preventDefault();
        const fixed = number(amount as HTMLInputElement);
        try {
          const link = await api<PaymentLink>("/payment-links", {
            method: "POST",
            json: {
              title: (title as HTMLInputElement).value,
              tokenAddress: (token as HTMLSelectElement).value,
              ...(fixed !== undefined
                ? { amount: fixed }
                : { minAmount: number(min as HTMLInputElement), maxAmount: number(max as HTMLInputElement) }),
              successUrl: (success as HTMLInputElement).value.trim() || "service:none",
              failUrl: "service:none",
              ...(number(uses as HTMLInputElement) === undefined
                ? {}
                : { maxUses: number(uses as HTMLInputElement) }),
            },
          });
          screen.announce(t("linkCreated", { title: link.title }));
          await renderLinks(screen, main);
          main
            .querySelector("#link-created")
            ?.replaceChildren(h("p", {}, t("linkShare")), addressWithCopy(screen, link.url, "new-link-url"));
        } catch (error) {
          if (error instanceof ApiError && error.details.length > 0) {
            screen.fail(new Error(error.details.map((d) => `${d.path.join(".")}: ${d.message}`).join("; ")));
          } else {
            screen.fail(error);
          }
        }
      },
    },
    h("h2", {}, t("linkNew")),
    row(field("link-title", t("linkTitle"), title), field("link-token", t("linkToken"), token)),
    row(
      field("link-amount", t("linkAmount"), amount, t("linkAmountHint")),
      field("link-min", t("linkMin"), min),
      field("link-max", t("linkMax"), max),
    ),
    row(field("link-success", t("linkSuccessUrl"), success), field("link-uses", t("linkMaxUses"), uses)),
    h(
      "div",
      { class: "actions" },
      h("button", { type: "submit", class: "button", id: "create-link" }, t("linkCreate")),
    ),
  );
  created.id = "link-created";

  main.replaceChildren(
    h(
      "section",
      { class: "card panel", "data-screen": "links" },
      h("h1", { tabindex: -1 }, t("navLinks")),
      h("p", { class: "muted" }, t("linksIntro")),
      created,
      links.length === 0
        ? h("p", {}, t("linksNone"))
        : h(
            "div",
            { class: "table-wrap" },
            h(
              "table",
              {},
              h(
                "thead",
                {},
                h(
                  "tr",
                  {},
                  [t("linkTitle"), t("linkAmount"), t("linkUses"), t("linkState"), t("linkPage"), ""].map(
                    (label) => h("th", { scope: "col" }, label),
                  ),
                ),
              ),
              h("tbody", {}, rows),
            ),
          ),
    ),
    tokens.length === 0 ? h("p", { class: "card panel" }, t("linksNoToken")) : form,
  );
}
