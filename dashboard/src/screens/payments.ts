import { button, h } from "@kassa/widget/dom";
import { api, query, type Merchant, type Payment, type TokenTotals } from "../api.js";
import type { Screen } from "../context.js";
import { row } from "../layout.js";
import { fromBaseUnits } from "@kassa/sdk";
import { formatTime, short } from "../format.js";

const STATUSES = ["CREATED", "PAID", "INVALID", "EXPIRED", "FAILED", "REFUND_SUBMITTED", "REFUNDED"];
const PAGE_SIZE = 20;

/** Kept across screens: coming back from a payment shows the same search and page. */
const state = {
  q: "",
  status: "",
  token: "",
  from: "",
  to: "",
  /** The starting_after cursor of each page shown before the current one ("" for the first). */
  cursors: [] as string[],
  cursor: "",
};

/** A date input's day as an instant: the start of that day, or of the next one for `to`. */
function dayStart(day: string, next = false): string | undefined {
  if (!day) return undefined;
  const date = new Date(`${day}T00:00:00`);
  if (next) date.setDate(date.getDate() + 1);
  return date.toISOString();
}

function filters() {
  return {
    q: state.q.trim() || undefined,
    status: state.status || undefined,
    tokenAddress: state.token || undefined,
    from: dayStart(state.from),
    to: dayStart(state.to, true),
  };
}

export async function renderPayments(screen: Screen, main: HTMLElement): Promise<void> {
  const { t, lang } = screen;
  const [{ merchant }, page, totals] = await Promise.all([
    api<{ merchant: Merchant }>("/merchant"),
    api<{ payments: Payment[]; has_more: boolean }>(
      `/merchants/me/payments${query({ ...filters(), limit: String(PAGE_SIZE), starting_after: state.cursor })}`,
    ),
    api<{ count: number; byToken: TokenTotals[] }>(`/merchants/me/payments/totals${query({ ...filters() })}`),
  ]);

  const input = (
    name: "q" | "from" | "to",
    type: string,
    label: string,
    extra: Record<string, string> = {},
  ) =>
    h(
      "label",
      { class: name === "q" ? "grow" : undefined },
      label,
      h("input", {
        name,
        type,
        value: state[name],
        oninput: (event: Event) => (state[name] = (event.target as HTMLInputElement).value),
        ...extra,
      }),
    );
  const select = (name: "status" | "token", label: string, options: [string, string][]) =>
    h(
      "label",
      {},
      label,
      h(
        "select",
        { name, onchange: (event: Event) => (state[name] = (event.target as HTMLSelectElement).value) },
        [["", t("any")] as [string, string], ...options].map(([value, text]) =>
          h("option", { value, selected: state[name] === value }, text),
        ),
      ),
    );
  // The form is rebuilt: focus moves to the new results, whose count the live region also reads.
  const rerender = () =>
    void renderPayments(screen, main).then(
      () => main.querySelector<HTMLElement>("#results")?.focus(),
      screen.fail,
    );
  const form = h(
    "form",
    {
      role: "search",
      onsubmit: (event: Event) => {
        event.preventDefault();
        state.cursors = [];
        state.cursor = "";
        rerender();
      },
    },
    row(
      input("q", "search", t("search"), { placeholder: t("searchHint"), "aria-describedby": "search-hint" }),
      h("button", { type: "submit", class: "button small" }, t("apply")),
    ),
    h("p", { id: "search-hint", class: "sr-only" }, t("searchHint")),
    row(
      select(
        "status",
        t("status"),
        STATUSES.map((status) => [status, status]),
      ),
      select(
        "token",
        t("token"),
        merchant.payment_methods.map((method) => [method.tokenAddress, method.symbol]),
      ),
      input("from", "date", t("from")),
      input("to", "date", t("to")),
      h(
        "a",
        {
          class: "button small secondary",
          id: "export-csv",
          download: "payments.csv",
          // The export needs a range: without dates, everything up to tomorrow.
          href: `/api/v1/exports/payments${query({
            format: "csv",
            from: filters().from ?? "1970-01-01T00:00:00.000Z",
            to: filters().to ?? new Date(Date.now() + 86_400_000).toISOString(),
          })}`,
        },
        t("exportCsv"),
      ),
    ),
  );

  const totalsView = h(
    "section",
    { "aria-labelledby": "totals-title" },
    h("h2", { id: "totals-title" }, t("totalsTitle")),
    h(
      "p",
      { class: "muted", id: "totals-count" },
      t(Object.values(filters()).some(Boolean) ? "totalsCountFiltered" : "totalsCount", {
        count: totals.count,
      }),
    ),
    h(
      "div",
      { class: "totals" },
      totals.byToken.map((row) => {
        const amount = (value: string) => `${fromBaseUnits(value, row.tokenDecimals)} ${row.tokenSymbol}`;
        return h(
          "div",
          { class: "card" },
          h("p", {}, h("strong", {}, row.tokenSymbol)),
          h(
            "p",
            { class: "muted" },
            t("totalsLine", {
              paid: row.paidCount,
              count: row.count,
              gross: amount(row.gross),
              fee: amount(row.fee),
              net: amount(row.net),
            }),
          ),
        );
      }),
    ),
  );

  const table =
    page.payments.length === 0
      ? h("p", {}, t("noResults"))
      : h(
          "div",
          { class: "table-wrap" },
          h(
            "table",
            { class: "payments" },
            h(
              "thead",
              {},
              h(
                "tr",
                {},
                [t("order"), t("status"), t("amount"), t("payer"), t("created")].map((text) =>
                  h("th", { scope: "col" }, text),
                ),
              ),
            ),
            h(
              "tbody",
              {},
              page.payments.map((payment) =>
                h(
                  "tr",
                  {},
                  h(
                    "td",
                    {},
                    h(
                      "a",
                      {
                        href: `#/payments/${payment.paymentId}`,
                        "aria-label": t("open", { order: payment.orderId }),
                      },
                      payment.orderId,
                    ),
                  ),
                  h("td", {}, h("span", { class: `status ${payment.status}` }, payment.status)),
                  h(
                    "td",
                    { class: "num" },
                    `${fromBaseUnits(payment.amount, payment.tokenDecimals)} ${payment.tokenSymbol}`,
                  ),
                  h("td", { class: "mono" }, payment.payerAddress ? short(payment.payerAddress) : "—"),
                  h("td", {}, formatTime(payment.createdAt, lang)),
                ),
              ),
            ),
          ),
        );

  const last = page.payments.at(-1);
  const pager = h(
    "div",
    { class: "actions" },
    state.cursors.length > 0
      ? button(
          t("previous"),
          () => {
            state.cursor = state.cursors.pop() ?? "";
            rerender();
          },
          { secondary: true, id: "previous-page" },
        )
      : null,
    page.has_more && last
      ? button(
          t("next"),
          () => {
            state.cursors.push(state.cursor);
            state.cursor = last.paymentId;
            rerender();
          },
          { secondary: true, id: "next-page" },
        )
      : null,
  );

  main.replaceChildren(
    h(
      "section",
      { class: "card panel", "data-screen": "payments" },
      h("h1", { tabindex: -1 }, t("navPayments")),
      form,
      totalsView,
      h("h2", { id: "results", tabindex: -1 }, t("results", { count: page.payments.length })),
      table,
      pager,
    ),
  );
  screen.announce(t("results", { count: page.payments.length }));
}
