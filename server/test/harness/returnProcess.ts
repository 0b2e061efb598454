/**
 * A process for the returns' crash test: returns one payment's excess and kills itself with SIGKILL at
 * `killPoint` (killAtBroadcast.ts), after the nonce ledger recorded the signed return and its row.
 *
 *   node --import tsx returnProcess.ts <databaseUrl> <rpcUrl> <networkId> <relayerKey> <paymentId> <killPoint> <signerKey>
 */
import type { Hex } from "viem";
import { createPaymentSigner } from "../../src/chain/signer.js";
import { findReturnPayment, returnExcess } from "../../src/core/deposits/returns.js";
import { createPaymentSequencer } from "../../src/db/payments/paymentSequences.js";
import { Secret } from "../../src/secret.js";
import { killedSenderFromArgs } from "./killAtBroadcast.js";

const { db, gasless, subject, rest } = killedSenderFromArgs(process.argv.slice(2));
const deps = {
  gasless,
  signer: createPaymentSigner(new Secret(rest[0] as Hex)),
  nextPaymentSequence: createPaymentSequencer(db),
};
await returnExcess(deps, await findReturnPayment(deps, subject));
// Not reached: the process dies at its kill point.
await db.destroy();
process.exit(3);
