import { randomBytes } from "node:crypto";
import { type Db, isUniqueViolation } from "../infra/database.js";
import { findAllBy } from "../infra/lookups.js";
import { type DashboardSessionRow, type MerchantRow, type MerchantWalletRow } from "../schema/rows.js";

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
  session: {
    tokenHash: string;
    merchantId: number;
    /** The merchant's session_epoch as read when the wallet was found allowed. */
    merchantEpoch: number;
    address: string;
    nonce: string;
    expiresAt: Date;
  },
): Promise<DashboardSessionRow | undefined> {
  try {
    return await db
      .insertInto("dashboard_sessions")
      .values({
        token_hash: session.tokenHash,
        merchant_id: session.merchantId,
        merchant_epoch: session.merchantEpoch,
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

/**
 * A live session and its merchant, by the SHA-256 of its token, in one statement: not expired at `now`, not
 * revoked, of the merchant's current session epoch (no key rotated, not disabled since it signed in), the
 * merchant enabled, and its wallet still one that may sign in (the recipient, or a wallet added).
 */
export async function findLiveDashboardSession(
  db: Db,
  tokenHash: string,
  now: Date,
): Promise<{ session: { address: string; expiresAt: Date }; merchant: MerchantRow } | undefined> {
  const row = await db
    .selectFrom("dashboard_sessions")
    .innerJoin("merchants", "merchants.id", "dashboard_sessions.merchant_id")
    .selectAll("merchants")
    .select([
      "dashboard_sessions.address as session_address",
      "dashboard_sessions.expires_at as session_expires_at",
    ])
    .where("dashboard_sessions.token_hash", "=", tokenHash)
    .where("dashboard_sessions.expires_at", ">", now)
    .where("dashboard_sessions.revoked_at", "is", null)
    .where("merchants.is_enabled", "=", true)
    .whereRef("dashboard_sessions.merchant_epoch", "=", "merchants.session_epoch")
    .where((eb) =>
      eb.or([
        eb(eb.fn("lower", ["merchants.recipient_address"]), "=", eb.ref("dashboard_sessions.address")),
        eb.exists(
          eb
            .selectFrom("merchant_wallets")
            .select("merchant_wallets.id")
            .whereRef("merchant_wallets.merchant_id", "=", "merchants.id")
            .whereRef("merchant_wallets.address", "=", "dashboard_sessions.address"),
        ),
      ]),
    )
    .executeTakeFirst();
  if (!row) return undefined;
  const { session_address, session_expires_at, ...merchant } = row;
  return { session: { address: session_address, expiresAt: session_expires_at }, merchant };
}

/**
 * Keeps the session of `tokenHash` signed in across a change of its merchant's keys it made itself: its
 * epoch becomes the merchant's current one (run in the transaction of the change, after it).
 */
export async function carryDashboardSession(db: Db, tokenHash: string, merchantId: number): Promise<void> {
  await db
    .updateTable("dashboard_sessions")
    .set((eb) => ({
      merchant_epoch: eb
        .selectFrom("merchants")
        .select("merchants.session_epoch")
        .where("merchants.id", "=", merchantId),
    }))
    .where("token_hash", "=", tokenHash)
    .where("merchant_id", "=", merchantId)
    .where("revoked_at", "is", null)
    .execute();
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

/**
 * Removes a wallet and ends the sessions it signed in (the sessions' own check would refuse them anyway);
 * false when the merchant had no such wallet. Run it in the transaction of revokeApiKeyIssuedBy.
 */
export async function deleteMerchantWallet(db: Db, merchantId: number, address: string): Promise<boolean> {
  const lower = address.toLowerCase();
  const deleted = await db
    .deleteFrom("merchant_wallets")
    .where("merchant_id", "=", merchantId)
    .where("address", "=", lower)
    .returning("id")
    .executeTakeFirst();
  if (!deleted) return false;
  await db
    .updateTable("dashboard_sessions")
    .set({ revoked_at: new Date() })
    .where("merchant_id", "=", merchantId)
    .where("address", "=", lower)
    .where("revoked_at", "is", null)
    .execute();
  return true;
}

/**
 * Replaces the merchant's secret key by `replacementHash` (the hash of a key nobody is given) when the
 * current one was issued by a dashboard session of `address` and that wallet may no longer sign in (not the
 * recipient, not an added wallet): true when it did. Runs after the change that took the access away, in
 * its transaction.
 */
export async function revokeApiKeyIssuedBy(
  db: Db,
  merchantId: number,
  address: string,
  replacementHash: string,
): Promise<boolean> {
  const lower = address.toLowerCase();
  const revoked = await db
    .updateTable("merchants")
    .set({ api_key_hash: replacementHash, api_key_issued_by: null })
    .where("id", "=", merchantId)
    .where("api_key_issued_by", "=", lower)
    .where((eb) =>
      eb.and([
        eb(eb.fn.coalesce(eb.fn("lower", ["recipient_address"]), eb.val("")), "<>", lower),
        eb.not(
          eb.exists(
            eb
              .selectFrom("merchant_wallets")
              .select("merchant_wallets.id")
              .where("merchant_wallets.merchant_id", "=", merchantId)
              .where("merchant_wallets.address", "=", lower),
          ),
        ),
      ]),
    )
    .returning("id")
    .executeTakeFirst();
  return revoked !== undefined;
}

export function listMerchantWallets(db: Db, merchantId: number): Promise<MerchantWalletRow[]> {
  return findAllBy(db, "merchant_wallets", { merchant_id: merchantId }, ["id"]);
}
