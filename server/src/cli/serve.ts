import type { Logger } from "pino";
import { listenHost, type Config } from "../config/index.js";
import { createServices } from "../core/services.js";
import { buildApp } from "../http/app.js";
import type { DashboardServeOptions } from "../http/routes/dashboardPage.js";
import type { WidgetServeOptions } from "../http/routes/widget.js";
import { workerModules } from "../jobs/modules.js";
import { startWorker } from "../jobs/worker.js";
import { createLogger, quietLogsForShutdown } from "../logger.js";
import { openContext, type Context } from "./context.js";
import { UsageError } from "./output.js";

export interface ServeOptions {
  /** Serve the HTTP API. */
  api: boolean;
  /** Run the background work (jobs, watchers). */
  worker: boolean;
  /** How the API serves the payer widget; `kassa dev` adds its dev wallet. */
  widget?: WidgetServeOptions;
  /** How the API serves the dashboard; `kassa dev` adds its dev wallet. */
  dashboard?: DashboardServeOptions;
}

export interface RunningKassa {
  ctx: Context;
  logger: Logger;
  /** `http://host:port` of the API, when it runs. */
  url: string | undefined;
  /** Stops taking requests, finishes in-flight work, closes the database. Idempotent. */
  stop(): Promise<void>;
}

/** Starts the roles a process runs: `kassa start` runs both, `kassa api` and `kassa worker` one each. */
export async function serve(config: Config, options: ServeOptions, logger?: Logger): Promise<RunningKassa> {
  const log = logger ?? createLogger({ level: config.logLevel });
  const ctx = await openContext(config, { progress: (message) => log.info(message), logger: log });
  const stops: (() => Promise<void>)[] = [];
  let url: string | undefined;
  try {
    const services = createServices(config, ctx.db, { logger: log, chains: ctx.chains });
    if (options.api) {
      const app = await buildApp(services, {
        ...(options.widget ? { widget: options.widget } : {}),
        ...(options.dashboard ? { dashboard: options.dashboard } : {}),
      });
      const address = await app
        .listen({ port: config.port, host: listenHost(config) })
        .catch((error: unknown) => {
          if ((error as NodeJS.ErrnoException).code !== "EADDRINUSE") throw error;
          throw new UsageError(`port ${config.port} is already in use: stop what uses it, or set PORT`);
        });
      url = address.replace("0.0.0.0", "127.0.0.1").replace("[::]", "127.0.0.1");
      stops.push(() => app.close());
    }
    if (options.worker) {
      const worker = await startWorker({
        databaseUrl: ctx.databaseUrl,
        logger: log,
        modules: workerModules(services, { databaseUrl: ctx.databaseUrl }),
        ...config.workerLiveness,
      });
      stops.push(() => worker.stop());
    }
  } catch (error) {
    await ctx.close();
    throw error;
  }
  let stopping: Promise<void> | undefined;
  return {
    ctx,
    logger: log,
    url,
    stop: () =>
      (stopping ??= (async () => {
        for (const stop of stops) await stop();
        await ctx.close();
      })()),
  };
}

let serving = false;

/** Whether this process started a server that runs until a signal stops it. */
export function isServing(): boolean {
  return serving;
}

/**
 * Stops cleanly on SIGINT/SIGTERM, saying so in one line (`announce`, default an info log line) and
 * nothing else unless the stop fails; a second signal exits at once.
 */
export function stopOnSignals(
  stop: () => Promise<void>,
  logger: Logger,
  announce: (signal: NodeJS.Signals) => void = (signal) => logger.info({ signal }, "shutting down"),
): void {
  serving = true;
  let signalled = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (signalled) process.exit(1);
    signalled = true;
    announce(signal);
    quietLogsForShutdown();
    stop().then(
      () => process.exit(0),
      (error: unknown) => {
        logger.fatal({ err: error }, "shutdown failed");
        process.exit(1);
      },
    );
  };
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);
}
