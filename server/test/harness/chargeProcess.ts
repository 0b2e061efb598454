/**
 * A worker process for the crash test: charges one due subscription and kills itself with SIGKILL at
 * `killPoint` (killAtBroadcast.ts), after the nonce ledger recorded the signed charge and its payment.
 *
 *   node --import tsx chargeProcess.ts <databaseUrl> <rpcUrl> <networkId> <relayerKey> <subscription> <killPoint> <clockOffsetMs>
 */
import type { Hex } from "viem";
import { chargeSubscriptionPeriod } from "../../src/core/subscriptions/charge.js";
import { gaslessKilledAtBroadcast, type KillPoint } from "./killAtBroadcast.js";

const [databaseUrl, rpcUrl, networkId, relayerKey, subscription, killPoint, offsetMs] = process.argv.slice(
  2,
) as [string, string, string, Hex, string, KillPoint, string];

const { db, gasless } = gaslessKilledAtBroadcast({
  databaseUrl,
  rpcUrl,
  networkId: Number(networkId),
  relayerKey,
  killPoint,
  now: () => new Date(Date.now() + Number(offsetMs)),
});
await chargeSubscriptionPeriod(gasless, subscription);
// Not reached: the process dies at its kill point.
await db.destroy();
process.exit(3);
