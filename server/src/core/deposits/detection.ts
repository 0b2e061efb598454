import { computeFee } from "@kassa/contracts";
import { getAddress } from "viem";
import type { TokenTransfer } from "../../chain/deposits/transfers.js";
import type { Db } from "../../db/infra/database.js";
import {
  deleteDepositTransfer,
  depositReceived,
  findPaymentsByDepositAddress,
  lockDepositPayment,
  recordDepositTransfer,
  setDepositAmounts,
} from "../../db/deposits/transfers.js";
import { movePaymentStatus } from "../../db/payments/paymentStatus.js";
import { expireRefundsOfRemovedPayment } from "../../db/refunds/refunds.js";
import { paidStatuses, settleableStatuses } from "../../domain/paymentStatus.js";
import type { PaymentDetails } from "../../db/payments/payments.js";
import { recordPaymentEvent } from "../webhooks/outbox.js";

/**
 * What transfers to deposit addresses do to their payments (payments by transfer), decided here from the
 * watcher's facts; each payment's in one transaction with its webhook:
 *
 * - what arrived of the payment's token is the sum of its final transfers (`amountReceived`); another token is
 *   recorded for its recovery and counts for nothing;
 * - an open payment (CREATED, EXPIRED, FAILED) with at least its minimum (the amount less the merchant's
 *   tolerance) is PAID by transfer, its payer the sender of the last transfer, `overpaidAmount` what exceeds the
 *   amount; a deposit after the transfer window is late: PAID with `paidAfterExpiry` under the merchant's
 *   "settle", left unswept for a return under "return";
 * - short of the minimum: the payment stays open with what arrived (`payment.underpaid`), and a top-up adds to it;
 * - a transfer to a payment settled already (a payer paying twice, a top-up after the sweep) is a late deposit too
 *   (`payment.late_deposit`): `overpaidAmount` is what the address holds beyond what the payment takes from it;
 * - a reorg that removes a transfer takes its amount back, and a payment it had paid is CREATED again
 *   (`payment.reorged`).
 */

export type DepositOutcome = "paid" | "underpaid" | "late-held" | "recorded" | "wrong-token" | "known";

/** The payment ids and transfers of a read that reached deposit addresses, by payment row id. */
export async function transfersByPayment(
  db: Db,
  chainId: number,
  transfers: readonly TokenTransfer[],
): Promise<Map<number, TokenTransfer[]>> {
  const addresses = [...new Set(transfers.map((transfer) => transfer.to.toLowerCase()))];
  const payments = await findPaymentsByDepositAddress(db, chainId, addresses);
  const byAddress = new Map(payments.map((payment) => [payment.deposit_address, payment.id]));
  const byPayment = new Map<number, TokenTransfer[]>();
  for (const transfer of transfers) {
    const rowId = byAddress.get(transfer.to.toLowerCase());
    if (rowId !== undefined) byPayment.set(rowId, [...(byPayment.get(rowId) ?? []), transfer]);
  }
  return byPayment;
}

const max = (a: bigint, b: bigint) => (a > b ? a : b);
const min = (a: bigint, b: bigint) => (a < b ? a : b);

/**
 * What of `received` the payment does not take from its deposit address: its sweep took `swept_amount` (less than
 * the amount when a tolerance settled it); before its sweep it will take up to the amount; paid another way
 * (the gateway's `pay`), it takes nothing from the address.
 */
export function overpaidOf(
  payment: Pick<PaymentDetails, "amount" | "status" | "paid_via" | "swept_amount">,
  received: bigint,
): bigint {
  const settledElsewhere = paidStatuses.includes(payment.status) && payment.paid_via !== "transfer";
  if (settledElsewhere) return received;
  if (payment.swept_amount !== null) return max(received - BigInt(payment.swept_amount), 0n);
  return max(received - BigInt(payment.amount), 0n);
}

/** Records one payment's transfers and decides what they make of it. */
export async function applyDepositTransfersIn(
  trx: Db,
  paymentRowId: number,
  transfers: readonly TokenTransfer[],
  now: Date,
): Promise<DepositOutcome> {
  const payment = await lockDepositPayment(trx, paymentRowId);
  if (!payment?.deposit_minimum_amount || payment.transfer_expires_at === null) return "known";
  const late = now.getTime() > payment.transfer_expires_at.getTime();
  let changed = false;
  let ofToken = false;
  for (const transfer of transfers) {
    const recorded = await recordDepositTransfer(trx, {
      paymentRowId,
      chainId: transfer.chainId,
      tokenAddress: transfer.token,
      fromAddress: transfer.from,
      amount: transfer.amount,
      txHash: transfer.txHash,
      logIndex: transfer.logIndex,
      blockNumber: transfer.blockNumber,
      blockHash: transfer.blockHash,
      late,
    });
    const isToken = transfer.token.toLowerCase() === payment.token_address.toLowerCase();
    ofToken ||= isToken;
    changed ||= recorded === "inserted" && isToken;
  }
  if (!changed) return ofToken ? "known" : "wrong-token";
  const { received, lastFrom, lastTxHash } = await depositReceived(trx, paymentRowId, payment.token_address);
  const amount = BigInt(payment.amount);
  const overpaid = overpaidOf(payment, received);
  const open = settleableStatuses.includes(payment.status);
  if (
    !open ||
    received < BigInt(payment.deposit_minimum_amount) ||
    (late && payment.deposit_late_policy === "return")
  ) {
    await setDepositAmounts(trx, paymentRowId, { received, overpaid });
    if (!open) {
      // Settled already: what came goes back to its sender (return-excess, or on the recipient's signature).
      if (paidStatuses.includes(payment.status)) {
        await recordPaymentEvent(trx, "payment.late_deposit", payment.payment_id, now);
      }
      return "recorded";
    }
    if (received >= BigInt(payment.deposit_minimum_amount)) {
      await recordPaymentEvent(trx, "payment.late_deposit", payment.payment_id, now);
      return "late-held";
    }
    await recordPaymentEvent(trx, "payment.underpaid", payment.payment_id, now);
    return "underpaid";
  }
  const moved = await movePaymentStatus(trx, {
    payment: { rowId: paymentRowId },
    from: payment.status,
    to: "PAID",
    set: {
      paid_via: "transfer",
      payer_address: lastFrom === undefined ? null : getAddress(lastFrom),
      tx_hash: lastTxHash ?? null,
      confirmed_at: now,
      fee_amount: computeFee(min(received, amount), payment.deposit_fee_bps ?? 0),
      paid_after_expiry: late,
      status_reason: null,
      amount_received: received,
      overpaid_amount: overpaid,
    },
  });
  if (!moved) return "known";
  await recordPaymentEvent(trx, "payment.paid", payment.payment_id, now);
  return "paid";
}

/** A reorg removed a recorded transfer: its amount goes, and a payment it had paid is CREATED again. */
export async function revertRemovedDepositTransferIn(
  trx: Db,
  chainId: number,
  removed: { txHash: string; logIndex: number; blockNumber: bigint; blockHash: string },
  now: Date,
): Promise<boolean> {
  const paymentRowId = await deleteDepositTransfer(trx, chainId, removed);
  if (paymentRowId === undefined) return false;
  const payment = await lockDepositPayment(trx, paymentRowId);
  if (!payment?.deposit_minimum_amount) return false;
  const { received } = await depositReceived(trx, paymentRowId, payment.token_address);
  const overpaid = overpaidOf(payment, received);
  const unpaid =
    payment.paid_via === "transfer" &&
    paidStatuses.includes(payment.status) &&
    received < BigInt(payment.deposit_minimum_amount);
  if (!unpaid) {
    await setDepositAmounts(trx, paymentRowId, { received, overpaid });
    return true;
  }
  // As for a removed pay event: its refunds cannot stand without the payment (settlementReorgs.ts).
  await expireRefundsOfRemovedPayment(trx, paymentRowId, now);
  await movePaymentStatus(trx, {
    payment: { rowId: paymentRowId },
    from: payment.status,
    to: "CREATED",
    set: (eb) => ({
      tx_hash: null,
      payer_address: null,
      confirmed_at: null,
      fee_amount: null,
      paid_after_expiry: false,
      paid_via: null,
      refunded_amount: 0n,
      amount_received: received,
      overpaid_amount: overpaid,
      reorged_tx_hash: eb.ref("tx_hash"),
      reorged_at: now,
      status_reason: `reorged: transfer ${removed.txHash} of block ${removed.blockNumber} (${removed.blockHash}) is no longer on the chain`,
    }),
  });
  await recordPaymentEvent(trx, "payment.reorged", payment.payment_id, now, {
    reorged: {
      txHash: removed.txHash,
      blockNumber: Number(removed.blockNumber),
      blockHash: removed.blockHash,
    },
  });
  return true;
}
