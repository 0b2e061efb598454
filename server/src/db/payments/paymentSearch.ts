import { expressionBuilder, sql, type Expression, type SqlBool } from "kysely";
import type { PaymentStatus } from "../../domain/paymentStatus.js";
import type { Db } from "../infra/database.js";
import type { Database } from "../schema/types.js";

/** Which payments a listing or a sum covers; every field optional, all of them must hold. */
export interface PaymentFilter {
  merchantId?: number;
  status?: PaymentStatus;
  orderId?: string;
  /** An order id, or (hex) a payment id, transaction hash or payer address: matched exactly. */
  search?: string;
  /** The token's address as stored (EIP-55). */
  tokenAddress?: string;
  /** Created at or after. */
  since?: Date;
  /** Created before. */
  until?: Date;
}

const bytes32 = /^0x[0-9a-fA-F]{64}$/;
const address = /^0x[0-9a-fA-F]{40}$/;

/**
 * The filter as one condition on `payments`. A search term is compared only with the columns it could
 * be (a 32-byte hex with the payment id and the transaction hash, a 20-byte one with the payer), each
 * through its merchant-scoped index (migration 016), so PostgreSQL ORs a few index reads. Its column
 * references are qualified: it fits any query that reads `payments`.
 */
export function paymentsMatching(filter: PaymentFilter): Expression<SqlBool> {
  const eb = expressionBuilder<Database, "payments">();
  const conditions: Expression<SqlBool>[] = [];
  if (filter.merchantId !== undefined) conditions.push(eb("payments.merchant_id", "=", filter.merchantId));
  if (filter.status !== undefined) conditions.push(eb("payments.status", "=", filter.status));
  if (filter.orderId !== undefined) conditions.push(eb("payments.order_id", "=", filter.orderId));
  if (filter.since !== undefined) conditions.push(eb("payments.created_at", ">=", filter.since));
  if (filter.until !== undefined) conditions.push(eb("payments.created_at", "<", filter.until));
  if (filter.tokenAddress !== undefined) {
    conditions.push(
      eb(
        "payments.token_id",
        "in",
        eb.selectFrom("tokens").select("tokens.id").where("tokens.address", "=", filter.tokenAddress),
      ),
    );
  }
  const term = filter.search;
  if (term !== undefined) {
    const lower = term.toLowerCase();
    const matches: Expression<SqlBool>[] = [eb("payments.order_id", "=", term)];
    if (bytes32.test(term)) {
      matches.push(eb("payments.payment_id", "=", lower), eb("payments.tx_hash", "=", lower));
    }
    if (address.test(term)) matches.push(eb(eb.fn("lower", ["payments.payer_address"]), "=", lower));
    conditions.push(eb.or(matches));
  }
  return eb.and(conditions);
}

/** What the payments of one token add up to. Amounts are exact decimal strings of base units. */
export interface PaymentTotalsRow {
  token_address: string;
  token_symbol: string;
  token_decimals: number;
  count: number;
  paid_count: number;
  /** Of the paid payments only. */
  gross: string;
  fee: string;
}

/**
 * Counts and sums the payments `filter` covers, per token: every payment in `count`; those in
 * `paidStatuses` in `paid_count`, `gross` (their amount) and `fee`. One pass over the merchant's
 * payments of the period, read through its listing index.
 */
export async function sumPaymentsByToken(
  db: Db,
  filter: PaymentFilter,
  paidStatuses: readonly PaymentStatus[],
): Promise<PaymentTotalsRow[]> {
  const paid = sql<boolean>`payments.status IN (${sql.join(paidStatuses)})`;
  return db
    .selectFrom("payments")
    .innerJoin("tokens", "tokens.id", "payments.token_id")
    .where(paymentsMatching(filter))
    .select([
      "tokens.address as token_address",
      "tokens.symbol as token_symbol",
      "tokens.decimals as token_decimals",
      sql<number>`count(*)::int`.as("count"),
      sql<number>`(count(*) FILTER (WHERE ${paid}))::int`.as("paid_count"),
      sql<string>`coalesce(sum(payments.amount) FILTER (WHERE ${paid}), 0)::text`.as("gross"),
      sql<string>`coalesce(sum(coalesce(payments.fee_amount, 0)) FILTER (WHERE ${paid}), 0)::text`.as("fee"),
    ])
    .groupBy(["tokens.address", "tokens.symbol", "tokens.decimals"])
    .orderBy("tokens.symbol")
    .orderBy("tokens.address")
    .execute();
}
