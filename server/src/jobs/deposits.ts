import type { GaslessRuntime } from "../chain/gasless.js";
import type { PaymentSigner } from "../chain/signer.js";
import { sweepSettledDeposits } from "../core/deposits/sweeps.js";
import { TASKS } from "../domain/tasks.js";
import type { WorkerModule } from "./worker.js";

/**
 * Sweeps of payments by transfer in the worker role: every minute, the payments settled by transfer that no sweep
 * holds are swept through the chain's relayer (batched), whose tracker (the gasless module's) follows each sweep
 * to its outcome. A periodic run rather than a job per settlement: it batches what settled in the minute, and it
 * also picks up the payments a failed sweep let go. One run at a time (its job key); a run that dies leaves its
 * deposits to the next.
 */
export function depositsWorkerModule(
  runtime: GaslessRuntime,
  signer: PaymentSigner | undefined,
): WorkerModule {
  if (!signer) {
    runtime.logger?.warn(
      "TRANSFER_PAYMENTS without KASSA_SIGNER_PRIVATE_KEY: settled deposits are not swept",
    );
  }
  return {
    tasks: {
      [TASKS.sweepDeposits]: async () => {
        const count = await sweepSettledDeposits(runtime, signer);
        if (count > 0) runtime.logger?.info({ count }, "deposits swept");
      },
    },
    cron: [
      {
        task: TASKS.sweepDeposits,
        match: "* * * * *",
        options: { backfillPeriod: 0, maxAttempts: 1, jobKey: TASKS.sweepDeposits },
      },
    ],
  };
}
