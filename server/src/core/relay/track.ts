import { type ForwardRequestData } from "@kassa/contracts";
import { type Address, type Hex, type PublicClient } from "viem";
import { finalBlockNumber } from "../../chain/finality.js";
import { encodeExecute, simulateForwardRequest, type SimulationResult } from "../../chain/forwarder.js";
import { simulateGatewayCall } from "../../chain/gatewayRelay.js";
import type { GaslessRuntime } from "../../chain/gasless.js";
import { paymentCompletedFromReceipt } from "../../chain/gatewayEvents.js";
import type { FeeQuote } from "../../chain/sender/fees.js";
import type { SenderOutcome } from "../../chain/sender/owner.js";
import { findChainById, findChainByNetworkId } from "../../db/chains/chains.js";
import { findPaymentStateByRowId } from "../../db/payments/payments.js";
import {
  failExpiredQueuedRelays,
  findRelayRequestById,
  findRelayRequestBySenderTransactionId,
  finishRelayRequest,
  markRelaySubmitted,
  setRelayTransactionHash,
} from "../../db/gasless/relays.js";
import { type RelayRequestRow, type SenderTransactionRow } from "../../db/schema/rows.js";
import { gasLimitFor } from "../../domain/gasPurposes.js";
import { applyPaymentCompletedIn, failPayment } from "../settlement/settlement.js";
import { revertError } from "./checks.js";
import { noteGasBoundRefusal, relayGasPurpose } from "./gasBudget.js";

/**
 * A relay after it was accepted: the queued job that sends it through the relayer, and the relayer's
 * hooks that follow its transaction to an outcome.
 */

/** The stored request as the forwarder takes it (the nonce is the forwarder's own, not an argument). */
function forwardRequestOf(relay: RelayRequestRow): ForwardRequestData {
  return {
    from: relay.from_address as Address,
    to: relay.to_address as Address,
    value: 0n,
    gas: BigInt(relay.gas ?? 0),
    deadline: relay.deadline,
    data: relay.data as Hex,
    signature: relay.signature as Hex,
  };
}

/**
 * The relayer's transaction of a relay: `execute(request)` on the forwarder for a ForwardRequest, the stored
 * calldata on the gateway for the gateway's one-signature paths.
 */
function relayTransaction(relay: RelayRequestRow): { to: Address; data: Hex } {
  return relay.kind === "forward"
    ? { to: relay.forwarder_address as Address, data: encodeExecute(forwardRequestOf(relay)) }
    : { to: relay.to_address as Address, data: relay.data as Hex };
}

/** The relay simulated as `relayer` would send it now, at `fees`. */
function simulateRelay(
  client: PublicClient,
  relay: RelayRequestRow,
  relayer: Address,
  fees: FeeQuote,
): Promise<SimulationResult> {
  return relay.kind === "forward"
    ? simulateForwardRequest(client, {
        forwarder: relay.forwarder_address as Address,
        relayer,
        request: forwardRequestOf(relay),
        fees,
      })
    : simulateGatewayCall(client, {
        gateway: relay.to_address as Address,
        relayer,
        data: relay.data as Hex,
        fees,
      });
}

/**
 * The job of a queued relay: simulate again at the fees it will be sent at (the chain moved since the request),
 * then sign and send through the relayer, which records the transaction before it leaves, with at most the gas
 * limit held for it when it was accepted. Idempotent: a relay that is no longer QUEUED is left to the tracker.
 */
export async function processQueuedRelay(runtime: GaslessRuntime, relayRequestId: number): Promise<void> {
  const { db } = runtime;
  const relay = await findRelayRequestById(db, relayRequestId);
  if (relay?.status !== "QUEUED") return;
  const fail = (message: string) =>
    finishRelayRequest(db, relay.id, ["QUEUED"], { status: "FAILED", errorMessage: message });

  const payment = await findPaymentStateByRowId(db, relay.payment_id);
  if (payment.status !== "CREATED") {
    await fail(`the payment became ${payment.status} before the relay was sent`);
    return;
  }
  const chain = await findChainById(db, payment.chain_id);
  const relayer = chain && runtime.relayer(chain);
  if (!chain || !relayer) {
    await fail(`no relayer is configured for chain ${relay.network_id}`);
    return;
  }
  const fees = await relayer.fees();
  const simulation = await simulateRelay(runtime.client(chain), relay, relayer.addresses[0] as Address, fees);
  if (!simulation.ok) {
    await fail(`not sent, the call would revert: ${revertError(simulation.revert).message}`);
    return;
  }
  const purpose = relayGasPurpose(relay.kind, relay.signature as Hex);
  const limit = gasLimitFor(purpose, simulation.gas, {
    ...(relay.gas_limit === null ? {} : { cap: BigInt(relay.gas_limit) }),
  });
  if (!limit.ok) {
    noteGasBoundRefusal(runtime, relay.network_id, purpose, limit.needed, limit.bound, {
      relayRequestId: relay.id,
    });
    await fail(`not sent, it would now need ${limit.needed} gas, more than the ${limit.bound} held for it`);
    return;
  }
  const result = await relayer.send({
    purpose,
    ...relayTransaction(relay),
    value: 0n,
    gasLimit: limit.gasLimit,
    fees,
    link: (trx, tx, txHash) => markRelaySubmitted(trx, relay.id, tx.id, txHash),
  });
  if (result.outcome === "sent" || result.outcome === "unknown") {
    runtime.logger?.info(
      {
        relayRequestId: relay.id,
        txHash: result.txHash,
        nonce: result.tx.nonce,
        sender: result.tx.sender_address,
      },
      "relay sent",
    );
  }
}

/**
 * The relay's job failed its last attempt (every retry met a node that did not answer, hours of them):
 * the relay fails instead of staying QUEUED, so the payer's forwarder nonce is free for another relay.
 */
export async function failRelayAfterRetries(
  runtime: GaslessRuntime,
  relayRequestId: number,
  attempts: number,
  error: unknown,
): Promise<void> {
  const failed = await finishRelayRequest(runtime.db, relayRequestId, ["QUEUED"], {
    status: "FAILED",
    errorMessage: `not sent after ${attempts} attempts: ${(error as Error).message}`,
  });
  if (failed) runtime.logger?.warn({ relayRequestId, attempts, err: error }, "relay failed: not sent");
}

/**
 * Relays still QUEUED past their ForwardRequest deadline fail (the forwarder would refuse them): what
 * covers a job lost with its worker on its last attempt. Run by the worker's gasless sweep.
 */
export function failExpiredRelays(runtime: GaslessRuntime): Promise<number[]> {
  return failExpiredQueuedRelays(runtime.db, Math.floor(runtime.now().getTime() / 1000));
}

/**
 * The relayer's transaction for a relay ended. Confirmed: the payment settles through the lifecycle
 * (PAID, or INVALID when the event disagrees) in the transaction that marks the relay CONFIRMED, when its
 * block is already final (else the watcher settles it when it is).
 * Reverted on-chain: the relay and the payment are FAILED. Never sent: the relay is FAILED.
 */
export async function onRelayTransactionFinished(
  runtime: GaslessRuntime,
  tx: SenderTransactionRow,
  outcome: SenderOutcome,
): Promise<void> {
  const { db } = runtime;
  const relay = await findRelayRequestBySenderTransactionId(db, tx.id);
  if (!relay) return;
  const payment = await findPaymentStateByRowId(db, relay.payment_id);
  if (outcome.status === "CONFIRMED") {
    const { receipt } = outcome;
    const event = paymentCompletedFromReceipt(receipt, {
      chainId: payment.chain_id,
      networkId: relay.network_id,
      gateway: relay.to_address,
      paymentId: payment.payment_id,
    });
    if (event) {
      // PAID only once the block is final for the chain (its `finalized`/`safe` block can trail the relayer's
      // confirmation depth); until then the relay is CONFIRMED and the watcher settles the payment later.
      const chain = await findChainByNetworkId(db, relay.network_id);
      const final = chain ? await finalBlockNumber(runtime.client(chain), chain).catch(() => -1n) : -1n;
      await db.transaction().execute(async (trx) => {
        if (receipt.blockNumber <= final) await applyPaymentCompletedIn(trx, event, runtime.now());
        await finishRelayRequest(trx, relay.id, ["QUEUED", "SUBMITTED"], {
          status: "CONFIRMED",
          transactionHash: receipt.transactionHash,
        });
      });
      return;
    }
    // The forwarder executed nothing for this payment (no PaymentCompleted): treat it as a revert.
    outcome = {
      status: "FAILED",
      receipt: outcome.receipt,
      reason: `transaction ${outcome.receipt.transactionHash} emitted no PaymentCompleted`,
      payloadLanded: true,
    };
  }
  // Mined and reverted, the relayer paid for nothing: the dispatcher recorded it against the budgets first.
  const { receipt, reason, payloadLanded } = outcome;
  const failed = await finishRelayRequest(db, relay.id, ["QUEUED", "SUBMITTED"], {
    status: "FAILED",
    transactionHash: receipt?.transactionHash ?? relay.transaction_hash,
    errorMessage: reason,
  });
  if (payloadLanded) {
    await failPayment(db, payment.payment_id as Hex, `gasless relay failed: ${reason}`, {
      now: runtime.now,
    });
  }
  if (failed) {
    runtime.logger?.warn(
      {
        relayRequestId: relay.id,
        payer: relay.from_address,
        gasUsed: receipt?.gasUsed.toString(),
        reason,
      },
      payloadLanded ? "relay reverted on-chain" : "relay failed",
    );
  }
}

/**
 * Before a stuck relay is sent again with the higher fees `fees`, it is simulated again at them: the reason not to
 * send it when it would now revert (the payer moved its tokens, used its forwarder nonce, paid directly).
 */
export async function relayReplacementRefusal(
  runtime: GaslessRuntime,
  tx: SenderTransactionRow,
  fees: FeeQuote,
): Promise<string | undefined> {
  const relay = await findRelayRequestBySenderTransactionId(runtime.db, tx.id);
  const chain = relay && (await findChainByNetworkId(runtime.db, relay.network_id));
  if (!relay || !chain) return undefined;
  const simulation = await simulateRelay(runtime.client(chain), relay, tx.sender_address as Address, fees);
  return simulation.ok
    ? undefined
    : `not sent again, the call would now revert: ${revertError(simulation.revert).message}`;
}

/** A replacement reached the node: the relay shows the hash to look for. */
export async function onRelayBroadcast(runtime: GaslessRuntime, tx: SenderTransactionRow, txHash: string) {
  const relay = await findRelayRequestBySenderTransactionId(runtime.db, tx.id);
  if (relay) await setRelayTransactionHash(runtime.db, relay.id, txHash);
}
