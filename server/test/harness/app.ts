import type { AddressInfo } from "node:net";
import { Writable } from "node:stream";
import type { FastifyInstance } from "fastify";
import { freePort } from "@kassa/contracts/dev";
import { createChainClients } from "../../src/chain/clients.js";
import { anvilPrivateKeys } from "@kassa/contracts/dev";
import { defaultGaslessSettings } from "../../src/config/gasless.js";
import { defaultConfig, type Config } from "../../src/config/index.js";
import * as admin from "../../src/core/admin/index.js";
import { noPriceService, type PriceService } from "../../src/core/prices/service.js";
import { createServices, type Services, type ServicesOptions } from "../../src/core/services.js";
import { buildApp, type AppOptions } from "../../src/http/app.js";
import { createLogger } from "../../src/logger.js";
import { Secret } from "../../src/secret.js";
import type { TestChain } from "./chain.js";
import { createTestDatabase, type TestDatabase } from "./db.js";

export interface SeededMerchant {
  merchantKey: string;
  /** bytes32 */
  merchantId: string;
  apiKey: string;
  publicKey: string;
  webhookSecret: string;
  recipient: string;
}

export interface TestApp {
  app: FastifyInstance;
  /** What the app runs on. */
  services: Services;
  /** http://127.0.0.1:<port>/api/v1 */
  baseUrl: string;
  database: TestDatabase;
  adminDeps: admin.AdminDeps;
  networkId: number;
  /** The 18-decimals permit token (KTT), whitelisted and enabled for `merchant`. */
  token: string;
  /** The 6-decimals permit token (KUSD), whitelisted, not enabled for `merchant`. */
  token6: string;
  merchant: SeededMerchant;
  /** Every log line the app wrote. */
  logs: string[];
  /** Whitelists `tokens` on the chain and enables them for the merchant `merchantKey` (default: `merchant`). */
  acceptTokens(tokens: readonly string[], merchantKey?: string): Promise<void>;
  /** Creates another merchant on the same chain with `token` enabled. */
  addMerchant(
    name: string,
    options?: { recipientIndex?: number; faucetEnabled?: boolean },
  ): Promise<SeededMerchant>;
  /** fetch() relative to baseUrl; a JSON body sets content-type. */
  request(path: string, init?: RequestOptions): Promise<TestResponse>;
  close(): Promise<void>;
}

export interface TestResponse {
  status: number;
  headers: Headers;
  // Tests read response fields freely and assert their shape; a precise type would add nothing.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
}

export interface RequestOptions {
  method?: string;
  headers?: Record<string, string>;
  json?: unknown;
  rawBody?: string;
}

export interface StartTestAppOptions extends Partial<
  Pick<
    Config,
    | "allowedWidgetOrigin"
    | "rateLimitPerMinute"
    | "trustProxy"
    | "publicBaseUrl"
    | "webhookAllowPrivate"
    | "transferPayments"
    | "gasless"
  >
> {
  /** Default: the system clock. */
  now?: () => Date;
  /** Largest accepted request body in bytes. */
  bodyLimit?: number;
  /** Default: no price service (fiat payments answer PRICE_SERVICE_NOT_CONFIGURED). */
  prices?: PriceService;
  /** Serve GET /metrics. */
  metrics?: boolean;
  /** METRICS_TOKEN. */
  metricsToken?: string;
  /** HTTP_* timeouts and STATUS_STREAMS_MAX, over the defaults. */
  http?: Partial<Config["http"]>;
  /** PAYMENT_LINK_OPEN_*, over the defaults. */
  paymentLinks?: Partial<Config["paymentLinks"]>;
}

/**
 * Registers the test chain's plain token (KPT) as a token of chain 97, not the app's: what a merchant of the app
 * asks for it is refused with CHAIN_MISMATCH.
 */
export async function addTokenOfAnotherChain(t: TestApp, chain: TestChain): Promise<void> {
  await admin.addToken(t.adminDeps, {
    networkId: 97,
    address: chain.tokens.plain,
    symbol: "KPT",
    decimals: 18,
    permitSupported: false,
  });
}

/** Registers the test chain with its contracts (no confirmations), as `kassa admin chain add` would. */
export async function registerTestChain(deps: admin.AdminDeps, chain: TestChain): Promise<void> {
  await admin.addChain(deps, {
    networkId: chain.chainId,
    name: "Anvil",
    isTestnet: true,
    rpcUrl: chain.rpcUrl,
    gatewayAddress: chain.gateway,
    forwarderAddress: chain.forwarder,
    confirmations: 0,
  });
}

/**
 * A migrated database of its own, the chain registered with its contracts and test tokens through
 * the admin core functions, one merchant with keys, and the API listening on a free port.
 */
export async function startTestApp(chain: TestChain, options: StartTestAppOptions = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  const logs: string[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logs.push(chunk.toString("utf8"));
      done();
    },
  });
  const adminDeps: admin.AdminDeps = { db: database.db, chains: createChainClients() };
  await registerTestChain(adminDeps, chain);
  const token = (
    await admin.addToken(adminDeps, { networkId: chain.chainId, address: chain.tokens.permit18 })
  ).address;
  const token6 = (
    await admin.addToken(adminDeps, { networkId: chain.chainId, address: chain.tokens.permit6 })
  ).address;

  let recipientCounter = 3;
  async function addMerchant(
    name: string,
    merchantOptions: { recipientIndex?: number; faucetEnabled?: boolean } = {},
  ) {
    const recipient = chain.wallet(merchantOptions.recipientIndex ?? recipientCounter++).account.address;
    const created = await admin.createMerchant(adminDeps, {
      name,
      networkId: chain.chainId,
      recipientAddress: recipient,
      faucetEnabled: merchantOptions.faucetEnabled ?? false,
    });
    await admin.addPaymentMethod(adminDeps, created.merchant.merchantKey, { tokenAddress: token });
    return {
      merchantKey: created.merchant.merchantKey,
      merchantId: created.merchant.merchantId,
      apiKey: created.apiKey,
      publicKey: created.publicKey,
      webhookSecret: created.webhookSecret,
      recipient,
    };
  }
  const merchant = await addMerchant("Test shop", { recipientIndex: 9 });
  async function acceptTokens(tokens: readonly string[], merchantKey = merchant.merchantKey) {
    for (const address of tokens) {
      await admin.addToken(adminDeps, { networkId: chain.chainId, address });
      await admin.addPaymentMethod(adminDeps, merchantKey, { tokenAddress: address });
    }
  }

  const config = defaultConfig({
    signerPrivateKey: chain.signerKey,
    rateLimitPerMinute: options.rateLimitPerMinute ?? 100_000,
    allowedWidgetOrigin: options.allowedWidgetOrigin,
    publicBaseUrl: options.publicBaseUrl,
    ...(options.webhookAllowPrivate ? { webhookAllowPrivate: true } : {}),
    // Payments by transfer only where a test asks for them (on by default in a deployment), offered on the test
    // chain by a relayer key there (anvil's account 7, as the sweep tests' relayer) unless the test gives its own.
    transferPayments: options.transferPayments ?? false,
    ...(options.gasless
      ? { gasless: options.gasless }
      : options.transferPayments
        ? {
            gasless: defaultGaslessSettings({
              relayerKeys: new Map([[chain.chainId, [new Secret(anvilPrivateKeys[7])]]]),
            }),
          }
        : {}),
    ...(options.trustProxy !== undefined ? { trustProxy: options.trustProxy } : {}),
    ...(options.metricsToken ? { metricsToken: new Secret(options.metricsToken) } : {}),
  });
  config.http = { ...config.http, ...options.http };
  config.paymentLinks = { ...config.paymentLinks, ...options.paymentLinks };
  const services = createServices(config, database.db, {
    logger: createLogger({ level: "info", destination }),
    priceService: options.prices ?? noPriceService,
    ...(options.now ? { now: options.now } : {}),
  });
  const app = await buildApp(services, {
    metrics: options.metrics ?? false,
    ...(options.bodyLimit ? { bodyLimit: options.bodyLimit } : {}),
  });
  await app.listen({ host: "127.0.0.1", port: 0 });
  const { port } = app.server.address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}/api/v1`;

  return {
    app,
    services,
    baseUrl,
    database,
    adminDeps,
    networkId: chain.chainId,
    token,
    token6,
    merchant,
    logs,
    acceptTokens,
    addMerchant,
    async request(path, init = {}) {
      const headers: Record<string, string> = { ...init.headers };
      let body: string | undefined = init.rawBody;
      if (init.json !== undefined) {
        body = JSON.stringify(init.json);
        headers["content-type"] ??= "application/json";
      }
      const response = await fetch(`${baseUrl}${path}`, { method: init.method ?? "GET", headers, body });
      const text = await response.text();
      let parsed: unknown = text;
      try {
        parsed = text === "" ? undefined : JSON.parse(text);
      } catch {
        // Not JSON (the docs page): keep the text.
      }
      return { status: response.status, headers: response.headers, body: parsed };
    },
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/**
 * A second API on the test app's database (same merchants, tokens and chain), built with the
 * given extra dependencies: the widget's dev wallet, a relayer and faucet. `ownOriginOnly`: as
 * `npm start` does, public keys work only from the API's own origin (ALLOWED_WIDGET_ORIGIN).
 */
export async function startSiblingApp(
  t: TestApp,
  chain: TestChain,
  deps: Pick<AppOptions, "widget"> & Pick<ServicesOptions, "gasless">,
  options: { ownOriginOnly?: boolean } = {},
): Promise<{ origin: string; baseUrl: string; close(): Promise<void> }> {
  const ownPort = options.ownOriginOnly ? await freePort() : 0;
  const config = defaultConfig({
    signerPrivateKey: chain.signerKey,
    rateLimitPerMinute: 100_000,
    ...(options.ownOriginOnly ? { allowedWidgetOrigin: `http://127.0.0.1:${ownPort}` } : {}),
  });
  const services = createServices(config, t.database.db, deps.gasless ? { gasless: deps.gasless } : {});
  const app = await buildApp(services, deps.widget === undefined ? {} : { widget: deps.widget });
  await app.listen({ host: "127.0.0.1", port: ownPort });
  const { port } = app.server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  return { origin, baseUrl: `${origin}/api/v1`, close: () => app.close() };
}
