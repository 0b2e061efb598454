import type { Logger } from "pino";
import { createChainClients, type ChainClients } from "../chain/clients.js";
import type { GaslessRuntime } from "../chain/gasless.js";
import { createPaymentSigner, type PaymentSigner } from "../chain/signer.js";
import { kassaPublicUrl, type Config } from "../config/index.js";
import { recordLogRangeLimit } from "../db/chains/chains.js";
import type { Db } from "../db/infra/database.js";
import { createDashboardAuth, type DashboardAuth } from "./dashboard/session.js";
import { createPaymentInserter } from "../db/payments/payments.js";
import { createSharedReads, type SharedReads } from "../db/sharedReads/sharedReads.js";
import { createLogger } from "../logger.js";
import { createGasless } from "./gasless/gasless.js";
import {
  createMetrics,
  defaultScrapeGauges,
  faucetBudgetGauges,
  relayerGasGauges,
  watcherLag,
  type Metrics,
} from "./operations/metrics.js";
import { createCheckedPaymentSequencer } from "./payments/paymentSequences.js";
import type { PaymentDeps } from "./payments/payments.js";
import { createPaymentStatusFeed, type PaymentStatusFeed } from "./payments/paymentStatusFeed.js";
import { createPaymentSync, type PaymentSync } from "./payments/paymentSync.js";
import { createDepositFeeReader } from "./deposits/terms.js";
import type { PriceService } from "./prices/service.js";
import { chainClientResolver, createPriceRuntime, type PriceRuntime } from "./prices/runtime.js";
import type { RefundDeps } from "./refunds/refunds.js";

/** What the API and the worker roles run on, built once per process by {@link createServices}. */
export interface Services {
  config: Config;
  db: Db;
  /** Silent when none was given. */
  logger: Logger;
  now: () => Date;
  chains: ChainClients;
  /** Undefined without KASSA_SIGNER_PRIVATE_KEY: POST /payments answers SIGNING_SERVICE_ERROR. */
  signer: PaymentSigner | undefined;
  /** The hot endpoints' reads, shared while in flight. */
  reads: SharedReads;
  /** Payment creation: the batched insert and the sequencer are per process. */
  payments: PaymentDeps;
  refunds: RefundDeps;
  /** GET /prices, fiat payments, and the worker's price collection. */
  prices: PriceRuntime;
  /** On-demand chain sync of GET /payments/:id; undefined when turned off. */
  paymentSync: PaymentSync | undefined;
  /** One status feed per process, whatever the number of payers streaming. */
  statusFeed: PaymentStatusFeed;
  /** Relayer and faucet senders of every chain with keys (none configured: RELAYER_NOT_CONFIGURED, FAUCET_DISABLED). */
  gasless: GaslessRuntime;
  metrics: Metrics;
  /**
   * The merchant dashboard's sign-in and sessions, at Kassa's own origin: PUBLIC_BASE_URL's, else
   * ALLOWED_WIDGET_ORIGIN (where Kassa serves its pages). Undefined when neither is set: no dashboard.
   */
  dashboard: { auth: DashboardAuth; origin: string } | undefined;
}

/** What tests and benchmarks replace; a process started by `kassa` passes only its logger and chain clients. */
export interface ServicesOptions {
  /** Default: nothing is logged. */
  logger?: Logger;
  /** Default: the system clock. */
  now?: () => Date;
  /** Default: clients over RPC_URL_<id> and the chains' stored URLs ({@link configuredChainClients}). */
  chains?: ChainClients;
  /** Replaces the hourly-average service of fiat payments (`noPriceService`: PRICE_SERVICE_NOT_CONFIGURED). */
  priceService?: PriceService;
  /** Replaces the on-demand sync of GET /payments/:id; false turns it off. */
  paymentSync?: PaymentSync | false;
  /** Replaces the relayer and faucet built from `config.gasless` (an API sharing another's senders). */
  gasless?: GaslessRuntime;
  /** request-gas receipt polling, ms; default 500. */
  confirmPollMs?: number;
}

/**
 * The chain clients of the configuration: RPC_URL_<id> overrides, RPC_TIMEOUT_MS; with `db`, each chain's
 * learnt eth_getLogs range limit is kept in its row, where the next process's clients start from.
 */
export function configuredChainClients(config: Config, logger?: Logger, db?: Db): ChainClients {
  // A chain's changes are written in the order they happened, so its row ends at the latest.
  const writes = new Map<number, Promise<void>>();
  const keep = (db: Db) => (networkId: number, maxBlocks: bigint) => {
    const written = (writes.get(networkId) ?? Promise.resolve())
      .then(() => recordLogRangeLimit(db, networkId, Number(maxBlocks)))
      .catch((error: unknown) =>
        logger?.warn({ err: error, networkId }, "could not keep the learnt eth_getLogs range limit"),
      );
    writes.set(networkId, written);
  };
  return createChainClients({
    rpcUrls: config.rpcUrls,
    timeoutMs: config.rpcTimeoutMs,
    ...(db ? { onLogRangeLimit: keep(db) } : {}),
    ...(logger ? { logger } : {}),
  });
}

/**
 * The composition root: every service the roles use, built once from the configuration and the database.
 * Nothing here starts work; the API (`buildApp`) and the worker (`workerModules`) start what they run.
 */
export function createServices(config: Config, db: Db, options: ServicesOptions = {}): Services {
  const logger = options.logger ?? createLogger({ level: "silent" });
  const now = options.now ?? (() => new Date());
  const chains = options.chains ?? configuredChainClients(config, options.logger, db);
  const signer = config.signerPrivateKey ? createPaymentSigner(config.signerPrivateKey) : undefined;
  const reads = createSharedReads(db);
  const prices = createPriceRuntime({
    db,
    settings: config.prices,
    logger,
    clientFor: chainClientResolver(db, chains),
    now,
  });
  const paymentSync =
    options.paymentSync === false
      ? undefined
      : (options.paymentSync ?? createPaymentSync({ db, chains, now, logger }));
  const nextPaymentSequence = createCheckedPaymentSequencer({ db, chains, logger });
  const publicUrl = kassaPublicUrl(config);
  const dashboardOrigin = publicUrl === undefined ? undefined : new URL(publicUrl).origin;
  return {
    config,
    db,
    logger,
    now,
    chains,
    signer,
    reads,
    payments: {
      db,
      reads,
      insertPayment: createPaymentInserter(db),
      nextPaymentSequence,
      depositFee: createDepositFeeReader(chains, config),
      signer,
      prices: options.priceService ?? prices.priceService,
      now,
    },
    refunds: { db, chains, signer, now, nextPaymentSequence },
    prices,
    paymentSync,
    statusFeed: createPaymentStatusFeed({ db, reads, logger, ...(paymentSync ? { paymentSync } : {}) }),
    gasless:
      options.gasless ??
      createGasless({
        db,
        chains,
        settings: config.gasless,
        logger,
        now,
        ...(options.confirmPollMs === undefined ? {} : { confirmPollMs: options.confirmPollMs }),
      }),
    metrics: createMetrics(db, [
      ...defaultScrapeGauges,
      watcherLag(chains),
      ...faucetBudgetGauges(config.gasless),
      ...relayerGasGauges(config.gasless),
    ]),
    dashboard:
      dashboardOrigin === undefined
        ? undefined
        : {
            origin: dashboardOrigin,
            auth: createDashboardAuth({ db, chains, origin: dashboardOrigin, now }),
          },
  };
}
