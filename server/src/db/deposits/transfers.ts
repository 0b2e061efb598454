import { sql } from "kysely";
import type { Db } from "../infra/database.js";
import { selectPaymentDetails, type PaymentDetails } from "../payments/payments.js";
import { type DepositLatePolicy } from "../../domain/records.js";

/** A final token transfer to a deposit address, as recorded (deposit_transfers). */
export interface NewDepositTransfer {
  paymentRowId: number;
  chainId: number;
  tokenAddress: string;
  fromAddress: string;
  amount: bigint;
  txHash: string;
  logIndex: number;
  blockNumber: bigint;
  blockHash: string;
  late: boolean;
}

/** The payments (row ids) of a chain whose deposit address is one of `addresses` (lowercase): one index probe each. */
export async function findPaymentsByDepositAddress(
  db: Db,
  chainId: number,
  addresses: readonly string[],
): Promise<{ id: number; deposit_address: string }[]> {
  if (addresses.length === 0) return [];
  const rows = await db
    .selectFrom("payments")
    .select(["id", "deposit_address"])
    .where("chain_id", "=", chainId)
    // One array parameter, not one per address: a block of a busy token has hundreds of recipients.
    .where(sql<boolean>`deposit_address = ANY(${[...addresses]}::text[])`)
    // Lets the planner use the partial index payments_deposit_address_key.
    .where("deposit_address", "is not", null)
    .execute();
  return rows.flatMap((row) =>
    row.deposit_address === null ? [] : [{ ...row, deposit_address: row.deposit_address }],
  );
}

/**
 * A deposit payment (by row id, or by its bytes32 `paymentId`) with its details and its merchant's late policy, locked
 * for the caller's transaction: the one read of the row that the transaction's writes and events then build on.
 */
export function lockDepositPayment(
  db: Db,
  payment: { rowId: number } | { paymentId: string },
): Promise<(PaymentDetails & { deposit_late_policy: DepositLatePolicy }) | undefined> {
  const query = selectPaymentDetails(db).select("merchants.deposit_late_policy").forUpdate("payments");
  return (
    "rowId" in payment
      ? query.where("payments.id", "=", payment.rowId)
      : query.where("payments.payment_id", "=", payment.paymentId.toLowerCase())
  ).executeTakeFirst();
}

/**
 * Records a transfer: new, or the same log read again (nothing changes), or the same transaction mined again in
 * another block (its record moves there).
 */
export async function recordDepositTransfer(
  db: Db,
  transfer: NewDepositTransfer,
): Promise<"inserted" | "moved" | "known"> {
  const row = await db
    .insertInto("deposit_transfers")
    .values({
      payment_id: transfer.paymentRowId,
      chain_id: transfer.chainId,
      token_address: transfer.tokenAddress.toLowerCase(),
      from_address: transfer.fromAddress.toLowerCase(),
      amount: transfer.amount,
      tx_hash: transfer.txHash.toLowerCase(),
      log_index: transfer.logIndex,
      block_number: transfer.blockNumber,
      block_hash: transfer.blockHash.toLowerCase(),
      late: transfer.late,
    })
    .onConflict((conflict) =>
      conflict
        .constraint("deposit_transfers_log_key")
        .doUpdateSet({ block_number: transfer.blockNumber, block_hash: transfer.blockHash.toLowerCase() })
        .where("deposit_transfers.block_hash", "<>", transfer.blockHash.toLowerCase()),
    )
    .returning(sql<boolean>`xmax = 0`.as("inserted"))
    .executeTakeFirst();
  return row === undefined ? "known" : row.inserted ? "inserted" : "moved";
}

/** A recorded transfer of a deposit address, in chain order. */
export interface ReceivedTransferRow {
  id: string;
  from_address: string;
  amount: string;
  tx_hash: string;
  log_index: number;
  block_number: string;
  late: boolean;
}

/** The recorded transfers of `token` to the payment's deposit address, in chain order (block, log index). */
export function listReceivedTransfers(
  db: Db,
  paymentRowId: number,
  token: string,
): Promise<ReceivedTransferRow[]> {
  return db
    .selectFrom("deposit_transfers")
    .select(["id", "from_address", "amount", "tx_hash", "log_index", "block_number", "late"])
    .where("payment_id", "=", paymentRowId)
    .where("token_address", "=", token.toLowerCase())
    .orderBy("block_number")
    .orderBy("log_index")
    .execute();
}

/** The highest block at or below `blockNumber` holding a recorded transfer, sweep or return of a deposit address. */
export async function findLastDepositTransferBlockAtOrBelow(
  db: Db,
  chainId: number,
  blockNumber: bigint,
): Promise<{ block_number: string; block_hash: string } | undefined> {
  const { rows } = await sql<{ block_number: string; block_hash: string }>`
    SELECT block_number, block_hash FROM (
      (SELECT block_number, block_hash FROM deposit_transfers
       WHERE chain_id = ${chainId} AND block_number <= ${blockNumber.toString()}
       ORDER BY block_number DESC LIMIT 1)
      UNION ALL
      (SELECT block_number, block_hash FROM deposit_events
       WHERE chain_id = ${chainId} AND block_number <= ${blockNumber.toString()}
       ORDER BY block_number DESC LIMIT 1)
    ) AS recorded ORDER BY block_number DESC LIMIT 1`.execute(db);
  return rows[0];
}

/** Deletes a transfer a reorg removed (still in that block); resolves its payment's row id, if it was there. */
export async function deleteDepositTransfer(
  db: Db,
  chainId: number,
  removed: { txHash: string; logIndex: number; blockHash: string },
): Promise<number | undefined> {
  const row = await db
    .deleteFrom("deposit_transfers")
    .where("chain_id", "=", chainId)
    .where("tx_hash", "=", removed.txHash.toLowerCase())
    .where("log_index", "=", removed.logIndex)
    .where("block_hash", "=", removed.blockHash.toLowerCase())
    .returning("payment_id")
    .executeTakeFirst();
  return row?.payment_id;
}

/** The enabled tokens of a chain: the watcher reads their Transfer logs for deposit addresses. */
export async function findDepositTokens(db: Db, chainId: number): Promise<string[]> {
  const rows = await db
    .selectFrom("tokens")
    .select("address")
    .where("chain_id", "=", chainId)
    .where("enabled", "=", true)
    .execute();
  return rows.map((row) => row.address);
}

/** Every transfer recorded to a payment's deposit address, oldest first (the operator's `payment show`). */
export function listDepositTransfers(db: Db, paymentRowId: number) {
  return db
    .selectFrom("deposit_transfers")
    .select([
      "id",
      "token_address",
      "from_address",
      "amount",
      "tx_hash",
      "log_index",
      "block_number",
      "late",
      "created_at",
    ])
    .where("payment_id", "=", paymentRowId)
    .orderBy("block_number")
    .orderBy("log_index")
    .execute();
}
