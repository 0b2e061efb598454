/**
 * What the crash tests' sender processes share: the relayer's gasless runtime over an RPC client that kills its
 * own process with SIGKILL at `killPoint`, both after the nonce ledger recorded the signed transaction:
 * - `before-broadcast`: as `eth_sendRawTransaction` is about to leave, so the node never sees it;
 * - `after-broadcast`: the moment the node has accepted it, before the process can record that it was sent.
 */
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { pino } from "pino";
import { createPublicClient, http, type Hex, type PublicClient } from "viem";
import type { ChainClients } from "../../src/chain/clients.js";
import { defaultGaslessSettings } from "../../src/config/gasless.js";
import type { GaslessRuntime } from "../../src/chain/gasless.js";
import { createGasless } from "../../src/core/gasless/gasless.js";
import { createDb, type Db } from "../../src/db/infra/database.js";
import { Secret } from "../../src/secret.js";
import type { TestChain } from "./chain.js";

export type KillPoint = "before-broadcast" | "after-broadcast";

interface KilledSender {
  databaseUrl: string;
  rpcUrl: string;
  networkId: number;
  relayerKey: Hex;
  killPoint: KillPoint;
  now?: () => Date;
}

function gaslessKilledAtBroadcast(options: KilledSender): { db: Db; gasless: GaslessRuntime } {
  const { killPoint } = options;
  if (killPoint !== "before-broadcast" && killPoint !== "after-broadcast") {
    throw new Error(`unknown kill point ${String(killPoint)}`);
  }
  let sending = false;
  const client = createPublicClient({
    transport: http(options.rpcUrl, {
      onFetchRequest: async (request) => {
        sending = (await request.clone().text()).includes("eth_sendRawTransaction");
        // viem awaits this before the request is sent: the signed bytes are only in the database.
        if (sending && killPoint === "before-broadcast") process.kill(process.pid, "SIGKILL");
      },
      onFetchResponse: () => {
        if (sending && killPoint === "after-broadcast") process.kill(process.pid, "SIGKILL");
      },
    }),
  }) as PublicClient;
  const chains: ChainClients = { publicClient: () => client };
  const db = createDb(options.databaseUrl);
  const gasless = createGasless({
    db,
    chains,
    settings: defaultGaslessSettings({
      relayerKeys: new Map([[options.networkId, [new Secret(options.relayerKey)]]]),
    }),
    logger: pino({ level: "silent" }),
    ...(options.now ? { now: options.now } : {}),
  });
  return { db, gasless };
}

/**
 * A crash process's runtime from its arguments `<databaseUrl> <rpcUrl> <networkId> <relayerKey> <subject>
 * <killPoint> [...rest]`: the runtime, the subject (what it sends) and the rest. `now`: the runtime's clock.
 */
export function killedSenderFromArgs(args: readonly string[], now?: () => Date) {
  const [databaseUrl, rpcUrl, networkId, relayerKey, subject, killPoint, ...rest] = args as [
    string,
    string,
    string,
    Hex,
    string,
    KillPoint,
    ...string[],
  ];
  const runtime = gaslessKilledAtBroadcast({
    databaseUrl,
    rpcUrl,
    networkId: Number(networkId),
    relayerKey,
    killPoint,
    ...(now ? { now } : {}),
  });
  return { ...runtime, subject, rest };
}

/** What a crash process sends with: the app's database, the chain and the relayer's key. */
export interface CrashProcessSender {
  databaseUrl: string;
  chain: Pick<TestChain, "rpcUrl" | "chainId">;
  relayerKey: Hex;
}

/**
 * Runs a crash process (`node --import tsx <script>` with the arguments killedSenderFromArgs reads) to its end;
 * resolves its signal (SIGKILL).
 */
export function runUntilKilled(
  script: URL,
  sender: CrashProcessSender,
  subject: string,
  killPoint: KillPoint,
  ...rest: string[]
): Promise<NodeJS.Signals | null> {
  const { databaseUrl, chain, relayerKey } = sender;
  const args = [databaseUrl, chain.rpcUrl, String(chain.chainId), relayerKey, subject, killPoint, ...rest];
  const child = spawn(process.execPath, ["--import", "tsx", fileURLToPath(script), ...args], {
    stdio: ["ignore", "inherit", "inherit"],
  });
  return new Promise((resolve) => child.once("exit", (_code, signal) => resolve(signal)));
}
