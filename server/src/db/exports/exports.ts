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
 * Where the previous page ended: in a time range the last row's time (as PostgreSQL wrote it, to the microsecond:
 * a Date would round it to the millisecond and repeat or skip rows), type and key; in a block range its block, log
 * index, type and key (its place in the chain).
 */
export type ExportCursor =
  | { kind: "time"; atText: string; type: "payment" | "refund"; key: string }
  | { kind: "blocks"; block: string; logIndex: number; type: "payment" | "refund"; key: string };

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
  /** The transaction that settled the payment (its pay event, or the payer's transfer), or the refund's. */
  tx_hash: string | null;
  block_number: string | null;
  /** How the payment was paid (a refund row: its payment's). */
  paid_via: "contract" | "transfer" | null;
  /** Paid by transfer: the sweep that moved the money to the merchant's wallet, once there is one. */
  sweep_tx_hash: string | null;
  sweep_block_number: string | null;
  /** Where the money reached (or left) the merchant's wallet: the block and log of a block range's order. */
  money_block: string | null;
  money_log_index: number | null;
  currency: string | null;
  fiat_amount: string | null;
  token_price: string | null;
  /** A refund row: the wallet that sent it (null for a payment row, and for refunds recorded before senders). */
  sender_address: string | null;
}

/** The statuses of a payment that money settled (an INVALID one: money arrived that did not match). */
const settled = sql`('PAID', 'REFUND_SUBMITTED', 'REFUNDED', 'INVALID')`;

/**
 * What every payment row reads beside the payment: its token and chain (and `join`, a table its range is read
 * from); a payment INVALID, its pay event's amounts (`ce`); a payment by transfer, the transfer that settled it
 * (`dt`: the block of `tx_hash`, the payer's last transfer of it) and its sweep (`sweep`: a DepositSwept row, what
 * left the deposit address and its fee; the latest, or in a block range the one of the range).
 */
function paymentColumns(sweep: "se" | "e", join = sql``) {
  const s = sql.raw(sweep);
  return sql`
  SELECT 'payment' AS type, p.payment_id AS key, p.confirmed_at AS at, p.order_id, p.payment_id,
    NULL::text AS refund_id, p.status, c.network_id, t.symbol AS token_symbol, t.address AS token_address,
    t.decimals AS token_decimals, amounts.gross::text AS gross, amounts.fee::text AS fee, amounts.net::text AS net,
    p.payer_address, p.tx_hash, coalesce(p.block_number, dt.block_number)::text AS block_number, p.paid_via,
    ${s}.tx_hash AS sweep_tx_hash, ${s}.block_number::text AS sweep_block_number,
    (CASE WHEN p.paid_via = 'transfer' THEN ${s}.block_number ELSE p.block_number END)::text AS money_block,
    CASE WHEN p.paid_via = 'transfer' THEN ${s}.log_index ELSE p.log_index END AS money_log_index,
    p.currency, p.fiat_amount::text AS fiat_amount, p.token_price::text AS token_price, NULL::text AS sender_address
  FROM payments p
  JOIN tokens t ON t.id = p.token_id
  JOIN chains c ON c.id = p.chain_id
  ${join}
  LEFT JOIN LATERAL (
    SELECT e.args FROM chain_events e
    WHERE p.status = 'INVALID' AND e.kind = 'PaymentCompleted' AND e.payment_id = p.payment_id
      AND e.tx_hash = p.tx_hash
    ORDER BY e.id DESC LIMIT 1
  ) ce ON TRUE
  LEFT JOIN LATERAL (
    SELECT d.block_number FROM deposit_transfers d
    WHERE p.paid_via = 'transfer' AND d.payment_id = p.id AND d.tx_hash = p.tx_hash
    ORDER BY d.block_number DESC LIMIT 1
  ) dt ON TRUE
  LEFT JOIN LATERAL (
    SELECT d.tx_hash, d.block_number, d.log_index, d.amount, d.fee FROM deposit_events d
    WHERE p.paid_via = 'transfer' AND d.payment_id = p.id AND d.kind = 'swept'
    ORDER BY d.block_number DESC, d.log_index DESC LIMIT 1
  ) se ON TRUE
  CROSS JOIN LATERAL (
    SELECT
      CASE WHEN p.paid_via = 'transfer'
        -- What left the deposit address (fee included), or until the sweep what the payment takes of what arrived.
        THEN coalesce(${s}.amount, least(p.amount, p.amount_received - p.overpaid_amount))
        ELSE coalesce((ce.args->>'amount')::numeric, p.amount) END AS gross,
      CASE WHEN p.paid_via = 'transfer' THEN coalesce(${s}.fee, p.fee_amount, 0)
        ELSE coalesce((ce.args->>'fee')::numeric, p.fee_amount, 0) END AS fee
  ) paid
  CROSS JOIN LATERAL (
    SELECT paid.gross, paid.fee,
      -- An INVALID payment's recipient may have received less than gross - fee (a token that takes a cut).
      coalesce((ce.args->>'recipientReceived')::numeric, paid.gross - paid.fee) AS net
  ) amounts`;
}

const refundColumns = sql`
  SELECT 'refund' AS type, r.id AS key, r.refunded_at AS at, p.order_id, p.payment_id, r.id AS refund_id,
    r.status, c.network_id, t.symbol AS token_symbol, t.address AS token_address, t.decimals AS token_decimals,
    (-r.amount)::text AS gross, '0' AS fee,
    -- What left the merchant's wallet: nothing when another wallet sent the refund with its own tokens.
    CASE WHEN r.sender_address IS NULL OR r.sender_address = lower(p.recipient_address)
      THEN (-r.amount)::text ELSE '0' END AS net,
    p.payer_address, r.tx_hash, r.block_number::text AS block_number, p.paid_via,
    NULL::text AS sweep_tx_hash, NULL::text AS sweep_block_number,
    r.block_number::text AS money_block, r.log_index AS money_log_index,
    p.currency, NULL::text AS fiat_amount, NULL::text AS token_price, r.sender_address
  FROM refunds r
  JOIN payments p ON p.id = r.payment_id
  JOIN tokens t ON t.id = p.token_id
  JOIN chains c ON c.id = p.chain_id`;

/**
 * The statement of an export page: the next `limit` money movements after `after`. Money movements are the
 * payments money settled (PAID, then possibly refunded; INVALID: money arrived that did not match, its amounts
 * taken from the chain event) and the refunds completed on chain.
 *
 * A time range takes the payments Kassa recorded paid in it (a payment by transfer with its sweep once there is one)
 * and the refunds it recorded completed, in that order. A block range takes what reached or left the merchant's
 * wallet in those blocks, in chain order (block, then log): a payment paid by contract at its pay event, a payment by
 * transfer at its sweep (DepositSwept: that is when its money reached the wallet; until then it waits at the deposit
 * address), a refund at its RefundCompleted. So a block range's rows add up to the token's transfers into and out of
 * the merchant's wallet and into the treasury in those blocks.
 *
 * Each branch applies the cursor itself and reads its own index in order (time: payments by merchant, confirmation
 * and id, refunds by merchant, completion and id; blocks: pay events, sweeps and refunds by chain and block),
 * stopping after `limit` rows: a page costs its own rows whatever came before, so an export is linear in what it
 * reads (a cursor applied above the union made each page sort the whole range again).
 */
export function exportPageQuery(
  merchantRowId: number,
  range: ExportRange,
  after: ExportCursor | undefined,
  limit: number,
) {
  if (range.kind === "time") {
    // Rows sort by (time, type, key) and 'payment' < 'refund': after a payment row, the payments after it and
    // the refunds at or after its time; after a refund row, the payments after its time and the refunds after it.
    const cursor = after?.kind === "time" ? after : undefined;
    const at = cursor && sql`${cursor.atText}::timestamptz`;
    const paymentAfter = !cursor
      ? sql`TRUE`
      : cursor.type === "payment"
        ? sql`(p.confirmed_at, p.payment_id) > (${at}, ${cursor.key})`
        : sql`p.confirmed_at > ${at}`;
    const refundAfter = !cursor
      ? sql`TRUE`
      : cursor.type === "payment"
        ? sql`r.refunded_at >= ${at}`
        : sql`(r.refunded_at, r.id) > (${at}, ${cursor.key})`;
    return sql<ExportRow>`
      SELECT m.*, m.at::text AS at_text FROM ((
        ${paymentColumns("se")}
        WHERE p.merchant_id = ${merchantRowId} AND p.confirmed_at IS NOT NULL AND p.status IN ${settled}
          AND p.confirmed_at >= ${range.since} AND p.confirmed_at < ${range.until} AND ${paymentAfter}
        ORDER BY p.confirmed_at, p.payment_id
        LIMIT ${limit}
      ) UNION ALL (
        ${refundColumns}
        WHERE r.merchant_id = ${merchantRowId} AND r.status = 'REFUNDED' AND r.refunded_at IS NOT NULL
          AND r.refunded_at >= ${range.since} AND r.refunded_at < ${range.until} AND ${refundAfter}
        ORDER BY r.refunded_at, r.id
        LIMIT ${limit}
      )) m
      ORDER BY m.at, m.type, m.key
      LIMIT ${limit}
    `;
  }
  // Rows sort by (block, log index, type, key): a log is one movement, and the type and key only break the ties of
  // rows that share a log (none on a chain; copies in a test). A branch of type `type` after the cursor: its rows
  // after the cursor's log when its type sorts before the cursor's, from that log on when after, and past the
  // cursor's key at that log when the same. Each branch reads its (chain, block) index in block order, sorting only
  // the logs of a block at a time (an incremental sort): a page reads its own rows.
  const cursor = after?.kind === "blocks" ? after : undefined;
  const place = (
    type: "payment" | "refund",
    block: ReturnType<typeof sql>,
    log: ReturnType<typeof sql>,
    /** Unset: the branch's (block, log) is unique (one event per log of a chain). */
    key?: ReturnType<typeof sql>,
  ) => {
    if (!cursor) return sql`TRUE`;
    const at = sql`(${cursor.block}::bigint, ${cursor.logIndex}::int)`;
    if (type === cursor.type && key) {
      return sql`(${block}, ${log}, ${key}) > (${cursor.block}::bigint, ${cursor.logIndex}::int, ${cursor.key})`;
    }
    return type <= cursor.type ? sql`(${block}, ${log}) > ${at}` : sql`(${block}, ${log}) >= ${at}`;
  };
  const { chainRowId, fromBlock, toBlock } = range;
  return sql<ExportRow>`
    SELECT m.*, m.at::text AS at_text FROM ((
      ${paymentColumns("se")}
      WHERE p.chain_id = ${chainRowId} AND p.block_number BETWEEN ${fromBlock} AND ${toBlock}
        AND p.merchant_id = ${merchantRowId} AND p.status IN ${settled}
        AND ${place("payment", sql`p.block_number`, sql`p.log_index`, sql`p.payment_id`)}
      ORDER BY p.block_number, p.log_index, p.payment_id
      LIMIT ${limit}
    ) UNION ALL (
      ${paymentColumns("e", sql`JOIN deposit_events e ON e.payment_id = p.id`)}
      WHERE e.chain_id = ${chainRowId} AND e.kind = 'swept' AND e.block_number BETWEEN ${fromBlock} AND ${toBlock}
        AND p.merchant_id = ${merchantRowId} AND p.paid_via = 'transfer'
        AND ${place("payment", sql`e.block_number`, sql`e.log_index`)}
      ORDER BY e.block_number, e.log_index
      LIMIT ${limit}
    ) UNION ALL (
      ${refundColumns}
      WHERE r.chain_id = ${chainRowId} AND r.status = 'REFUNDED' AND r.block_number BETWEEN ${fromBlock} AND ${toBlock}
        AND r.merchant_id = ${merchantRowId}
        AND ${place("refund", sql`r.block_number`, sql`r.log_index`, sql`r.id`)}
      ORDER BY r.block_number, r.log_index, r.id
      LIMIT ${limit}
    )) m
    ORDER BY m.money_block::bigint, m.money_log_index, m.type, m.key
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
