import { sql } from "kysely";
import type { Db } from "../infra/database.js";

/** A CREATED payment claimed for a chain check. */
export interface ClaimedPaymentCheck {
  payment_id: string;
  chain_id: number;
  gateway_address: string;
  expires_at: Date;
}

/**
 * Claims the CREATED payments of `paymentIds` not checked against the chain within `intervalMs`, in one
 * guarded UPDATE of `last_synced_at`: across every process, one read per payment per interval asks the
 * chain. The claim waits for a row another transaction is changing (an expiry, a settlement), so a payment
 * not claimed may have just changed: the caller reads it again.
 */
export function claimPaymentsForChainCheck(
  db: Db,
  paymentIds: readonly string[],
  intervalMs: number,
): Promise<ClaimedPaymentCheck[]> {
  if (paymentIds.length === 0) return Promise.resolve([]);
  return db
    .updateTable("payments")
    .set({ last_synced_at: sql<Date>`now()` })
    .where("payment_id", "in", paymentIds)
    .where("status", "=", "CREATED")
    .where("last_synced_at", "<", sql<Date>`now() - make_interval(secs => ${intervalMs / 1000})`)
    .returning(["payment_id", "chain_id", "gateway_address", "expires_at"])
    .execute();
}

/** Whether the payment exists and is no longer CREATED. */
export async function paymentLeftCreated(db: Db, paymentId: string): Promise<boolean> {
  const row = await db
    .selectFrom("payments")
    .select("status")
    .where("payment_id", "=", paymentId)
    .executeTakeFirst();
  return row !== undefined && row.status !== "CREATED";
}

/** The gateways the payments of `paymentIds` were signed for (usually one). */
export async function findGatewaysOfPayments(db: Db, paymentIds: readonly string[]): Promise<string[]> {
  if (paymentIds.length === 0) return [];
  const rows = await db
    .selectFrom("payments")
    .select("gateway_address")
    .distinct()
    .where("payment_id", "in", paymentIds)
    .execute();
  return rows.map((row) => row.gateway_address);
}
