/**
 * A relayer process for the crash tests: sends one queued relay and kills itself with SIGKILL at
 * `killPoint` (killAtBroadcast.ts).
 *
 *   node --import tsx relayerProcess.ts <databaseUrl> <rpcUrl> <networkId> <relayerKey> <relayRequestId> <killPoint>
 */
import { processQueuedRelay } from "../../src/core/relay/track.js";
import { killedSenderFromArgs } from "./killAtBroadcast.js";

const { db, gasless, subject: relayRequestId } = killedSenderFromArgs(process.argv.slice(2));
await processQueuedRelay(gasless, Number(relayRequestId));
// Not reached: the process dies at its kill point.
await db.destroy();
process.exit(3);
