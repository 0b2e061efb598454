/**
 * A relayer process for the crash tests: sends one queued relay and kills itself with SIGKILL at
 * `killPoint`, both after the nonce ledger has recorded the signed transaction:
 * - `before-broadcast`: as `eth_sendRawTransaction` is about to leave, so the node never sees it;
 * - `after-broadcast`: the moment the node has accepted it, before the process can record that it was sent.
 *
 *   node --import tsx relayerProcess.ts <databaseUrl> <rpcUrl> <networkId> <relayerKey> <relayRequestId> <killPoint>
 */
import { pino } from "pino";
import { createPublicClient, http, type Hex, type PublicClient } from "viem";
import type { ChainClients } from "../../src/chain/clients.js";
import { processQueuedRelay } from "../../src/core/relay/track.js";
import { createDb } from "../../src/db/infra/database.js";
import { createGasless } from "../../src/core/gasless/gasless.js";
import { Secret } from "../../src/secret.js";
import { defaultGaslessSettings } from "../../src/config/gasless.js";

export type KillPoint = "before-broadcast" | "after-broadcast";

const [databaseUrl, rpcUrl, networkId, relayerKey, relayRequestId, killPoint] = process.argv.slice(2) as [
  string,
  string,
  string,
  Hex,
  string,
  KillPoint,
];
if (killPoint !== "before-broadcast" && killPoint !== "after-broadcast") {
  throw new Error(`unknown kill point ${String(killPoint)}`);
}

let sending = false;
const client = createPublicClient({
  transport: http(rpcUrl, {
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
const db = createDb(databaseUrl);
const gasless = createGasless({
  db,
  chains,
  settings: defaultGaslessSettings({ relayerKeys: new Map([[Number(networkId), [new Secret(relayerKey)]]]) }),
  logger: pino({ level: "silent" }),
});
await processQueuedRelay(gasless, Number(relayRequestId));
// Not reached: the process dies at its kill point.
await db.destroy();
process.exit(3);
