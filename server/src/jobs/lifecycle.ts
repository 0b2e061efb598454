import type { Task } from "graphile-worker";
import type { Logger } from "pino";
import { z } from "zod";
import type { ChainClients } from "../chain/clients.js";
import { createChainWatcher, type ChainWatcher, type ChainWatcherOptions } from "../chain/watcher.js";
import { sweepExpiredPayments } from "../core/lifecycle.js";
import { EXPIRE_REFUND_TASK, expireRefund } from "../core/refunds.js";
import {
  attemptWebhookDelivery,
  DEFAULT_DELIVERIES_PER_MERCHANT,
  DELIVER_WEBHOOK_TASK,
  type WebhookDeliveryDeps,
} from "../core/webhooks.js";
import type { Db } from "../db/database.js";
import { enqueueJob } from "./queue.js";
import type { WorkerModule } from "./worker.js";

export const EXPIRE_PAYMENTS_TASK = "lifecycle_expire_payments";

export interface LifecycleModuleOptions {
  db: Db;
  databaseUrl: string;
  chains: ChainClients;
  logger: Logger;
  /** WEBHOOK_ALLOW_PRIVATE. */
  webhookAllowPrivate: boolean;
  now?: () => Date;
  /** Webhook attempt timeout; default 10 s. */
  webhookTimeoutMs?: number;
  /** Worker slots one merchant's deliveries may hold at once in this process; default 4. */
  deliveriesPerMerchant?: number;
  /** Default DEFAULT_RETRY_SCHEDULE_MS (about three days). */
  webhookRetryScheduleMs?: readonly number[];
  /** Expiry sweep schedule (crontab); default every minute. Reads also expire payments on the spot. */
  expiryCron?: string;
  watcher?: Pick<
    ChainWatcherOptions,
    "pollIntervalMs" | "maxBlockRange" | "initialLookbackBlocks" | "checkTransfers" | "beforeCommit"
  >;
  /** Run no chain watcher in this process (tests that drive one themselves). */
  withoutWatcher?: boolean;
}

export interface LifecycleModule extends WorkerModule {
  watcher: ChainWatcher | undefined;
}

/** How long a delivery waits for one of its merchant's slots before stepping aside. */
const SLOT_WAIT_MS = 100;

/** A counting semaphore with a bounded wait. */
class MerchantSlots {
  #free: number;
  readonly #waiters: ((granted: boolean) => void)[] = [];

  constructor(size: number) {
    this.#free = size;
  }

  acquire(waitMs: number): Promise<boolean> {
    if (this.#free > 0) {
      this.#free -= 1;
      return Promise.resolve(true);
    }
    return new Promise((resolve) => {
      const waiter = (granted: boolean) => {
        clearTimeout(timer);
        resolve(granted);
      };
      const timer = setTimeout(() => {
        const index = this.#waiters.indexOf(waiter);
        if (index >= 0) this.#waiters.splice(index, 1);
        resolve(false);
      }, waitMs);
      this.#waiters.push(waiter);
    });
  }

  release(): void {
    const next = this.#waiters.shift();
    if (next) next(true);
    else this.#free += 1;
  }
}

const deliveryPayload = z.object({ deliveryId: z.string(), merchantId: z.number().optional() });
const refundPayload = z.object({ refundId: z.string() });

/**
 * The worker role's part of the payment lifecycle: the chain watcher (a background service), webhook
 * delivery attempts, the expiry sweep (cron) and refund expiry checks (jobs).
 */
export function lifecycleWorkerModule(options: LifecycleModuleOptions): LifecycleModule {
  const now = options.now ?? (() => new Date());
  const deliveryDeps: WebhookDeliveryDeps = {
    db: options.db,
    now,
    allowPrivate: options.webhookAllowPrivate,
    ...(options.webhookTimeoutMs === undefined ? {} : { timeoutMs: options.webhookTimeoutMs }),
    ...(options.webhookRetryScheduleMs === undefined
      ? {}
      : { retryScheduleMs: options.webhookRetryScheduleMs }),
  };
  const log = options.logger.child({ module: "lifecycle" });

  const perMerchant = options.deliveriesPerMerchant ?? DEFAULT_DELIVERIES_PER_MERCHANT;
  const slots = new Map<number, MerchantSlots>();
  const deliverWebhook: Task = async (payload) => {
    const { deliveryId, merchantId } = deliveryPayload.parse(payload);
    let merchantSlots: MerchantSlots | undefined;
    if (merchantId !== undefined) {
      merchantSlots = slots.get(merchantId) ?? new MerchantSlots(perMerchant);
      slots.set(merchantId, merchantSlots);
      if (!(await merchantSlots.acquire(SLOT_WAIT_MS))) {
        // The merchant's endpoint is slow and holds its share of slots: come back later, no attempt used.
        await enqueueJob(
          options.db,
          DELIVER_WEBHOOK_TASK,
          { deliveryId, merchantId },
          { runAt: new Date(Date.now() + 1_000) },
        );
        return;
      }
    }
    try {
      const outcome = await attemptWebhookDelivery(deliveryDeps, deliveryId);
      log.info({ deliveryId, outcome }, "webhook delivery attempt");
    } finally {
      merchantSlots?.release();
    }
  };
  const expirePayments: Task = async () => {
    const expired = await sweepExpiredPayments(options.db, { now });
    if (expired === undefined) log.info("expiry sweep skipped: another one is running");
    else if (expired > 0) log.info({ count: expired }, "payments expired");
  };
  const expireRefundTask: Task = async (payload) => {
    const { refundId } = refundPayload.parse(payload);
    const result = await expireRefund({ db: options.db, chains: options.chains, now }, refundId);
    log.info({ refundId, result }, "refund expiry check");
  };

  const watcher = options.withoutWatcher
    ? undefined
    : createChainWatcher({
        db: options.db,
        databaseUrl: options.databaseUrl,
        chains: options.chains,
        logger: options.logger,
        now,
        ...options.watcher,
      });

  return {
    tasks: {
      [DELIVER_WEBHOOK_TASK]: deliverWebhook,
      [EXPIRE_PAYMENTS_TASK]: expirePayments,
      [EXPIRE_REFUND_TASK]: expireRefundTask,
    },
    cron: [
      {
        task: EXPIRE_PAYMENTS_TASK,
        match: options.expiryCron ?? "* * * * *",
        options: { backfillPeriod: 0, maxAttempts: 1, jobKey: EXPIRE_PAYMENTS_TASK },
      },
    ],
    services: watcher ? [watcher] : [],
    watcher,
  };
}
