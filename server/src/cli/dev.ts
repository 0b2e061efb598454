import { existsSync } from "node:fs";
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import {
  AnvilStartError,
  anvilAccount,
  anvilPrivateKeys,
  deployKassa,
  deployTestTokens,
  startAnvil,
  testTokenAbi,
  testTokens,
  type AnvilInstance,
  rpcChain,
} from "@kassa/contracts";
import { Command } from "commander";
import { createPublicClient, createWalletClient, http, parseUnits, type Address, type Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { loadConfig, type Config } from "../config/index.js";
import { Secret } from "../secret.js";
import * as admin from "../core/admin.js";
import { insertPriceSamples, type NewPriceSampleRow } from "../db/prices.js";
import { setTokenPriceSource } from "../core/prices/admin.js";
import type { GaslessSettings } from "../config/gasless.js";
import type { WidgetServeOptions } from "../http/routes/widget.js";
import type { PriceSettings } from "../config/prices.js";
import { isKassaError } from "../errors.js";
import { createLogger, quietLogsForShutdown } from "../logger.js";
import type { RunningShop, startShop as StartShop } from "@kassa/example-shop";
import { startActivityFeed, type ActivityFeed } from "./activityFeed.js";
import { embeddedPostgresDir, isAlive, runningPostgres, type Context } from "./context.js";
import { reportError, UsageError } from "./output.js";
import { serve, stopOnSignals } from "./serve.js";

const DEV_CHAIN_ID = 31337;
const PREFERRED_RPC_PORT = 8545;
const DEFAULT_FEE_BPS = 100;
/** Whole tokens minted to each dev payer, per test token. */
const PAYER_TOKEN_GRANT = "1000";
/** Fixed prices of the test tokens (by lower-case symbol), unless STATIC_PRICES says otherwise. */
const DEV_STATIC_PRICES = {
  ktt: { USD: "2.5", KRW: "3500" },
  kusd: { USD: "1", KRW: "1400" },
  kpt: { USD: "0.5", KRW: "700" },
} as const;

/** Anvil dev accounts that relay gasless payments and fund the gas faucet on the local chain. */
const DEV_PAYER_INDEXES = [4, 5, 6] as const;
const SHOP_PORT = 4000;
const DEV_RELAYER_INDEX = 7;
const DEV_FAUCET_INDEX = 8;

/** The widget's "Dev wallet" (the funded payers sign in the page) and the local chain for real wallets. */
function devWidget(rpcUrl: string): WidgetServeOptions {
  return {
    devWallet: {
      rpcUrl,
      chainId: DEV_CHAIN_ID,
      accounts: DEV_PAYER_INDEXES.map((index, i) => ({
        privateKey: anvilPrivateKeys[index] as Hex,
        label: `Payer ${i + 1}`,
      })),
    },
    chains: [
      {
        chainId: DEV_CHAIN_ID,
        name: "Kassa dev (anvil)",
        rpcUrls: [rpcUrl],
        nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
      },
    ],
  };
}

/** The local chain's relayer and faucet keys, unless the environment configured its own. */
function devGaslessSettings(gasless: GaslessSettings): GaslessSettings {
  const relayerKeys = new Map(gasless.relayerKeys);
  const faucetKeys = new Map(gasless.faucetKeys);
  if (!relayerKeys.has(DEV_CHAIN_ID)) {
    relayerKeys.set(DEV_CHAIN_ID, [new Secret(anvilPrivateKeys[DEV_RELAYER_INDEX] as Hex)]);
  }
  if (!faucetKeys.has(DEV_CHAIN_ID)) {
    faucetKeys.set(DEV_CHAIN_ID, new Secret(anvilPrivateKeys[DEV_FAUCET_INDEX] as Hex));
  }
  return { ...gasless, relayerKeys, faucetKeys };
}

/** Dev prices: the static table above in USD and KRW, when the operator configured no static prices. */
function devPriceSettings(prices: PriceSettings): PriceSettings {
  if (Object.keys(prices.staticPrices).length > 0) return prices;
  return { ...prices, currencies: ["USD", "KRW"], staticPrices: DEV_STATIC_PRICES };
}

/** Everything a newcomer needs to pay on the local stack; also written to `.kassa/dev.json`. */
export interface DevEnvironment {
  apiUrl: string;
  /** The payer widget; open it with `?publicKey=...&paymentId=...`. */
  widgetUrl: string;
  /** The example shop (examples/shop), which pays through the widget and receives the webhooks. */
  shopUrl: string | null;
  /** The local database (embedded PostgreSQL unless DATABASE_URL was set). */
  databaseUrl: string;
  docsUrl: string;
  /** ALLOWED_WIDGET_ORIGIN: the Origin public-key endpoints require (Kassa's own, where the widget is served). */
  allowedWidgetOrigin: string;
  rpcUrl: string;
  chainId: number;
  contracts: { gateway: Address; forwarder: Address };
  tokens: Record<keyof typeof testTokens, { address: Address; symbol: string; decimals: number }>;
  merchant: {
    merchantKey: string;
    merchantId: string;
    name: string;
    recipientAddress: Address;
    apiKey: string;
    publicKey: string;
    webhookSecret: string;
  };
  signerAddress: Address;
  treasury: Address;
  payers: { address: Address; privateKey: Hex }[];
}

/** `kassa dev` (`npm start`): a whole local payment system on embedded PostgreSQL and anvil. */
export function devCommand(): Command {
  return new Command("dev")
    .description("run Kassa locally: embedded PostgreSQL, anvil with the contracts deployed, a demo merchant")
    .option("--reset", "forget the local chain and database and start fresh", false)
    .action(async (opts: { reset: boolean }) => {
      try {
        await runDev(loadConfig(), opts);
      } catch (error) {
        process.exitCode = reportError(error, false);
      }
    });
}

async function runDev(baseConfig: Config, opts: { reset: boolean }): Promise<void> {
  const progress = (message: string) => process.stderr.write(`• ${message}\n`);
  const dataDir = resolve(baseConfig.dataDir);
  if (opts.reset && existsSync(dataDir)) {
    progress(`removing ${dataDir}`);
    await rm(dataDir, { recursive: true, force: true });
  }
  await mkdir(dataDir, { recursive: true });
  const devFile = join(dataDir, "dev.json");
  const previous = existsSync(devFile)
    ? (JSON.parse(await readFile(devFile, "utf8")) as DevEnvironment)
    : undefined;

  progress("starting anvil (local chain)");
  const anvil = await startDevAnvil(join(dataDir, "anvil-state.json"));
  const signerKey = baseConfig.signerPrivateKey ?? new Secret(anvilPrivateKeys[1] as Hex);
  const config: Config = {
    ...baseConfig,
    signerPrivateKey: signerKey,
    prices: devPriceSettings(baseConfig.prices),
    gasless: devGaslessSettings(baseConfig.gasless),
    // The example shop receives the demo merchant's webhooks on 127.0.0.1.
    webhookAllowPrivate: true,
    // Secure by default: the widget is served by Kassa, so only Kassa's own origin may use the public key.
    allowedWidgetOrigin: baseConfig.allowedWidgetOrigin ?? ownOrigin(baseConfig),
  };
  const logger = createLogger({ level: config.logLevel === "info" ? "warn" : config.logLevel });
  let running: Awaited<ReturnType<typeof serve>> | undefined;
  let shop: RunningShop | undefined;
  let feed: ActivityFeed | undefined;
  try {
    progress(config.databaseUrl ? "connecting to DATABASE_URL" : "starting embedded PostgreSQL");
    running = await serve(config, { api: true, worker: true, widget: devWidget(anvil.rpcUrl) }, logger);
    const ctx = running.ctx;
    const env = (await reuse(previous, anvil, ctx))
      ? { ...(previous as DevEnvironment), rpcUrl: anvil.rpcUrl }
      : await seed(ctx, config.prices, anvil, privateKeyToAccount(signerKey.reveal()).address, progress);
    await admin.updateChain(ctx, DEV_CHAIN_ID, { rpcUrl: anvil.rpcUrl });
    const apiUrl = running.url as string;
    progress("starting the example shop");
    shop = await startExampleShop(env, `${apiUrl}/api/v1`, join(dataDir, "shop-orders.json"));
    await admin.updateMerchant(ctx, env.merchant.merchantKey, {
      webhookUrl: shop ? `${shop.url}/webhooks/kassa` : null,
    });
    const full: DevEnvironment = {
      ...env,
      apiUrl: `${apiUrl}/api/v1`,
      docsUrl: `${apiUrl}/docs`,
      allowedWidgetOrigin: config.allowedWidgetOrigin as string,
      widgetUrl: `${apiUrl}/widget`,
      shopUrl: shop?.url ?? null,
      databaseUrl: ctx.databaseUrl,
    };
    await writeFile(devFile, `${JSON.stringify(full, null, 2)}\n`, { mode: 0o600 });
    printBox(full, devFile);
    console.log("Activity (payments, webhooks, relays, faucet) appears below as it happens.");
    feed = startActivityFeed({ db: ctx.db, write: (line) => console.log(line) });
  } catch (error) {
    await shop?.stop();
    await running?.stop();
    await anvil.stop();
    throw error;
  }
  const postgres = config.databaseUrl ? undefined : await runningPostgres(embeddedPostgresDir(dataDir));
  const watchdog = exitWhenGone(
    [
      { name: "anvil", pid: anvil.pid },
      ...(postgres ? [{ name: "the embedded PostgreSQL", pid: postgres.pid }] : []),
    ],
    stopAll,
  );
  async function stopAll() {
    // Stopping stops the processes it watches: they are no longer news.
    clearInterval(watchdog);
    try {
      await feed?.stop();
      await shop?.stop();
      await running?.stop();
    } finally {
      await anvil.stop();
    }
  }
  stopOnSignals(stopAll, logger, (signal) => progress(`stopping (${signal})`));
}

/** How long `kassa dev` waits for the rest to stop once a process it runs on died. */
const STOP_AFTER_DEATH_MS = 5_000;

/**
 * `kassa dev` runs on anvil and PostgreSQL processes of its own: when one of them dies (killed, out of
 * memory), it says so in one line and stops, instead of logging the failures of everything that used it.
 */
function exitWhenGone(
  watched: { name: string; pid: number }[],
  stopAll: () => Promise<void>,
): NodeJS.Timeout {
  const timer = setInterval(() => {
    const gone = watched.find((w) => !isAlive(w.pid));
    if (!gone) return;
    process.stderr.write(
      `✗ ${gone.name} (pid ${gone.pid}) stopped, so Kassa stops too; \`npm start\` starts it all again\n`,
    );
    quietLogsForShutdown();
    const waited = new Promise((resolve) => setTimeout(resolve, STOP_AFTER_DEATH_MS));
    void Promise.race([stopAll().catch(() => {}), waited]).finally(() => process.exit(1));
  }, 250);
  timer.unref();
  return timer;
}

/** The origin of the API (and so of the widget it serves) as serve() reports it: 0.0.0.0 is 127.0.0.1. */
function ownOrigin(config: Config): string {
  const host = config.host === "0.0.0.0" || config.host === "::" ? "127.0.0.1" : config.host;
  return new URL(`http://${host.includes(":") ? `[${host}]` : host}:${config.port}`).origin;
}

async function startDevAnvil(statePath: string): Promise<AnvilInstance> {
  const options = { chainId: DEV_CHAIN_ID, statePath };
  try {
    return await startAnvil({ ...options, port: PREFERRED_RPC_PORT });
  } catch (error) {
    if (!(error instanceof AnvilStartError)) throw error;
    return startAnvil(options);
  }
}

/**
 * The example shop of examples/shop beside Kassa, on port 4000 (or a free one), when that workspace is
 * there: it is a demo, not part of the service.
 */
async function startExampleShop(
  env: Omit<
    DevEnvironment,
    "apiUrl" | "docsUrl" | "widgetUrl" | "shopUrl" | "databaseUrl" | "allowedWidgetOrigin"
  >,
  kassaUrl: string,
  storeFile: string,
): Promise<RunningShop | undefined> {
  let startShop: typeof StartShop;
  try {
    ({ startShop } = await import("@kassa/example-shop"));
  } catch {
    return undefined;
  }
  const options = {
    kassaUrl,
    apiKey: env.merchant.apiKey,
    publicKey: env.merchant.publicKey,
    webhookSecret: env.merchant.webhookSecret,
    tokenAddress: env.tokens.permit18.address,
    storeFile,
    log: () => {},
  };
  try {
    return await startShop({ ...options, port: SHOP_PORT });
  } catch {
    return startShop({ ...options, port: 0 });
  }
}

/** The previous run's environment is reusable when its contracts are still on the (restored) chain. */
async function reuse(
  previous: DevEnvironment | undefined,
  anvil: AnvilInstance,
  ctx: Context,
): Promise<boolean> {
  if (!previous) return false;
  const client = createPublicClient({ transport: http(anvil.rpcUrl) });
  const code = await client.getCode({ address: previous.contracts.gateway });
  const chains = await admin.listChains(ctx);
  const known = chains.find((chain) => chain.networkId === DEV_CHAIN_ID);
  if (code && code !== "0x" && known?.gatewayAddress === previous.contracts.gateway) return true;
  throw new UsageError(
    "the saved local chain and database no longer match (one of them was removed): run `npm start -- --reset`",
  );
}

async function seed(
  ctx: Context,
  prices: PriceSettings,
  anvil: AnvilInstance,
  signerAddress: Address,
  progress: (message: string) => void,
): Promise<
  Omit<DevEnvironment, "apiUrl" | "docsUrl" | "widgetUrl" | "shopUrl" | "databaseUrl" | "allowedWidgetOrigin">
> {
  const chain = rpcChain(DEV_CHAIN_ID, "Local (anvil)", anvil.rpcUrl);
  const publicClient = createPublicClient({ chain, transport: http(anvil.rpcUrl) });
  const walletClient = createWalletClient({ account: anvilAccount(0), chain, transport: http(anvil.rpcUrl) });
  const treasury = anvilAccount(2).address;
  const recipient = anvilAccount(3).address;

  progress("deploying the forwarder, the gateway and the test tokens");
  const contracts = await deployKassa({
    walletClient,
    publicClient,
    signer: signerAddress,
    treasury,
    defaultFeeBps: DEFAULT_FEE_BPS,
  });
  const tokenAddresses = await deployTestTokens({ walletClient, publicClient });

  progress("registering the local chain");
  const chainInput = {
    name: chain.name,
    isTestnet: true,
    rpcUrl: anvil.rpcUrl,
    gatewayAddress: contracts.gateway,
    forwarderAddress: contracts.forwarder,
    confirmations: 0,
  };
  try {
    await admin.addChain(ctx, { networkId: DEV_CHAIN_ID, ...chainInput });
  } catch (error) {
    if (!isKassaError(error, "INVALID_REQUEST")) throw error;
    await admin.updateChain(ctx, DEV_CHAIN_ID, chainInput);
  }

  progress("funding the dev payers with test tokens");
  const payers = DEV_PAYER_INDEXES.map((index) => ({
    address: anvilAccount(index).address,
    privateKey: anvilPrivateKeys[index] as Hex,
  }));
  const names = Object.keys(testTokens) as (keyof typeof testTokens)[];
  for (const payer of payers) {
    for (const name of names) {
      const hash = await walletClient.writeContract({
        address: tokenAddresses[name],
        abi: testTokenAbi,
        functionName: "mint",
        args: [payer.address, parseUnits(PAYER_TOKEN_GRANT, testTokens[name].decimals)],
      });
      await publicClient.waitForTransactionReceipt({ hash });
    }
  }
  progress("whitelisting the test tokens (each probed for fee-on-transfer)");
  const tokens = {} as DevEnvironment["tokens"];
  for (const name of names) {
    const token = await admin.addToken(ctx, {
      networkId: DEV_CHAIN_ID,
      address: tokenAddresses[name],
      probeHolder: payers[0]?.address,
    });
    tokens[name] = { address: tokenAddresses[name], symbol: token.symbol, decimals: token.decimals };
  }
  await seedPrices(ctx, prices, Object.values(tokens));

  progress("creating the demo merchant");
  const created = await admin.createMerchant(ctx, {
    name: "Demo Shop",
    networkId: DEV_CHAIN_ID,
    recipientAddress: recipient,
    faucetEnabled: true,
  });
  for (const token of Object.values(tokens)) {
    await admin.addPaymentMethod(ctx, created.merchant.merchantKey, { tokenAddress: token.address });
  }

  return {
    rpcUrl: anvil.rpcUrl,
    chainId: DEV_CHAIN_ID,
    contracts,
    tokens,
    merchant: {
      merchantKey: created.merchant.merchantKey,
      merchantId: created.merchant.merchantId,
      name: created.merchant.name,
      recipientAddress: recipient,
      apiKey: created.apiKey,
      publicKey: created.publicKey,
      webhookSecret: created.webhookSecret,
    },
    signerAddress,
    treasury,
    payers,
  };
}

/**
 * Maps each test token to its static price and writes one past hour of samples, so fiat payments (which use
 * the previous full hour's average) work from the first minute instead of after the first full hour.
 */
async function seedPrices(
  ctx: Context,
  prices: PriceSettings,
  tokens: { address: Address; symbol: string }[],
): Promise<void> {
  const hourStart = new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000 - 3_600_000);
  const samples: NewPriceSampleRow[] = [];
  for (const token of tokens) {
    const ref = token.symbol.toLowerCase();
    const table = prices.staticPrices[ref];
    if (!table) continue;
    const source = await setTokenPriceSource(ctx, {
      networkId: DEV_CHAIN_ID,
      tokenAddress: token.address,
      priceSource: `static:${ref}`,
    });
    if (!source) continue;
    for (const [currency, price] of Object.entries(table)) {
      for (let minute = 0; minute < 60; minute += prices.collectIntervalMinutes) {
        const at = new Date(hourStart.getTime() + minute * 60_000);
        samples.push({
          token_id: source.token_id,
          currency,
          price,
          source: "static",
          observed_at: at,
          sampled_at: at,
        });
      }
    }
  }
  await insertPriceSamples(ctx.db, samples);
}

function printBox(env: DevEnvironment, devFile: string): void {
  const lines = [
    "Kassa is running locally.",
    "",
    `API          ${env.apiUrl}`,
    `API docs     ${env.docsUrl}`,
    ...(env.shopUrl ? [`Example shop ${env.shopUrl}  (buy something: it pays through the widget)`] : []),
    `Widget       ${env.widgetUrl}?publicKey=${env.merchant.publicKey}&paymentId=<paymentId>`,
    `             (it offers a "Dev wallet", so no browser wallet is needed)`,
    `Chain RPC    ${env.rpcUrl}  (chain id ${env.chainId})`,
    `Gateway      ${env.contracts.gateway}`,
    `Forwarder    ${env.contracts.forwarder}`,
    ...Object.values(env.tokens).map(
      (token) => `Token        ${token.symbol.padEnd(5)} ${token.address}  (${token.decimals} decimals)`,
    ),
    "",
    `Merchant     ${env.merchant.name} (${env.merchant.merchantKey})`,
    `  API key    ${env.merchant.apiKey}`,
    `  Public key ${env.merchant.publicKey}`,
    `  Webhook    ${env.merchant.webhookSecret}`,
    "",
    `Payer        ${env.payers[0]?.address}`,
    `  key        ${env.payers[0]?.privateKey}`,
    `             (import into a wallet; holds ${PAYER_TOKEN_GRANT} of each test token; local chain only)`,
    "",
    `All of this as JSON: ${devFile}`,
    "Ctrl-C stops everything; `npm start -- --reset` starts fresh.",
  ];
  const width = Math.max(...lines.map((line) => line.length));
  const out = [
    `┌${"─".repeat(width + 2)}┐`,
    ...lines.map((line) => `│ ${line.padEnd(width)} │`),
    `└${"─".repeat(width + 2)}┘`,
  ];
  console.log(out.join("\n"));
}
