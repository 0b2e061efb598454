/**
 * A worker process for the crash test: charges one due subscription and kills itself with SIGKILL at
 * `killPoint`, after the nonce ledger recorded the signed charge and its payment:
 * - `before-broadcast`: as `eth_sendRawTransaction` is about to leave, so the node never sees it;
 * - `after-broadcast`: the moment the node accepted it, before the process can record that it was sent.
 *
 *   node --import tsx chargeProcess.ts <databaseUrl> <rpcUrl> <networkId> <relayerKey> <subscription> <killPoint> <clockOffsetMs>
 */
import { pino } from "pino";
import { createPublicClient, http, type Hex, type PublicClient } from "viem";
import type { ChainClients } from "../../src/chain/clients.js";
import { defaultGaslessSettings } from "../../src/config/gasless.js";
import { createGasless } from "../../src/core/gasless/gasless.js";
import { chargeSubscriptionPeriod } from "../../src/core/subscriptions/charge.js";
import { createDb } from "../../src/db/infra/database.js";
import { Secret } from "../../src/secret.js";

export type KillPoint = "before-broadcast" | "after-broadcast";

const [databaseUrl, rpcUrl, networkId, relayerKey, subscription, killPoint, offsetMs] = process.argv.slice(
  2,
) as [string, string, string, Hex, string, KillPoint, string];

let sending = false;
const client = createPublicClient({
  transport: http(rpcUrl, {
    onFetchRequest: async (request) => {
      sending = (await request.clone().text()).includes("eth_sendRawTransaction");
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
  now: () => new Date(Date.now() + Number(offsetMs)),
});
await chargeSubscriptionPeriod(gasless, subscription);
// Not reached: the process dies at its kill point.
await db.destroy();
process.exit(3);
