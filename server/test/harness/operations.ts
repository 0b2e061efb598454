import { spawn, type ChildProcess } from "node:child_process";
import { freePort } from "@kassa/contracts/dev";
import type { TestApp } from "./app.js";
import { kassaCommand } from "./cli.js";
import { type CreatedPayment } from "./payments.js";
import { waitFor } from "./waitFor.js";

const START_BOUND_MS = 120_000;

/** A `kassa` process started by a test, with everything it printed. */
export interface KassaProcess {
  role: "api" | "worker" | "start";
  child: ChildProcess;
  url: string;
  logs: string[];
}

/**
 * Starts `kassa <role>` on `databaseUrl` with a free port and what a test cluster needs (`env` adds to or
 * overrides it), and waits until it serves (api, start) or runs its background services (worker).
 */
export async function startKassa(
  role: KassaProcess["role"],
  options: { databaseUrl: string; signerKey: string; env?: Record<string, string> },
): Promise<KassaProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, [kassaCommand(), role], {
    env: {
      PATH: process.env.PATH,
      DATABASE_URL: options.databaseUrl,
      PORT: String(port),
      HOST: "127.0.0.1",
      KASSA_SIGNER_PRIVATE_KEY: options.signerKey,
      WEBHOOK_ALLOW_PRIVATE: "true",
      WATCHER_POLL_INTERVAL_MS: "100",
      RATE_LIMIT_PER_MINUTE: "1000000",
      LOG_LEVEL: "info",
      ...options.env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const logs: string[] = [];
  child.stdout?.on("data", (chunk: Buffer) => logs.push(...chunk.toString().split("\n").filter(Boolean)));
  child.stderr?.on("data", (chunk: Buffer) => logs.push(...chunk.toString().split("\n").filter(Boolean)));
  const started: KassaProcess = { role, child, url: `http://127.0.0.1:${port}/api/v1`, logs };
  try {
    // A bound, not a timing: starting through tsx took over 30 s on a 2-core machine that other test
    // runs kept busy (the compiled command starts faster, but the machine may be as busy).
    if (role !== "worker") {
      await waitFor(
        `kassa ${role} on port ${port}`,
        async () => (await fetch(`${started.url}/health`)).ok,
        START_BOUND_MS,
      );
    } else {
      await waitFor(
        "the worker to start",
        () => logs.some((line) => line.includes("background service started")),
        START_BOUND_MS,
      );
    }
  } catch (error) {
    child.kill("SIGKILL");
    throw error;
  }
  return started;
}

export const isRunning = (child: ChildProcess) => child.exitCode === null && child.signalCode === null;

export function exitOf(child: ChildProcess): Promise<number | null> {
  return isRunning(child)
    ? new Promise((resolve) => child.once("exit", (code) => resolve(code)))
    : Promise.resolve(child.exitCode);
}

/** POST /payments on a `kassa` process as the test app's merchant (1.25 of its token): the status and body. */
export async function createPaymentOn(api: KassaProcess, t: TestApp, orderId: string) {
  const response = await fetch(`${api.url}/payments`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-api-key": t.merchant.apiKey },
    body: JSON.stringify({
      orderId,
      amount: 1.25,
      tokenAddress: t.token,
      successUrl: "service:none",
      failUrl: "service:none",
    }),
  });
  return {
    status: response.status,
    body: (await response.json()) as { data: CreatedPayment; code?: string },
  };
}
