import {
  createGaslessRuntime,
  type CreateGaslessRuntimeOptions,
  type GaslessRuntime,
} from "../../chain/gasless.js";
import { onDepositReturnFinished } from "../deposits/returns.js";
import { onGrantTransactionFinished } from "../faucet/faucet.js";
import { recordRevertedGas } from "../relay/gasBudget.js";
import { onRelayBroadcast, onRelayTransactionFinished, relayReplacementRefusal } from "../relay/track.js";
import { onChainCancelFinished } from "../subscriptions/chainCancel.js";
import { onChargeFinished } from "../subscriptions/charge.js";
import { onSweepFinished } from "../deposits/sweeps.js";

/**
 * The runtime with the relay and grant outcomes wired to their owners. A relayer transaction that reverted on-chain
 * is first recorded against the budgets of gas at risk (relay/gasBudget.ts), whatever its purpose.
 */
export function createGasless(options: CreateGaslessRuntimeOptions): GaslessRuntime {
  return createGaslessRuntime(options, (runtime) => ({
    async onFinished(tx, outcome) {
      await recordRevertedGas(runtime, tx, outcome);
      if (tx.purpose === "relay") await onRelayTransactionFinished(runtime, tx, outcome);
      else if (tx.purpose === "subscription_charge") await onChargeFinished(runtime, tx, outcome);
      else if (tx.purpose === "deposit_return") await onDepositReturnFinished(runtime, tx, outcome);
      else if (tx.purpose === "subscription_cancel") await onChainCancelFinished(runtime, tx, outcome);
      else if (tx.purpose === "deposit_sweep") await onSweepFinished(runtime, tx, outcome);
      else await onGrantTransactionFinished(runtime.db, tx, outcome);
    },
    async onBroadcast(tx, txHash) {
      if (tx.purpose === "relay") await onRelayBroadcast(runtime, tx, txHash);
    },
    async beforeReplace(tx, fees) {
      return tx.purpose === "relay" ? relayReplacementRefusal(runtime, tx, fees) : undefined;
    },
  }));
}
