import { getAddress, type TransactionReceipt } from "viem";
import { recordPaymentSwept, undoPaymentSweep } from "../../db/payments/paymentDeposits.js";
import { depositMovesFromReceipt, type DepositMove } from "../../chain/deposits/moves.js";
import {
  deleteDepositEvent,
  recordDepositEvent,
  type RecordedDepositEventRow,
} from "../../db/deposits/events.js";
import {
  findDepositReturnByReturnId,
  finishDepositReturn,
  markDepositReturnReorged,
} from "../../db/deposits/returns.js";
import { markSweepReorged } from "../../db/deposits/sweeps.js";
import { lockDepositPayment } from "../../db/deposits/transfers.js";
import type { Db } from "../../db/infra/database.js";
import { recordPaymentEvent } from "../webhooks/outbox.js";
import { overpaidOf } from "./detection.js";

/**
 * What the gateway's DepositSwept and DepositReturned do, read from the chain whoever sent them (the watcher's
 * logs, the relayer's receipts: the first to report one records it, the other finds it known), each in a
 * transaction of its own:
 *
 * - a sweep is recorded on its payment (`sweptAt`, `sweepTransactionHash`, what left the address) and told to the
 *   merchant (`payment.swept`: its money is in the recipient's wallet), so a sweep that someone else sent with the
 *   server's public signature is known as well as the relayer's own;
 * - a return settles Kassa's record of it (RETURNED, `payment.deposit_returned`); one Kassa did not send (the
 *   recipient's own, signed and sent without Kassa) is kept as money gone to its `to` (holdings.ts);
 * - a reorg that removes either undoes it: the payment is unswept again (the relayer's sweep REORGED, so the next
 *   run sweeps it if it is still paid by transfer, also after it was reorged to CREATED and paid again), and a
 *   return is REORGED (its signed request may be mined again until its deadline).
 */

export type DepositMoveOutcome = "swept" | "returned" | "returned-elsewhere" | "known" | "moved" | "unknown";

/** Records one move and applies it. */
export async function applyDepositMoveIn(trx: Db, move: DepositMove, now: Date): Promise<DepositMoveOutcome> {
  const payment = await lockDepositPayment(trx, { paymentId: move.paymentId });
  if (payment?.chain_id !== move.chainId || payment.deposit_address !== move.deposit.toLowerCase())
    return "unknown";
  const recorded = await recordDepositEvent(trx, {
    paymentRowId: payment.id,
    chainId: move.chainId,
    kind: move.kind,
    returnId: move.returnId,
    tokenAddress: move.token,
    toAddress: move.to,
    amount: move.amount,
    fee: move.fee,
    txHash: move.txHash,
    logIndex: move.logIndex,
    blockNumber: move.blockNumber,
    blockHash: move.blockHash,
  });
  if (recorded !== "inserted") return recorded;
  if (move.kind === "swept") {
    const swept = await recordPaymentSwept(trx, payment.id, {
      txHash: move.txHash,
      amount: move.amount,
      at: now,
    });
    if (!swept) return "known";
    await recordPaymentEvent(trx, "payment.swept", swept, now, {
      sweep: {
        txHash: move.txHash.toLowerCase(),
        blockNumber: Number(move.blockNumber),
        amount: move.amount.toString(),
        fee: move.fee.toString(),
        recipientReceived: (move.amount - move.fee).toString(),
        recipientAddress: getAddress(move.to),
      },
    });
    return "swept";
  }
  const own = await findDepositReturnByReturnId(trx, move.returnId as string);
  if (!own || own.payment_id !== payment.id) return "returned-elsewhere";
  const done = await finishDepositReturn(trx, own.id, {
    status: "RETURNED",
    txHash: move.txHash,
    reason: null,
    at: now,
  });
  if (!done) return "known";
  await recordPaymentEvent(trx, "payment.deposit_returned", payment, now, {
    depositReturn: {
      returnId: done.chain_return_id,
      kind: done.kind,
      tokenAddress: getAddress(done.token_address),
      to: getAddress(done.to_address),
      amount: done.amount,
      txHash: move.txHash,
    },
  });
  return "returned";
}

/** A reorg removed a recorded move: what it did is undone. False when it was not recorded there. */
export async function revertRemovedDepositMoveIn(
  trx: Db,
  chainId: number,
  removed: { txHash: string; logIndex: number; blockNumber: bigint; blockHash: string },
  now: Date,
): Promise<boolean> {
  const row: RecordedDepositEventRow | undefined = await deleteDepositEvent(trx, chainId, removed);
  if (!row) return false;
  const payment = await lockDepositPayment(trx, { rowId: row.payment_id });
  if (!payment) return false;
  const reason = `reorged: transaction ${removed.txHash} of block ${removed.blockNumber} (${removed.blockHash}) is no longer on the chain`;
  if (row.kind === "swept") {
    const overpaid = overpaidOf({ ...payment, swept_amount: null }, BigInt(payment.amount_received));
    // The row is locked: the sweep it names is the one that held it (null: another's).
    const undone = await undoPaymentSweep(trx, payment.id, { txHash: row.tx_hash, overpaid });
    if (undone && payment.deposit_sweep_id !== null)
      await markSweepReorged(trx, payment.deposit_sweep_id, reason);
    return undone;
  }
  const own = row.return_id === null ? undefined : await findDepositReturnByReturnId(trx, row.return_id);
  if (own) await markDepositReturnReorged(trx, own.id, { reason, at: now });
  return true;
}

/**
 * The moves of a relayer's receipt (its sweep or return), recorded as the watcher records them: resolves the return
 * ids and the payment ids (lowercase) the receipt moved, recorded now or before.
 */
export async function recordDepositMovesFromReceipt(
  db: Db,
  params: { chainId: number; gateway: string; receipt: TransactionReceipt; now: Date },
): Promise<{ returnIds: string[]; sweptPaymentIds: string[] }> {
  const moves = depositMovesFromReceipt(params.receipt, {
    chainId: params.chainId,
    gateways: [params.gateway],
  });
  const returnIds: string[] = [];
  const sweptPaymentIds: string[] = [];
  for (const move of moves) {
    const outcome = await db.transaction().execute((trx) => applyDepositMoveIn(trx, move, params.now));
    if (outcome === "unknown") continue;
    if (move.kind === "swept") sweptPaymentIds.push(move.paymentId.toLowerCase());
    else returnIds.push((move.returnId as string).toLowerCase());
  }
  return { returnIds, sweptPaymentIds };
}
