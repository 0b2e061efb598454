import { Command } from "commander";
import type { Logger } from "pino";
import { configuredChainClients } from "../../core/services.js";
import { listChainsWithGateway } from "../../db/chains/chains.js";
import { createDb } from "../../db/infra/database.js";
import { readDatabaseState, sharesSessions, type DatabaseState } from "../../db/operations/preflight.js";
import { loadConfig, type Config } from "../../config/index.js";
import { createOutput, StartRefusedError } from "../output.js";
import { jsonOption, runPlain } from "../runner.js";
import {
  checkBalances,
  checkBundles,
  checkContracts,
  checkDatabase,
  checkPooling,
  checkRpcUrls,
  checkSecretFiles,
  checkSettings,
  checkSigner,
  checkTransfers,
  checkWorkers,
  type CheckResult,
} from "./checks.js";

export type { CheckResult } from "./checks.js";

export interface DoctorOptions {
  /** What the process will run: the API's own checks (bundles, settings) are skipped for a worker. */
  api: boolean;
  /** `kassa start`: only the checks that can stop it (no balances, no look for running workers). */
  forStart: boolean;
  /** Longest wait for each RPC URL. */
  rpcTimeoutMs: number;
}

async function chainChecks(
  config: Config,
  databaseUrl: string,
  options: DoctorOptions,
): Promise<CheckResult[]> {
  const db = createDb(databaseUrl, { max: 2 });
  try {
    const chains = await listChainsWithGateway(db);
    if (chains.length === 0) {
      return [
        { name: "chains", status: "warn", message: "none with a gateway (kassa admin chain)", fatal: false },
      ];
    }
    const clients = configuredChainClients({ ...config, rpcTimeoutMs: options.rpcTimeoutMs });
    const perChain = await Promise.all(
      chains.map(async (chain) => {
        const rpc = await checkRpcUrls(config, chain, options.rpcTimeoutMs);
        if (!rpc.answered) return [rpc.result];
        const client = clients.publicClient(chain);
        const contracts = await checkContracts(config, chain, client);
        return options.forStart
          ? [rpc.result, contracts]
          : [
              rpc.result,
              contracts,
              await checkTransfers(config, chain, client),
              ...(await checkBalances(config, chain, client)),
            ];
      }),
    );
    return perChain.flat();
  } finally {
    await db.destroy();
  }
}

/**
 * Every check, one result each, in the order printed: secrets, the signer's key and the settings, the bundles, the database
 * (reachable, migrations, sessions of its own, workers), then each chain with a gateway (RPC URLs,
 * contracts and signer, whether payments by transfer are offered, relayer and faucet balances).
 */
export async function runChecks(config: Config, options: DoctorOptions): Promise<CheckResult[]> {
  const results = [checkSecretFiles(config), checkSigner(config)];
  if (options.api) results.push(checkSettings(config), await checkBundles());
  const databaseUrl = config.databaseUrl?.reveal();
  if (databaseUrl === undefined) {
    // `kassa start` in a clone runs embedded PostgreSQL then; a release refuses it when opening the database.
    if (!options.forStart) {
      results.push({ name: "database", status: "fail", message: "DATABASE_URL is not set", fatal: true });
    }
    return results;
  }
  const db = createDb(databaseUrl, { max: 1 });
  let state: DatabaseState | Error;
  try {
    state = await readDatabaseState(db).catch((error: Error) => error);
  } finally {
    await db.destroy();
  }
  results.push(...checkDatabase(state));
  if (state instanceof Error) return results;
  results.push(checkPooling(await sharesSessions(databaseUrl)));
  if (!options.forStart) results.push(checkWorkers(state));
  if (state.applied > 0) results.push(...(await chainChecks(config, databaseUrl, options)));
  return results;
}

/** `ok`, `warn` or `FAIL`, the check's name, what it found: one line. */
export function formatCheck(result: CheckResult, nameWidth = 0): string {
  const status = result.status === "fail" ? "FAIL" : result.status;
  return `${status.padEnd(5)} ${result.name.padEnd(nameWidth)}  ${result.message}`;
}

/**
 * Before `kassa start`, `api` or `worker` takes traffic: the fatal failures refuse the start with the lines
 * `kassa doctor` prints for them; other failures and warnings are logged.
 */
export async function preflight(config: Config, api: boolean, logger: Logger): Promise<void> {
  const results = await runChecks(config, {
    api,
    forStart: true,
    rpcTimeoutMs: Math.min(config.rpcTimeoutMs, 3_000),
  });
  const fatal = results.filter((result) => result.fatal);
  if (fatal.length > 0) {
    throw new StartRefusedError(
      `kassa refuses to start (\`kassa doctor\` checks it all):\n${fatal.map((result) => formatCheck(result)).join("\n")}`,
    );
  }
  for (const result of results) {
    if (result.status !== "ok") logger.warn({ check: result.name }, formatCheck(result));
  }
}

/** `kassa doctor`: every check, a line each; exit 1 on any failure. */
export function doctorCommand(): Command {
  return jsonOption(
    new Command("doctor").description(
      "check the database, the chains, the contracts, the keys and the settings before taking traffic",
    ),
  ).action((opts: { json: boolean }) =>
    runPlain(opts.json, async () => {
      const config = loadConfig();
      const results = await runChecks(config, {
        api: true,
        forStart: false,
        rpcTimeoutMs: config.rpcTimeoutMs,
      });
      const width = Math.max(...results.map((result) => result.name.length));
      createOutput(opts.json).result(results, (lines) => {
        for (const line of lines) console.log(formatCheck(line, width));
      });
      if (results.some((result) => result.status === "fail")) process.exitCode = 1;
    }),
  );
}
