import { EventEmitter } from "node:events";
import {
  Logger as WorkerLogger,
  parseCronItems,
  run,
  type CronItem,
  type Runner,
  type TaskList,
  type WorkerEvents,
} from "graphile-worker";
import type { Logger } from "pino";
import type { BackgroundService } from "../domain/tasks.js";
import { createDb, createQueuePool } from "../db/infra/database.js";
import { beatWorkerPools, forgetWorkerPools, unlockJobsOfDeadWorkers } from "../db/infra/workerHeartbeats.js";

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
  /** How often this process records that it is alive, then looks for dead workers, in ms; default 5 s. */
  heartbeatIntervalMs?: number;
  /** A worker silent for this long is dead: its jobs are unlocked and run again, in ms; default 30 s. */
  deadAfterMs?: number;
}

export const DEFAULT_HEARTBEAT_INTERVAL_MS = 5_000;
export const DEFAULT_DEAD_AFTER_MS = 30_000;

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

/**
 * Liveness of this process's graphile-worker pools: a heartbeat row per pool every `intervalMs` on a
 * connection of its own (a busy pool must not make a live worker look dead), then, as every live worker
 * does, an unlock of the jobs of workers silent for `deadAfterMs`. graphile-worker alone leaves the jobs of
 * a killed worker locked for four hours.
 */
function startHeartbeat(options: StartWorkerOptions, poolIds: Set<string>) {
  const db = createDb(options.databaseUrl, { max: 1 });
  const intervalMs = options.heartbeatIntervalMs ?? DEFAULT_HEARTBEAT_INTERVAL_MS;
  const deadAfterMs = options.deadAfterMs ?? DEFAULT_DEAD_AFTER_MS;
  const log = options.logger.child({ module: "heartbeat" });
  let failing = false;
  const beat = async () => {
    try {
      await beatWorkerPools(db, [...poolIds]);
      const unlocked = await unlockJobsOfDeadWorkers(db, deadAfterMs);
      if (unlocked.length > 0) log.warn({ workers: unlocked }, "unlocked the jobs of dead workers");
      if (failing) log.info("worker heartbeat restored");
      failing = false;
    } catch (error) {
      if (!failing) log.warn({ err: error }, "worker heartbeat failed; retrying");
      failing = true;
    }
  };
  let running = beat();
  const timer = setInterval(() => {
    running = running.then(beat);
  }, intervalMs);
  return {
    async stop() {
      clearInterval(timer);
      // A database that stopped answering must not hold the stop: the row then simply goes stale.
      let bounded: NodeJS.Timeout | undefined;
      const giveUp = new Promise<void>((resolve) => (bounded = setTimeout(resolve, intervalMs)));
      await Promise.race([running.then(() => forgetWorkerPools(db, [...poolIds])).catch(() => {}), giveUp]);
      clearTimeout(bounded);
      await db.destroy();
    },
  };
}

/** Runs graphile-worker with every module's tasks and schedules, and starts every module's services. */
export async function startWorker(options: StartWorkerOptions): Promise<RunningWorker> {
  const taskList: TaskList = Object.assign({}, ...options.modules.map((module) => module.tasks ?? {}));
  const cron = options.modules.flatMap((module) => module.cron ?? []);
  const services = options.modules.flatMap((module) => module.services ?? []);
  const poolIds = new Set<string>();
  const events: WorkerEvents = new EventEmitter();
  events.on("pool:create", ({ workerPool }) => poolIds.add(workerPool.id));
  const concurrency = options.concurrency ?? 10;
  // The jobs in flight, the LISTEN connection and a spare.
  const pgPool = createQueuePool(options.databaseUrl, concurrency + 2);
  const runner: Runner = await run({
    pgPool,
    concurrency,
    pollInterval: options.pollInterval ?? 1000,
    noHandleSignals: true,
    taskList,
    parsedCronItems: parseCronItems(cron),
    logger: workerLogger(options.logger),
    events,
  }).catch(async (error: unknown) => {
    await pgPool.end();
    throw error;
  });
  const heartbeat = startHeartbeat(options, poolIds);
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
    await heartbeat.stop();
    await pgPool.end();
    throw error;
  }
  let stopping: Promise<void> | undefined;
  return {
    stop: () =>
      (stopping ??= (async () => {
        for (const service of [...started].reverse()) await service.stop();
        await runner.stop();
        await heartbeat.stop();
        await pgPool.end();
      })()),
  };
}
