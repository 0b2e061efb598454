import type { Task } from "graphile-worker";
import type { Logger } from "pino";
import { z } from "zod";
import type { ChainClients } from "../chain/clients.js";
import { createChainWatcher, type ChainWatcher, type ChainWatcherOptions } from "../chain/watcher.js";
import { sweepExpiredPayments } from "../core/expiry.js";
import { settlementHandlers } from "../core/settlement.js";
import { expireRefund } from "../core/refunds.js";
import {
  attemptWebhookDelivery,
  wakeStrandedDeliveries,
  type WebhookDeliveryDeps,
} from "../core/webhooks/delivery.js";
import type { Db } from "../db/database.js";
import type { WorkerModule } from "./worker.js";
import { TASKS } from "../domain/tasks.js";

/** A delivery due for this long without being sent has lost its wake-up. */
const STRANDED_AFTER_MS = 30_000;

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
  /** Deliveries of one merchant sent at once, across every worker process; default 4. */
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
    ...(options.deliveriesPerMerchant === undefined ? {} : { perMerchant: options.deliveriesPerMerchant }),
  };
  const log = options.logger.child({ module: "lifecycle" });

  const deliverWebhook: Task = async (payload) => {
    const { deliveryId } = deliveryPayload.parse(payload);
    const outcome = await attemptWebhookDelivery(deliveryDeps, deliveryId);
    log.info({ deliveryId, outcome }, "webhook delivery attempt");
  };
  const wakeDeliveries: Task = async () => {
    const woken = await wakeStrandedDeliveries(deliveryDeps, STRANDED_AFTER_MS);
    if (woken > 0) log.info({ count: woken }, "stranded webhook deliveries started again");
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
        handlers: settlementHandlers(options.db, now),
        databaseUrl: options.databaseUrl,
        chains: options.chains,
        logger: options.logger,
        now,
        ...options.watcher,
      });

  return {
    tasks: {
      [TASKS.deliverWebhook]: deliverWebhook,
      [TASKS.expirePayments]: expirePayments,
      [TASKS.expireRefund]: expireRefundTask,
      [TASKS.wakeWebhookDeliveries]: wakeDeliveries,
    },
    cron: [
      {
        task: TASKS.expirePayments,
        match: options.expiryCron ?? "* * * * *",
        options: { backfillPeriod: 0, maxAttempts: 1, jobKey: TASKS.expirePayments },
      },
      {
        task: TASKS.wakeWebhookDeliveries,
        match: "* * * * *",
        options: { backfillPeriod: 0, maxAttempts: 1, jobKey: TASKS.wakeWebhookDeliveries },
      },
    ],
    services: watcher ? [watcher] : [],
    watcher,
  };
}
