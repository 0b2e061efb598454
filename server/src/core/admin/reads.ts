import { z } from "zod";
import type { Db } from "../../db/infra/database.js";
import { type WebhookDeliveryStatus, type WebhookEventType } from "../../domain/records.js";
import { findPaymentDetailsByPaymentId, listPaymentDetails } from "../../db/payments/payments.js";
import { listRefundDetails } from "../../db/refunds/refunds.js";
import { findRelayRequestByPaymentRowId } from "../../db/gasless/relays.js";
import {
  findDeliveryListItem,
  listDeliveries,
  listEventsByPaymentRowId,
} from "../../db/webhooks/webhooks.js";
import { isBytes32 } from "../../domain/ids.js";
import { paymentStatuses } from "../../domain/paymentStatus.js";
import { KassaError } from "../../errors.js";
import { requireMerchant } from "./shared.js";
import * as merchants from "../merchants/merchants.js";
import { refundView, type RefundView } from "../refunds/refunds.js";
import { relayView, type RelayView } from "../relay/views.js";
import { parseInput } from "../validation.js";
import { merchantPaymentRecord, type MerchantPaymentRecord } from "../payments/views.js";
import { type PaymentMethodView } from "../merchants/views.js";
import { findSweepRefusal } from "../../db/deposits/sweeps.js";
import { listDepositTransfers } from "../../db/deposits/transfers.js";
import { depositTransferView, type DepositTransferView } from "../deposits/views.js";
import {
  redeliverWebhook,
  rotateWebhookSecret,
  webhookDeliveryViews,
  type RedeliveryView,
  type WebhookDeliveryView,
} from "../webhooks/merchantApi.js";

/**
 * The operator's reads and webhook actions behind `kassa admin payment|webhook ...`: the merchant API's
 * views and core functions, across every merchant (or one, by its merchant key).
 */
export interface AdminReadDeps {
  db: Db;
  now?: () => Date;
}

/** An ISO 8601 date (midnight UTC) or date-time with an offset. */
const instantSchema = z
  .union([z.iso.date(), z.iso.datetime({ offset: true })], {
    error: "must be an ISO 8601 date or date-time, e.g. 2026-11-23 or 2026-11-23T12:00:00Z",
  })
  .transform((value) => new Date(value));

const pageFields = {
  limit: z.number().int().min(1).max(100).default(20),
};

export const adminPaymentListInputSchema = z.object({
  ...pageFields,
  merchantKey: z.string().min(1).optional(),
  status: z.enum(paymentStatuses).optional(),
  orderId: z.string().min(1).max(255).optional(),
  since: instantSchema.optional(),
  until: instantSchema.optional(),
  startingAfter: z
    .string()
    .refine((value) => isBytes32(value), "must be a paymentId")
    .optional(),
});
export type AdminPaymentListInput = z.input<typeof adminPaymentListInputSchema>;

export type AdminPayment = MerchantPaymentRecord & { merchantName: string };

export interface AdminPaymentPage {
  payments: AdminPayment[];
  hasMore: boolean;
}

/** The `--merchant` filter: undefined for every merchant; an unknown key is NOT_FOUND. */
async function merchantIdOf(
  deps: AdminReadDeps,
  merchantKey: string | undefined,
): Promise<number | undefined> {
  return merchantKey === undefined ? undefined : (await requireMerchant(deps.db, merchantKey)).id;
}

function adminPayment(
  payment: Parameters<typeof merchantPaymentRecord>[0] & { merchant_name: string },
): AdminPayment {
  return { ...merchantPaymentRecord(payment), merchantName: payment.merchant_name };
}

/** Payments newest first, paginated by `startingAfter` (the last paymentId of the previous page). */
export async function listPayments(
  deps: AdminReadDeps,
  input: AdminPaymentListInput,
): Promise<AdminPaymentPage> {
  const filter = parseInput(adminPaymentListInputSchema, input);
  const merchantId = await merchantIdOf(deps, filter.merchantKey);
  const page = await listPaymentDetails(deps.db, {
    merchantId,
    limit: filter.limit,
    startingAfter: filter.startingAfter,
    status: filter.status,
    orderId: filter.orderId,
    since: filter.since,
    until: filter.until,
  });
  if (!page) throw new KassaError("NOT_FOUND", `no payment ${filter.startingAfter} to start after`);
  return {
    payments: page.payments.map(adminPayment),
    hasMore: page.hasMore,
  };
}

export interface AdminPaymentEvent {
  eventId: string;
  type: WebhookEventType;
  createdAt: string;
}

/** A payment with everything Kassa recorded about it. */
export interface AdminPaymentDetails {
  payment: AdminPayment;
  events: AdminPaymentEvent[];
  deliveries: WebhookDeliveryView[];
  relay: RelayView | null;
  /** Newest first: each part of a partly refunded payment, and any refund open or expired. */
  refunds: RefundView[];
  /** What reached its deposit address (payments by transfer), oldest first, wrong tokens included. */
  deposits: DepositTransferView[];
  /** While it is not swept: the node's last refusal of its sweep, and when the sweep is tried again. */
  sweepRefusal: { refusals: number; retryAt: string; reason: string } | null;
}

/** Most deliveries shown with a payment: its events times a few redeliveries. */
const PAYMENT_DELIVERIES_SHOWN = 100;
/** Most refunds shown with a payment (the API's page size). */
const PAYMENT_REFUNDS_SHOWN = 100;

export async function showPayment(deps: AdminReadDeps, paymentId: string): Promise<AdminPaymentDetails> {
  const payment = isBytes32(paymentId) ? await findPaymentDetailsByPaymentId(deps.db, paymentId) : undefined;
  if (!payment) throw new KassaError("PAYMENT_NOT_FOUND", `payment ${paymentId} not found`);
  const [events, deliveries, relay, refunds, deposits, refusal] = await Promise.all([
    listEventsByPaymentRowId(deps.db, payment.id),
    listDeliveries(deps.db, { paymentId, limit: PAYMENT_DELIVERIES_SHOWN }),
    findRelayRequestByPaymentRowId(deps.db, payment.id),
    listRefundDetails(deps.db, { merchantId: payment.merchant_id, paymentId, limit: PAYMENT_REFUNDS_SHOWN }),
    listDepositTransfers(deps.db, payment.id),
    findSweepRefusal(deps.db, payment.id),
  ]);
  return {
    payment: adminPayment(payment),
    events: events.map((event) => ({
      eventId: event.id,
      type: event.type,
      createdAt: event.created_at.toISOString(),
    })),
    deliveries: await webhookDeliveryViews(deps.db, deliveries?.deliveries ?? []),
    relay: relay ? relayView(relay) : null,
    refunds: refunds === "unknown-cursor" ? [] : refunds.refunds.map(refundView),
    deposits: deposits.map((row) => depositTransferView(payment, row)),
    sweepRefusal:
      refusal && payment.swept_at === null
        ? { refusals: refusal.refusals, retryAt: refusal.retry_at.toISOString(), reason: refusal.reason }
        : null,
  };
}

const deliveryIdSchema = z.string().regex(/^whd_[0-9a-f]{32}$/, "must be a delivery id (whd_...)");

export const adminDeliveryListInputSchema = z.object({
  ...pageFields,
  merchantKey: z.string().min(1).optional(),
  status: z.enum(["PENDING", "SUCCEEDED", "FAILED"] satisfies WebhookDeliveryStatus[]).optional(),
  startingAfter: deliveryIdSchema.optional(),
});
export type AdminDeliveryListInput = z.input<typeof adminDeliveryListInputSchema>;

export type AdminDelivery = WebhookDeliveryView & { merchantKey: string };

export interface AdminDeliveryPage {
  deliveries: AdminDelivery[];
  hasMore: boolean;
}

/** Webhook deliveries newest first, with their attempts. */
export async function listWebhookDeliveries(
  deps: AdminReadDeps,
  input: AdminDeliveryListInput,
): Promise<AdminDeliveryPage> {
  const filter = parseInput(adminDeliveryListInputSchema, input);
  const merchantId = await merchantIdOf(deps, filter.merchantKey);
  const page = await listDeliveries(deps.db, {
    merchantId,
    limit: filter.limit,
    startingAfter: filter.startingAfter,
    status: filter.status,
  });
  if (!page) throw new KassaError("NOT_FOUND", `no webhook delivery ${filter.startingAfter} to start after`);
  const views = await webhookDeliveryViews(deps.db, page.deliveries);
  return {
    deliveries: views.map((view, i) => ({ ...view, merchantKey: page.deliveries[i]!.merchant_key })),
    hasMore: page.hasMore,
  };
}

async function requireDelivery(db: Db, deliveryId: string) {
  const delivery = deliveryIdSchema.safeParse(deliveryId).success
    ? await findDeliveryListItem(db, deliveryId)
    : undefined;
  if (!delivery) throw new KassaError("NOT_FOUND", `no webhook delivery ${deliveryId}`);
  return delivery;
}

/** One delivery with its attempts. */
export async function showWebhookDelivery(deps: AdminReadDeps, deliveryId: string): Promise<AdminDelivery> {
  const delivery = await requireDelivery(deps.db, deliveryId);
  const [view] = await webhookDeliveryViews(deps.db, [delivery]);
  return { ...view!, merchantKey: delivery.merchant_key };
}

/** Sends a delivery's event again, as the merchant's own redelivery does. */
export async function redeliverWebhookDelivery(
  deps: AdminReadDeps,
  deliveryId: string,
): Promise<RedeliveryView & { merchantKey: string }> {
  const delivery = await requireDelivery(deps.db, deliveryId);
  const merchant = await requireMerchant(deps.db, delivery.merchant_key);
  const redelivery = await redeliverWebhook(
    { db: deps.db, now: deps.now ?? (() => new Date()) },
    merchant,
    deliveryId,
  );
  return { ...redelivery, merchantKey: merchant.merchant_key };
}

/** A new webhook signing secret for the merchant; the old one stops at once. */
export async function rotateMerchantWebhookSecret(
  deps: AdminReadDeps,
  merchantKey: string,
): Promise<{ webhookSecret: string }> {
  return rotateWebhookSecret(deps.db, await requireMerchant(deps.db, merchantKey));
}

export async function listPaymentMethods(
  deps: AdminReadDeps,
  merchantKey: string,
): Promise<PaymentMethodView[]> {
  return merchants.listPaymentMethods(deps.db, await requireMerchant(deps.db, merchantKey));
}
