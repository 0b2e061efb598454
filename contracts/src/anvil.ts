/**
 * Starts and stops local anvil nodes (from the `@foundry-rs/anvil` npm package) for tests, benchmarks and
 * `npm start`, with Uniswap's Permit2 at its canonical address. The binary is spawned directly (the package's `.bin` launcher adds ~0.3 s) on a port the OS
 * picked, and the node is killed on `stop()` and when this process exits.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { createServer } from "node:net";
import { dirname, join } from "node:path";

import type { Hex } from "viem";
import { privateKeyToAccount, type PrivateKeyAccount } from "viem/accounts";

import { permit2Address, permit2DeployedBytecode } from "./generated/Permit2.js";

const require = createRequire(import.meta.url);

export interface StartAnvilOptions {
  /** Chain id; default 31337. */
  chainId?: number;
  /** Seconds between blocks; default: a block per transaction (automine). */
  blockTime?: number;
  /** File the chain state is loaded from (if it exists) and saved to on stop. */
  statePath?: string;
  /** Port to listen on; default: a free port chosen by the OS. */
  port?: number;
  /** Host to listen on; default 127.0.0.1. */
  host?: string;
  /** Number of funded dev accounts; default 10. */
  accounts?: number;
  /** Balance of each dev account in ether (whole number); default 10,000. */
  balance?: number;
  /** Further command-line arguments for anvil. */
  extraArgs?: string[];
  /** Milliseconds to wait for the node to answer; default 15,000. */
  timeoutMs?: number;
  /** Install Uniswap's Permit2 at its canonical address ({@link installPermit2}); default true. */
  permit2?: boolean;
}

export interface AnvilInstance {
  rpcUrl: string;
  port: number;
  chainId: number;
  /** Process id of the anvil node. */
  pid: number;
  /** Stops the node (state is saved first when `statePath` was given). Idempotent. */
  stop(): Promise<void>;
}

export class AnvilStartError extends Error {
  override name = "AnvilStartError";
}

/** Mnemonic of anvil's default dev accounts. Public knowledge: never use it on a real chain. */
export const anvilMnemonic = "test test test test test test test test test test test junk";

/** Private keys of anvil's first ten default dev accounts (from {@link anvilMnemonic}). */
export const anvilPrivateKeys = [
  "0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80",
  "0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d",
  "0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a",
  "0x7c852118294e51e653712a81e05800f419141751be58f605c371e15141b007a6",
  "0x47e179ec197488593b187f80a00eb0da91f1b9d0b13f8733639f19c30a34926a",
  "0x8b3a350cf5c34c9194ca85829a2df0ec3153be0318b5e2d3348e872092edffba",
  "0x92db14e403b83dfe3df233f83dfa3a0d7096f21ca9b0d6d6b8d88b2b4ec1564e",
  "0x4bbbf85ce3377467afe5d46f804f221813b2bb87f24d81f60f1fcdbf7cbf4356",
  "0xdbda1821b80551c9d65939329250298aa3472ba22feea921c0cf5d620ea67b97",
  "0x2a871d0798f97d79848a013d4936a73bf4cc922c825d33c1cf7073dff6d409c6",
] as const satisfies readonly Hex[];

/** The viem account of anvil's default dev account `index` (0 to 9); funded by every node started here. */
export function anvilAccount(index: number): PrivateKeyAccount {
  const key = anvilPrivateKeys[index];
  if (!key)
    throw new RangeError(`anvil dev account index must be 0..${anvilPrivateKeys.length - 1}, got ${index}`);
  return privateKeyToAccount(key);
}

const platformPackages: Record<string, string> = {
  "linux-x64": "@foundry-rs/anvil-linux-amd64",
  "linux-arm64": "@foundry-rs/anvil-linux-arm64",
  "darwin-x64": "@foundry-rs/anvil-darwin-amd64",
  "darwin-arm64": "@foundry-rs/anvil-darwin-arm64",
  "win32-x64": "@foundry-rs/anvil-win32-amd64",
};

/** Path of the anvil binary installed by `@foundry-rs/anvil` for this platform. */
export function anvilBinaryPath(): string {
  const platform = `${process.platform}-${process.arch}`;
  const pkg = platformPackages[platform];
  if (!pkg) throw new AnvilStartError(`@foundry-rs/anvil has no binary for ${platform}`);
  let packageDir: string;
  try {
    packageDir = dirname(require.resolve(`${pkg}/package.json`));
  } catch {
    throw new AnvilStartError(
      `${pkg} is not installed (npm ci installs it as a dependency of @foundry-rs/anvil)`,
    );
  }
  const binary = join(packageDir, "bin", process.platform === "win32" ? "anvil.exe" : "anvil");
  if (!existsSync(binary)) throw new AnvilStartError(`anvil binary missing at ${binary}`);
  return binary;
}

const running = new Set<ChildProcess>();
let exitHookInstalled = false;

function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.once("exit", () => {
    for (const child of running) child.kill("SIGTERM");
  });
}

/** A port that was free a moment ago (the OS picks it; anvil may still lose a race for it, then we retry). */
export async function freePort(host = "127.0.0.1"): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.once("error", reject);
    server.listen(0, host, () => {
      const address = server.address();
      server.close(() => {
        if (address && typeof address === "object") resolve(address.port);
        else reject(new Error("could not read the port the OS chose"));
      });
    });
  });
}

/**
 * Puts Uniswap's Permit2 at its canonical address on an anvil node (`anvil_setCode` with the runtime bytecode
 * Uniswap ships for tests; Permit2 recomputes its EIP-712 domain for the node's chain id). Idempotent.
 */
export async function installPermit2(rpcUrl: string): Promise<void> {
  const response = await fetch(rpcUrl, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "anvil_setCode",
      params: [permit2Address, permit2DeployedBytecode],
    }),
  });
  const body = (await response.json()) as { error?: { message: string } };
  if (body.error) throw new AnvilStartError(`anvil_setCode of Permit2 failed: ${body.error.message}`);
}

async function rpcChainId(rpcUrl: string): Promise<number | undefined> {
  try {
    const response = await fetch(rpcUrl, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "eth_chainId", params: [] }),
      signal: AbortSignal.timeout(1_000),
    });
    const body = (await response.json()) as { result?: string };
    return body.result === undefined ? undefined : Number(BigInt(body.result));
  } catch {
    return undefined;
  }
}

function stopChild(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) {
      running.delete(child);
      resolve();
      return;
    }
    const force = setTimeout(() => child.kill("SIGKILL"), 5_000);
    child.once("exit", () => {
      clearTimeout(force);
      running.delete(child);
      resolve();
    });
    // SIGTERM lets anvil write its state file (when `--state` is used) before it exits.
    child.kill("SIGTERM");
  });
}

interface Attempt {
  instance?: AnvilInstance;
  /** Set when anvil exited before answering; `portInUse` says whether another port may work. */
  failure?: { message: string; portInUse: boolean };
}

async function attempt(binary: string, port: number, options: StartAnvilOptions): Promise<Attempt> {
  const host = options.host ?? "127.0.0.1";
  const chainId = options.chainId ?? 31337;
  const args = [
    "--host",
    host,
    "--port",
    String(port),
    "--chain-id",
    String(chainId),
    "--accounts",
    String(options.accounts ?? 10),
    "--balance",
    String(options.balance ?? 10_000),
  ];
  if (options.blockTime !== undefined) args.push("--block-time", String(options.blockTime));
  if (options.statePath !== undefined) args.push("--state", options.statePath);
  args.push(...(options.extraArgs ?? []));

  const child = spawn(binary, args, { stdio: ["ignore", "pipe", "pipe"] });
  running.add(child);
  installExitHook();

  // Both pipes are always drained (a full pipe would block anvil); only a tail is kept for error messages.
  let output = "";
  let listening = false;
  const onData = (chunk: Buffer): void => {
    output = (output + chunk.toString("utf8")).slice(-4_000);
    if (!listening && output.includes(`Listening on ${host}:${port}`)) listening = true;
  };
  child.stdout?.on("data", onData);
  child.stderr?.on("data", onData);
  let exited = false;
  child.once("exit", () => {
    exited = true;
    running.delete(child);
  });
  let spawnError: Error | undefined;
  child.once("error", (error) => {
    spawnError = error;
  });

  const rpcUrl = `http://${host.includes(":") ? `[${host}]` : host}:${port}`;
  const deadline = Date.now() + (options.timeoutMs ?? 15_000);
  while (Date.now() < deadline) {
    if (spawnError) {
      await stopChild(child);
      throw new AnvilStartError(`could not run ${binary}: ${spawnError.message}`);
    }
    if (exited) {
      return {
        failure: {
          message: output.trim(),
          portInUse: /address already in use|addrinuse|os error 98/i.test(output),
        },
      };
    }
    // "Listening on" proves that this process owns the port, not another node that answers on it.
    if (listening && (await rpcChainId(rpcUrl)) === chainId) {
      // Neither the node nor its pipes keep this process alive; the exit hook kills the node.
      child.unref();
      for (const stream of [child.stdout, child.stderr])
        (stream as unknown as { unref?: () => void })?.unref?.();
      let stopping: Promise<void> | undefined;
      return {
        instance: {
          rpcUrl,
          port,
          chainId,
          pid: child.pid ?? -1,
          stop: () => (stopping ??= stopChild(child)),
        },
      };
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  await stopChild(child);
  throw new AnvilStartError(
    `anvil did not answer on ${rpcUrl} within ${options.timeoutMs ?? 15_000} ms:\n${output}`,
  );
}

/**
 * Starts an anvil node and resolves once it answers `eth_chainId`.
 *
 * Without `port`, the OS picks a free port; if anvil loses that port to another process before binding,
 * it is started again on another port (up to 5 times).
 */
export async function startAnvil(options: StartAnvilOptions = {}): Promise<AnvilInstance> {
  const binary = anvilBinaryPath();
  const tries = options.port === undefined ? 5 : 1;
  let lastFailure = "";
  for (let i = 0; i < tries; i++) {
    const port = options.port ?? (await freePort(options.host));
    const result = await attempt(binary, port, options);
    if (result.instance) {
      if (options.permit2 ?? true) {
        try {
          await installPermit2(result.instance.rpcUrl);
        } catch (error) {
          await result.instance.stop();
          throw error;
        }
      }
      return result.instance;
    }
    lastFailure = result.failure?.message ?? "";
    if (!result.failure?.portInUse) break;
  }
  throw new AnvilStartError(`anvil exited before it was ready:\n${lastFailure}`);
}
