import { type Db, isUniqueViolation } from "../infra/database.js";
import { selectSubscriptionDetails, type SubscriptionDetails } from "./subscriptions.js";

const PAYER_SESSION_NONCE_UNIQUE = "payer_sessions_nonce_key";

/**
 * Records a payer's session; undefined when its nonce already signed a session in (a replayed message).
 * Also deletes the sessions expired for a day, so the table holds live ones.
 */
export async function insertPayerSession(
  db: Db,
  session: { tokenHash: string; address: string; nonce: string; expiresAt: Date; now: Date },
): Promise<boolean> {
  await db
    .deleteFrom("payer_sessions")
    .where("expires_at", "<", new Date(session.now.getTime() - 86_400_000))
    .execute();
  try {
    await db
      .insertInto("payer_sessions")
      .values({
        token_hash: session.tokenHash,
        address: session.address.toLowerCase(),
        nonce: session.nonce,
        expires_at: session.expiresAt,
      })
      .execute();
    return true;
  } catch (error) {
    if (isUniqueViolation(error, PAYER_SESSION_NONCE_UNIQUE)) return false;
    throw error;
  }
}

/** The live session of a token's SHA-256: its address (lower case) and expiry, or undefined. */
export function findLivePayerSession(
  db: Db,
  tokenHash: string,
  now: Date,
): Promise<{ address: string; expires_at: Date } | undefined> {
  return db
    .selectFrom("payer_sessions")
    .select(["address", "expires_at"])
    .where("token_hash", "=", tokenHash)
    .where("expires_at", ">", now)
    .executeTakeFirst();
}

/** Ends a session (sign out). */
export async function deletePayerSession(db: Db, tokenHash: string): Promise<void> {
  await db.deleteFrom("payer_sessions").where("token_hash", "=", tokenHash).execute();
}

/**
 * The subscriptions `payer` signed (any case as signed), newest first, at most `limit`; not those still PENDING
 * (a merchant may name the wallet before it signs).
 */
export function listPayerSubscriptions(db: Db, payer: string, limit: number): Promise<SubscriptionDetails[]> {
  return selectSubscriptionDetails(db)
    .where("subscriptions.status", "<>", "PENDING")
    .where((eb) => eb(eb.fn("lower", ["subscriptions.payer_address"]), "=", payer.toLowerCase()))
    .orderBy("subscriptions.created_at", "desc")
    .orderBy("subscriptions.id", "desc")
    .limit(limit)
    .execute();
}

/** One subscription by its sub_ id, only when `payer` signed it (not PENDING). */
export function findPayerSubscription(
  db: Db,
  payer: string,
  id: string,
): Promise<SubscriptionDetails | undefined> {
  return selectSubscriptionDetails(db)
    .where("subscriptions.id", "=", id)
    .where("subscriptions.status", "<>", "PENDING")
    .where((eb) => eb(eb.fn("lower", ["subscriptions.payer_address"]), "=", payer.toLowerCase()))
    .executeTakeFirst();
}
