import { sql } from "kysely";
import type { Db } from "../infra/database.js";
import type { DepositEventKind } from "../schema/depositTables.js";

/**
 * The gateway's DepositSwept and DepositReturned as read (deposit_events, migration 037): what left a deposit
 * address, whoever sent the transaction. The writer is core/deposits/moves.ts.
 */

export interface NewDepositEvent {
  paymentRowId: number;
  chainId: number;
  kind: DepositEventKind;
  returnId: string | null;
  tokenAddress: string;
  toAddress: string;
  amount: bigint;
  fee: bigint;
  txHash: string;
  logIndex: number;
  blockNumber: bigint;
  blockHash: string;
}

/**
 * Records an event: new, the same log read again (nothing changes), or the same transaction mined again in another
 * block (its record moves there).
 */
export async function recordDepositEvent(
  db: Db,
  event: NewDepositEvent,
): Promise<"inserted" | "moved" | "known"> {
  const blockHash = event.blockHash.toLowerCase();
  const row = await db
    .insertInto("deposit_events")
    .values({
      payment_id: event.paymentRowId,
      chain_id: event.chainId,
      kind: event.kind,
      return_id: event.returnId?.toLowerCase() ?? null,
      token_address: event.tokenAddress.toLowerCase(),
      to_address: event.toAddress.toLowerCase(),
      amount: event.amount,
      fee: event.fee,
      tx_hash: event.txHash.toLowerCase(),
      log_index: event.logIndex,
      block_number: event.blockNumber,
      block_hash: blockHash,
    })
    .onConflict((conflict) =>
      conflict
        .constraint("deposit_events_log_key")
        .doUpdateSet({ block_number: event.blockNumber, block_hash: blockHash })
        .where("deposit_events.block_hash", "<>", blockHash),
    )
    .returning(sql<boolean>`xmax = 0`.as("inserted"))
    .executeTakeFirst();
  return row === undefined ? "known" : row.inserted ? "inserted" : "moved";
}

export interface RecordedDepositEventRow {
  payment_id: number;
  kind: DepositEventKind;
  return_id: string | null;
  tx_hash: string;
  log_index: number;
  block_number: string;
  block_hash: string;
}

/** Deletes an event a reorg removed (still in that block); resolves the row it was, if it was there. */
export function deleteDepositEvent(
  db: Db,
  chainId: number,
  removed: { txHash: string; logIndex: number; blockHash: string },
): Promise<RecordedDepositEventRow | undefined> {
  return db
    .deleteFrom("deposit_events")
    .where("chain_id", "=", chainId)
    .where("tx_hash", "=", removed.txHash.toLowerCase())
    .where("log_index", "=", removed.logIndex)
    .where("block_hash", "=", removed.blockHash.toLowerCase())
    .returning(["payment_id", "kind", "return_id", "tx_hash", "log_index", "block_number", "block_hash"])
    .executeTakeFirst();
}
