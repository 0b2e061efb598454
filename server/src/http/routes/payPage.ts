import { randomBytes } from "node:crypto";
import { acceptedLanguages, pickLang, translator, type Lang, type Messages } from "@kassa/i18n";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { startLinkPayment, type LinkClient } from "../../core/paymentLinks/paymentLinkStart.js";
import {
  findPublicPaymentLink,
  type PaymentLinkDeps,
  type PublicPaymentLink,
} from "../../core/paymentLinks/paymentLinks.js";
import { clientNetwork } from "../../domain/clientNetwork.js";
import { hashKey } from "../../domain/ids.js";
import { KassaError } from "../../errors.js";
import { cookieValue } from "../auth.js";
import { errorStatuses } from "../errorStatuses.js";
import type { RouteContext } from "../context.js";

/**
 * A payment link's hosted page, `/pay/<link id>`: what is paid for and the amount (or a field for it),
 * and a button. The button posts the form to the same address, which starts the payer's own payment and
 * sends the browser to the widget for it. Nothing is created by opening the page; the page runs no
 * script (the widget does the paying).
 */

const messages: Messages<
  "pay" | "amount" | "between" | "from" | "unavailable" | "busy" | "notFound" | "failed"
> = {
  en: {
    pay: "Pay",
    amount: "Amount",
    between: "Between {min} and {max} {symbol}",
    from: "Payment to {merchant}",
    unavailable: "This payment link takes no more payments.",
    busy: "Every payment this link takes is under way. Try again in a few minutes.",
    notFound: "There is no such payment link.",
    failed: "The payment could not start",
  },
  ko: {
    pay: "결제하기",
    amount: "금액",
    between: "{min} ~ {max} {symbol}",
    from: "{merchant}에 결제",
    unavailable: "이 결제 링크는 더 이상 결제를 받지 않습니다.",
    busy: "이 링크로 받을 수 있는 결제가 모두 진행 중입니다. 몇 분 후에 다시 시도해 주세요.",
    notFound: "결제 링크를 찾을 수 없습니다.",
    failed: "결제를 시작하지 못했습니다",
  },
};

/** `?lang=` first, then the browser's Accept-Language, as the widget and the dashboard choose. */
function languageOf(request: FastifyRequest): Lang {
  const query = (request.query as { lang?: string } | undefined)?.lang ?? null;
  return pickLang(query, acceptedLanguages(request.headers["accept-language"]));
}

function escape(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const STYLE = `
body{margin:0;padding:0 1rem;font:16px/1.5 system-ui,sans-serif;background:#f4f5fb;color:#1c1d2b}
main{max-width:26rem;margin:3rem auto;padding:2rem;background:#fff;border-radius:1rem;
box-shadow:0 4px 24px rgba(28,29,43,.08)}
h1{font-size:1.4rem;margin:0 0 .25rem}p.merchant{color:#5b5d73;margin:0 0 1.5rem}
.amount{font-size:2rem;font-weight:600;margin:0 0 1.5rem}label{display:block;font-weight:600}
input{width:100%;box-sizing:border-box;font:inherit;padding:.6rem;margin:.25rem 0 .25rem;
border:1px solid #c5c7d6;border-radius:.5rem}.hint{color:#5b5d73;font-size:.9rem;margin:0 0 1.5rem}
button{width:100%;font:inherit;font-weight:600;padding:.8rem;border:0;border-radius:.5rem;
background:#3b3fd8;color:#fff;cursor:pointer}button:focus-visible,input:focus-visible{outline:3px solid #9a9cf0}
.error{background:#fdecec;color:#8a1c1c;padding:.6rem .8rem;border-radius:.5rem;margin:0 0 1rem}`;

function document(lang: Lang, title: string, body: string): { html: string; nonce: string } {
  const nonce = randomBytes(16).toString("base64");
  const html = [
    "<!doctype html>",
    `<html lang="${lang}">`,
    "<head>",
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="referrer" content="no-referrer">',
    `<title>${escape(title)}</title>`,
    `<style nonce="${nonce}">${STYLE}</style>`,
    "</head>",
    `<body><main>${body}</main></body>`,
    "</html>",
  ].join("\n");
  return { html, nonce };
}

function send(reply: FastifyReply, status: number, page: { html: string; nonce: string }) {
  return reply
    .code(status)
    .header(
      "content-security-policy",
      `default-src 'none'; style-src 'nonce-${page.nonce}'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'`,
    )
    .header("cache-control", "no-store")
    .type("text/html; charset=utf-8")
    .send(page.html);
}

function linkPage(lang: Lang, found: PublicPaymentLink, error?: string, typed?: string) {
  const t = translator(messages, lang);
  const { link } = found;
  const head = `<h1>${escape(link.title)}</h1><p class="merchant">${escape(t("from", { merchant: found.merchantName }))}</p>`;
  if (found.unavailable) {
    const why = t(found.unavailable.busy ? "busy" : "unavailable");
    return document(lang, link.title, `${head}<p class="error" role="alert">${why}</p>`);
  }
  const unit = link.currency ?? link.token_symbol;
  const amount =
    link.amount !== null
      ? `<p class="amount">${escape(link.amount)} ${escape(unit)}</p>`
      : `<label for="amount">${t("amount")} (${escape(link.token_symbol)})</label>` +
        `<input id="amount" name="amount" inputmode="decimal" required autocomplete="off" ` +
        `aria-describedby="amount-hint" value="${escape(typed ?? "")}">` +
        `<p class="hint" id="amount-hint">${escape(t("between", { min: link.min_amount ?? "", max: link.max_amount ?? "", symbol: link.token_symbol }))}</p>`;
  const alert = error ? `<p class="error" role="alert">${escape(`${t("failed")}: ${error}`)}</p>` : "";
  return document(
    lang,
    link.title,
    `${head}${alert}<form method="post" action="/pay/${escape(link.id)}?lang=${lang}">${amount}` +
      `<button type="submit">${t("pay")}</button></form>`,
  );
}

function notFoundPage(lang: Lang) {
  return document(
    lang,
    "Kassa",
    `<p class="error" role="alert">${translator(messages, lang)("notFound")}</p>`,
  );
}

/** How long the payer's browser token lives: a day of coming back to the same open payment. */
const PAYER_COOKIE_MAX_AGE_S = 86_400;

/**
 * The payer's browser token: a random value in an HttpOnly cookie of Kassa's pages (set on the first
 * press of Pay), by which pressing Pay again gives the payer its own open payment back. `__Host-`
 * prefixed where Kassa is served over https.
 */
function payerClient(request: FastifyRequest, reply: FastifyReply, secure: boolean): LinkClient {
  const name = secure ? "__Host-kassa_payer" : "kassa_payer";
  let token = cookieValue(request, name);
  if (token === undefined || !/^[A-Za-z0-9_-]{43}$/.test(token)) {
    token = randomBytes(32).toString("base64url");
    reply.header(
      "set-cookie",
      `${name}=${token}; Path=/; HttpOnly; SameSite=Strict; Max-Age=${PAYER_COOKIE_MAX_AGE_S}${secure ? "; Secure" : ""}`,
    );
  }
  return { tokenHash: hashKey(token), network: clientNetwork(request.ip) };
}

/** The hosted pages of payment links, at the root: GET shows the link, POST starts a payment. */
export function payPageRoutes(context: RouteContext) {
  const deps: PaymentLinkDeps = {
    payments: context.payments,
    now: context.now,
    // The pages show no link's `url`.
    publicBaseUrl: context.publicBaseUrl ?? "",
    limits: context.paymentLinkLimits,
  };
  const secure = context.publicBaseUrl?.startsWith("https:") ?? false;
  return async (app: FastifyInstance) => {
    // The form posts application/x-www-form-urlencoded: one short field.
    app.addContentTypeParser(
      "application/x-www-form-urlencoded",
      { parseAs: "string", bodyLimit: 1024 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );

    app.get<{ Params: { id: string } }>("/pay/:id", { schema: { hide: true } }, async (request, reply) => {
      const lang = languageOf(request);
      try {
        return send(reply, 200, linkPage(lang, await findPublicPaymentLink(deps, request.params.id)));
      } catch (error) {
        if (error instanceof KassaError && error.code === "PAYMENT_LINK_NOT_FOUND") {
          return send(reply, 404, notFoundPage(lang));
        }
        throw error;
      }
    });

    app.post<{ Params: { id: string }; Body: { amount?: string } | undefined }>(
      "/pay/:id",
      { schema: { hide: true } },
      async (request, reply) => {
        const lang = languageOf(request);
        const typed = typeof request.body?.amount === "string" ? request.body.amount : undefined;
        try {
          const client = payerClient(request, reply, secure);
          const { paymentId, publicKey } = await startLinkPayment(deps, request.params.id, typed, client);
          const widget = new URLSearchParams({ publicKey, paymentId, lang });
          return reply.code(303).header("location", `/widget?${widget}`).send();
        } catch (error) {
          if (!(error instanceof KassaError)) throw error;
          if (error.code === "PAYMENT_LINK_NOT_FOUND") return send(reply, 404, notFoundPage(lang));
          const found = await findPublicPaymentLink(deps, request.params.id);
          const reason = error.details?.[0]?.message ?? error.message;
          const status = errorStatuses[error.code];
          return send(reply, status >= 500 ? 503 : status, linkPage(lang, found, reason, typed));
        }
      },
    );
  };
}
