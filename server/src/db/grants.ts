import { sql } from "kysely";
import type { GasGrantRow } from "./rows.js";
import type { Db } from "./database.js";
import { findOneBy, updateWhere } from "./lookups.js";

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
 * Releases a claim whose send recorded nothing (no transaction is linked, so no native token can
 * move), giving back what it charged to its day's counters, in one statement; the wallet and the
 * payment may ask again.
 */
export async function releaseGrantClaim(db: Db, id: number): Promise<boolean> {
  const { rows } = await sql<{ released: number }>`
    WITH released AS (
      DELETE FROM gas_grants WHERE id = ${id} AND status = 'PENDING' AND sender_transaction_id IS NULL
      RETURNING network_id, payment_id, charged_wei, budget_day, client_key
    ), chain AS (
      UPDATE faucet_chain_days c SET spent_wei = c.spent_wei - r.charged_wei, grants = c.grants - 1
      FROM released r WHERE c.network_id = r.network_id AND c.day = r.budget_day
    ), merchant AS (
      UPDATE faucet_merchant_days m SET spent_wei = m.spent_wei - r.charged_wei, grants = m.grants - 1
      FROM released r JOIN payments p ON p.id = r.payment_id
      WHERE m.network_id = r.network_id AND m.merchant_id = p.merchant_id AND m.day = r.budget_day
    ), client AS (
      UPDATE faucet_client_days k SET grants = k.grants - 1
      FROM released r WHERE k.day = r.budget_day AND k.client_key = r.client_key
    )
    SELECT count(*)::int AS released FROM released`.execute(db);
  return (rows[0]?.released ?? 0) > 0;
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
