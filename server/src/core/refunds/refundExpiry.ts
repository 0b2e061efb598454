import { paymentSequence } from "@kassa/contracts/paymentId";
import type { Address, Hex } from "viem";
import type { ChainClients } from "../../chain/clients.js";
import { readFinalBlock, readGatewayRefunded } from "../../chain/gatewayReads.js";
import { findChainCursor } from "../../db/chains/chainCursors.js";
import type { Db } from "../../db/infra/database.js";
import { enqueueJob } from "../../db/infra/jobQueue.js";
import { insertSequenceCollision } from "../../db/payments/paymentSequences.js";
import { movePaymentStatus } from "../../db/payments/paymentStatus.js";
import { expireSubmittedRefund, findRefundForExpiry, hasOpenRefund } from "../../db/refunds/refunds.js";
import { TASKS } from "../../domain/tasks.js";
import { recordPaymentEvent, refundSender } from "../webhooks/outbox.js";

/**
 * A refund's expiry: the check scheduled at its deadline (and again when a reorg opens it again) that ends a
 * refund its merchant never sent, and the one place a refund's bit on the gateway is read.
 */

/**
 * `collision`: the gateway says the refund's id was sent, yet the watcher read past that block without its
 * RefundCompleted: another id (unknown to this database) set the bit of its sequence, so the refund can never
 * be sent. Recorded as a collision and expired, never called refunded.
 */
export type ExpireRefundResult = "expired" | "not-yet" | "refunded-on-chain" | "not-open" | "collision";

/** How long an expiry check that waits for the watcher to read the refund's block waits before looking again. */
const WAIT_FOR_WATCHER_MS = 60_000;

/**
 * Returns a refund's payment to PAID when the refund can no longer be sent: the chain's final block is
 * past the deadline and the gateway has not sent the refund's id. Otherwise reschedules itself
 * ("not-yet"), or leaves it to the watcher when the refund did happen (and looks again once the watcher has
 * read that far: a bit set without the refund's event is a collision).
 */
export async function expireRefund(
  deps: { db: Db; chains: ChainClients; now: () => Date },
  refundId: string,
): Promise<ExpireRefundResult> {
  const refund = await findRefundForExpiry(deps.db, refundId);
  if (refund?.status !== "SUBMITTED") return "not-open";
  const client = deps.chains.publicClient(refund);
  const block = await readFinalBlock(client, refund);
  const reschedule = async (delayMs: number) => {
    await enqueueJob(
      deps.db,
      TASKS.expireRefund,
      { refundId },
      { runAt: new Date(deps.now().getTime() + delayMs), jobKey: `expire-refund:${refundId}` },
    );
  };
  if (block.timestamp <= BigInt(refund.deadline)) {
    await reschedule(Math.max(5_000, Number(BigInt(refund.deadline) - block.timestamp) * 1000));
    return "not-yet";
  }
  const sent = await readGatewayRefunded(client, {
    gateway: refund.gateway_address as Address,
    refundId: refund.chain_refund_id as Hex,
    blockNumber: block.number,
  });
  let collision = false;
  if (sent) {
    // The watcher applies the RefundCompleted event, before it moves its cursor past the event's block.
    const cursor = await findChainCursor(deps.db, refund.chain_id);
    if (!cursor || BigInt(cursor.block_number) < block.number) {
      await reschedule(WAIT_FOR_WATCHER_MS);
      return "refunded-on-chain";
    }
    collision = true;
  }
  return deps.db.transaction().execute(async (trx) => {
    if (!(await expireSubmittedRefund(trx, refundId))) return "not-open";
    if (collision) {
      await insertSequenceCollision(trx, {
        chainId: refund.chain_id,
        gatewayAddress: refund.gateway_address,
        sequence: paymentSequence(refund.chain_refund_id as Hex),
        kind: "refund",
        knownId: refund.chain_refund_id,
        seenId: null,
        txHash: null,
      });
    }
    // PAID again, unless another refund is still open (one a reorg opened again).
    const paidAgain =
      !(await hasOpenRefund(trx, refund.payment_row_id)) &&
      (await movePaymentStatus(trx, {
        payment: { rowId: refund.payment_row_id },
        from: "REFUND_SUBMITTED",
        to: "PAID",
      }));
    if (paidAgain) {
      await recordPaymentEvent(trx, "payment.refund_expired", paidAgain, deps.now(), {
        refund: { refundId, amount: refund.amount, txHash: null, ...refundSender(null, "") },
      });
    }
    return collision ? "collision" : "expired";
  });
}
