import { randomBytes } from "node:crypto";
import { type Db, isUniqueViolation } from "./database.js";
import { findAllBy } from "./lookups.js";
import { findMerchantById } from "./merchants.js";
import { type DashboardSessionRow, type MerchantRow, type MerchantWalletRow } from "./rows.js";

const SESSION_NONCE_UNIQUE = "dashboard_sessions_nonce_key";
const MERCHANT_WALLET_UNIQUE = "merchant_wallets_merchant_address_key";

/**
 * The server key called `name`, made once (32 random bytes) by whichever process asks first: every API
 * process then signs and checks with the same key.
 */
export async function getOrCreateServerKey(db: Db, name: string): Promise<Buffer> {
  await db
    .insertInto("server_keys")
    .values({ name, secret: randomBytes(32) })
    .onConflict((oc) => oc.column("name").doNothing())
    .execute();
  const row = await db
    .selectFrom("server_keys")
    .select("secret")
    .where("name", "=", name)
    .executeTakeFirstOrThrow();
  return row.secret;
}

/** The enabled merchants `address` may sign in to: their recipient address, or a wallet added for them. */
export function findMerchantsByWallet(db: Db, address: string): Promise<MerchantRow[]> {
  const lower = address.toLowerCase();
  return db
    .selectFrom("merchants")
    .selectAll()
    .where("is_enabled", "=", true)
    .where((eb) =>
      eb.or([
        eb(eb.fn("lower", ["recipient_address"]), "=", lower),
        eb.exists(
          eb
            .selectFrom("merchant_wallets")
            .select("merchant_wallets.id")
            .whereRef("merchant_wallets.merchant_id", "=", "merchants.id")
            .where("merchant_wallets.address", "=", lower),
        ),
      ]),
    )
    .orderBy("id")
    .execute();
}

/**
 * Records a session. Undefined when its nonce already signed a session in: a replayed sign-in message.
 */
export async function insertDashboardSession(
  db: Db,
  session: { tokenHash: string; merchantId: number; address: string; nonce: string; expiresAt: Date },
): Promise<DashboardSessionRow | undefined> {
  try {
    return await db
      .insertInto("dashboard_sessions")
      .values({
        token_hash: session.tokenHash,
        merchant_id: session.merchantId,
        address: session.address.toLowerCase(),
        nonce: session.nonce,
        expires_at: session.expiresAt,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  } catch (error) {
    if (isUniqueViolation(error, SESSION_NONCE_UNIQUE)) return undefined;
    throw error;
  }
}

/** A live session (not expired at `now`, not revoked) and its merchant, by the SHA-256 of its token. */
export async function findLiveDashboardSession(
  db: Db,
  tokenHash: string,
  now: Date,
): Promise<{ session: DashboardSessionRow; merchant: MerchantRow } | undefined> {
  const session = await db
    .selectFrom("dashboard_sessions")
    .selectAll()
    .where("token_hash", "=", tokenHash)
    .where("expires_at", ">", now)
    .where("revoked_at", "is", null)
    .executeTakeFirst();
  if (!session) return undefined;
  const merchant = await findMerchantById(db, session.merchant_id);
  return merchant ? { session, merchant } : undefined;
}

/** Ends a session (logout); also deletes sessions expired for a day, so the table holds live ones. */
export async function revokeDashboardSession(db: Db, tokenHash: string, now: Date): Promise<void> {
  await db
    .updateTable("dashboard_sessions")
    .set({ revoked_at: now })
    .where("token_hash", "=", tokenHash)
    .where("revoked_at", "is", null)
    .execute();
  await db
    .deleteFrom("dashboard_sessions")
    .where("expires_at", "<", new Date(now.getTime() - 86_400_000))
    .execute();
}

/** Adds a wallet that may sign in to the merchant's dashboard; undefined when it was already added. */
export async function insertMerchantWallet(
  db: Db,
  wallet: { merchantId: number; address: string; label: string | null },
): Promise<MerchantWalletRow | undefined> {
  try {
    return await db
      .insertInto("merchant_wallets")
      .values({ merchant_id: wallet.merchantId, address: wallet.address.toLowerCase(), label: wallet.label })
      .returningAll()
      .executeTakeFirstOrThrow();
  } catch (error) {
    if (isUniqueViolation(error, MERCHANT_WALLET_UNIQUE)) return undefined;
    throw error;
  }
}

/** Removes a wallet and ends the sessions it signed in; false when the merchant had no such wallet. */
export function deleteMerchantWallet(db: Db, merchantId: number, address: string): Promise<boolean> {
  const lower = address.toLowerCase();
  return db.transaction().execute(async (trx) => {
    const deleted = await trx
      .deleteFrom("merchant_wallets")
      .where("merchant_id", "=", merchantId)
      .where("address", "=", lower)
      .returning("id")
      .executeTakeFirst();
    if (!deleted) return false;
    await trx
      .updateTable("dashboard_sessions")
      .set({ revoked_at: new Date() })
      .where("merchant_id", "=", merchantId)
      .where("address", "=", lower)
      .where("revoked_at", "is", null)
      .execute();
    return true;
  });
}

export function listMerchantWallets(db: Db, merchantId: number): Promise<MerchantWalletRow[]> {
  return findAllBy(db, "merchant_wallets", { merchant_id: merchantId }, ["id"]);
}
