import { sql } from "kysely";
import type { Db } from "../infra/database.js";

/**
 * The rows of an accounting export: a merchant's settled payments (money in) and completed refunds
 * (money out), in the order the money moved, a page at a time.
 */

/** Which movements an export covers: a time range, or a block range on one chain. */
export type ExportRange =
  | { kind: "time"; since: Date; until: Date }
  | { kind: "blocks"; chainRowId: number; fromBlock: number; toBlock: number };

/**
 * Where the previous page ended: the last row's time (as PostgreSQL wrote it, to the microsecond: a
 * Date would round it to the millisecond and repeat or skip rows), type and key.
 */
export interface ExportCursor {
  atText: string;
  type: "payment" | "refund";
  key: string;
}

export interface ExportRow {
  type: "payment" | "refund";
  /** The payment id for a payment, the refund id for a refund: unique within the type. */
  key: string;
  /** When Kassa recorded the movement final (a payment's confirmation, a refund's completion). */
  at: Date;
  /** `at` to the microsecond, for the cursor. */
  at_text: string;
  order_id: string;
  payment_id: string;
  refund_id: string | null;
  status: string;
  network_id: number;
  token_symbol: string;
  token_address: string;
  token_decimals: number;
  /** Base units, exact: what the payer sent (a refund: what went back, negative). */
  gross: string;
  /** Base units: the gateway's fee to the treasury (0 for a refund). */
  fee: string;
  /** Base units: what reached the merchant's wallet (a refund: what left it, negative). */
  net: string;
  payer_address: string | null;
  tx_hash: string | null;
  block_number: string | null;
  currency: string | null;
  fiat_amount: string | null;
  token_price: string | null;
  /** A refund row: the wallet that sent it (null for a payment row, and for refunds recorded before senders). */
  sender_address: string | null;
}

/**
 * The statement of an export page: the next `limit` money movements after `after`. Money movements are the
 * payments settled by a transfer (PAID, then possibly refunded; INVALID: money arrived that did not match,
 * its amounts taken from the chain event) and the refunds completed on chain. Each branch applies the
 * cursor itself and reads its own index in order (payments by merchant, confirmation and id; refunds by
 * merchant, completion and id), stopping after `limit` rows: a page costs its own rows whatever came
 * before, so an export is linear in what it reads (a cursor applied above the union made each page sort
 * the whole range again).
 */
export function exportPageQuery(
  merchantRowId: number,
  range: ExportRange,
  after: ExportCursor | undefined,
  limit: number,
) {
  const paymentRange =
    range.kind === "time"
      ? sql`p.confirmed_at >= ${range.since} AND p.confirmed_at < ${range.until}`
      : sql`p.chain_id = ${range.chainRowId} AND p.block_number BETWEEN ${range.fromBlock} AND ${range.toBlock}`;
  const refundRange =
    range.kind === "time"
      ? sql`r.refunded_at >= ${range.since} AND r.refunded_at < ${range.until}`
      : sql`p.chain_id = ${range.chainRowId} AND ce.block_number BETWEEN ${range.fromBlock} AND ${range.toBlock}`;
  // Rows sort by (time, type, key) and 'payment' < 'refund': after a payment row, the payments after it
  // and the refunds at or after its time; after a refund row, the payments after its time and the refunds
  // after it.
  const at = after && sql`${after.atText}::timestamptz`;
  const paymentAfter = !after
    ? sql`TRUE`
    : after.type === "payment"
      ? sql`(p.confirmed_at, p.payment_id) > (${at}, ${after.key})`
      : sql`p.confirmed_at > ${at}`;
  const refundAfter = !after
    ? sql`TRUE`
    : after.type === "payment"
      ? sql`r.refunded_at >= ${at}`
      : sql`(r.refunded_at, r.id) > (${at}, ${after.key})`;
  return sql<ExportRow>`
    SELECT m.*, m.at::text AS at_text FROM ((
      SELECT 'payment' AS type, p.payment_id AS key, p.confirmed_at AS at, p.order_id, p.payment_id,
        NULL::text AS refund_id, p.status, c.network_id, t.symbol AS token_symbol, t.address AS token_address,
        t.decimals AS token_decimals,
        coalesce((ce.args->>'amount')::numeric, p.amount)::text AS gross,
        coalesce((ce.args->>'fee')::numeric, p.fee_amount, 0)::text AS fee,
        coalesce(
          (ce.args->>'recipientReceived')::numeric,
          coalesce((ce.args->>'amount')::numeric, p.amount) - coalesce((ce.args->>'fee')::numeric, p.fee_amount, 0)
        )::text AS net,
        p.payer_address, p.tx_hash, p.block_number::text AS block_number, p.currency,
        p.fiat_amount::text AS fiat_amount, p.token_price::text AS token_price, NULL::text AS sender_address
      FROM payments p
      JOIN tokens t ON t.id = p.token_id
      JOIN chains c ON c.id = p.chain_id
      LEFT JOIN LATERAL (
        SELECT e.args FROM chain_events e
        WHERE p.status = 'INVALID' AND e.kind = 'PaymentCompleted' AND e.payment_id = p.payment_id
          AND e.tx_hash = p.tx_hash
        ORDER BY e.id DESC LIMIT 1
      ) ce ON TRUE
      WHERE p.merchant_id = ${merchantRowId} AND p.confirmed_at IS NOT NULL
        AND p.status IN ('PAID', 'REFUND_SUBMITTED', 'REFUNDED', 'INVALID') AND ${paymentRange}
        AND ${paymentAfter}
      ORDER BY p.confirmed_at, p.payment_id
      LIMIT ${limit}
    ) UNION ALL (
      SELECT 'refund', r.id, r.refunded_at, p.order_id, p.payment_id, r.id, r.status, c.network_id, t.symbol,
        t.address, t.decimals, (-r.amount)::text, '0',
        -- What left the merchant's wallet: nothing when another wallet sent the refund with its own tokens.
        CASE WHEN r.sender_address IS NULL OR r.sender_address = lower(p.recipient_address)
          THEN (-r.amount)::text ELSE '0' END,
        p.payer_address, r.tx_hash, ce.block_number::text, p.currency, NULL, NULL, r.sender_address
      FROM refunds r
      JOIN payments p ON p.id = r.payment_id
      JOIN tokens t ON t.id = p.token_id
      JOIN chains c ON c.id = p.chain_id
      LEFT JOIN LATERAL (
        SELECT e.block_number FROM chain_events e
        WHERE e.kind = 'RefundCompleted' AND e.payment_id = p.payment_id AND e.tx_hash = lower(r.tx_hash)
        ORDER BY e.id DESC LIMIT 1
      ) ce ON TRUE
      WHERE r.merchant_id = ${merchantRowId} AND r.status = 'REFUNDED' AND r.refunded_at IS NOT NULL
        AND ${refundRange} AND ${refundAfter}
      ORDER BY r.refunded_at, r.id
      LIMIT ${limit}
    )) m
    ORDER BY m.at, m.type, m.key
    LIMIT ${limit}
  `;
}

/** The next page of an export (exportPageQuery). */
export async function readExportPage(
  db: Db,
  merchantRowId: number,
  range: ExportRange,
  after: ExportCursor | undefined,
  limit: number,
): Promise<ExportRow[]> {
  const { rows } = await exportPageQuery(merchantRowId, range, after, limit).execute(db);
  return rows;
}
