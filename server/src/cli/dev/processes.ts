import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { AnvilStartError, startAnvil, type AnvilInstance } from "@kassa/contracts/dev";
import { packageRoot } from "../../packageFiles.js";
import { DEV_CHAIN_ID, PREFERRED_RPC_PORT, SHOP_PORT, type SeededEnvironment } from "./settings.js";

/** The local chain and the example shop that `kassa dev` runs beside Kassa. */

export async function startDevAnvil(statePath: string): Promise<AnvilInstance> {
  const options = { chainId: DEV_CHAIN_ID, statePath };
  try {
    return await startAnvil({ ...options, port: PREFERRED_RPC_PORT });
  } catch (error) {
    if (!(error instanceof AnvilStartError)) throw error;
    return startAnvil(options);
  }
}

/** The example shop `kassa dev` runs beside Kassa. */
export interface ExampleShop {
  url: string;
  stop(): Promise<void>;
}

/** The example shop's program in a clone (`npm start -w examples/shop` runs the same file). */
const shopProgram = join(packageRoot, "..", "examples", "shop", "src", "main.ts");

/**
 * The example shop of examples/shop beside Kassa, on port 4000 (or a free one), when that workspace is
 * there: it is a demo, not part of the service, so it runs as the program it is, in a process of its own,
 * told Kassa's URL and the demo merchant's keys by its SHOP_* settings. It stops when `kassa dev` stops or
 * dies (the IPC channel between them closes).
 */
export async function startExampleShop(
  env: SeededEnvironment,
  kassaUrl: string,
  storeFile: string,
): Promise<ExampleShop | undefined> {
  if (!existsSync(shopProgram)) return undefined;
  const settings = {
    SHOP_KASSA_URL: kassaUrl,
    SHOP_API_KEY: env.merchant.apiKey,
    SHOP_PUBLIC_KEY: env.merchant.publicKey,
    SHOP_WEBHOOK_SECRET: env.merchant.webhookSecret,
  };
  const args = ["--token", env.tokens.permit18.address, "--store-file", storeFile];
  try {
    return await runShop({ ...settings, SHOP_PORT: String(SHOP_PORT) }, args);
  } catch (error) {
    if (!(error instanceof PortInUse)) throw error;
    return runShop({ ...settings, SHOP_PORT: "0" }, args);
  }
}

class PortInUse extends Error {}

/** Starts the shop's program and resolves once it printed its URL (`Kassa example shop: <url>`). */
function runShop(settings: Record<string, string>, args: string[]): Promise<ExampleShop> {
  const child = spawn(
    process.execPath,
    ["--conditions=@kassa/source", "--import", "tsx", shopProgram, ...args],
    { cwd: join(packageRoot, ".."), env: settings, stdio: ["ignore", "pipe", "pipe", "ipc"] },
  );
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
    await exited;
  };
  // What it prints is read until it listens (its log after that is not kassa dev's to show).
  let listening = false;
  let printed = "";
  let errors = "";
  child.stderr?.setEncoding("utf8").on("data", (text: string) => {
    if (!listening) errors += text;
  });
  return new Promise((resolve, reject) => {
    child.stdout?.setEncoding("utf8").on("data", (text: string) => {
      if (listening) return;
      printed += text;
      const url = /Kassa example shop: (\S+)/.exec(printed)?.[1];
      if (!url) return;
      listening = true;
      resolve({ url, stop });
    });
    child.once("error", reject);
    child.once("exit", (code) => {
      const message = `the example shop exited (${code}) before it listened: ${errors.trim()}`;
      reject(/is in use/.test(errors) ? new PortInUse(message) : new Error(message));
    });
  });
}
