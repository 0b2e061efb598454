import {
  Logger as WorkerLogger,
  parseCronItems,
  run,
  type CronItem,
  type Runner,
  type TaskList,
} from "graphile-worker";
import type { Logger } from "pino";

/** A long-running loop of the worker role (a chain watcher, a relayer), started and stopped with it. */
export interface BackgroundService {
  name: string;
  start(): Promise<void>;
  /** Finishes the work in hand, then resolves. */
  stop(): Promise<void>;
}

/** What one capability (prices, lifecycle, gasless...) contributes to the worker role. */
export interface WorkerModule {
  tasks?: TaskList;
  cron?: CronItem[];
  services?: BackgroundService[];
}

export interface StartWorkerOptions {
  databaseUrl: string;
  logger: Logger;
  modules: WorkerModule[];
  /** Jobs run at once in this process; default 10. */
  concurrency?: number;
  /** How often to look for jobs when LISTEN/NOTIFY is quiet, in ms; default 1000. */
  pollInterval?: number;
}

export interface RunningWorker {
  /** Stops the services, then lets running jobs finish. Idempotent. */
  stop(): Promise<void>;
}

function workerLogger(logger: Logger): WorkerLogger {
  return new WorkerLogger((scope) => (level, message, meta) => {
    const fields = { ...scope, ...meta };
    if (level === "error") logger.error(fields, message);
    else if (level === "warning") logger.warn(fields, message);
    else if (level === "info") logger.info(fields, message);
    else logger.debug(fields, message);
  });
}

/** Runs graphile-worker with every module's tasks and schedules, and starts every module's services. */
export async function startWorker(options: StartWorkerOptions): Promise<RunningWorker> {
  const taskList: TaskList = Object.assign({}, ...options.modules.map((module) => module.tasks ?? {}));
  const cron = options.modules.flatMap((module) => module.cron ?? []);
  const services = options.modules.flatMap((module) => module.services ?? []);
  const runner: Runner = await run({
    connectionString: options.databaseUrl,
    concurrency: options.concurrency ?? 10,
    pollInterval: options.pollInterval ?? 1000,
    noHandleSignals: true,
    taskList,
    parsedCronItems: parseCronItems(cron),
    logger: workerLogger(options.logger),
  });
  const started: BackgroundService[] = [];
  try {
    for (const service of services) {
      await service.start();
      started.push(service);
      options.logger.info({ service: service.name }, "background service started");
    }
  } catch (error) {
    for (const service of started.reverse()) await service.stop();
    await runner.stop();
    throw error;
  }
  let stopping: Promise<void> | undefined;
  return {
    stop: () =>
      (stopping ??= (async () => {
        for (const service of [...started].reverse()) await service.stop();
        await runner.stop();
      })()),
  };
}
