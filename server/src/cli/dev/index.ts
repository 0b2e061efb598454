import { anvilPrivateKeys } from "@kassa/contracts/dev";
import { Command } from "commander";
import { existsSync } from "node:fs";
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { type Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { loadConfig, type Config } from "../../config/index.js";
import * as admin from "../../core/admin/index.js";
import { createLogger, quietLogsForShutdown } from "../../logger.js";
import { Secret } from "../../secret.js";
import { startActivityFeed, type ActivityFeed } from "../activityFeed.js";
import { embeddedPostgresDir, isAlive, runningPostgres } from "../embeddedDatabase.js";
import { reportError } from "../output.js";
import { serve, stopOnSignals } from "../serve.js";
import { printBox } from "./box.js";
import { startDevAnvil, startExampleShop, type ExampleShop } from "./processes.js";
import { reuse, seed } from "./seed.js";
import {
  type DevEnvironment,
  DEV_CHAIN_ID,
  devDashboard,
  devDashboardWallet,
  devGaslessSettings,
  devPriceSettings,
  devWidget,
} from "./settings.js";

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
  // Funded keys and a printed API key: only this machine may reach them, unless HOST says otherwise.
  const host = baseConfig.host ?? "127.0.0.1";
  const config: Config = {
    ...baseConfig,
    signerPrivateKey: signerKey,
    prices: devPriceSettings(baseConfig.prices),
    gasless: devGaslessSettings(baseConfig.gasless),
    // The example shop receives the demo merchant's webhooks on 127.0.0.1.
    webhookAllowPrivate: true,
    host,
    // Secure by default: the widget is served by Kassa, so only Kassa's own origin may use the public key.
    allowedWidgetOrigin: baseConfig.allowedWidgetOrigin ?? ownOrigin(host, baseConfig.port),
  };
  const logger = createLogger({ level: config.logLevel === "info" ? "warn" : config.logLevel });
  let running: Awaited<ReturnType<typeof serve>> | undefined;
  let shop: ExampleShop | undefined;
  let feed: ActivityFeed | undefined;
  try {
    progress(config.databaseUrl ? "connecting to DATABASE_URL" : "starting embedded PostgreSQL");
    running = await serve(
      config,
      { api: true, worker: true, widget: devWidget(anvil.rpcUrl), dashboard: devDashboard(anvil.rpcUrl) },
      logger,
    );
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
      dashboardUrl: `${apiUrl}/dashboard`,
      dashboardWallet: devDashboardWallet(env.merchant.recipientAddress),
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
function ownOrigin(listening: string, port: number): string {
  const host = listening === "0.0.0.0" || listening === "::" ? "127.0.0.1" : listening;
  return new URL(`http://${host.includes(":") ? `[${host}]` : host}:${port}`).origin;
}
