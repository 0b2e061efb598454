import type { Address, Hex } from "viem";
import type { GaslessRuntime } from "../../chain/gasless.js";
import type { PaymentSigner } from "../../chain/signer.js";
import { encodeCancelSubscription, readSubscriptionState } from "../../chain/subscriptions.js";
import { findChainById } from "../../db/chains/chains.js";
import {
  findChainCancelsDue,
  findSubscriptionDetails,
  recordChainCancel,
} from "../../db/subscriptions/subscriptions.js";
import { scheduleOf } from "./schedule.js";

/**
 * A fixed plan's later charges need no signature, so anyone may send them: a subscription canceled through
 * Kassa (by the merchant, or the payer on the payer's page) is canceled on-chain too, by the relayer sending
 * `cancelSubscriptionBySignature` with the server signer's `CancelSubscription`. A schedule never charged
 * needs none (its first charge needs the server's authorisation, which Kassa never published), nor one
 * already canceled on-chain. Sent once per subscription (the link is guarded); returns how many were sent.
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
    if (!state.active || state.canceled) {
      await recordChainCancel(runtime.db, row.id, undefined);
      continue;
    }
    const result = await relayer.send({
      purpose: "subscription_cancel",
      to: onChain.gateway,
      value: 0n,
      data: encodeCancelSubscription({ ...onChain, signature: await signer.signCancelSubscription(onChain) }),
      gasLimit: 150_000n,
      link: (trx, tx) => recordChainCancel(trx, row.id, tx.id),
    });
    if (result.outcome !== "abandoned") sent++;
  }
  return sent;
}
