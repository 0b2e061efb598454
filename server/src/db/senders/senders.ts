import { sql, type Transaction } from "kysely";
import type { SenderPurpose, SenderRole } from "../../domain/records.js";
import type { SenderBroadcastRow, SenderTransactionRow } from "../schema/rows.js";
import type { Db } from "../infra/database.js";
import { findAllBy, findOneBy, updateWhere } from "../infra/lookups.js";
import type { StoredAuthorization } from "../schema/gaslessTables.js";
import type { Database } from "../schema/types.js";

/**
 * Registers a key's nonce ledger, or moves it forward to `chainNonce` (the node's pending count) when
 * the key was used elsewhere. Never moves it back: nonces taken here and not yet seen by the node stay
 * taken.
 */
export async function syncSenderAccount(
  db: Db,
  account: { networkId: number; address: string; role: SenderRole; chainNonce: number },
): Promise<void> {
  await db
    .insertInto("sender_accounts")
    .values({
      network_id: account.networkId,
      address: account.address,
      role: account.role,
      next_nonce: account.chainNonce,
    })
    .onConflict((conflict) =>
      conflict.columns(["network_id", "address"]).doUpdateSet({
        role: account.role,
        next_nonce: sql<number>`GREATEST(sender_accounts.next_nonce, excluded.next_nonce)`,
      }),
    )
    .execute();
}

/**
 * Locks the ledger row of one of `addresses` for the rest of `trx`, preferring a key no other
 * transaction holds (SKIP LOCKED spreads concurrent senders over the keys), then any (waiting).
 */
export async function lockSenderAccount(
  trx: Transaction<Database>,
  networkId: number,
  addresses: readonly string[],
): Promise<{ address: string; next_nonce: number }> {
  const free = await trx
    .selectFrom("sender_accounts")
    .select(["address", "next_nonce"])
    .where("network_id", "=", networkId)
    .where("address", "in", addresses)
    .orderBy(sql`random()`)
    .limit(1)
    .forUpdate()
    .skipLocked()
    .executeTakeFirst();
  if (free) return free;
  const busy = addresses[Math.floor(Math.random() * addresses.length)] as string;
  return trx
    .selectFrom("sender_accounts")
    .select(["address", "next_nonce"])
    .where("network_id", "=", networkId)
    .where("address", "=", busy)
    .forUpdate()
    .executeTakeFirstOrThrow();
}

export async function advanceSenderNonce(
  trx: Transaction<Database>,
  networkId: number,
  address: string,
): Promise<void> {
  await trx
    .updateTable("sender_accounts")
    .set({ next_nonce: sql`next_nonce + 1` })
    .where("network_id", "=", networkId)
    .where("address", "=", address)
    .execute();
}

export interface NewSenderTransaction {
  networkId: number;
  senderAddress: string;
  nonce: number;
  purpose: SenderPurpose;
  to: string;
  value: bigint;
  data: string;
  gasLimit: bigint;
  /** The EIP-7702 authorizations it carries, if any. */
  authorizationList?: readonly StoredAuthorization[] | undefined;
}

export function insertSenderTransaction(
  trx: Transaction<Database>,
  tx: NewSenderTransaction,
): Promise<SenderTransactionRow> {
  return trx
    .insertInto("sender_transactions")
    .values({
      network_id: tx.networkId,
      sender_address: tx.senderAddress,
      nonce: tx.nonce,
      purpose: tx.purpose,
      to_address: tx.to,
      value: tx.value,
      data: tx.data,
      gas_limit: tx.gasLimit,
      authorization_list: tx.authorizationList?.length ? JSON.stringify(tx.authorizationList) : null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export interface NewBroadcast {
  senderTransactionId: number;
  txHash: string;
  rawTransaction: string;
  isFiller: boolean;
  maxFeePerGas: bigint | null;
  maxPriorityFeePerGas: bigint | null;
  gasPrice: bigint | null;
}

export function insertBroadcast(db: Db, broadcast: NewBroadcast): Promise<SenderBroadcastRow> {
  return db
    .insertInto("sender_broadcasts")
    .values({
      sender_transaction_id: broadcast.senderTransactionId,
      tx_hash: broadcast.txHash,
      raw_transaction: broadcast.rawTransaction,
      is_filler: broadcast.isFiller,
      max_fee_per_gas: broadcast.maxFeePerGas,
      max_priority_fee_per_gas: broadcast.maxPriorityFeePerGas,
      gas_price: broadcast.gasPrice,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** PENDING -> SENT (the node took it) or REJECTED (the node refused it); a REJECTED one stays so. */
export async function markBroadcast(
  db: Db,
  id: number,
  status: "SENT" | "REJECTED",
  errorMessage: string | null = null,
): Promise<void> {
  await db
    .updateTable("sender_broadcasts")
    .set({ status, error_message: errorMessage, sent_at: status === "SENT" ? new Date() : null })
    .where("id", "=", id)
    .where("status", "<>", "REJECTED")
    .execute();
}

/**
 * The open transaction `id` with its row locked, skipping a row another process holds (that process is
 * deciding on it): undefined then, or when it is not SUBMITTED any more.
 */
export async function lockOpenSenderTransaction(
  db: Db,
  id: number,
): Promise<Pick<SenderTransactionRow, "id" | "status" | "cancelled"> | undefined> {
  const row = await db
    .selectFrom("sender_transactions")
    .select(["id", "status", "cancelled"])
    .where("id", "=", id)
    .forUpdate()
    .skipLocked()
    .executeTakeFirst();
  return row?.status === "SUBMITTED" ? row : undefined;
}

export function findSenderTransactionById(db: Db, id: number): Promise<SenderTransactionRow | undefined> {
  return findOneBy(db, "sender_transactions", { id });
}

/** Oldest first. */
export function listBroadcastsBySenderTransactionId(db: Db, id: number): Promise<SenderBroadcastRow[]> {
  return findAllBy(db, "sender_broadcasts", { sender_transaction_id: id }, ["id"]);
}

/** The transactions a key still waits on, lowest nonce first. */
export function listOpenSenderTransactions(
  db: Db,
  networkId: number,
  senderAddress: string,
): Promise<SenderTransactionRow[]> {
  return findAllBy(
    db,
    "sender_transactions",
    { network_id: networkId, sender_address: senderAddress, status: "SUBMITTED" },
    ["nonce"],
  );
}

/** The first payload send was refused: the payload must never land; a filler will take the nonce. */
export function cancelSenderTransaction(db: Db, id: number, errorMessage: string): Promise<boolean> {
  return updateWhere(
    db,
    "sender_transactions",
    { id, status: "SUBMITTED", cancelled: false },
    { cancelled: true, error_message: errorMessage },
  );
}

/** SUBMITTED -> CONFIRMED or FAILED, once; false when another process finished it first. */
export function finishSenderTransaction(
  db: Db,
  id: number,
  outcome: {
    status: "CONFIRMED" | "FAILED";
    minedHash: string | null;
    blockNumber: number | null;
    errorMessage: string | null;
  },
): Promise<boolean> {
  return updateWhere(
    db,
    "sender_transactions",
    { id, status: "SUBMITTED" },
    {
      status: outcome.status,
      mined_hash: outcome.minedHash,
      block_number: outcome.blockNumber,
      error_message: outcome.errorMessage,
    },
  );
}
