import type { ColumnType, Selectable } from "kysely";
import type { Db } from "./database.js";

type Timestamp = ColumnType<Date, never, never>;

export type GrantStatus = "PENDING" | "CONFIRMED";

export interface GasGrantsTable {
  id: ColumnType<number, never, never>;
  network_id: number;
  wallet_address: string;
  payment_id: number;
  amount: ColumnType<string, bigint, never>;
  status: ColumnType<GrantStatus, never, GrantStatus>;
  sender_transaction_id: ColumnType<number | null, never, number>;
  tx_hash: ColumnType<string | null, never, string>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

declare module "./types.js" {
  interface Database {
    gas_grants: GasGrantsTable;
  }
}

export type GasGrantRow = Selectable<GasGrantsTable>;

/** SPEC.md 3.3: one grant per wallet per chain, one per payment. */
export const GRANT_WALLET_UNIQUE = "gas_grants_wallet_key";
export const GRANT_PAYMENT_UNIQUE = "gas_grants_payment_key";

/** The claim, taken before any native token moves; throws a unique violation when it is taken. */
export function insertGrantClaim(
  db: Db,
  claim: { networkId: number; walletAddress: string; paymentRowId: number; amount: bigint },
): Promise<GasGrantRow> {
  return db
    .insertInto("gas_grants")
    .values({
      network_id: claim.networkId,
      wallet_address: claim.walletAddress,
      payment_id: claim.paymentRowId,
      amount: claim.amount,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function findGrantByWallet(
  db: Db,
  networkId: number,
  walletAddress: string,
): Promise<GasGrantRow | undefined> {
  return db
    .selectFrom("gas_grants")
    .selectAll()
    .where("network_id", "=", networkId)
    .where("wallet_address", "=", walletAddress)
    .executeTakeFirst();
}

export function findGrantByPaymentRowId(db: Db, paymentRowId: number): Promise<GasGrantRow | undefined> {
  return db.selectFrom("gas_grants").selectAll().where("payment_id", "=", paymentRowId).executeTakeFirst();
}

export function findGrantBySenderTransactionId(
  db: Db,
  senderTransactionId: number,
): Promise<GasGrantRow | undefined> {
  return db
    .selectFrom("gas_grants")
    .selectAll()
    .where("sender_transaction_id", "=", senderTransactionId)
    .executeTakeFirst();
}

/** Links the claim to the transaction that moves the token; only while it is still PENDING. */
export async function attachGrantTransaction(
  db: Db,
  id: number,
  senderTransactionId: number,
  txHash: string,
): Promise<boolean> {
  const result = await db
    .updateTable("gas_grants")
    .set({ sender_transaction_id: senderTransactionId, tx_hash: txHash })
    .where("id", "=", id)
    .where("status", "=", "PENDING")
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function confirmGrant(db: Db, id: number, txHash: string): Promise<boolean> {
  const result = await db
    .updateTable("gas_grants")
    .set({ status: "CONFIRMED", tx_hash: txHash })
    .where("id", "=", id)
    .where("status", "=", "PENDING")
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Releases a claim whose send failed, so the wallet and the payment may ask again. */
export async function releaseGrantClaim(db: Db, id: number): Promise<boolean> {
  const result = await db
    .deleteFrom("gas_grants")
    .where("id", "=", id)
    .where("status", "=", "PENDING")
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}
