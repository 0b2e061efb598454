import { z } from "zod";
import { type WebhookEventType } from "../../domain/records.js";
import { paymentStatuses, type PaymentStatus } from "../../domain/paymentStatus.js";
import { subscriptionEventSchemas } from "./subscriptionEvents.js";

/**
 * The bodies of the webhooks Kassa sends, as zod schemas: paymentEventPayload (webhooks.ts) builds the
 * payment events, testWebhookPayload (dashboard/webhookTest.ts) the test event,
 * and the OpenAPI document's `webhooks` section (and so the SDK's KassaWebhookEvent) is made from them.
 * A new event type: add it to WebhookEventType (domain/records.ts) and its schema to
 * webhookEventSchemas below (the compiler asks for it), then an example in http/schemaExamples.ts.
 */

const address = z.string().describe("EIP-55 checksummed address");
const timestamp = z.string().describe("ISO 8601 date-time");

/** The fields of every event: the payment as it is when the event happens, and the event's envelope. */
const paymentEventFields = {
  eventId: z
    .string()
    .describe("evt_ id, also the webhook-id header; the same on every retry: deduplicate on it"),
  createdAt: timestamp.describe("When the event happened (ISO 8601)"),
  paymentId: z.string().describe("bytes32 payment id"),
  orderId: z.string().describe("The merchant's order id"),
  txHash: z.string().nullable().describe("The paying transaction; null before payment or after a reorg"),
  amount: z.string().describe("Token amount in base units (wei)"),
  tokenSymbol: z.string(),
  tokenAddress: address,
  chainId: z.number().describe("EIP-155 chain id"),
  merchantId: z.string().describe("bytes32 merchant id"),
  payerAddress: address.nullable(),
  paidAt: timestamp.nullable().describe("When the payment was confirmed on-chain"),
  paidAfterExpiry: z.boolean().describe("Confirmed on-chain after the payment had expired"),
  paymentLinkId: z.string().nullable().describe("The payment link (pl_) a payer started it from, if any"),
  refundedAmount: z
    .string()
    .describe("Base units (wei) the payment's completed refunds sent back, this event's refund included"),
  paidVia: z
    .enum(["contract", "transfer"])
    .nullable()
    .describe(
      "How it was paid: `contract` (pay() or a relayed call), `transfer` (a plain transfer to its deposit address); null while unpaid",
    ),
  amountReceived: z
    .string()
    .describe("Base units (wei) of the payment's token that reached its deposit address (final transfers)"),
  overpaidAmount: z
    .string()
    .describe("Base units (wei) of amountReceived above the amount, returnable to the sender"),
  fundsAtRecipient: z
    .boolean()
    .describe(
      "Whether the payment's money has reached the recipient's wallet: paid by contract, in the paying transaction; paid by transfer, once swept (payment.swept)",
    ),
};

const baseUnits = z.string().describe("Token amount in base units (wei)");

const reason = z.string().describe("Why the payment is INVALID or FAILED");

const paid = z
  .object({
    amount: baseUnits.describe("What the transaction paid, fee included; `amount` is what was expected"),
    tokenAddress: address.describe("The token the transaction paid in"),
    recipientAddress: address.describe("The recipient the transaction paid"),
    recipientReceived: baseUnits
      .nullable()
      .describe("What the recipient's balance gained, when the token's transfers were checked"),
  })
  .describe("What the transaction actually paid");

const refund = z
  .object({
    refundId: z.string().describe("rf_ refund id"),
    amount: baseUnits.describe("Base units (wei) sent back to the payer"),
    txHash: z.string().nullable().describe("The refund transaction; null until it is confirmed"),
    senderAddress: address
      .nullable()
      .describe("The wallet that sent the refund transaction; null until it is confirmed"),
    sentByRecipient: z
      .boolean()
      .nullable()
      .describe(
        "false: a wallet other than the payment's recipient sent it with its own tokens (nothing left your wallet); null until it is confirmed",
      ),
  })
  .describe("The refund the event is about (a payment can have several, each a part of what it paid)");

const reorged = z
  .object({ txHash: z.string(), blockNumber: z.number(), blockHash: z.string() })
  .describe("The paying transaction a chain reorganisation removed, and the block it had been in");

const refundReorged = reorged.describe(
  "The refund transaction a chain reorganisation removed, and the block it had been in",
);

const depositReturn = z
  .object({
    returnId: z.string(),
    kind: z.enum(["excess", "late", "recovery"]),
    tokenAddress: address.describe("The token returned; the zero address for native coin"),
    to: address,
    amount: baseUnits,
    txHash: z.string(),
  })
  .describe("The return: what went back from the deposit address, to whom, in which transaction");

const sweep = z
  .object({
    txHash: z.string().describe("The sweep's transaction (whoever sent it)"),
    blockNumber: z.number().describe("Its block, final for the chain"),
    amount: baseUnits.describe("What left the deposit address, fee included (at most the payment's amount)"),
    fee: baseUnits.describe("What of it went to the treasury"),
    recipientReceived: baseUnits.describe("amount - fee: what reached the recipient's wallet"),
    recipientAddress: address,
  })
  .describe("The sweep: what moved from the deposit address to the recipient's wallet, in which transaction");

function eventSchema<T extends WebhookEventType, S extends PaymentStatus, E extends z.ZodRawShape>(
  type: T,
  /** The payment's status after the event, or those it can be. */
  status: S | readonly [S, ...S[]],
  id: string,
  description: string,
  extra: E,
) {
  return z
    .object({
      ...paymentEventFields,
      type: z.literal(type),
      status: (typeof status === "string" ? z.literal(status) : z.enum(status)).describe(
        "The payment's status right after the event",
      ),
      ...extra,
    })
    .meta({ id, description });
}

/** One schema per event type, keyed by type; the compiler makes every WebhookEventType have one. */
export const webhookEventSchemas = {
  "payment.paid": eventSchema(
    "payment.paid",
    "PAID",
    "PaymentPaidEvent",
    "A payment was confirmed on-chain and is final for its chain (PAID).",
    {},
  ),
  "payment.invalid": eventSchema(
    "payment.invalid",
    "INVALID",
    "PaymentInvalidEvent",
    "A transaction paid the payment but does not match it (INVALID): amount, token, recipient, merchant, or a token that took a cut.",
    { reason: reason.optional(), paid },
  ),
  "payment.expired": eventSchema(
    "payment.expired",
    "EXPIRED",
    "PaymentExpiredEvent",
    "The payment was not paid before it expired (EXPIRED). Money arriving later still settles it (payment.paid with paidAfterExpiry).",
    {},
  ),
  "payment.failed": eventSchema(
    "payment.failed",
    "FAILED",
    "PaymentFailedEvent",
    "The payment's transaction reverted, e.g. a gasless relay (FAILED).",
    { reason: reason.optional() },
  ),
  "payment.refund_submitted": eventSchema(
    "payment.refund_submitted",
    "REFUND_SUBMITTED",
    "PaymentRefundSubmittedEvent",
    "A refund was requested (REFUND_SUBMITTED); the merchant's wallet must send its transaction before the refund's deadline.",
    { refund },
  ),
  "payment.refund_expired": eventSchema(
    "payment.refund_expired",
    "PAID",
    "PaymentRefundExpiredEvent",
    "The refund was not sent before its deadline and can no longer be: the payment is PAID again.",
    { refund },
  ),
  "payment.refunded": eventSchema(
    "payment.refunded",
    ["REFUNDED", "PAID"],
    "PaymentRefundedEvent",
    "A refund of the payment was confirmed on-chain: REFUNDED once its refunds sent back all it paid, PAID after a partial refund (see refundedAmount).",
    { refund },
  ),
  "payment.refund_reorged": eventSchema(
    "payment.refund_reorged",
    ["REFUND_SUBMITTED", "PAID"],
    "PaymentRefundReorgedEvent",
    "A chain reorganisation removed the transaction of a confirmed refund: the payer did not get that money back after all, and it is no longer in refundedAmount. The refund is open again until its deadline (REFUND_SUBMITTED: its transaction can be sent again), or past it the payment is PAID again and a new refund can be requested.",
    { refund, reorged: refundReorged },
  ),
  "payment.reorged": eventSchema(
    "payment.reorged",
    "CREATED",
    "PaymentReorgedEvent",
    "A chain reorganisation removed the transaction that had paid the payment: it is CREATED again and can be paid again. Whatever the payment had become (PAID, INVALID, refunded in part or in full), its refunds are undone with it (refundedAmount is 0).",
    { reorged },
  ),
  "payment.underpaid": eventSchema(
    "payment.underpaid",
    ["CREATED", "EXPIRED"],
    "PaymentUnderpaidEvent",
    "A transfer reached the payment's deposit address and what arrived (amountReceived) is still short of what settles it: the payment stays open and the payer may top it up.",
    {},
  ),
  "payment.late_deposit": eventSchema(
    "payment.late_deposit",
    ["CREATED", "EXPIRED", "PAID", "REFUND_SUBMITTED", "REFUNDED"],
    "PaymentLateDepositEvent",
    "A transfer reached the deposit address late: after the transfer window, under the merchant's late policy \"return\" (the payment stays open: it is recorded in amountReceived, not settled), or after the payment was settled (a payer paying twice, a top-up; overpaidAmount grows). Its money waits at the address for its return: POST /payments/{id}/return-excess while the payment is not swept, else the merchant's signed return (GET /payments/{id}/late-return).",
    {},
  ),
  "payment.deposit_returned": eventSchema(
    "payment.deposit_returned",
    ["CREATED", "EXPIRED", "FAILED", "PAID", "REFUND_SUBMITTED", "REFUNDED"],
    "PaymentDepositReturnedEvent",
    "A return from the payment's deposit address was mined: an overpayment's excess, a late deposit, or another token or native coin. The payment's status does not change.",
    { depositReturn },
  ),
  "payment.swept": eventSchema(
    "payment.swept",
    ["PAID", "REFUND_SUBMITTED", "REFUNDED"],
    "PaymentSweptEvent",
    "The money of a payment paid by transfer reached the recipient's wallet: its deposit address was swept, the amount less the fee to the recipient and the fee to the treasury (fundsAtRecipient is true from now on). payment.paid comes first, when the transfer is final; this event when the sweep is, usually within a minute or two. A reorganisation deeper than the chain's finality that removes the sweep makes fundsAtRecipient false again until the deposit is swept again, which sends this event again with its new transaction.",
    { sweep },
  ),
  ...subscriptionEventSchemas,
  "webhook.test": z
    .object({
      eventId: paymentEventFields.eventId,
      type: z.literal("webhook.test"),
      createdAt: timestamp.describe("When the test was sent (ISO 8601)"),
      merchantId: z.string().describe("bytes32 merchant id"),
    })
    .meta({
      id: "WebhookTestEvent",
      description:
        "A test the merchant sent itself (POST /merchants/me/webhook-test): about no payment; answer it 2xx.",
    }),
} satisfies { [T in WebhookEventType]: z.ZodObject<{ type: z.ZodLiteral<T> } & z.ZodRawShape> };

/** Any Kassa webhook body, told apart by `type`. */
export const webhookEventSchema = z
  .discriminatedUnion(
    "type",
    Object.values(webhookEventSchemas) as [
      (typeof webhookEventSchemas)[WebhookEventType],
      ...(typeof webhookEventSchemas)[WebhookEventType][],
    ],
  )
  .meta({ id: "WebhookEvent", description: "The body of a Kassa webhook; `type` tells which event" });
export type WebhookEvent = z.infer<typeof webhookEventSchema>;

/**
 * What paymentEventPayload returns for any type: the fields of every event, those of a particular one
 * optional. A field added there and not here (or in the event's schema above) does not compile.
 */
export const webhookEventBodySchema = z.object({
  ...paymentEventFields,
  type: z.enum(Object.keys(webhookEventSchemas) as [WebhookEventType, ...WebhookEventType[]]),
  status: z.enum(paymentStatuses).describe("The payment's status right after the event"),
  reason: reason.optional(),
  paid: paid.optional(),
  refund: refund.optional(),
  reorged: reorged.optional(),
  depositReturn: depositReturn.optional(),
  sweep: sweep.optional(),
});
export type WebhookEventBody = z.infer<typeof webhookEventBodySchema>;
