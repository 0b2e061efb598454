import type { Address, Hex } from "viem";
import type { GaslessRuntime } from "../../chain/gasless.js";
import type { SenderOutcome } from "../../chain/sender/owner.js";
import type { PaymentSigner } from "../../chain/signer.js";
import { encodeCancelSubscription, readSubscriptionState } from "../../chain/subscriptions.js";
import { findChainById } from "../../db/chains/chains.js";
import type { SenderTransactionRow } from "../../db/schema/rows.js";
import {
  findChainCancelsDue,
  findSubscriptionDetails,
  recordChainCancel,
  reopenChainCancel,
} from "../../db/subscriptions/subscriptions.js";
import { scheduleOf } from "./schedule.js";

/**
 * A fixed plan's later charges need no signature, so anyone may send them: a subscription canceled through
 * Kassa (by the merchant, or the payer on the payer's page) is canceled on-chain too, by the relayer sending
 * `cancelSubscriptionBySignature` with the server signer's `CancelSubscription`. Every signed schedule is, unless
 * the gateway already says it is canceled: one that reads as never charged may have its first charge in flight
 * (sent by the relayer before the cancellation, or by anyone holding its signatures), and that charge, once
 * mined, would open every later period to anyone (the gateway refuses a charge of a canceled schedule, even a
 * first one). Sent once at a time per subscription (the link is guarded); a cancellation whose transaction
 * failed is sent again (`onChainCancelFinished`); one the node says would revert waits for the next run.
 * Returns how many were sent.
 */
export async function cancelOnChain(
  runtime: GaslessRuntime,
  signer: PaymentSigner | undefined,
  limit = 100,
): Promise<number> {
  if (!signer) return 0;
  let sent = 0;
  for (const id of await findChainCancelsDue(runtime.db, limit)) {
    const row = await findSubscriptionDetails(runtime.db, id);
    const chain = row && (await findChainById(runtime.db, row.chain_id));
    const relayer = chain && runtime.relayer(chain);
    if (!row || !chain || !relayer) continue;
    const onChain = {
      chainId: row.network_id,
      gateway: row.gateway_address as Address,
      subscription: scheduleOf(row),
    };
    const state = await readSubscriptionState(runtime.client(chain), {
      ...onChain,
      digest: row.digest as Hex,
      period: 0n,
    });
    if (state.canceled) {
      await recordChainCancel(runtime.db, row.id, undefined);
      continue;
    }
    const data = encodeCancelSubscription({
      ...onChain,
      signature: await signer.signCancelSubscription(onChain),
    });
    const result = await relayer.estimateAndSend({
      purpose: "subscription_cancel",
      to: onChain.gateway,
      data,
      link: (trx, tx) => recordChainCancel(trx, row.id, tx.id),
    });
    if (result.outcome === "would-revert") {
      runtime.logger?.warn(
        { subscription: row.id, reason: result.reason },
        "on-chain cancellation would revert; tried again at the next run",
      );
    } else if (result.outcome !== "abandoned" && result.outcome !== "held") sent++;
  }
  return sent;
}

/**
 * The relayer's cancellation ended. Mined without reverting, the schedule is canceled on-chain for good; reverted or
 * never mined, the subscription's on-chain cancellation is due again (guarded: only this transaction's), and the
 * next run reads the gateway and sends it again unless someone else canceled it meanwhile.
 */
export async function onChainCancelFinished(
  runtime: GaslessRuntime,
  tx: SenderTransactionRow,
  outcome: SenderOutcome,
): Promise<void> {
  if (outcome.status === "CONFIRMED") return;
  if (await reopenChainCancel(runtime.db, tx.id)) {
    runtime.logger?.warn(
      { senderTransaction: tx.id },
      "on-chain cancellation failed; sent again at the next run",
    );
  }
}
