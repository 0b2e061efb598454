/**
 * A worker process for the sweep crash test: runs the worker's sweep task once and kills itself with SIGKILL at
 * `killPoint` (killAtBroadcast.ts), after the nonce ledger recorded the signed sweep and its record.
 *
 *   node --import tsx sweepProcess.ts <databaseUrl> <rpcUrl> <networkId> <relayerKey> <signerKey> <killPoint>
 */
import type { Hex } from "viem";
import { createPaymentSigner } from "../../src/chain/signer.js";
import { sweepSettledDeposits } from "../../src/core/deposits/sweeps.js";
import { Secret } from "../../src/secret.js";
import { killedSenderFromArgs } from "./killAtBroadcast.js";

const { db, gasless, subject: signerKey } = killedSenderFromArgs(process.argv.slice(2));
await sweepSettledDeposits(gasless, createPaymentSigner(new Secret(signerKey as Hex)));
// Not reached: the process dies at its kill point.
await db.destroy();
process.exit(3);
