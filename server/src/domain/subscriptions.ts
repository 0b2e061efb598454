/**
 * A subscription's states: PENDING until the payer signs the schedule, ACTIVE while it is charged each period,
 * PAST_DUE when the payer's allowance falls short of a charge (retried; ACTIVE again at the next charge that goes
 * through) or a period's charge failed every retry (the next period is still tried), CANCELED (by the merchant,
 * the payer, the payer setting the gateway's allowance to 0, failed retries under the "cancel" setting, or seen
 * on-chain), COMPLETED after its last period.
 */
export const subscriptionStatuses = ["PENDING", "ACTIVE", "PAST_DUE", "CANCELED", "COMPLETED"] as const;
export type SubscriptionStatus = (typeof subscriptionStatuses)[number];

/** Who or what canceled a subscription (`allowance`: the payer set the gateway's allowance to 0 themselves). */
export const subscriptionCancelers = ["merchant", "payer", "allowance", "retries", "chain"] as const;
export type SubscriptionCanceledBy = (typeof subscriptionCancelers)[number];

/** The default retry schedule of a failed charge, seconds after each failure: 1 h, 6 h, 24 h, 72 h. */
export const DEFAULT_SUBSCRIPTION_RETRIES = [3_600, 21_600, 86_400, 259_200] as const;
