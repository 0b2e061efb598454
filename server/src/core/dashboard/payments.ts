import { z } from "zod";
import type { Db } from "../../db/infra/database.js";
import { sumPaymentsByToken } from "../../db/payments/paymentSearch.js";
import { findPaymentDetailsByPaymentId, type PaymentDetails } from "../../db/payments/payments.js";
import { findRelayRequestByPaymentRowId } from "../../db/gasless/relays.js";
import { type MerchantRow } from "../../db/schema/rows.js";
import { listEventsByPaymentRowId } from "../../db/webhooks/webhooks.js";
import { isBytes32 } from "../../domain/ids.js";
import { paidStatuses, paymentStatuses, type PaymentStatus } from "../../domain/paymentStatus.js";
import { KassaError, validationError } from "../../errors.js";
import { listRefunds, refundViewSchema } from "../refunds/refunds.js";
import { relayView, relayViewSchema } from "../relay/views.js";
import { paymentFilterOf, paymentFilterQueryFields } from "../payments/paymentFilters.js";

/** The period of the totals when the query names none. */
export const DEFAULT_TOTALS_PERIOD_MS = 30 * 86_400_000;
/** The longest period the totals add up. */
export const MAX_TOTALS_PERIOD_MS = 366 * 86_400_000;

const baseUnits = z.string().describe("Exact decimal string of base units (wei)");

export const paymentTotalsQuerySchema = z.object({
  status: z.enum(paymentStatuses).optional().describe("Only payments in this status"),
  ...paymentFilterQueryFields,
});
export type PaymentTotalsQuery = z.output<typeof paymentTotalsQuerySchema>;

export const paymentTotalsSchema = z
  .object({
    count: z.number().describe("Payments matching the filters, any status"),
    byToken: z
      .array(
        z.object({
          tokenAddress: z.string(),
          tokenSymbol: z.string(),
          tokenDecimals: z.number(),
          count: z.number().describe("Payments in this token"),
          paidCount: z.number().describe("Of them, paid: PAID, REFUND_SUBMITTED or REFUNDED"),
          gross: baseUnits.describe("What the paid ones paid, fee included (base units)"),
          fee: baseUnits.describe("Kassa's fee on them, sent to the treasury (base units)"),
          net: baseUnits.describe("gross - fee: what reached the merchant's wallet (base units)"),
        }),
      )
      .describe("One entry per token with payments, by symbol"),
  })
  .meta({ id: "PaymentTotals" });
export type PaymentTotals = z.infer<typeof paymentTotalsSchema>;

/**
 * GET /merchants/me/payments/totals: counts and exact sums per token over a period (by default the last
 * 30 days, at most 366), with the filters of the payment list.
 */
export async function getPaymentTotals(
  deps: { db: Db; now: () => Date },
  merchant: MerchantRow,
  query: PaymentTotalsQuery,
): Promise<PaymentTotals> {
  const to = query.to ?? deps.now();
  const from = query.from ?? new Date(to.getTime() - DEFAULT_TOTALS_PERIOD_MS);
  const filter = paymentFilterOf({ ...query, from, to });
  if (to.getTime() - from.getTime() > MAX_TOTALS_PERIOD_MS) {
    throw validationError([
      { path: ["from"], message: "the period from `from` to `to` spans at most 366 days" },
    ]);
  }
  const rows = await sumPaymentsByToken(
    deps.db,
    { ...filter, merchantId: merchant.id, ...(query.status === undefined ? {} : { status: query.status }) },
    paidStatuses,
  );
  return {
    count: rows.reduce((sum, row) => sum + row.count, 0),
    byToken: rows.map((row) => ({
      tokenAddress: row.token_address,
      tokenSymbol: row.token_symbol,
      tokenDecimals: row.token_decimals,
      count: row.count,
      paidCount: row.paid_count,
      gross: row.gross,
      fee: row.fee,
      net: (BigInt(row.gross) - BigInt(row.fee)).toString(),
    })),
  };
}

export const paymentTimelineSchema = z
  .object({
    paymentId: z.string(),
    status: z.enum(paymentStatuses),
    amounts: z
      .object({
        gross: baseUnits.describe("What the payer paid, fee included"),
        fee: baseUnits.describe("Kassa's fee, sent to the treasury"),
        net: baseUnits.describe("gross - fee: what reached the merchant's wallet"),
        tokenSymbol: z.string(),
        tokenDecimals: z.number(),
      })
      .nullable()
      .describe(
        "Once paid (PAID, REFUND_SUBMITTED, REFUNDED); null before, and for INVALID, EXPIRED, FAILED",
      ),
    events: z
      .array(
        z.object({
          type: z.string().describe("payment.created, or the type of the webhook event Kassa recorded"),
          status: z.enum(paymentStatuses).describe("The payment's status right after it"),
          at: z.string().describe("ISO 8601"),
          txHash: z
            .string()
            .nullable()
            .describe(
              "The transaction of the event: the payment's, the refund's, the sweep's (payment.swept), the return's, or the one a reorganisation removed",
            ),
        }),
      )
      .describe("Every status change, oldest first"),
    relay: relayViewSchema.nullable().describe("The gasless relay request, if the payer used one"),
    refunds: z.array(refundViewSchema).describe("The payment's refunds, newest first"),
  })
  .meta({ id: "PaymentTimeline" });
export type PaymentTimeline = z.infer<typeof paymentTimelineSchema>;

/** The refunds the timeline shows: a payment's parts, newest first (one page of the refunds list). */
const MAX_TIMELINE_REFUNDS = 100;

/** The transaction an event is about: a refund's, a removed one's, a sweep's, a return's, else the payment's. */
function eventTxHash(payload: Record<string, unknown>): string | null {
  const about = (payload.refund ?? payload.reorged ?? payload.sweep ?? payload.depositReturn) as
    { txHash?: string | null } | undefined;
  if (about !== undefined) return about.txHash ?? null;
  return (payload.txHash as string | null | undefined) ?? null;
}

function amountsOf(payment: PaymentDetails): PaymentTimeline["amounts"] {
  if (!paidStatuses.includes(payment.status)) return null;
  const fee = payment.fee_amount ?? "0";
  return {
    gross: payment.amount,
    fee,
    net: (BigInt(payment.amount) - BigInt(fee)).toString(),
    tokenSymbol: payment.token_symbol,
    tokenDecimals: payment.token_decimals,
  };
}

/**
 * GET /merchants/me/payments/:id/timeline: what happened to one of the merchant's payments, for its page
 * in the dashboard. PAYMENT_NOT_FOUND for another merchant's payment: its existence is not told.
 */
export async function getPaymentTimeline(
  db: Db,
  merchant: MerchantRow,
  paymentId: string,
): Promise<PaymentTimeline> {
  const payment = isBytes32(paymentId) ? await findPaymentDetailsByPaymentId(db, paymentId) : undefined;
  if (!payment || payment.merchant_id !== merchant.id) {
    throw new KassaError("PAYMENT_NOT_FOUND", `payment ${paymentId} not found`);
  }
  const [events, relay, refunds] = await Promise.all([
    listEventsByPaymentRowId(db, payment.id),
    findRelayRequestByPaymentRowId(db, payment.id),
    listRefunds(db, merchant, { limit: MAX_TIMELINE_REFUNDS, paymentId: payment.payment_id }),
  ]);
  return {
    paymentId: payment.payment_id,
    status: payment.status,
    amounts: amountsOf(payment),
    events: [
      { type: "payment.created", status: "CREATED", at: payment.created_at.toISOString(), txHash: null },
      // A subscription charge's `subscription.*` events carry the subscription's status, not the payment's:
      // they belong to the subscription's page.
      ...events
        .filter((event) => !event.type.startsWith("subscription."))
        .map((event) => ({
          type: event.type,
          status: event.payload.status as PaymentStatus,
          at: event.created_at.toISOString(),
          txHash: eventTxHash(event.payload),
        })),
    ],
    relay: relay ? relayView(relay) : null,
    refunds: refunds.refunds,
  };
}
