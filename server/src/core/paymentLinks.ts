import { randomBytes } from "node:crypto";
import { z } from "zod";
import { findMerchantById } from "../db/merchants.js";
import {
  findPaymentLinkDetails,
  insertPaymentLink,
  listPaymentLinkDetails,
  updatePaymentLink,
  type PaymentLinkDetails,
} from "../db/paymentLinks.js";
import type { MerchantRow } from "../db/rows.js";
import { decimalToUnits, numberToDecimalString } from "../domain/amount.js";
import { KassaError, validationError } from "../errors.js";
import { createPayment, createPaymentInputSchema, type PaymentDeps } from "./payments.js";
import type { CreatedPaymentView } from "./views.js";

/**
 * Payment links: a title and an amount (fixed, in a token or a fiat currency, or typed by the payer
 * between two bounds) at a URL the merchant shares. Each payer who starts paying gets a payment of
 * their own (`startLinkPayment`), which records the link; a link takes payments while it is active,
 * unexpired and has fewer paid payments than its `maxUses`.
 */

const { amount: amountSchema, currency, successUrl, failUrl, tokenAddress } = createPaymentInputSchema.shape;
const instant = z.iso.datetime({ offset: true }).transform((value) => new Date(value));
const maxUses = z.number().int().min(1).max(1_000_000);

export const createPaymentLinkInputSchema = z.object({
  title: z.string().trim().min(1).max(200).describe("What the payer pays for, shown on the page"),
  tokenAddress,
  amount: amountSchema
    .optional()
    .describe("A fixed amount (token units, or `currency` units); else give bounds"),
  currency,
  minAmount: amountSchema.optional().describe("An amount the payer types: at least this (token units)"),
  maxAmount: amountSchema.optional().describe("An amount the payer types: at most this (token units)"),
  successUrl,
  failUrl,
  expiresAt: instant.optional().describe("No payments start after this time (ISO 8601)"),
  maxUses: maxUses.optional().describe("No payments start once this many were paid"),
  active: z.boolean().default(true),
});
/** As the route validated it (the API's schema, transforms applied). */
export type CreatePaymentLinkInput = z.output<typeof createPaymentLinkInputSchema>;

export const updatePaymentLinkInputSchema = z.object({
  title: z.string().trim().min(1).max(200).optional(),
  active: z.boolean().optional().describe("false: the page takes no more payments"),
  expiresAt: instant.nullable().optional(),
  maxUses: maxUses.nullable().optional(),
  successUrl: successUrl.optional(),
  failUrl: failUrl.optional(),
});

export const paymentLinkListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20).describe("Page size, 1 to 100"),
  starting_after: z.string().optional().describe("id of the last link of the previous page"),
});

const decimal = z.string().nullable();
export const paymentLinkViewSchema = z
  .object({
    id: z.string().describe("pl_ id"),
    url: z.string().describe("The hosted page to share: each payer who opens it pays a payment of their own"),
    title: z.string(),
    tokenAddress: z.string(),
    tokenSymbol: z.string(),
    amount: decimal.describe("The fixed amount, or null when the payer types it"),
    currency: z.string().nullable().describe("With amount: a fiat amount converted when each payment starts"),
    minAmount: decimal,
    maxAmount: decimal,
    successUrl: z.string(),
    failUrl: z.string(),
    expiresAt: z.string().nullable(),
    maxUses: z.number().nullable(),
    uses: z.number().describe("Its payments that were paid"),
    active: z.boolean(),
    available: z.boolean().describe("Whether it takes payments now: active, unexpired, not used up"),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: "PaymentLink" });
export type PaymentLinkView = z.infer<typeof paymentLinkViewSchema>;

export const paymentLinkPageSchema = z
  .object({ links: z.array(paymentLinkViewSchema).describe("Newest first"), has_more: z.boolean() })
  .meta({ id: "PaymentLinkPage" });

export interface PaymentLinkDeps {
  payments: PaymentDeps;
  now: () => Date;
  /** Where the hosted pages are: Kassa's public URL, without /api/v1. */
  publicBaseUrl: string;
}

/** Why a link takes no payment now; undefined when it does. */
function unavailability(link: PaymentLinkDetails, now: Date): string | undefined {
  if (!link.active) return "the payment link is not active";
  if (link.expires_at !== null && link.expires_at <= now) return "the payment link has expired";
  if (link.max_uses !== null && link.uses >= link.max_uses) return "the payment link was used up";
  return undefined;
}

export function paymentLinkView(
  link: PaymentLinkDetails,
  deps: Pick<PaymentLinkDeps, "now" | "publicBaseUrl">,
) {
  return {
    id: link.id,
    url: `${deps.publicBaseUrl}/pay/${link.id}`,
    title: link.title,
    tokenAddress: link.token_address,
    tokenSymbol: link.token_symbol,
    amount: link.amount,
    currency: link.currency,
    minAmount: link.min_amount,
    maxAmount: link.max_amount,
    successUrl: link.success_url,
    failUrl: link.fail_url,
    expiresAt: link.expires_at?.toISOString() ?? null,
    maxUses: link.max_uses,
    uses: link.uses,
    active: link.active,
    available: unavailability(link, deps.now()) === undefined,
    createdAt: link.created_at.toISOString(),
    updatedAt: link.updated_at.toISOString(),
  } satisfies PaymentLinkView;
}

/** POST /payment-links. */
export async function createPaymentLink(
  deps: PaymentLinkDeps,
  merchant: MerchantRow,
  input: CreatePaymentLinkInput,
): Promise<PaymentLinkView> {
  const fixed = input.amount !== undefined;
  if (fixed === (input.minAmount !== undefined || input.maxAmount !== undefined)) {
    throw validationError([{ path: ["amount"], message: "give an amount, or minAmount and maxAmount" }]);
  }
  if (!fixed) {
    if (input.minAmount === undefined) throw validationError([{ path: ["minAmount"], message: "required" }]);
    if (input.maxAmount === undefined) throw validationError([{ path: ["maxAmount"], message: "required" }]);
    if (input.minAmount > input.maxAmount) {
      throw validationError([{ path: ["minAmount"], message: "must not be above maxAmount" }]);
    }
    if (input.currency !== undefined) {
      throw validationError([{ path: ["currency"], message: "goes with a fixed amount only" }]);
    }
  }
  if (input.expiresAt !== undefined && input.expiresAt <= deps.now()) {
    throw validationError([{ path: ["expiresAt"], message: "must be in the future" }]);
  }
  const found =
    merchant.chain_id === null
      ? undefined
      : await deps.payments.reads.chainTokenForMerchant({
          chainId: merchant.chain_id,
          address: input.tokenAddress,
          merchantId: merchant.id,
        });
  if (!found) throw new KassaError("CHAIN_NOT_CONFIGURED");
  if (!found.token) throw new KassaError("TOKEN_NOT_FOUND");
  if (!found.methodEnabled) {
    throw new KassaError(
      "TOKEN_NOT_ENABLED",
      `token ${found.token.address} is not enabled for this merchant`,
    );
  }
  const id = `pl_${randomBytes(16).toString("hex")}`;
  const asDecimal = (value: number | undefined) =>
    value === undefined ? null : numberToDecimalString(value);
  await insertPaymentLink(deps.payments.db, {
    id,
    merchant_id: merchant.id,
    title: input.title,
    token_id: found.token.id,
    amount: asDecimal(input.amount),
    currency: input.currency ?? null,
    min_amount: asDecimal(input.minAmount),
    max_amount: asDecimal(input.maxAmount),
    success_url: input.successUrl,
    fail_url: input.failUrl,
    expires_at: input.expiresAt ?? null,
    max_uses: input.maxUses ?? null,
    active: input.active,
  });
  return getPaymentLink(deps, merchant, id);
}

/** GET /payment-links/:id. */
export async function getPaymentLink(
  deps: PaymentLinkDeps,
  merchant: MerchantRow,
  id: string,
): Promise<PaymentLinkView> {
  const link = await findPaymentLinkDetails(deps.payments.db, id, merchant.id);
  if (!link) throw new KassaError("PAYMENT_LINK_NOT_FOUND");
  return paymentLinkView(link, deps);
}

/** GET /payment-links. */
export async function listPaymentLinks(
  deps: PaymentLinkDeps,
  merchant: MerchantRow,
  query: z.output<typeof paymentLinkListQuerySchema>,
) {
  const page = await listPaymentLinkDetails(deps.payments.db, {
    merchantId: merchant.id,
    limit: query.limit,
    startingAfter: query.starting_after,
  });
  if (page === "unknown-cursor") {
    throw new KassaError("INVALID_REQUEST", "starting_after does not name a payment link of this merchant");
  }
  return { links: page.links.map((link) => paymentLinkView(link, deps)), has_more: page.hasMore };
}

/** PATCH /payment-links/:id: what a link shows and whether it takes payments; never its amount or token. */
export async function changePaymentLink(
  deps: PaymentLinkDeps,
  merchant: MerchantRow,
  id: string,
  input: z.output<typeof updatePaymentLinkInputSchema>,
): Promise<PaymentLinkView> {
  const changed = await updatePaymentLink(deps.payments.db, id, merchant.id, {
    ...(input.title === undefined ? {} : { title: input.title }),
    ...(input.active === undefined ? {} : { active: input.active }),
    ...(input.expiresAt === undefined ? {} : { expires_at: input.expiresAt }),
    ...(input.maxUses === undefined ? {} : { max_uses: input.maxUses }),
    ...(input.successUrl === undefined ? {} : { success_url: input.successUrl }),
    ...(input.failUrl === undefined ? {} : { fail_url: input.failUrl }),
  });
  if (!changed) throw new KassaError("PAYMENT_LINK_NOT_FOUND");
  return getPaymentLink(deps, merchant, id);
}

/** What the hosted page shows of a link (no merchant secrets; its public key runs the widget). */
export interface PublicPaymentLink {
  link: PaymentLinkDetails;
  merchantName: string;
  /** Why it takes no payment now, for the payer; undefined when it does. */
  unavailable: string | undefined;
}

export async function findPublicPaymentLink(deps: PaymentLinkDeps, id: string): Promise<PublicPaymentLink> {
  const link = await findPaymentLinkDetails(deps.payments.db, id);
  const merchant = link && (await findMerchantById(deps.payments.db, link.merchant_id));
  if (!link || !merchant?.is_enabled) throw new KassaError("PAYMENT_LINK_NOT_FOUND");
  return { link, merchantName: merchant.name, unavailable: unavailability(link, deps.now()) };
}

/**
 * A payer starts paying a link: a payment of its own (order id `<link id>-<random>`), as POST /payments
 * would create it for the merchant, recording the link. `typedAmount` is the payer's amount of an
 * open-amount link (token units). Returns the payment and the merchant's public key for the widget.
 */
export async function startLinkPayment(
  deps: PaymentLinkDeps,
  id: string,
  typedAmount: string | undefined,
): Promise<{ payment: CreatedPaymentView; publicKey: string }> {
  const link = await findPaymentLinkDetails(deps.payments.db, id);
  const merchant = link && (await findMerchantById(deps.payments.db, link.merchant_id));
  if (!link || !merchant?.is_enabled) throw new KassaError("PAYMENT_LINK_NOT_FOUND");
  const unavailable = unavailability(link, deps.now());
  if (unavailable) throw new KassaError("PAYMENT_LINK_UNAVAILABLE", unavailable);
  const amount = link.amount ?? checkTypedAmount(link, typedAmount);
  const payment = await createPayment(
    deps.payments,
    merchant,
    {
      orderId: `${link.id}-${randomBytes(8).toString("hex")}`,
      amount: Number(amount),
      tokenAddress: link.token_address,
      successUrl: link.success_url,
      failUrl: link.fail_url,
      ...(link.currency === null ? {} : { currency: link.currency }),
    },
    { paymentLinkId: link.id },
  );
  return { payment, publicKey: merchant.public_key };
}

/** The payer's amount, as a decimal of at most two places within the link's bounds. */
function checkTypedAmount(link: PaymentLinkDetails, typed: string | undefined): string {
  const cents = (value: string) => decimalToUnits(value, 2);
  const bounds = `between ${link.min_amount} and ${link.max_amount} ${link.token_symbol}`;
  const text = typed?.trim() ?? "";
  let value: bigint;
  try {
    value = cents(text);
  } catch {
    throw validationError([{ path: ["amount"], message: `type an amount ${bounds}, at most 2 decimals` }]);
  }
  if (value < cents(link.min_amount ?? "0") || value > cents(link.max_amount ?? "0")) {
    throw validationError([{ path: ["amount"], message: `must be ${bounds}` }]);
  }
  return text;
}
