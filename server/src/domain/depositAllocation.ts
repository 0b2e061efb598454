import { createHmac, timingSafeEqual } from "node:crypto";
import { paymentIdOf, paymentSequence } from "@kassa/contracts/paymentId";

/**
 * Who owns what reached a deposit address (payments by transfer): the one rule behind a transfer payment's payer
 * and every return from its address. Money goes back only to whoever sent it, and only what they sent.
 *
 * The transfers of the payment's token are taken in chain order (block, log index). The payment keeps the first
 * `taken` units of them (its amount before its sweep, what its sweep took after it, nothing when it is open or was
 * paid another way); what is left of each transfer is owed back to that transfer's sender, less what was returned
 * to that sender already. The payer is the sender whose transfers brought most of what the payment keeps.
 *
 * What is not money received never enters here: a 0-value transfer, a transfer from the deposit address itself,
 * and dust (isDepositDust) are not recorded at all.
 *
 * A mint (a `Transfer` from the zero address: a bridge minting to the address, a token's owner) is money received
 * with no sender: it counts toward the payment like any transfer, but nothing of it is owed back to anyone (a
 * return to the zero address would burn it, or revert and hold back every other sender's return) and it never
 * makes the zero address the payer. What the payment does not keep of it is the merchant's to recover.
 */

/** The `from` of a mint: no sender. */
export const MINTED = "0x0000000000000000000000000000000000000000";

/** A recorded transfer of the payment's token, in chain order. `from` lowercase. */
export interface ReceivedTransfer {
  id: string;
  from: string;
  amount: bigint;
}

export interface AllocatedTransfer extends ReceivedTransfer {
  /** What of it the payment keeps. */
  kept: bigint;
  /** What of it is still owed back to its sender. */
  owed: bigint;
}

export interface SenderDebt {
  /** Lowercase. */
  to: string;
  amount: bigint;
  /** The transfers it comes from (ids), oldest first. */
  transferIds: string[];
}

export interface DepositAllocation {
  transfers: AllocatedTransfer[];
  /** What is owed back, per sender, in the order of their first owed transfer; no sender with 0. */
  debts: SenderDebt[];
  /** The sender whose transfers brought most of what the payment keeps (the earliest on a tie), if it keeps any. */
  payer: { address: string; lastTransferId: string } | undefined;
}

/**
 * Allocates what arrived (`transfers`, chain order) between the payment (`taken` units, first come) and the senders,
 * given what went back to each address already (`returned`, lowercase keys; an address that sent nothing is not
 * owed anything whatever went to it). A sender's returns come off their latest transfers first: an excess is the
 * end of what they sent.
 */
export function allocateDeposit(
  transfers: readonly ReceivedTransfer[],
  taken: bigint,
  returned: ReadonlyMap<string, bigint>,
): DepositAllocation {
  const left = new Map(returned);
  const net = new Array<bigint>(transfers.length);
  for (let i = transfers.length - 1; i >= 0; i--) {
    const transfer = transfers[i] as ReceivedTransfer;
    const back = left.get(transfer.from) ?? 0n;
    const off = back < transfer.amount ? back : transfer.amount;
    left.set(transfer.from, back - off);
    net[i] = transfer.amount - off;
  }
  let remaining = taken > 0n ? taken : 0n;
  const allocated = transfers.map((transfer, i): AllocatedTransfer => {
    const amount = net[i] as bigint;
    const kept = amount < remaining ? amount : remaining;
    remaining -= kept;
    return { ...transfer, kept, owed: amount - kept };
  });
  const debts = new Map<string, SenderDebt>();
  const keptBy = new Map<string, { kept: bigint; first: number; lastTransferId: string }>();
  allocated.forEach((transfer, i) => {
    if (transfer.from === MINTED) return;
    if (transfer.owed > 0n) {
      const debt = debts.get(transfer.from) ?? { to: transfer.from, amount: 0n, transferIds: [] };
      debt.amount += transfer.owed;
      debt.transferIds.push(transfer.id);
      debts.set(transfer.from, debt);
    }
    if (transfer.kept > 0n) {
      const share = keptBy.get(transfer.from) ?? { kept: 0n, first: i, lastTransferId: transfer.id };
      share.kept += transfer.kept;
      share.lastTransferId = transfer.id;
      keptBy.set(transfer.from, share);
    }
  });
  let payer: DepositAllocation["payer"];
  let best: { kept: bigint; first: number } | undefined;
  for (const [address, share] of keptBy) {
    if (!best || share.kept > best.kept || (share.kept === best.kept && share.first < best.first)) {
      best = share;
      payer = { address, lastTransferId: share.lastTransferId };
    }
  }
  return { transfers: allocated, debts: [...debts.values()], payer };
}

/**
 * Transfers of the payment's token below this share of its amount (basis points) are dust: not money received,
 * unless one brings an open payment to its minimum (a payer's last small top-up). 10: 0.1%, 0.025 of a 25-token
 * payment. A stranger's dust costs them tokens as well as gas, and earns them nothing: it is never recorded, never
 * told, never a payer, never a return's destination.
 */
export const DEPOSIT_DUST_BPS = 10n;

/** Whether `amount` of the payment's token is dust for a payment of `paymentAmount`. */
export function isDepositDust(amount: bigint, paymentAmount: bigint): boolean {
  return amount * 10_000n < paymentAmount * DEPOSIT_DUST_BPS;
}

/**
 * A return id Kassa hands out for a return to `to` of payment `paymentId` (lowercase): the sequence it took from the
 * payments' counter in the low 64 bits, as every id the gateway spends, and 192 bits of an HMAC under a server key
 * above it. The recipient wallet signs the id before Kassa sends the return, so the id comes back from outside;
 * checkReturnId proves Kassa made it for this payment and sender, so that no merchant can have Kassa's relayer spend
 * a sequence another payment or refund holds.
 */
export function mintReturnId(key: Buffer, sequence: bigint, paymentId: string, to: string): string {
  return paymentIdOf(sequence, returnIdMac(key, sequence, paymentId, to));
}

export function checkReturnId(key: Buffer, returnId: string, paymentId: string, to: string): boolean {
  if (!/^0x[0-9a-f]{64}$/.test(returnId)) return false;
  const sequence = paymentSequence(returnId as `0x${string}`);
  const expected = Buffer.from(mintReturnId(key, sequence, paymentId, to).slice(2), "hex");
  return timingSafeEqual(expected, Buffer.from(returnId.slice(2), "hex"));
}

function returnIdMac(key: Buffer, sequence: bigint, paymentId: string, to: string): Buffer {
  return createHmac("sha256", key)
    .update(`deposit-return:${paymentId.toLowerCase()}:${to.toLowerCase()}:${sequence}`, "utf8")
    .digest()
    .subarray(0, 24);
}
