import { z } from "zod";
import { subscriptionCancelers, subscriptionStatuses } from "../../domain/subscriptions.js";

/**
 * The bodies of the subscription webhooks (`subscription.*`): one shape for every event about a subscription,
 * recorded by core/subscriptions/events.ts. A charge's events also name its payment, whose own `payment.*`
 * events follow the payment as any other.
 */

const subscriptionEventTypes = [
  "subscription.created",
  "subscription.charged",
  "subscription.charge_failed",
  "subscription.past_due",
  "subscription.canceled",
  "subscription.completed",
] as const;
export type SubscriptionEventType = (typeof subscriptionEventTypes)[number];

const descriptions: Record<SubscriptionEventType, [string, string]> = {
  "subscription.created": [
    "SubscriptionCreatedEvent",
    "The payer signed the schedule: the subscription is ACTIVE.",
  ],
  "subscription.charged": [
    "SubscriptionChargedEvent",
    "A period was charged on-chain (`charge`) in a block now final for the chain: its payment is PAID.",
  ],
  "subscription.charge_failed": [
    "SubscriptionChargeFailedEvent",
    "A period's charge failed (`reason`: the payer's balance or allowance, a refusal of the chain, a fiat plan's price beyond the payer's signed maximum); it is retried at `nextChargeAt` while the retry schedule lasts. Also when a reorg removed a charge (`charge`, CREATED again): the period is due again at once.",
  ],
  "subscription.past_due": [
    "SubscriptionPastDueEvent",
    "The payer's allowance fell short of a charge (`reason`): the charge is retried on the schedule, and the payer is to allow the gateway again on the subscription's page (`url`) or their subscriptions page; the next charge that goes through makes it ACTIVE again (`subscription.charged`). Also when a period's charge failed every retry (merchant setting PAST_DUE): that period is not charged; the next one will be tried when it opens.",
  ],
  "subscription.canceled": [
    "SubscriptionCanceledEvent",
    "The subscription ended before its last charge (`canceledBy`: merchant, payer, `allowance` when the payer set the gateway's allowance to 0 themselves (an allowance spent to 0 by other payments is PAST_DUE instead), retries, or seen on-chain).",
  ],
  "subscription.completed": ["SubscriptionCompletedEvent", "Its last period was charged or closed."],
};

const fields = {
  eventId: z.string().describe("evt_ id, also the webhook-id header; the same on every retry"),
  createdAt: z.string().describe("When the event happened (ISO 8601)"),
  subscriptionId: z.string().describe("sub_ id"),
  orderId: z.string(),
  status: z.enum(subscriptionStatuses).describe("The subscription's status right after the event"),
  merchantId: z.string().describe("bytes32 merchant id"),
  chainId: z.number(),
  tokenAddress: z.string(),
  tokenSymbol: z.string(),
  amount: z.string().describe("Per charge, base units"),
  payerAddress: z.string().nullable(),
  nextChargeAt: z.string().nullable(),
  canceledBy: z.enum(subscriptionCancelers).nullable(),
  charge: z
    .object({
      period: z.number(),
      paymentId: z.string(),
      txHash: z.string().nullable(),
    })
    .optional()
    .describe("The charge the event is about"),
  reason: z.string().optional().describe("Why the charge failed or the subscription ended"),
};

export const subscriptionEventSchemas = Object.fromEntries(
  subscriptionEventTypes.map((type) => {
    const [id, description] = descriptions[type];
    return [type, z.object({ ...fields, type: z.literal(type) }).meta({ id, description })];
  }),
) as { [T in SubscriptionEventType]: z.ZodObject<typeof fields & { type: z.ZodLiteral<T> }> };
