import { computeFee } from "@kassa/contracts";
import { setDepositAmounts, setDepositPayer } from "../../db/payments/paymentDeposits.js";
import { getAddress } from "viem";
import type { TokenTransfer } from "../../chain/deposits/transfers.js";
import type { Db } from "../../db/infra/database.js";
import {
  deleteDepositTransfer,
  findPaymentsByDepositAddress,
  lockDepositPayment,
  recordDepositTransfer,
} from "../../db/deposits/transfers.js";
import { movePaymentStatus } from "../../db/payments/paymentStatus.js";
import { expireRefundsOfRemovedPayment } from "../../db/refunds/refunds.js";
import { isDepositDust } from "../../domain/depositAllocation.js";
import { paidStatuses, settleableStatuses } from "../../domain/paymentStatus.js";
import type { PaymentDetails } from "../../db/payments/payments.js";
import { recordPaymentEvent, reorgedFrom } from "../webhooks/outbox.js";
import { allocationOf, readDepositHoldings, takenFrom, type DepositHoldings } from "./holdings.js";

/**
 * What transfers to deposit addresses do to their payments (payments by transfer), decided here from the
 * watcher's facts; each payment's in one transaction with its webhook:
 *
 * - what is not money received is not recorded at all: a 0-value transfer (`transferFrom(anyone, deposit, 0)` needs
 *   no allowance, so its `from` is anyone's choice), a transfer from the deposit address itself, and dust of the
 *   payment's token (isDepositDust: under 0.1% of the amount, unless it brings an open payment to its minimum); no
 *   webhook, never a payer, never where money goes back;
 * - what arrived of the payment's token is the sum of its recorded transfers (`amountReceived`); another token is
 *   recorded for its recovery and counts for nothing;
 * - an open payment (CREATED, EXPIRED, FAILED) whose address holds at least its minimum (the amount less the
 *   merchant's tolerance; what was returned from it no longer counts) is PAID by transfer, its payer the sender
 *   whose transfers brought most of its amount (domain/depositAllocation.ts), `overpaidAmount` what exceeds the
 *   amount; a deposit after the transfer window is late: PAID with `paidAfterExpiry` under the merchant's
 *   "settle", left unswept for a return under "return";
 * - short of the minimum: the payment stays open with what arrived (`payment.underpaid`), and a top-up adds to it;
 * - a transfer to a payment settled already (a payer paying twice, a top-up after the sweep) is a late deposit too
 *   (`payment.late_deposit`): `overpaidAmount` is what the address holds beyond what the payment takes from it;
 * - a reorg that removes a transfer takes its amount back, and a payment it had paid is CREATED again
 *   (`payment.reorged`).
 */

export type DepositOutcome =
  "paid" | "underpaid" | "late-held" | "recorded" | "wrong-token" | "known" | "ignored";

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

/** Whether a transfer brings nothing: 0-value, or from the deposit address itself. */
function isNothing(payment: { deposit_address: string }, transfer: TokenTransfer): boolean {
  return transfer.amount === 0n || transfer.from.toLowerCase() === payment.deposit_address.toLowerCase();
}

/**
 * Whether a dust transfer of the payment's token still counts: recorded already (read again, or mined again
 * elsewhere: its record follows it), or what brings an open payment to its minimum (`net`: what its address holds).
 */
function dustCounts(
  payment: PaymentDetails & { deposit_minimum_amount: string },
  transfer: TokenTransfer,
  before: DepositHoldings,
  net: bigint,
): boolean {
  const key = `${transfer.txHash.toLowerCase()}|${transfer.logIndex}`;
  if (before.transfers.some((row) => `${row.tx_hash}|${row.log_index}` === key)) return true;
  const minimum = BigInt(payment.deposit_minimum_amount);
  return settleableStatuses.includes(payment.status) && net < minimum && net + transfer.amount >= minimum;
}

/** Records one payment's transfers and decides what they make of it. */
export async function applyDepositTransfersIn(
  trx: Db,
  paymentRowId: number,
  transfers: readonly TokenTransfer[],
  now: Date,
): Promise<DepositOutcome> {
  const payment = await lockDepositPayment(trx, { rowId: paymentRowId });
  if (!payment?.deposit_minimum_amount || !payment.deposit_address || payment.transfer_expires_at === null) {
    return "known";
  }
  const terms = { ...payment, deposit_minimum_amount: payment.deposit_minimum_amount };
  const deposit = { deposit_address: payment.deposit_address };
  const late = now.getTime() > payment.transfer_expires_at.getTime();
  const token = payment.token_address.toLowerCase();
  // Read only for dust (rare): whether it was recorded already, or completes the payment.
  let before: DepositHoldings | undefined;
  let added = 0n;
  let changed = false;
  let ofToken = false;
  let ignored = 0;
  for (const transfer of transfers) {
    const isToken = transfer.token.toLowerCase() === token;
    let counts = !isNothing(deposit, transfer);
    if (counts && isToken && isDepositDust(transfer.amount, BigInt(payment.amount))) {
      if (!before) {
        // It holds what this batch recorded so far.
        before = await readDepositHoldings(trx, paymentRowId, payment.token_address, now);
        added = 0n;
      }
      counts = dustCounts(terms, transfer, before, before.net + added);
    }
    if (!counts) {
      ignored++;
      continue;
    }
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
    ofToken ||= isToken;
    if (recorded === "inserted" && isToken) {
      changed = true;
      added += transfer.amount;
    }
  }
  if (!changed) return ofToken ? "known" : ignored === transfers.length ? "ignored" : "wrong-token";
  const holdings = await readDepositHoldings(trx, paymentRowId, payment.token_address, now);
  const received = holdings.received;
  const amount = BigInt(payment.amount);
  const overpaid = overpaidOf(payment, received);
  const open = settleableStatuses.includes(payment.status);
  if (
    !open ||
    holdings.net < BigInt(payment.deposit_minimum_amount) ||
    (late && payment.deposit_late_policy === "return")
  ) {
    const updated = await setDepositAmounts(trx, paymentRowId, { received, overpaid });
    if (!open) {
      // Settled already: what came goes back to its sender (return-excess, or on the recipient's signature).
      if (paidStatuses.includes(payment.status)) {
        await recordPaymentEvent(trx, "payment.late_deposit", updated, now);
      }
      return "recorded";
    }
    if (holdings.net >= BigInt(payment.deposit_minimum_amount)) {
      await recordPaymentEvent(trx, "payment.late_deposit", updated, now);
      return "late-held";
    }
    await recordPaymentEvent(trx, "payment.underpaid", updated, now);
    return "underpaid";
  }
  const taken = holdings.net < amount ? holdings.net : amount;
  const payer = payerOf(holdings, taken);
  const moved = await movePaymentStatus(trx, {
    payment: { rowId: paymentRowId },
    from: payment.status,
    to: "PAID",
    set: {
      paid_via: "transfer",
      payer_address: payer.address,
      tx_hash: payer.txHash,
      confirmed_at: now,
      fee_amount: computeFee(taken, payment.deposit_fee_bps ?? 0),
      paid_after_expiry: late,
      status_reason: null,
      amount_received: received,
      overpaid_amount: overpaid,
    },
  });
  if (!moved) return "known";
  await recordPaymentEvent(trx, "payment.paid", moved, now);
  return "paid";
}

/**
 * The payer of a payment keeping `taken` of its holdings (EIP-55) and their last transfer of it; with no payer (what
 * it keeps was minted to the address: no sender), none, and the last transfer it keeps of.
 */
function payerOf(
  holdings: DepositHoldings,
  taken: bigint,
): { address: string | null; txHash: string | null } {
  const allocation = allocationOf(holdings, taken);
  const { payer } = allocation;
  const lastId = payer?.lastTransferId ?? allocation.transfers.findLast((row) => row.kept > 0n)?.id;
  const transfer = holdings.transfers.find((row) => row.id === lastId);
  return { address: payer ? getAddress(payer.address) : null, txHash: transfer?.tx_hash ?? null };
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
  const payment = await lockDepositPayment(trx, { rowId: paymentRowId });
  if (!payment?.deposit_minimum_amount) return false;
  const holdings = await readDepositHoldings(trx, paymentRowId, payment.token_address, now);
  const received = holdings.received;
  const overpaid = overpaidOf(payment, received);
  const paidByTransfer = payment.paid_via === "transfer" && paidStatuses.includes(payment.status);
  const unpaid = paidByTransfer && holdings.net < BigInt(payment.deposit_minimum_amount);
  if (!unpaid) {
    await setDepositAmounts(trx, paymentRowId, { received, overpaid });
    // Still paid: its payer is who brought most of what is left (the removed transfer may have been theirs).
    const payer = paidByTransfer ? payerOf(holdings, takenFrom(payment, holdings.net)) : undefined;
    if (payer) await setDepositPayer(trx, paymentRowId, payer);
    return true;
  }
  // As for a removed pay event: its refunds cannot stand without the payment (settlementReorgs.ts).
  await expireRefundsOfRemovedPayment(trx, paymentRowId, now);
  const reorged = await movePaymentStatus(trx, {
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
  if (!reorged) return false;
  await recordPaymentEvent(trx, "payment.reorged", reorged, now, {
    reorged: reorgedFrom(removed),
  });
  return true;
}
