/**
 * Runs `kassa dev` (what `npm start` runs) in a child process on a temporary data directory and free ports,
 * and hands benchmarks its dev.json: the API URL, the chain, the contracts and the demo merchant's keys.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { chmod, mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { testTokens } from "@kassa/contracts";
import { freePort } from "@kassa/contracts/dev";
import type { Address, Hex } from "viem";

/** What benchmarks read of the dev.json `kassa dev` writes in its data directory (it holds more). */
export interface DevEnvironment {
  apiUrl: string;
  databaseUrl: string;
  allowedWidgetOrigin: string;
  rpcUrl: string;
  chainId: number;
  contracts: { gateway: Address; forwarder: Address };
  tokens: Record<keyof typeof testTokens, { address: Address; symbol: string; decimals: number }>;
  merchant: { merchantKey: string; apiKey: string; publicKey: string; webhookSecret: string };
  payers: { address: Address; privateKey: Hex }[];
}

const kassaBin = fileURLToPath(new URL("../../server/bin/kassa.js", import.meta.url));

export interface DevStack {
  env: DevEnvironment;
  stop(): Promise<void>;
}

/** `extraEnv` is added to the child's environment (e.g. a high RATE_LIMIT_PER_MINUTE). */
export async function startDevStack(extraEnv: Record<string, string> = {}): Promise<DevStack> {
  const dataDir = await mkdtemp(join(tmpdir(), "kassa-bench-"));
  // Run as root, embedded PostgreSQL runs as the `postgres` user, which must be able to enter this directory.
  await chmod(dataDir, 0o755);
  const port = await freePort();
  const child = spawn(process.execPath, [kassaBin, "dev"], {
    env: {
      PATH: process.env.PATH,
      KASSA_DATA_DIR: dataDir,
      PORT: String(port),
      HOST: "127.0.0.1",
      LOG_LEVEL: "error",
      ...extraEnv,
    },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const stop = async () => {
    await stopChild(child);
    await rm(dataDir, { recursive: true, force: true });
  };
  const devFile = join(dataDir, "dev.json");
  for (let waited = 0; !existsSync(devFile); waited += 100) {
    if (child.exitCode !== null || waited > 120_000) {
      await stop();
      throw new Error(`kassa dev did not start:\n${stderr}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const env = JSON.parse(await readFile(devFile, "utf8")) as DevEnvironment;
  return { env, stop };
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGINT");
  const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
  await exited;
  clearTimeout(timer);
}
