import { z } from "zod";
import { subscriptionCancelers, subscriptionStatuses } from "../../domain/subscriptions.js";
import { paymentStatuses } from "../../domain/paymentStatus.js";
import type { PaymentRow } from "../../db/schema/rows.js";
import type { SubscriptionDetails } from "../../db/subscriptions/subscriptions.js";
import { baseUnitsField as baseUnits } from "../schemaTypes.js";

/** What the API answers about a subscription: its schedule (what the payer signs), its state and its charges. */

export const subscriptionChargeViewSchema = z
  .object({
    period: z.number().describe("0 for the first charge"),
    paymentId: z
      .string()
      .describe("The charge's payment (bytes32): its webhooks and exports are a payment's"),
    status: z.enum(paymentStatuses).describe("CREATED while its transaction is under way, PAID once charged"),
    amount: baseUnits,
    tokenPrice: z
      .string()
      .nullable()
      .describe("A fiat plan's charge: the token's price in the plan's currency it was converted at"),
    txHash: z.string().nullable(),
    paidAt: z.string().nullable(),
  })
  .meta({ id: "SubscriptionCharge" });

export const subscriptionViewSchema = z
  .object({
    id: z.string().describe("sub_ id"),
    subscriptionId: z
      .string()
      .describe("bytes32: the schedule's `subscriptionId`, which the gateway's events carry"),
    orderId: z.string(),
    description: z.string().nullable(),
    status: z
      .enum(subscriptionStatuses)
      .describe(
        "PENDING until the payer signs; ACTIVE; PAST_DUE while the payer's allowance falls short of a charge (retried; ACTIVE again once a charge goes through) or after a period's charge failed every retry (later periods are still charged); CANCELED; COMPLETED after the last charge",
      ),
    url: z.string().nullable().describe("The hosted subscribe page (null without PUBLIC_BASE_URL)"),
    returnUrl: z.string().nullable().describe("Your page the subscribe page links back to once subscribed"),
    chainId: z.number().describe("EIP-155 chain id"),
    gatewayAddress: z.string().describe("The gateway whose EIP-712 domain the schedule is signed on"),
    merchantId: z.string().describe("bytes32 merchant id, a field of the schedule"),
    tokenAddress: z.string(),
    tokenSymbol: z.string(),
    tokenDecimals: z.number(),
    amount: baseUnits.describe(
      "Charged each period, fee included (base units); for a fiat plan, the most one charge may take (signed by the payer)",
    ),
    variableAmount: z
      .boolean()
      .describe("A fiat plan: each charge is `fiatAmount` converted at the time, at most `amount`"),
    currency: z.string().nullable().describe("A fiat plan's currency (ISO 4217); null for a token price"),
    fiatAmount: z.string().nullable().describe("A fiat plan's price per period, in `currency`"),
    periodSeconds: z.number().describe("Seconds between charges"),
    charges: z.number().describe("Number of charges"),
    startsAt: z
      .number()
      .nullable()
      .describe(
        "Unix seconds at which charge 0 opens; null until the payer signs when the merchant gave none",
      ),
    recipientAddress: z.string(),
    payerAddress: z.string().nullable(),
    usePermit2: z.boolean().describe("Charges are taken through the payer's Permit2 allowance"),
    digest: z.string().nullable().describe("The schedule's EIP-712 digest (its key on-chain) once signed"),
    nextPeriod: z.number().describe("The next period to charge"),
    nextChargeAt: z.string().nullable().describe("When the next charge (or retry) is due"),
    failedAttempts: z.number().describe("Failed attempts of the next period's charge"),
    retrySchedule: z.array(z.number()).describe("Seconds after each failed attempt before the next"),
    onFailure: z.enum(["PAST_DUE", "CANCELED"]).describe("What a charge failing every retry leads to"),
    lastError: z.string().nullable(),
    canceledBy: z.enum(subscriptionCancelers).nullable(),
    canceledAt: z.string().nullable(),
    createdAt: z.string(),
    chargesMade: z.array(subscriptionChargeViewSchema).describe("Its charges, newest period first"),
  })
  .meta({ id: "Subscription" });
export type SubscriptionView = z.infer<typeof subscriptionViewSchema>;

export const publicSubscriptionViewSchema = subscriptionViewSchema
  .pick({
    id: true,
    subscriptionId: true,
    description: true,
    status: true,
    chainId: true,
    gatewayAddress: true,
    merchantId: true,
    tokenAddress: true,
    tokenSymbol: true,
    tokenDecimals: true,
    amount: true,
    variableAmount: true,
    currency: true,
    fiatAmount: true,
    periodSeconds: true,
    charges: true,
    startsAt: true,
    recipientAddress: true,
    returnUrl: true,
  })
  .extend({
    merchantName: z.string().describe("Who asks: the merchant's name, as the payment widget shows it"),
    payerAddress: z
      .string()
      .nullable()
      .describe(
        "While PENDING: the wallet the merchant named, the only one that can sign; null when any wallet may. Null once signed (the payer's own page shows their subscriptions)",
      ),
  })
  .meta({
    id: "PublicSubscription",
    description:
      "What the payer is asked to sign (the schedule's fields), who asks, and the subscription's status; nothing of the merchant's bookkeeping",
  });
export type PublicSubscriptionView = z.infer<typeof publicSubscriptionViewSchema>;

/** The payer's own subscriptions (their page): the merchant's view, with the merchant's name. */
export const payerSubscriptionViewSchema = subscriptionViewSchema
  .extend({ merchantName: z.string().describe("The merchant the subscription pays") })
  .meta({ id: "PayerSubscription" });
export type PayerSubscriptionView = z.infer<typeof payerSubscriptionViewSchema>;

export const subscriptionPageSchema = z
  .object({ subscriptions: z.array(subscriptionViewSchema).describe("Newest first"), has_more: z.boolean() })
  .meta({ id: "SubscriptionPage" });

function chargeView(payment: PaymentRow): z.infer<typeof subscriptionChargeViewSchema> {
  return {
    period: payment.subscription_period ?? 0,
    paymentId: payment.payment_id,
    status: payment.status,
    amount: payment.amount,
    tokenPrice: payment.token_price,
    txHash: payment.tx_hash,
    paidAt: payment.confirmed_at?.toISOString() ?? null,
  };
}

export function subscriptionView(
  row: SubscriptionDetails,
  charges: readonly PaymentRow[],
  publicBaseUrl: string | undefined,
): SubscriptionView {
  return {
    id: row.id,
    subscriptionId: row.subscription_id,
    orderId: row.order_id,
    description: row.description,
    status: row.status,
    url: publicBaseUrl === undefined ? null : `${publicBaseUrl}/subscribe/${row.id}`,
    returnUrl: row.return_url,
    chainId: row.network_id,
    gatewayAddress: row.gateway_address,
    merchantId: row.merchant_bytes32_id,
    tokenAddress: row.token_address,
    tokenSymbol: row.token_symbol,
    tokenDecimals: row.token_decimals,
    amount: row.amount,
    variableAmount: row.currency !== null,
    currency: row.currency,
    fiatAmount: row.fiat_amount,
    periodSeconds: Number(row.period_seconds),
    charges: row.charges,
    startsAt: row.starts_at === null ? null : Number(row.starts_at),
    recipientAddress: row.recipient_address,
    payerAddress: row.payer_address,
    usePermit2: row.use_permit2,
    digest: row.digest,
    nextPeriod: row.next_period,
    nextChargeAt: row.next_charge_at?.toISOString() ?? null,
    failedAttempts: row.failed_attempts,
    retrySchedule: row.retry_schedule,
    onFailure: row.on_failure,
    lastError: row.last_error,
    canceledBy: row.canceled_by,
    canceledAt: row.canceled_at?.toISOString() ?? null,
    createdAt: row.created_at.toISOString(),
    chargesMade: charges.map(chargeView),
  };
}

/** The public view: the merchant's, less its bookkeeping (zod leaves out every field the schema does not name). */
export function publicSubscriptionView(row: SubscriptionDetails): PublicSubscriptionView {
  return publicSubscriptionViewSchema.parse({
    ...subscriptionView(row, [], undefined),
    merchantName: row.merchant_name,
    payerAddress: row.status === "PENDING" ? row.payer_address : null,
  });
}
