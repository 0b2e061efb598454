import { sql, type RawBuilder } from "kysely";
import type { GasGrantRow } from "../schema/rows.js";
import type { Db } from "../infra/database.js";
import { findOneBy, updateWhere } from "../infra/lookups.js";

/** One grant per wallet per chain, one per payment. */
export const GRANT_WALLET_UNIQUE = "gas_grants_wallet_key";
export const GRANT_PAYMENT_UNIQUE = "gas_grants_payment_key";

export interface GrantClaim {
  networkId: number;
  merchantRowId: number;
  walletAddress: string;
  paymentRowId: number;
  /** The grant's value. */
  amount: bigint;
  /** Charged to the budgets: the value plus what its transfer may cost in gas. */
  chargedWei: bigint;
  /** The UTC day charged, YYYY-MM-DD. */
  day: string;
  /** The client's IP (IPv6: its /64); only its salted hash is stored. */
  client: string;
  chainBudgetWei: bigint;
  merchantBudgetWei: bigint;
  clientGrantsPerDay: number;
}

/** Which limit refused a claim. */
export type GrantLimit = "client" | "merchant" | "chain";

/**
 * Takes the claim and charges the client, merchant and chain counters of the day, in one transaction:
 * either all of it holds or nothing does. Each counter moves by one guarded upsert (locked on
 * conflict, re-checked on the locked row), so concurrent claims cannot together pass a limit. Throws
 * a unique violation when the wallet or payment is already claimed.
 */
export function claimGrant(
  db: Db,
  claim: GrantClaim,
): Promise<{ grant: GasGrantRow } | { refusedBy: GrantLimit }> {
  const charge = claim.chargedWei.toString();
  return db.transaction().execute(async (trx) => {
    const newDay = await sql`
        INSERT INTO faucet_client_salts (day) VALUES (${claim.day}::date)
        ON CONFLICT (day) DO NOTHING RETURNING day`.execute(trx);
    if (newDay.rows.length > 0) {
      await sql`DELETE FROM faucet_client_days WHERE day < ${claim.day}::date`.execute(trx);
      await sql`DELETE FROM faucet_client_salts WHERE day < ${claim.day}::date`.execute(trx);
    }
    const client = await sql<{ client_key: string }>`
        INSERT INTO faucet_client_days (day, client_key, grants)
        SELECT day, encode(sha256(convert_to(salt || '/' || ${claim.client}, 'UTF8')), 'hex'), 1
        FROM faucet_client_salts WHERE day = ${claim.day}::date AND ${claim.clientGrantsPerDay}::int >= 1
        ON CONFLICT (day, client_key) DO UPDATE SET grants = faucet_client_days.grants + 1
        WHERE faucet_client_days.grants < ${claim.clientGrantsPerDay}::int
        RETURNING client_key`.execute(trx);
    const clientKey = client.rows[0]?.client_key;
    if (clientKey === undefined) return { refusedBy: "client" as const };
    const merchant = await sql`
        INSERT INTO faucet_merchant_days (network_id, merchant_id, day, spent_wei, grants)
        SELECT ${claim.networkId}, ${claim.merchantRowId}, ${claim.day}::date, ${charge}::numeric, 1
        WHERE ${charge}::numeric <= ${claim.merchantBudgetWei.toString()}::numeric
        ON CONFLICT (network_id, merchant_id, day) DO UPDATE
          SET spent_wei = faucet_merchant_days.spent_wei + EXCLUDED.spent_wei,
              grants = faucet_merchant_days.grants + 1
        WHERE faucet_merchant_days.spent_wei + EXCLUDED.spent_wei <= ${claim.merchantBudgetWei.toString()}::numeric
        RETURNING 1`.execute(trx);
    if (merchant.rows.length === 0) return { refusedBy: "merchant" as const };
    const chain = await sql`
        INSERT INTO faucet_chain_days (network_id, day, spent_wei, grants)
        SELECT ${claim.networkId}, ${claim.day}::date, ${charge}::numeric, 1
        WHERE ${charge}::numeric <= ${claim.chainBudgetWei.toString()}::numeric
        ON CONFLICT (network_id, day) DO UPDATE
          SET spent_wei = faucet_chain_days.spent_wei + EXCLUDED.spent_wei,
              grants = faucet_chain_days.grants + 1
        WHERE faucet_chain_days.spent_wei + EXCLUDED.spent_wei <= ${claim.chainBudgetWei.toString()}::numeric
        RETURNING 1`.execute(trx);
    if (chain.rows.length === 0) return { refusedBy: "chain" as const };
    const grant = await trx
      .insertInto("gas_grants")
      .values({
        network_id: claim.networkId,
        wallet_address: claim.walletAddress,
        payment_id: claim.paymentRowId,
        amount: claim.amount,
        charged_wei: claim.chargedWei,
        budget_day: claim.day,
        client_key: clientKey,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return { grant };
  });
}

export function findGrantByWallet(
  db: Db,
  networkId: number,
  walletAddress: string,
): Promise<GasGrantRow | undefined> {
  return findOneBy(db, "gas_grants", { network_id: networkId, wallet_address: walletAddress });
}

export function findGrantByPaymentRowId(db: Db, paymentRowId: number): Promise<GasGrantRow | undefined> {
  return findOneBy(db, "gas_grants", { payment_id: paymentRowId });
}

export function findGrantBySenderTransactionId(
  db: Db,
  senderTransactionId: number,
): Promise<GasGrantRow | undefined> {
  return findOneBy(db, "gas_grants", { sender_transaction_id: senderTransactionId });
}

/** Links the claim to the transaction that moves the token; only while it is still PENDING. */
export function attachGrantTransaction(
  db: Db,
  id: number,
  senderTransactionId: number,
  txHash: string,
): Promise<boolean> {
  return updateWhere(
    db,
    "gas_grants",
    { id, status: "PENDING" },
    { sender_transaction_id: senderTransactionId, tx_hash: txHash },
  );
}

export function confirmGrant(db: Db, id: number, txHash: string): Promise<boolean> {
  return updateWhere(db, "gas_grants", { id, status: "PENDING" }, { status: "CONFIRMED", tx_hash: txHash });
}

/**
 * Releases the claims matching `which` whose send recorded nothing (no transaction is linked, so no native
 * token can move), giving back what they charged to their days' counters, in one statement; their wallets
 * and payments may ask again. Returns how many were released.
 */
async function releaseUnsentClaims(db: Db, which: RawBuilder<unknown>): Promise<number> {
  const { rows } = await sql<{ released: number }>`
    WITH released AS (
      DELETE FROM gas_grants WHERE ${which} AND status = 'PENDING' AND sender_transaction_id IS NULL
      RETURNING network_id, payment_id, charged_wei, budget_day, client_key
    ), by_chain AS (
      SELECT network_id, budget_day, sum(charged_wei) AS charged, count(*)::int AS grants
      FROM released GROUP BY network_id, budget_day
    ), by_merchant AS (
      SELECT r.network_id, p.merchant_id, r.budget_day, sum(r.charged_wei) AS charged, count(*)::int AS grants
      FROM released r JOIN payments p ON p.id = r.payment_id GROUP BY r.network_id, p.merchant_id, r.budget_day
    ), by_client AS (
      SELECT budget_day, client_key, count(*)::int AS grants FROM released GROUP BY budget_day, client_key
    ), chain AS (
      UPDATE faucet_chain_days c SET spent_wei = c.spent_wei - r.charged, grants = c.grants - r.grants
      FROM by_chain r WHERE c.network_id = r.network_id AND c.day = r.budget_day
    ), merchant AS (
      UPDATE faucet_merchant_days m SET spent_wei = m.spent_wei - r.charged, grants = m.grants - r.grants
      FROM by_merchant r
      WHERE m.network_id = r.network_id AND m.merchant_id = r.merchant_id AND m.day = r.budget_day
    ), client AS (
      UPDATE faucet_client_days k SET grants = k.grants - r.grants
      FROM by_client r WHERE k.day = r.budget_day AND k.client_key = r.client_key
    )
    SELECT count(*)::int AS released FROM released`.execute(db);
  return rows[0]?.released ?? 0;
}

/** Releases one claim whose send recorded nothing (releaseUnsentClaims). */
export async function releaseGrantClaim(db: Db, id: number): Promise<boolean> {
  return (await releaseUnsentClaims(db, sql`id = ${id}`)) > 0;
}

/**
 * Releases the claims taken before `claimedBefore` that still have no transaction: their request died
 * between the claim and the send (a crash, a kill). A request still alive that sends later finds its
 * claim gone and sends nothing (its link refuses), so releasing one is always safe.
 */
export function releaseAbandonedGrantClaims(db: Db, claimedBefore: Date): Promise<number> {
  return releaseUnsentClaims(db, sql`created_at < ${claimedBefore}`);
}

/** The grant's transfer was sent and did not land: kept, with its charges, so it is not paid again. */
export function failGrant(db: Db, id: number, errorMessage: string): Promise<boolean> {
  return updateWhere(
    db,
    "gas_grants",
    { id, status: "PENDING" },
    { status: "FAILED", error_message: errorMessage },
  );
}

/** What a chain's faucet and one merchant's grants on it have been charged on a UTC day (YYYY-MM-DD). */
export async function findFaucetSpend(
  db: Db,
  networkId: number,
  merchantRowId: number,
  day: string,
): Promise<{ chainWei: bigint; merchantWei: bigint }> {
  const { rows } = await sql<{ chain: string | null; merchant: string | null }>`
    SELECT (SELECT spent_wei::text FROM faucet_chain_days WHERE network_id = ${networkId} AND day = ${day}::date) AS chain,
           (SELECT spent_wei::text FROM faucet_merchant_days
             WHERE network_id = ${networkId} AND merchant_id = ${merchantRowId} AND day = ${day}::date) AS merchant`.execute(
    db,
  );
  return { chainWei: BigInt(rows[0]?.chain ?? 0), merchantWei: BigInt(rows[0]?.merchant ?? 0) };
}

export interface FaucetDaySpend {
  networkId: number;
  /** The merchant's key; undefined for a chain's total. */
  merchantKey: string | undefined;
  spentWei: bigint;
  grants: number;
}

/** What each chain's faucet, and each merchant on it, has been charged on a UTC day (YYYY-MM-DD). */
export async function listFaucetSpendOfDay(db: Db, day: string): Promise<FaucetDaySpend[]> {
  const { rows } = await sql<{
    network_id: number;
    merchant_key: string | null;
    spent_wei: string;
    grants: number;
  }>`
    SELECT network_id, NULL AS merchant_key, spent_wei::text, grants
    FROM faucet_chain_days WHERE day = ${day}::date
    UNION ALL
    SELECT d.network_id, m.merchant_key, d.spent_wei::text, d.grants
    FROM faucet_merchant_days d JOIN merchants m ON m.id = d.merchant_id WHERE d.day = ${day}::date`.execute(
    db,
  );
  return rows.map((row) => ({
    networkId: row.network_id,
    merchantKey: row.merchant_key ?? undefined,
    spentWei: BigInt(row.spent_wei),
    grants: row.grants,
  }));
}
