import {
  createGaslessRuntime,
  type CreateGaslessRuntimeOptions,
  type GaslessRuntime,
} from "../../chain/gasless.js";
import type { FeeQuote } from "../../chain/sender/fees.js";
import type { SenderOutcome } from "../../chain/sender/owner.js";
import type { SenderTransactionRow } from "../../db/schema/rows.js";
import { gasBounds } from "../../domain/gasPurposes.js";
import type { SenderPurpose, SenderRole } from "../../domain/records.js";
import { onDepositReturnFinished } from "../deposits/returns.js";
import { onSweepFinished } from "../deposits/sweeps.js";
import { onGrantTransactionFinished } from "../faucet/faucet.js";
import { recordRevertedGas } from "../relay/gasBudget.js";
import { onRelayBroadcast, onRelayTransactionFinished, relayReplacementRefusal } from "../relay/track.js";
import { onChainCancelFinished } from "../subscriptions/chainCancel.js";
import { onChargeFinished } from "../subscriptions/charge.js";

/**
 * What Kassa's keys send, and who owns each transaction: one row per sender purpose (what the sender records a
 * transaction as, `sender_transactions.purpose`), with the key that sends it, its gas bounds and its owner's hooks.
 * The type makes a purpose without a row, or a row without `onFinished`, a compile error.
 */
export interface SenderPurposeRow<P extends SenderPurpose> {
  /** The key that sends it: a relayer transaction that reverted on-chain counts against the gas budgets. */
  sentBy: SenderRole;
  /** The most gas each of its transactions may be sent with, by the gas purpose a request declares. */
  gas: (typeof gasBounds)[P];
  /**
   * The transaction ended (confirmed in a final block, or failed): the owner records what it means. Called
   * (possibly more than once, from several processes) until the sender records it as finished.
   */
  onFinished(runtime: GaslessRuntime, tx: SenderTransactionRow, outcome: SenderOutcome): Promise<void>;
  /** A replacement with a new hash reached the node. */
  onBroadcast?(runtime: GaslessRuntime, tx: SenderTransactionRow, txHash: string): Promise<void>;
  /**
   * Before a stuck transaction is signed again at the higher fees `fees`: a reason not to (it would now revert)
   * cancels it instead, and its nonce is filled with a zero-value transfer.
   */
  beforeReplace?(
    runtime: GaslessRuntime,
    tx: SenderTransactionRow,
    fees: FeeQuote,
  ): Promise<string | undefined>;
}

export const senderPurposes: { [P in SenderPurpose]: SenderPurposeRow<P> } = {
  relay: {
    sentBy: "relayer",
    gas: gasBounds.relay,
    onFinished: onRelayTransactionFinished,
    onBroadcast: onRelayBroadcast,
    beforeReplace: relayReplacementRefusal,
  },
  subscription_charge: {
    sentBy: "relayer",
    gas: gasBounds.subscription_charge,
    onFinished: onChargeFinished,
  },
  subscription_cancel: {
    sentBy: "relayer",
    gas: gasBounds.subscription_cancel,
    onFinished: onChainCancelFinished,
  },
  deposit_sweep: { sentBy: "relayer", gas: gasBounds.deposit_sweep, onFinished: onSweepFinished },
  deposit_return: { sentBy: "relayer", gas: gasBounds.deposit_return, onFinished: onDepositReturnFinished },
  grant: { sentBy: "faucet", gas: gasBounds.grant, onFinished: onGrantTransactionFinished },
};

/**
 * The runtime with every transaction's outcome handed to its purpose's owner. A relayer transaction that reverted
 * on-chain is first recorded against the budgets of gas at risk (relay/gasBudget.ts), whatever its purpose.
 */
export function createGasless(options: CreateGaslessRuntimeOptions): GaslessRuntime {
  return createGaslessRuntime(options, (runtime) => ({
    async onFinished(tx, outcome) {
      const row = senderPurposes[tx.purpose];
      if (row.sentBy === "relayer") await recordRevertedGas(runtime, tx, outcome);
      await row.onFinished(runtime, tx, outcome);
    },
    async onBroadcast(tx, txHash) {
      await senderPurposes[tx.purpose].onBroadcast?.(runtime, tx, txHash);
    },
    async beforeReplace(tx, fees) {
      return senderPurposes[tx.purpose].beforeReplace?.(runtime, tx, fees);
    },
  }));
}
