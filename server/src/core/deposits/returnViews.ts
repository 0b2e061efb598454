import { getAddress } from "viem";
import { z } from "zod";
import {
  listDepositReturns,
  REORGED_RETURN_CLOCK_MARGIN_SECONDS,
  type DepositReturnRow,
} from "../../db/deposits/returns.js";
import { listDepositTransfers } from "../../db/deposits/transfers.js";
import type { Db } from "../../db/infra/database.js";
import type { PaymentDetails } from "../../db/payments/payments.js";

/** How a return from a deposit address reads in the API, the dashboard and `kassa admin deposit`. */

export const returnedTransferSchema = z
  .object({
    txHash: z.string(),
    logIndex: z.number(),
    amount: z.string().describe("What the transfer brought, in base units"),
  })
  .describe("A recorded transfer to the deposit address, from the return's `to`");

export const depositReturnViewSchema = z
  .object({
    returnId: z.string().describe("The return's id on the gateway (bytes32, spent once)"),
    paymentId: z.string(),
    kind: z
      .enum(["excess", "late", "recovery"])
      .describe(
        "excess: an overpayment's; late: a late deposit (the recipient signed it); recovery: another token or native coin",
      ),
    tokenAddress: z.string().describe("The token returned; the zero address for native coin"),
    to: z
      .string()
      .describe(
        "Where it goes: the sender of `transfers`, the only address a return to a sender may go to (a recovery to the merchant or an address the operator named has no transfers)",
      ),
    amount: z.string().describe("Base units: at most what `transfers` brought and was not kept or returned"),
    transfers: z.array(returnedTransferSchema).describe("The recorded transfers it sends back, oldest first"),
    status: z
      .enum(["SUBMITTED", "RETURNED", "FAILED"])
      .describe(
        "SUBMITTED until mined (also after a reorg removed it, while its signed request may still be mined), RETURNED, or FAILED (nothing moved: it may be asked again)",
      ),
    txHash: z.string().nullable().describe("The relayer's transaction (the mined one once RETURNED)"),
    reason: z.string().nullable().describe("Why it FAILED, or that a reorg removed it"),
    createdAt: z.string(),
    finishedAt: z.string().nullable(),
  })
  .describe("A return from a payment's deposit address, sent by Kassa's relayer");
export type DepositReturnView = z.infer<typeof depositReturnViewSchema>;

/** A recorded transfer as a return names it. */
export interface NamedTransfer {
  id: string;
  tx_hash: string;
  log_index: number;
  amount: string;
}

/**
 * A return as the API shows it. A REORGED one is SUBMITTED while its signed request may still be mined (until its
 * deadline, and the margin the chain's clock may trail by), then FAILED: it moved nothing, and its amount is owed
 * again (returnedByAddress counts it exactly as long).
 */
export function depositReturnView(
  row: DepositReturnRow,
  paymentId: string,
  transfers: ReadonlyMap<string, NamedTransfer>,
  now: Date,
): DepositReturnView {
  const lapsed =
    row.status === "REORGED" &&
    (BigInt(row.deadline) + BigInt(REORGED_RETURN_CLOCK_MARGIN_SECONDS)) * 1000n < BigInt(now.getTime());
  return {
    returnId: row.chain_return_id,
    paymentId,
    kind: row.kind,
    tokenAddress: getAddress(row.token_address),
    to: getAddress(row.to_address),
    amount: row.amount,
    transfers: row.transfer_ids.flatMap((id) => {
      const transfer = transfers.get(String(id));
      return transfer
        ? [{ txHash: transfer.tx_hash, logIndex: transfer.log_index, amount: transfer.amount }]
        : [];
    }),
    status: row.status === "REORGED" ? (lapsed ? "FAILED" : "SUBMITTED") : row.status,
    txHash: row.tx_hash,
    reason: row.reason,
    createdAt: row.created_at.toISOString(),
    finishedAt: row.finished_at?.toISOString() ?? null,
  };
}

/** The recorded transfers of a payment by id (what its returns name). */
export async function transfersById(db: Db, paymentRowId: number): Promise<Map<string, NamedTransfer>> {
  const rows = await listDepositTransfers(db, paymentRowId);
  return new Map(rows.map((row) => [String(row.id), row]));
}

/** The payment's returns (all, or those of `kind`), oldest first. */
export async function listPaymentReturns(
  db: Db,
  payment: PaymentDetails,
  now: Date,
  kind?: DepositReturnRow["kind"],
): Promise<DepositReturnView[]> {
  const [rows, transfers] = await Promise.all([
    listDepositReturns(db, payment.id),
    transfersById(db, payment.id),
  ]);
  return rows
    .filter((row) => kind === undefined || row.kind === kind)
    .map((row) => depositReturnView(row, payment.payment_id, transfers, now));
}
