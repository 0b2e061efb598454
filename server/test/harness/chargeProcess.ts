/**
 * A worker process for the crash test: charges one due subscription and kills itself with SIGKILL at
 * `killPoint` (killAtBroadcast.ts), after the nonce ledger recorded the signed charge and its payment.
 *
 *   node --import tsx chargeProcess.ts <databaseUrl> <rpcUrl> <networkId> <relayerKey> <subscription> <killPoint> <clockOffsetMs>
 */
import { chargeSubscriptionPeriod } from "../../src/core/subscriptions/charge.js";
import { killedSenderFromArgs } from "./killAtBroadcast.js";

const args = process.argv.slice(2);
const offsetMs = Number(args[6]);
const {
  db,
  gasless,
  subject: subscription,
} = killedSenderFromArgs(args, () => new Date(Date.now() + offsetMs));
await chargeSubscriptionPeriod(gasless, subscription);
// Not reached: the process dies at its kill point.
await db.destroy();
process.exit(3);
