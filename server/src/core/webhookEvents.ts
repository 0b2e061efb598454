import { z } from "zod";
import type { WebhookEventType } from "../db/lifecycleTypes.js";

/**
 * The body of every webhook, one zod schema per event type: the one definition of what a merchant
 * receives. The OpenAPI document's `webhooks` (and from it the SDK's event types) is made from them, and
 * the lifecycle tests check every payload paymentEventPayload (webhooks.ts) builds against them.
 */

const address = z.string().describe("EIP-55 checksummed address");
const baseUnits = z.string().describe("Token amount in base units (wei)");

/** What every event carries about its payment, as it was right after the change the event reports. */
const paymentEventFields = {
  eventId: z.string().describe("evt_ id, also the webhook-id header; the same on every retry"),
  createdAt: z.string().describe("ISO 8601 date-time of the change"),
  paymentId: z.string().describe("bytes32 payment id"),
  orderId: z.string(),
  txHash: z.string().nullable().describe("The pay transaction, once there is one"),
  amount: baseUnits.describe("The amount the payment asks for, in base units (wei), fee included"),
  tokenSymbol: z.string(),
  tokenAddress: address,
  chainId: z.number().describe("EIP-155 chain id"),
  merchantId: z.string().describe("bytes32 merchant id"),
  payerAddress: address.nullable(),
  paidAt: z.string().nullable().describe("When the pay transaction was confirmed"),
  paidAfterExpiry: z
    .boolean()
    .describe(
      "True when the money arrived after the payment had EXPIRED (the contract accepts it until its deadline)",
    ),
};

const refundFields = z.object({
  refundId: z.string().describe("rf_ refund id"),
  amount: baseUnits.describe("Base units (wei) sent back to the payer"),
  txHash: z.string().nullable().describe("The refund transaction; null until it is confirmed"),
});

function paymentEvent<T extends WebhookEventType, S extends string, E extends z.ZodRawShape>(
  type: T,
  status: S,
  id: string,
  description: string,
  extra: E,
) {
  return z
    .object({ ...paymentEventFields, type: z.literal(type), status: z.literal(status), ...extra })
    .describe(description)
    .meta({ id });
}

export const webhookEventSchemas = {
  "payment.paid": paymentEvent(
    "payment.paid",
    "PAID",
    "PaymentPaidEvent",
    "The pay transaction matched the payment and is final for its chain.",
    {},
  ),
  "payment.invalid": paymentEvent(
    "payment.invalid",
    "INVALID",
    "PaymentInvalidEvent",
    "A pay transaction for the payment disagreed with it (amount, token, recipient, merchant, or a token that took a cut).",
    {
      reason: z.string().describe("Every disagreement, `; `-separated"),
      paid: z
        .object({
          amount: baseUnits.describe(
            "What the transaction paid, fee included; `amount` is what was expected",
          ),
          tokenAddress: address.describe("The token the transaction paid in"),
          recipientAddress: address.describe("The recipient the transaction paid"),
          recipientReceived: baseUnits
            .nullable()
            .describe("What the recipient's balance gained, when the token's transfers were checked"),
        })
        .describe("What the transaction actually paid"),
    },
  ),
  "payment.expired": paymentEvent(
    "payment.expired",
    "EXPIRED",
    "PaymentExpiredEvent",
    "Nothing was paid before `expiresAt`. Money arriving later still settles it (payment.paid with paidAfterExpiry).",
    {},
  ),
  "payment.failed": paymentEvent(
    "payment.failed",
    "FAILED",
    "PaymentFailedEvent",
    "A known transaction for the payment (a gasless relay) reverted.",
    { reason: z.string() },
  ),
  "payment.refund_submitted": paymentEvent(
    "payment.refund_submitted",
    "REFUND_SUBMITTED",
    "PaymentRefundSubmittedEvent",
    "A refund was requested; the merchant's wallet must send its transaction before the refund's deadline.",
    { refund: refundFields },
  ),
  "payment.refund_expired": paymentEvent(
    "payment.refund_expired",
    "PAID",
    "PaymentRefundExpiredEvent",
    "The refund was not sent before its deadline and can no longer be: the payment is PAID again.",
    { refund: refundFields },
  ),
  "payment.refunded": paymentEvent(
    "payment.refunded",
    "REFUNDED",
    "PaymentRefundedEvent",
    "The refund transaction is confirmed.",
    { refund: refundFields },
  ),
  "payment.reorged": paymentEvent(
    "payment.reorged",
    "CREATED",
    "PaymentReorgedEvent",
    "A chain reorganisation removed the transaction that had paid the payment: it is CREATED again.",
    {
      reorged: z
        .object({ txHash: z.string(), blockNumber: z.number(), blockHash: z.string() })
        .describe("The removed pay transaction, and where it had been"),
    },
  ),
} as const satisfies Record<WebhookEventType, z.ZodType>;

/** Every event body, told apart by `type`. */
export const webhookEventSchema = z
  .discriminatedUnion("type", [
    webhookEventSchemas["payment.paid"],
    webhookEventSchemas["payment.invalid"],
    webhookEventSchemas["payment.expired"],
    webhookEventSchemas["payment.failed"],
    webhookEventSchemas["payment.refund_submitted"],
    webhookEventSchemas["payment.refund_expired"],
    webhookEventSchemas["payment.refunded"],
    webhookEventSchemas["payment.reorged"],
  ])
  .meta({ id: "WebhookEvent" });
