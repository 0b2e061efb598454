import type { GaslessRuntime } from "../chain/gasless.js";
import type { PaymentSigner } from "../chain/signer.js";
import { cancelOnChain } from "../core/subscriptions/chainCancel.js";
import type { PriceService } from "../core/prices/service.js";
import { chargeDueSubscriptions } from "../core/subscriptions/charge.js";
import { TASKS } from "../domain/tasks.js";
import type { WorkerModule } from "./worker.js";

/**
 * Subscription charging in the worker role: every minute, the subscriptions due are charged (fiat plans at the
 * price service's hourly average), and those
 * canceled through Kassa are canceled on-chain, through the chain's relayer, whose tracker (the gasless
 * module's) follows each transaction to its outcome. One run at a time (its job key); a run that dies
 * leaves its charges to the next.
 */
export function subscriptionsWorkerModule(
  runtime: GaslessRuntime,
  signer: PaymentSigner | undefined,
  prices: PriceService,
): WorkerModule {
  return {
    tasks: {
      [TASKS.chargeSubscriptions]: async () => {
        const count = await chargeDueSubscriptions(runtime, undefined, { prices, signer });
        if (count > 0) runtime.logger?.info({ count }, "due subscriptions charged");
        const canceled = await cancelOnChain(runtime, signer);
        if (canceled > 0)
          runtime.logger?.info({ count: canceled }, "canceled subscriptions canceled on-chain");
      },
    },
    cron: [
      {
        task: TASKS.chargeSubscriptions,
        match: "* * * * *",
        options: { backfillPeriod: 0, maxAttempts: 1, jobKey: TASKS.chargeSubscriptions },
      },
    ],
  };
}
