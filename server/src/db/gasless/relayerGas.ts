import { sql } from "kysely";
import type { Db, DbTransaction } from "../infra/database.js";

/**
 * The relayer's gas at risk (migration 038): its transactions mined and reverted (`relayer_reverts`), and the gas
 * limits of the relays and subscription charges still in flight, per merchant, payer or client on a chain.
 */

/** Whose gas at risk: a merchant's, a payer wallet's, or a public-key caller's network's (clientNetwork). */
export type GasHolder = { merchantId: number } | { payer: string } | { clientNetwork: string };

export interface GasAtRisk {
  /** Gas of the holder's transactions mined and reverted since the window's start. */
  reverted: bigint;
  /** Gas limits of the holder's relays and charges not finished yet: what they could still cost. */
  inFlight: bigint;
  /** The oldest revert of the window: when it leaves, `reverted` drops. */
  oldestRevertAt: Date | undefined;
}

/** First key of the two-int advisory lock `(RELAY_BUDGET_LOCK_SPACE, merchant id)`. */
const RELAY_BUDGET_LOCK_SPACE = 4_271_939;

/**
 * Serialises the budget check and the insert of a merchant's relays until the transaction ends, so two relays
 * accepted at once cannot both take the last of the merchant's budget.
 */
export async function lockMerchantRelayBudget(trx: DbTransaction, merchantId: number): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(${RELAY_BUDGET_LOCK_SPACE}::int, ${merchantId}::int)`.execute(trx);
}

/**
 * Records a mined transaction of the relayer that reverted, against what it was sent for: a relay's merchant,
 * payer and client, a subscription charge's merchant and payer, nothing for the relayer's other transactions.
 * `at` is the service's clock, which the budgets' windows are read with. Safe to run twice (the transaction is
 * the key).
 */
export async function recordRelayerRevert(
  db: Db,
  senderTransactionId: number,
  receipt: { transactionHash: string; gasUsed: bigint },
  at: Date,
): Promise<boolean> {
  const result = await db
    .insertInto("relayer_reverts")
    .columns([
      "sender_transaction_id",
      "network_id",
      "purpose",
      "merchant_id",
      "payer_address",
      "client_network",
      "transaction_hash",
      "gas_used",
      "created_at",
    ])
    .expression((eb) =>
      eb
        .selectFrom("sender_transactions as st")
        .leftJoin("relay_requests as relay", "relay.sender_transaction_id", "st.id")
        .leftJoin("payments as relayed", "relayed.id", "relay.payment_id")
        .leftJoin("payments as charge", "charge.charge_sender_transaction_id", "st.id")
        .select([
          "st.id",
          "st.network_id",
          "st.purpose",
          sql<number | null>`coalesce(relayed.merchant_id, charge.merchant_id)`.as("merchant_id"),
          sql<string | null>`coalesce(relay.from_address, charge.payer_address)`.as("payer_address"),
          "relay.client_network",
          sql<string>`${receipt.transactionHash}::text`.as("transaction_hash"),
          sql<string>`${receipt.gasUsed.toString()}::numeric`.as("gas_used"),
          sql<Date>`${at}::timestamptz`.as("created_at"),
        ])
        .where("st.id", "=", senderTransactionId),
    )
    .onConflict((oc) => oc.column("sender_transaction_id").doNothing())
    .returning("sender_transaction_id")
    .executeTakeFirst();
  return result !== undefined;
}

/** The holder's gas at risk on the chain: reverted since `since`, and in flight now. */
export async function readGasAtRisk(
  db: Db,
  networkId: number,
  holder: GasHolder,
  since: Date,
): Promise<GasAtRisk> {
  const reverts = db
    .selectFrom("relayer_reverts")
    .select([
      sql<string>`coalesce(sum(gas_used), 0)::text`.as("gas"),
      sql<Date | null>`min(created_at)`.as("oldest"),
    ])
    .where("network_id", "=", networkId)
    .where("created_at", ">", since);
  const relays = db
    .selectFrom("relay_requests")
    .innerJoin("payments", "payments.id", "relay_requests.payment_id")
    .select(sql<string>`coalesce(sum(relay_requests.gas_limit), 0)::text`.as("gas"))
    .where("relay_requests.network_id", "=", networkId)
    .where("relay_requests.status", "in", ["QUEUED", "SUBMITTED"]);
  const charges = db
    .selectFrom("sender_transactions")
    .innerJoin("payments", "payments.charge_sender_transaction_id", "sender_transactions.id")
    .select(sql<string>`coalesce(sum(sender_transactions.gas_limit), 0)::text`.as("gas"))
    .where("sender_transactions.network_id", "=", networkId)
    .where("sender_transactions.status", "=", "SUBMITTED")
    .where("sender_transactions.purpose", "=", "subscription_charge");

  let reverted: { gas: string; oldest: Date | null };
  let inFlight: { gas: string }[];
  if ("merchantId" in holder) {
    [reverted, ...inFlight] = await Promise.all([
      reverts.where("merchant_id", "=", holder.merchantId).executeTakeFirstOrThrow(),
      relays.where("payments.merchant_id", "=", holder.merchantId).executeTakeFirstOrThrow(),
      charges.where("payments.merchant_id", "=", holder.merchantId).executeTakeFirstOrThrow(),
    ]);
  } else if ("payer" in holder) {
    const payer = holder.payer.toLowerCase();
    [reverted, ...inFlight] = await Promise.all([
      reverts.where(sql<string>`lower(payer_address)`, "=", payer).executeTakeFirstOrThrow(),
      relays.where(sql<string>`lower(relay_requests.from_address)`, "=", payer).executeTakeFirstOrThrow(),
      charges.where(sql<string>`lower(payments.payer_address)`, "=", payer).executeTakeFirstOrThrow(),
    ]);
  } else {
    [reverted, ...inFlight] = await Promise.all([
      reverts.where("client_network", "=", holder.clientNetwork).executeTakeFirstOrThrow(),
      relays.where("relay_requests.client_network", "=", holder.clientNetwork).executeTakeFirstOrThrow(),
    ]);
  }
  return {
    reverted: BigInt(reverted.gas),
    inFlight: inFlight.reduce((sum, row) => sum + BigInt(row.gas), 0n),
    oldestRevertAt: reverted.oldest ?? undefined,
  };
}

/**
 * When the payer has at least `limit` reverted transactions of the relayer on the chain since `since`: the time
 * of the `limit`-th newest, which decides when the payer falls below the limit again. Undefined otherwise.
 */
export async function findPayerRevertAtLimit(
  db: Db,
  params: { networkId: number; payer: string; since: Date; limit: number },
): Promise<Date | undefined> {
  const row = await db
    .selectFrom("relayer_reverts")
    .select("created_at")
    .where("network_id", "=", params.networkId)
    .where(sql<string>`lower(payer_address)`, "=", params.payer.toLowerCase())
    .where("created_at", ">", params.since)
    .orderBy("created_at", "desc")
    .limit(1)
    .offset(params.limit - 1)
    .executeTakeFirst();
  return row?.created_at;
}

/** Gas the relayer's reverted transactions cost since `since`, per chain and purpose (for /metrics). */
export async function sumRevertedGasByPurpose(
  db: Db,
  since: Date,
): Promise<{ networkId: number; purpose: string; gas: bigint }[]> {
  const rows = await db
    .selectFrom("relayer_reverts")
    .select(["network_id", "purpose", sql<string>`sum(gas_used)::text`.as("gas")])
    .where("created_at", ">", since)
    .groupBy(["network_id", "purpose"])
    .execute();
  return rows.map((row) => ({ networkId: row.network_id, purpose: row.purpose, gas: BigInt(row.gas) }));
}

/** Gas the relayer's reverted transactions of each merchant cost since `since`, per chain (for /metrics). */
export async function sumRevertedGasByMerchant(
  db: Db,
  since: Date,
): Promise<{ networkId: number; merchantKey: string; gas: bigint }[]> {
  const rows = await db
    .selectFrom("relayer_reverts")
    .innerJoin("merchants", "merchants.id", "relayer_reverts.merchant_id")
    .select([
      "relayer_reverts.network_id",
      "merchants.merchant_key",
      sql<string>`sum(relayer_reverts.gas_used)::text`.as("gas"),
    ])
    .where("relayer_reverts.created_at", ">", since)
    .groupBy(["relayer_reverts.network_id", "merchants.merchant_key"])
    .execute();
  return rows.map((row) => ({
    networkId: row.network_id,
    merchantKey: row.merchant_key,
    gas: BigInt(row.gas),
  }));
}
