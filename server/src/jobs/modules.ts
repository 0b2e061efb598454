import type { Services } from "../core/services.js";
import { depositsWorkerModule } from "./deposits.js";
import { gaslessWorkerModule } from "./gasless.js";
import { collectPricesWorkerModule } from "./prices.js";
import { subscriptionsWorkerModule } from "./subscriptions.js";
import { lifecycleWorkerModule, type LifecycleModule, type LifecycleModuleOptions } from "./settlement.js";
import type { WorkerModule } from "./worker.js";

/** What the settlement module needs beyond the services: the queue's URL, and what tests and benchmarks tune. */
export type SettlementModuleOptions = { databaseUrl: string } & Partial<
  Omit<LifecycleModuleOptions, "db" | "chains" | "logger" | "now">
>;

/** The chain watcher, webhook delivery, and the payment and refund expiry, on the services' clients and clock. */
export function settlementWorkerModule(
  services: Services,
  options: SettlementModuleOptions,
): LifecycleModule {
  return lifecycleWorkerModule({
    db: services.db,
    chains: services.chains,
    logger: services.logger,
    now: services.now,
    webhookAllowPrivate: services.config.webhookAllowPrivate,
    transferPayments: services.config.transferPayments,
    ...options,
    watcher: { pollIntervalMs: services.config.watcherPollIntervalMs, ...options.watcher },
  });
}

/** The price collection task, on the schedule of PRICE_COLLECT_INTERVAL_MINUTES. */
export function pricesWorkerModule(services: Services): WorkerModule {
  return collectPricesWorkerModule(
    services.prices.collectDeps,
    services.config.prices.collectIntervalMinutes,
  );
}

/**
 * Everything the worker role runs: prices, settlement, the relayer and faucet, subscription charges, and the
 * sweeps of payments by transfer when TRANSFER_PAYMENTS is on.
 */
export function workerModules(services: Services, options: SettlementModuleOptions): WorkerModule[] {
  return [
    pricesWorkerModule(services),
    settlementWorkerModule(services, options),
    gaslessWorkerModule(services.gasless),
    subscriptionsWorkerModule(services.gasless, services.signer, services.payments.prices),
    ...(services.config.transferPayments ? [depositsWorkerModule(services.gasless, services.signer)] : []),
  ];
}
