import { hostname } from "node:os";
import type { Logger } from "pino";
import { claimDueDeliveries } from "../../db/webhooks/webhookSlots.js";
import type { BackgroundService } from "../../domain/tasks.js";
import { attemptClaimedDelivery, type WebhookDeliveryDeps } from "./delivery.js";
import { DEFAULT_DELIVERIES_PER_MERCHANT, SLOT_LEASE_MARGIN_MS, WEBHOOK_TIMEOUT_MS } from "./policy.js";

/** Deliveries one worker process sends at once (requests waiting on merchants cost sockets, not slots). */
export const DEFAULT_SENDER_CONCURRENCY = 64;
/** How often a sender looks for due deliveries while none is known to be waiting. */
export const DEFAULT_SENDER_POLL_INTERVAL_MS = 100;

export interface WebhookSenderOptions extends WebhookDeliveryDeps {
  logger: Logger;
  /** Deliveries this process sends at once; default DEFAULT_SENDER_CONCURRENCY. */
  concurrency?: number;
  /** Deliveries of one merchant sent at once, across every process; default DEFAULT_DELIVERIES_PER_MERCHANT. */
  perMerchant?: number;
  /** Default DEFAULT_SENDER_POLL_INTERVAL_MS. */
  pollIntervalMs?: number;
  /** Written on each lease it takes (`sending_by`); default `host:pid`. */
  senderId?: string;
}

export interface WebhookSender extends BackgroundService {
  /**
   * Looks for due deliveries now: the process committed a payment change (and its deliveries) and calls this
   * right after, so a webhook leaves without waiting for the next poll.
   */
  wake(): void;
}

/**
 * The webhook sender of a worker process: claims due deliveries (claimDueDeliveries: its merchant's slot
 * limit holds across processes) as long as it has room for more requests, sends each (attemptClaimedDelivery)
 * and looks again when one ends, when woken (a payment change committed in this process), or every poll
 * interval. A merchant answering slowly holds at most its own
 * slots; its other deliveries wait in the table without holding anything, and a retry is just a delivery
 * due later. A sender killed mid-request leaves leases that end by themselves (the attempt's timeout plus a
 * margin); the delivery is then sent again, with the same webhook-id.
 */
export function createWebhookSender(options: WebhookSenderOptions): WebhookSender {
  const concurrency = options.concurrency ?? DEFAULT_SENDER_CONCURRENCY;
  const perMerchant = options.perMerchant ?? DEFAULT_DELIVERIES_PER_MERCHANT;
  const pollIntervalMs = options.pollIntervalMs ?? DEFAULT_SENDER_POLL_INTERVAL_MS;
  const leaseMs = (options.timeoutMs ?? WEBHOOK_TIMEOUT_MS) + SLOT_LEASE_MARGIN_MS;
  const sender = options.senderId ?? `${hostname()}:${process.pid}`;
  const log = options.logger.child({ module: "webhook-sender" });
  const inFlight = new Set<Promise<void>>();
  let running = false;
  let loop: Promise<void> = Promise.resolve();
  let failing = false;
  let wake: (() => void) | undefined;
  /** A wake-up that came while nobody waited (during a claim): the next wait ends at once. */
  let woken = false;

  /** Resolves at the next wake-up (an attempt ended, or stop), or after `ms` when given. */
  const nextWake = (ms?: number) => {
    if (woken) {
      woken = false;
      return Promise.resolve();
    }
    return new Promise<void>((resolve) => {
      const done = () => {
        wake = undefined;
        clearTimeout(timer);
        resolve();
      };
      const timer = ms === undefined ? undefined : setTimeout(done, ms);
      wake = done;
    });
  };
  const wakeUp = () => {
    if (wake) wake();
    else woken = true;
  };

  const send = (delivery: Parameters<typeof attemptClaimedDelivery>[1]) => {
    const attempt = attemptClaimedDelivery(options, delivery)
      .then((outcome) => log.info({ deliveryId: delivery.id, outcome }, "webhook delivery attempt"))
      // The outcome was not recorded (the database is unreachable): the lease ends, and it is sent again.
      .catch((error: unknown) =>
        log.warn({ err: error, deliveryId: delivery.id }, "webhook attempt not recorded"),
      )
      .finally(() => {
        inFlight.delete(attempt);
        wakeUp();
      });
    inFlight.add(attempt);
  };

  /** Claims up to `limit` due deliveries and starts sending them; how many, or undefined on a failure. */
  const claim = async (limit: number): Promise<number | undefined> => {
    try {
      const now = options.now();
      const deliveries = await claimDueDeliveries(options.db, {
        now,
        leaseUntil: new Date(now.getTime() + leaseMs),
        perMerchant,
        limit,
        sender,
      });
      if (failing) log.info("webhook sender restored");
      failing = false;
      for (const delivery of deliveries) send(delivery);
      return deliveries.length;
    } catch (error) {
      if (!failing) log.warn({ err: error }, "webhook sender could not claim deliveries; retrying");
      failing = true;
      return undefined;
    }
  };

  const run = async () => {
    while (running) {
      const free = concurrency - inFlight.size;
      const claimed = free > 0 ? await claim(free) : 0;
      if (!running) return;
      // Room taken: look again when an attempt ends. Room left: nothing more is due, look again after the
      // interval, or sooner when an attempt ends (its merchant's slot is free) or a change is committed.
      if (claimed === free) await nextWake();
      else await nextWake(pollIntervalMs);
    }
  };

  return {
    name: "webhook sender",
    async start() {
      if (running) return;
      running = true;
      loop = run();
    },
    async stop() {
      running = false;
      wakeUp();
      await loop;
      await Promise.all(inFlight);
    },
    wake: wakeUp,
  };
}
