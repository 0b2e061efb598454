import { sql, type Transaction } from "kysely";
import type { RelayKind, RelayStatus } from "../../domain/records.js";
import type { RelayRequestRow } from "../schema/rows.js";
import type { Db } from "../infra/database.js";
import { findOneBy, updateWhere } from "../infra/lookups.js";
import type { Database } from "../schema/types.js";

/** The unique key that makes a second relay for a payment RELAY_ALREADY_SUBMITTED. */
export const RELAY_PAYMENT_UNIQUE = "relay_requests_payment_id_key";

/** The unique key that lets one unfinished relay hold a payer's forwarder nonce. */
export const RELAY_FORWARDER_NONCE_UNIQUE = "relay_requests_forwarder_nonce_key";

export interface ForwarderNonce {
  networkId: number;
  forwarderAddress: string;
  from: string;
  forwarderNonce: bigint;
}

/** The unique key that lets one unfinished relay hold a payer's Permit2 nonce. */
export const RELAY_PERMIT2_NONCE_UNIQUE = "relay_requests_permit2_nonce_key";

/** A relay to insert: a ForwardRequest's fields, or (`kind` other than forward) the gateway's calldata. */
export interface NewRelayRequest {
  paymentRowId: number;
  networkId: number;
  kind: RelayKind;
  forwarderAddress: string | null;
  from: string;
  to: string;
  gas: bigint | null;
  forwarderNonce: bigint | null;
  permit2Nonce: bigint | null;
  deadline: number;
  data: string;
  signature: string;
  /** The submitting public-key caller's network (clientNetwork). */
  clientNetwork: string | null;
  /** The most gas it may be sent with (held against the budgets while in flight). */
  gasLimit: bigint;
}

const numericOrNull = (value: bigint | null) => (value === null ? null : value.toString());

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
      "kind",
      "forwarder_address",
      "from_address",
      "to_address",
      "gas",
      "forwarder_nonce",
      "permit2_nonce",
      "deadline",
      "data",
      "signature",
      "client_network",
      "gas_limit",
    ])
    .expression(
      trx
        .selectFrom("payments")
        .select([
          "payments.id",
          sql<number>`${relay.networkId}::bigint`.as("network_id"),
          sql<RelayKind>`${relay.kind}::text`.as("kind"),
          sql<string | null>`${relay.forwarderAddress}::text`.as("forwarder_address"),
          sql<string>`${relay.from}::text`.as("from_address"),
          sql<string>`${relay.to}::text`.as("to_address"),
          sql<string | null>`${numericOrNull(relay.gas)}::numeric`.as("gas"),
          sql<string | null>`${numericOrNull(relay.forwarderNonce)}::numeric`.as("forwarder_nonce"),
          sql<string | null>`${numericOrNull(relay.permit2Nonce)}::numeric`.as("permit2_nonce"),
          sql<number>`${relay.deadline}::bigint`.as("deadline"),
          sql<string>`${relay.data}::text`.as("data"),
          sql<string>`${relay.signature}::text`.as("signature"),
          sql<string | null>`${relay.clientNetwork}::text`.as("client_network"),
          sql<string>`${relay.gasLimit.toString()}::numeric`.as("gas_limit"),
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
  return findOneBy(db, "relay_requests", { payment_id: paymentRowId });
}

/** The unfinished (QUEUED or SUBMITTED) relay that holds this forwarder nonce of the payer, if any. */
export function findUnfinishedRelayByForwarderNonce(
  db: Db,
  key: ForwarderNonce,
): Promise<Pick<RelayRequestRow, "id" | "payment_id"> | undefined> {
  return db
    .selectFrom("relay_requests")
    .select(["id", "payment_id"])
    .where("network_id", "=", key.networkId)
    .where(sql<string>`lower(forwarder_address)`, "=", key.forwarderAddress.toLowerCase())
    .where(sql<string>`lower(from_address)`, "=", key.from.toLowerCase())
    .where("forwarder_nonce", "=", key.forwarderNonce.toString())
    .where("status", "in", ["QUEUED", "SUBMITTED"])
    .executeTakeFirst();
}

/** The unfinished relay that holds this Permit2 nonce of the payer, if any. */
export function findUnfinishedRelayByPermit2Nonce(
  db: Db,
  key: { networkId: number; from: string; permit2Nonce: bigint },
): Promise<Pick<RelayRequestRow, "id" | "payment_id"> | undefined> {
  return db
    .selectFrom("relay_requests")
    .select(["id", "payment_id"])
    .where("network_id", "=", key.networkId)
    .where("kind", "=", "permit2")
    .where(sql<string>`lower(from_address)`, "=", key.from.toLowerCase())
    .where("permit2_nonce", "=", key.permit2Nonce.toString())
    .where("status", "in", ["QUEUED", "SUBMITTED"])
    .executeTakeFirst();
}

export function findRelayRequestById(db: Db, id: number): Promise<RelayRequestRow | undefined> {
  return findOneBy(db, "relay_requests", { id });
}

export function findRelayRequestBySenderTransactionId(
  db: Db,
  senderTransactionId: number,
): Promise<RelayRequestRow | undefined> {
  return findOneBy(db, "relay_requests", { sender_transaction_id: senderTransactionId });
}

/** QUEUED -> SUBMITTED with its sender transaction, inside the transaction that took the nonce. */
export function markRelaySubmitted(
  trx: Transaction<Database>,
  id: number,
  senderTransactionId: number,
  transactionHash: string,
): Promise<boolean> {
  return updateWhere(
    trx,
    "relay_requests",
    { id, status: "QUEUED" },
    { status: "SUBMITTED", sender_transaction_id: senderTransactionId, transaction_hash: transactionHash },
  );
}

/** The hash of the latest broadcast, as the relay's `transactionHash` while it waits. */
export async function setRelayTransactionHash(db: Db, id: number, transactionHash: string): Promise<void> {
  await updateWhere(db, "relay_requests", { id, status: "SUBMITTED" }, { transaction_hash: transactionHash });
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

/**
 * Fails every relay still QUEUED whose ForwardRequest deadline (unix seconds) is before `nowSeconds`: the
 * forwarder refuses it now, so its job (retries exhausted in a node outage, or lost with a killed worker)
 * can send nothing, and the payer's forwarder nonce is free again. One statement; returns the relays.
 */
export async function failExpiredQueuedRelays(db: Db, nowSeconds: number): Promise<number[]> {
  const rows = await db
    .updateTable("relay_requests")
    .set({ status: "FAILED", error_message: "not sent before its signature deadline" })
    .where("status", "=", "QUEUED")
    .where("deadline", "<", nowSeconds)
    .returning("id")
    .execute();
  return rows.map((row) => row.id);
}
