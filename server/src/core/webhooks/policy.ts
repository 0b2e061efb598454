/**
 * The webhook retry policy: how long an attempt may take, when a failed delivery is tried again and when
 * it is given up, how many of a merchant's deliveries are sent at once, and how long a sender holds a
 * merchant's slot.
 */

/**
 * Delays before each retry after a failed attempt: about three and a half days in all, then the delivery
 * is FAILED. Each delay gets +-20% jitter so a merchant coming back up is not hit by every retry at once.
 * The first minute is dense, so an outage of a few seconds costs seconds; once one delivery gets through,
 * the endpoint's waiting retries are brought forward (RETRIES_BROUGHT_FORWARD at a time).
 */
export const DEFAULT_RETRY_SCHEDULE_MS: readonly number[] = [
  5_000,
  10_000,
  30_000,
  60_000,
  5 * 60_000,
  30 * 60_000,
  2 * 3_600_000,
  5 * 3_600_000,
  10 * 3_600_000,
  10 * 3_600_000,
  14 * 3_600_000,
  20 * 3_600_000,
  24 * 3_600_000,
];
export const WEBHOOK_TIMEOUT_MS = 10_000;

/**
 * Deliveries of one merchant being sent at once, across every worker process: a slow or dead endpoint
 * (each attempt bounded by the timeout) holds at most this many requests open, and its other deliveries
 * wait in the table, costing no sender anything, while other merchants' deliveries go out.
 */
export const DEFAULT_DELIVERIES_PER_MERCHANT = 4;
/** Waiting retries of an endpoint started again after one of its deliveries succeeds. */
export const RETRIES_BROUGHT_FORWARD = 3;
/** A merchant slot is leased for the attempt's timeout plus this; a sender that died frees it by then. */
export const SLOT_LEASE_MARGIN_MS = 5_000;

/**
 * When a failed attempt is tried again: the schedule's delay for this attempt with +-20% jitter, or null
 * when the schedule is spent (the delivery is FAILED). `attempt` counts from 1.
 */
export function nextRetryAt(
  attempt: number,
  now: Date,
  schedule: readonly number[] = DEFAULT_RETRY_SCHEDULE_MS,
  random: () => number = Math.random,
): Date | null {
  const delay = schedule[attempt - 1];
  return delay === undefined ? null : new Date(now.getTime() + Math.round(delay * (0.8 + 0.4 * random())));
}
