import { sql, type ColumnType, type Selectable, type Transaction } from "kysely";
import type { Db } from "./database.js";
import type { Database } from "./types.js";

type Timestamp = ColumnType<Date, never, never>;
type Numeric = ColumnType<string, bigint | string, never>;

export const relayStatuses = ["QUEUED", "SUBMITTED", "CONFIRMED", "FAILED"] as const;
export type RelayStatus = (typeof relayStatuses)[number];

export interface RelayRequestsTable {
  id: ColumnType<number, never, never>;
  payment_id: number;
  network_id: number;
  forwarder_address: string;
  from_address: string;
  to_address: string;
  gas: Numeric;
  forwarder_nonce: Numeric;
  deadline: number;
  data: string;
  signature: string;
  status: ColumnType<RelayStatus, never, RelayStatus>;
  sender_transaction_id: ColumnType<number | null, never, number>;
  transaction_hash: ColumnType<string | null, never, string | null>;
  error_message: ColumnType<string | null, never, string | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

declare module "./types.js" {
  interface Database {
    relay_requests: RelayRequestsTable;
  }
}

export type RelayRequestRow = Selectable<RelayRequestsTable>;

/** The unique key that makes a second relay for a payment RELAY_ALREADY_SUBMITTED. */
export const RELAY_PAYMENT_UNIQUE = "relay_requests_payment_id_key";

export interface NewRelayRequest {
  paymentRowId: number;
  networkId: number;
  forwarderAddress: string;
  from: string;
  to: string;
  gas: bigint;
  forwarderNonce: bigint;
  deadline: number;
  data: string;
  signature: string;
}

/**
 * Inserts the relay request only while its payment is still CREATED and unexpired (one guarded
 * statement). Returns undefined when the payment moved on; throws a unique violation on
 * RELAY_PAYMENT_UNIQUE when the payment already has a relay.
 */
export function insertRelayRequestForCreatedPayment(
  trx: Transaction<Database>,
  relay: NewRelayRequest,
): Promise<RelayRequestRow | undefined> {
  return trx
    .insertInto("relay_requests")
    .columns([
      "payment_id",
      "network_id",
      "forwarder_address",
      "from_address",
      "to_address",
      "gas",
      "forwarder_nonce",
      "deadline",
      "data",
      "signature",
    ])
    .expression(
      trx
        .selectFrom("payments")
        .select([
          "payments.id",
          sql<number>`${relay.networkId}::bigint`.as("network_id"),
          sql<string>`${relay.forwarderAddress}::text`.as("forwarder_address"),
          sql<string>`${relay.from}::text`.as("from_address"),
          sql<string>`${relay.to}::text`.as("to_address"),
          sql<string>`${relay.gas.toString()}::numeric`.as("gas"),
          sql<string>`${relay.forwarderNonce.toString()}::numeric`.as("forwarder_nonce"),
          sql<number>`${relay.deadline}::bigint`.as("deadline"),
          sql<string>`${relay.data}::text`.as("data"),
          sql<string>`${relay.signature}::text`.as("signature"),
        ])
        .where("payments.id", "=", relay.paymentRowId)
        .where("payments.status", "=", "CREATED")
        .where("payments.expires_at", ">", sql<Date>`now()`),
    )
    .returningAll()
    .executeTakeFirst();
}

export function findRelayRequestByPaymentRowId(
  db: Db,
  paymentRowId: number,
): Promise<RelayRequestRow | undefined> {
  return db
    .selectFrom("relay_requests")
    .selectAll()
    .where("payment_id", "=", paymentRowId)
    .executeTakeFirst();
}

export function findRelayRequestById(db: Db, id: number): Promise<RelayRequestRow | undefined> {
  return db.selectFrom("relay_requests").selectAll().where("id", "=", id).executeTakeFirst();
}

export function findRelayRequestBySenderTransactionId(
  db: Db,
  senderTransactionId: number,
): Promise<RelayRequestRow | undefined> {
  return db
    .selectFrom("relay_requests")
    .selectAll()
    .where("sender_transaction_id", "=", senderTransactionId)
    .executeTakeFirst();
}

/** QUEUED -> SUBMITTED with its sender transaction, inside the transaction that took the nonce. */
export async function markRelaySubmitted(
  trx: Transaction<Database>,
  id: number,
  senderTransactionId: number,
  transactionHash: string,
): Promise<boolean> {
  const result = await trx
    .updateTable("relay_requests")
    .set({
      status: "SUBMITTED",
      sender_transaction_id: senderTransactionId,
      transaction_hash: transactionHash,
    })
    .where("id", "=", id)
    .where("status", "=", "QUEUED")
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** The hash of the latest broadcast, as the relay's `transactionHash` while it waits. */
export async function setRelayTransactionHash(db: Db, id: number, transactionHash: string): Promise<void> {
  await db
    .updateTable("relay_requests")
    .set({ transaction_hash: transactionHash })
    .where("id", "=", id)
    .where("status", "=", "SUBMITTED")
    .execute();
}

/** Moves a relay to CONFIRMED or FAILED from one of `from`; false when it was already elsewhere. */
export async function finishRelayRequest(
  db: Db,
  id: number,
  from: readonly RelayStatus[],
  outcome: { status: "CONFIRMED" | "FAILED"; transactionHash?: string | null; errorMessage?: string | null },
): Promise<boolean> {
  const result = await db
    .updateTable("relay_requests")
    .set({
      status: outcome.status,
      ...(outcome.transactionHash !== undefined ? { transaction_hash: outcome.transactionHash } : {}),
      error_message: outcome.errorMessage ?? null,
    })
    .where("id", "=", id)
    .where("status", "in", from)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
