import { randomBytes } from "node:crypto";
import { withdrawOpenLinkPayments } from "../../db/payments/paymentExpiry.js";
import { z } from "zod";
import type { PaymentLinkLimits } from "../../config/paymentLinks.js";
import { findMerchantById } from "../../db/merchants/merchants.js";
import {
  findPaymentLinkDetails,
  insertPaymentLink,
  listPaymentLinkDetails,
  updatePaymentLink,
  type PaymentLinkDetails,
} from "../../db/paymentLinks/paymentLinks.js";
import type { MerchantRow } from "../../db/schema/rows.js";
import { numberToDecimalString } from "../../domain/amount.js";
import { KassaError, validationError } from "../../errors.js";
import { expirePaymentsPastDeadline } from "../payments/expiry.js";
import { createPaymentInputSchema, type PaymentDeps } from "../payments/payments.js";

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
  maxUses: maxUses
    .optional()
    .describe(
      "No payments start once this many were paid or are under way (a started payment holds a use until it expires)",
    ),
  active: z.boolean().default(true),
});
/** As the route validated it (the API's schema, transforms applied). */
export type CreatePaymentLinkInput = z.output<typeof createPaymentLinkInputSchema>;

export const updatePaymentLinkInputSchema = z.object({
  title: z.string().trim().min(1).max(200).optional(),
  active: z
    .boolean()
    .optional()
    .describe("false: the page takes no more payments, and those under way are withdrawn (they expire)"),
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
    reserved: z
      .number()
      .describe("Its payments started and not yet paid nor expired: each holds one of `maxUses`"),
    active: z.boolean(),
    available: z
      .boolean()
      .describe("Whether it takes a payment now: active, unexpired, `uses + reserved` below `maxUses`"),
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
  /** How many of its payments may be open at once. */
  limits: PaymentLinkLimits;
}

/** Why a link takes no payment now (`busy`: only for now, its uses are held by payments under way). */
export interface Unavailability {
  reason: string;
  busy: boolean;
}

/** Why a link takes no payment now; undefined when it does. */
export function unavailability(link: PaymentLinkDetails, now: Date): Unavailability | undefined {
  const closed = (reason: string) => ({ reason, busy: false });
  if (!link.active) return closed("the payment link is not active");
  if (link.expires_at !== null && link.expires_at <= now) return closed("the payment link has expired");
  if (link.max_uses !== null && link.uses >= link.max_uses) return closed("the payment link was used up");
  if (link.max_uses !== null && link.uses + link.reserved >= link.max_uses) {
    return {
      reason: "every use of the payment link is held by a payment under way: try again in a few minutes",
      busy: true,
    };
  }
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
    reserved: link.reserved,
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
  const link = await findPaymentLinkDetails(deps.payments.db, id, deps.now(), merchant.id);
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
    now: deps.now(),
    limit: query.limit,
    startingAfter: query.starting_after,
  });
  if (page === "unknown-cursor") {
    throw new KassaError("INVALID_REQUEST", "starting_after does not name a payment link of this merchant");
  }
  return { links: page.links.map((link) => paymentLinkView(link, deps)), has_more: page.hasMore };
}

/**
 * PATCH /payment-links/:id: what a link shows and whether it takes payments; never its amount or token.
 * Turned off, or its expiry brought forward, its open payments are withdrawn in the same transaction (they
 * expire then: their reads no longer offer the signature); money that arrives for one anyway is recorded
 * as a payment paid after expiry, which the merchant can refund.
 */
export async function changePaymentLink(
  deps: PaymentLinkDeps,
  merchant: MerchantRow,
  id: string,
  input: z.output<typeof updatePaymentLinkInputSchema>,
): Promise<PaymentLinkView> {
  const now = deps.now();
  const withdrawBy =
    input.active === false
      ? now
      : input.expiresAt
        ? new Date(Math.max(now.getTime(), input.expiresAt.getTime()))
        : undefined;
  const changed = await deps.payments.db.transaction().execute(async (trx) => {
    const updated = await updatePaymentLink(trx, id, merchant.id, {
      ...(input.title === undefined ? {} : { title: input.title }),
      ...(input.active === undefined ? {} : { active: input.active }),
      ...(input.expiresAt === undefined ? {} : { expires_at: input.expiresAt }),
      ...(input.maxUses === undefined ? {} : { max_uses: input.maxUses }),
      ...(input.successUrl === undefined ? {} : { success_url: input.successUrl }),
      ...(input.failUrl === undefined ? {} : { fail_url: input.failUrl }),
    });
    if (updated && withdrawBy) await withdrawOpenLinkPayments(trx, id, withdrawBy);
    return updated;
  });
  if (!changed) throw new KassaError("PAYMENT_LINK_NOT_FOUND");
  // Withdrawn now: expire them at once (with their payment.expired webhooks) rather than at the next sweep.
  if (withdrawBy && withdrawBy <= now) await expireLinkPayments(deps, id);
  return getPaymentLink(deps, merchant, id);
}

/** Expires the link's due payments, a batch at a time, until none is left due. */
async function expireLinkPayments(deps: PaymentLinkDeps, id: string): Promise<void> {
  for (;;) {
    const expired = await expirePaymentsPastDeadline(deps.payments.db, { now: deps.now, paymentLinkId: id });
    if (expired.length === 0) return;
  }
}

/** What the hosted page shows of a link (no merchant secrets; its public key runs the widget). */
export interface PublicPaymentLink {
  link: PaymentLinkDetails;
  merchantName: string;
  /** Why it takes no payment now, for the payer; undefined when it does. */
  unavailable: Unavailability | undefined;
}

export async function findPublicPaymentLink(deps: PaymentLinkDeps, id: string): Promise<PublicPaymentLink> {
  const link = await findPaymentLinkDetails(deps.payments.db, id, deps.now());
  const merchant = link && (await findMerchantById(deps.payments.db, link.merchant_id));
  if (!link || !merchant?.is_enabled) throw new KassaError("PAYMENT_LINK_NOT_FOUND");
  return { link, merchantName: merchant.name, unavailable: unavailability(link, deps.now()) };
}
