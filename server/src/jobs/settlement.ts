import type { Task } from "graphile-worker";
import type { Logger } from "pino";
import { z } from "zod";
import type { ChainClients } from "../chain/clients.js";
import { createChainWatcher, type ChainWatcher, type ChainWatcherOptions } from "../chain/watcher.js";
import { sweepExpiredPayments } from "../core/payments/expiry.js";
import { settlementFacts } from "../core/watcher/settlementFacts.js";
import { expireRefund } from "../core/refunds/refundExpiry.js";
import { createWebhookSender } from "../core/webhooks/sender.js";
import type { Db } from "../db/infra/database.js";
import type { WorkerModule } from "./worker.js";
import { TASKS } from "../domain/tasks.js";

export interface LifecycleModuleOptions {
  db: Db;
  databaseUrl: string;
  chains: ChainClients;
  logger: Logger;
  /** WEBHOOK_ALLOW_PRIVATE. */
  webhookAllowPrivate: boolean;
  /** TRANSFER_PAYMENTS: the watcher reads token transfers to deposit addresses. */
  transferPayments?: boolean;
  now?: () => Date;
  /** Webhook attempt timeout; default 10 s. */
  webhookTimeoutMs?: number;
  /** Deliveries of one merchant sent at once, across every worker process; default 4. */
  deliveriesPerMerchant?: number;
  /** Default DEFAULT_RETRY_SCHEDULE_MS (about three days). */
  webhookRetryScheduleMs?: readonly number[];
  /** How often the webhook sender looks for due deliveries when idle; default 100 ms. */
  webhookPollIntervalMs?: number;
  /** Expiry sweep schedule (crontab); default every minute. Reads also expire payments on the spot. */
  expiryCron?: string;
  watcher?: Pick<
    ChainWatcherOptions,
    "pollIntervalMs" | "maxBlockRange" | "initialLookbackBlocks" | "checkTransfers"
  >;
  /** Run no chain watcher in this process (tests that drive one themselves). */
  withoutWatcher?: boolean;
}

export interface LifecycleModule extends WorkerModule {
  watcher: ChainWatcher | undefined;
}

const refundPayload = z.object({ refundId: z.string() });

/**
 * The worker role's part of the payment lifecycle: the chain watcher and the webhook sender (background
 * services), the expiry sweep (cron) and refund expiry checks (jobs).
 */
export function lifecycleWorkerModule(options: LifecycleModuleOptions): LifecycleModule {
  const now = options.now ?? (() => new Date());
  const log = options.logger.child({ module: "lifecycle" });
  const sender = createWebhookSender({
    db: options.db,
    now,
    logger: options.logger,
    allowPrivate: options.webhookAllowPrivate,
    ...(options.webhookTimeoutMs === undefined ? {} : { timeoutMs: options.webhookTimeoutMs }),
    ...(options.webhookRetryScheduleMs === undefined
      ? {}
      : { retryScheduleMs: options.webhookRetryScheduleMs }),
    ...(options.deliveriesPerMerchant === undefined ? {} : { perMerchant: options.deliveriesPerMerchant }),
    ...(options.webhookPollIntervalMs === undefined ? {} : { pollIntervalMs: options.webhookPollIntervalMs }),
  });

  // Each change this process commits wakes the sender at once: its webhook leaves without a poll's wait.
  const expirePayments: Task = async () => {
    const expired = await sweepExpiredPayments(options.db, { now });
    if (expired === undefined) log.info("expiry sweep skipped: another one is running");
    else if (expired > 0) {
      sender.wake();
      log.info({ count: expired }, "payments expired");
    }
  };
  const expireRefundTask: Task = async (payload) => {
    const { refundId } = refundPayload.parse(payload);
    const result = await expireRefund({ db: options.db, chains: options.chains, now }, refundId);
    if (result === "expired" || result === "collision") sender.wake();
    if (result === "collision") {
      log.error(
        { refundId },
        "sequence collision: the refund's bit is set by another id; expired, not refunded",
      );
    } else log.info({ refundId, result }, "refund expiry check");
  };

  const watcher = options.withoutWatcher
    ? undefined
    : createChainWatcher({
        handler: settlementFacts({
          db: options.db,
          databaseUrl: options.databaseUrl,
          logger: options.logger,
          now,
          onCommitted: sender.wake,
          transferPayments: options.transferPayments,
        }),
        chains: options.chains,
        logger: options.logger,
        ...options.watcher,
      });

  return {
    tasks: {
      [TASKS.expirePayments]: expirePayments,
      [TASKS.expireRefund]: expireRefundTask,
    },
    cron: [
      {
        task: TASKS.expirePayments,
        match: options.expiryCron ?? "* * * * *",
        options: { backfillPeriod: 0, maxAttempts: 1, jobKey: TASKS.expirePayments },
      },
    ],
    services: watcher ? [watcher, sender] : [sender],
    watcher,
  };
}
