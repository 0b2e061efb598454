/**
 * A relayer process for the crash tests: sends one queued relay and kills itself with SIGKILL at
 * `killPoint` (killAtBroadcast.ts).
 *
 *   node --import tsx relayerProcess.ts <databaseUrl> <rpcUrl> <networkId> <relayerKey> <relayRequestId> <killPoint>
 */
import type { Hex } from "viem";
import { processQueuedRelay } from "../../src/core/relay/track.js";
import { gaslessKilledAtBroadcast, type KillPoint } from "./killAtBroadcast.js";

const [databaseUrl, rpcUrl, networkId, relayerKey, relayRequestId, killPoint] = process.argv.slice(2) as [
  string,
  string,
  string,
  Hex,
  string,
  KillPoint,
];

const { db, gasless } = gaslessKilledAtBroadcast({
  databaseUrl,
  rpcUrl,
  networkId: Number(networkId),
  relayerKey,
  killPoint,
});
await processQueuedRelay(gasless, Number(relayRequestId));
// Not reached: the process dies at its kill point.
await db.destroy();
process.exit(3);
