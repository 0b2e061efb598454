import type { Db } from "../../db/infra/database.js";
import { returnedByAddress } from "../../db/deposits/returns.js";
import { listReceivedTransfers, type ReceivedTransferRow } from "../../db/deposits/transfers.js";
import type { PaymentDetails } from "../../db/payments/payments.js";
import { allocateDeposit, type DepositAllocation } from "../../domain/depositAllocation.js";
import { paidStatuses } from "../../domain/paymentStatus.js";

/**
 * What a payment's deposit address received of a token and what went back, as recorded, and who owns it
 * (domain/depositAllocation.ts): read by detection (the payer, whether it is paid), by the returns (what each sender
 * is owed) and by the operator's views.
 */
export interface DepositHoldings {
  /** The recorded transfers of the token, in chain order. */
  transfers: ReceivedTransferRow[];
  /** What they brought (`amountReceived` for the payment's token). */
  received: bigint;
  /** What went back, per address (lowercase): returns under way or done. */
  returned: Map<string, bigint>;
  /** received less all that went back: what the address should still hold of it. */
  net: bigint;
}

export async function readDepositHoldings(
  db: Db,
  paymentRowId: number,
  token: string,
  now: Date,
): Promise<DepositHoldings> {
  const [transfers, returned] = await Promise.all([
    listReceivedTransfers(db, paymentRowId, token),
    returnedByAddress(db, paymentRowId, token, now),
  ]);
  const received = transfers.reduce((sum, row) => sum + BigInt(row.amount), 0n);
  const gone = [...returned.values()].reduce((sum, amount) => sum + amount, 0n);
  return { transfers, received, returned, net: received - gone };
}

/**
 * What the payment takes of its own token from its deposit address, `net` being what it holds: paid by transfer,
 * its amount (at most what it holds) until its sweep, then what the sweep took; open, or paid another way (the
 * gateway's `pay`), nothing. Another token: nothing.
 */
export function takenFrom(
  payment: Pick<PaymentDetails, "amount" | "status" | "paid_via" | "swept_amount">,
  net: bigint,
): bigint {
  if (!paidStatuses.includes(payment.status) || payment.paid_via !== "transfer") return 0n;
  if (payment.swept_amount !== null) return BigInt(payment.swept_amount);
  const amount = BigInt(payment.amount);
  return net < amount ? net : amount;
}

/** The holdings allocated between the payment (`taken`) and the senders. */
export function allocationOf(holdings: DepositHoldings, taken: bigint): DepositAllocation {
  return allocateDeposit(
    holdings.transfers.map((row) => ({ id: row.id, from: row.from_address, amount: BigInt(row.amount) })),
    taken,
    holdings.returned,
  );
}
