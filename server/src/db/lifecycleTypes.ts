import type { ColumnType, Generated, Insertable, Selectable } from "kysely";

/**
 * Row types of migration 004 (lifecycle). They extend `Database` and `PaymentsTable` of `types.ts` by
 * declaration merging, so the tables of each capability are declared next to their queries and
 * capabilities developed side by side never edit the same lines.
 */

type Timestamp = ColumnType<Date, never, never>;
type Numeric = ColumnType<string, bigint | string, bigint | string>;
type NullableNumeric = ColumnType<string | null, bigint | string | null | undefined, bigint | string | null>;
type NullableDate = ColumnType<Date | null, Date | null | undefined, Date | null>;

export type WebhookEventType =
  | "payment.paid"
  | "payment.invalid"
  | "payment.expired"
  | "payment.failed"
  | "payment.refund_submitted"
  | "payment.refund_expired"
  | "payment.refunded"
  | "payment.reorged"
  /** Migration 016: a test a merchant sends itself; about no payment. */
  | "webhook.test";

export type WebhookDeliveryStatus = "PENDING" | "SUCCEEDED" | "FAILED";
export type RefundStatus = "SUBMITTED" | "REFUNDED" | "EXPIRED";
export type ChainEventKind = "PaymentCompleted" | "RefundCompleted";

export interface ChainEventsTable {
  id: ColumnType<number, never, never>;
  chain_id: number;
  kind: ChainEventKind;
  payment_id: string;
  tx_hash: string;
  block_number: number;
  block_hash: string;
  log_index: number;
  args: ColumnType<Record<string, unknown>, string, string>;
  outcome: string;
  created_at: Timestamp;
}

export interface ChainCursorsTable {
  chain_id: number;
  block_number: number;
  block_hash: string;
  updated_at: Timestamp;
}

export interface WebhookEventsTable {
  id: string;
  merchant_id: number;
  payment_id: number | null;
  type: WebhookEventType;
  payload: ColumnType<Record<string, unknown>, string, never>;
  created_at: Timestamp;
}

export interface WebhookDeliveriesTable {
  id: string;
  event_id: string;
  merchant_id: number;
  status: ColumnType<WebhookDeliveryStatus, WebhookDeliveryStatus | undefined, WebhookDeliveryStatus>;
  attempt_count: Generated<number>;
  next_attempt_at: NullableDate;
  last_status_code: number | null;
  last_error: string | null;
  delivered_at: NullableDate;
  /** While an attempt is being sent: the end of its lease on one of the merchant's slots. */
  sending_until: NullableDate;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface WebhookAttemptsTable {
  id: ColumnType<number, never, never>;
  delivery_id: string;
  attempt: number;
  url: string;
  status_code: number | null;
  duration_ms: number;
  error: string | null;
  created_at: Timestamp;
}

export interface RefundsTable {
  id: string;
  payment_id: number;
  merchant_id: number;
  amount: Numeric;
  reason: string | null;
  status: ColumnType<RefundStatus, RefundStatus | undefined, RefundStatus>;
  deadline: number;
  server_signature: string;
  tx_hash: string | null;
  refunded_at: NullableDate;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** Migration 006: every gateway a chain's payments were signed for (kept by a trigger on chains). */
export interface ChainGatewaysTable {
  chain_id: number;
  gateway_address: string;
  created_at: Timestamp;
}

declare module "./types.js" {
  interface PaymentsTable {
    paid_after_expiry: Generated<boolean>;
    block_number: number | null;
    block_hash: string | null;
    log_index: number | null;
    fee_amount: NullableNumeric;
    status_reason: string | null;
    last_synced_at: ColumnType<Date, Date | undefined, Date>;
    /** Migration 006: when a reorg last removed the transaction that had paid it, and that transaction. */
    reorged_at: NullableDate;
    reorged_tx_hash: string | null;
    /** Migration 012: a pay transaction read mined but not yet final, while CREATED (holds the expiry). */
    seen_tx_hash: string | null;
    seen_block_number: ColumnType<string | null, bigint | null | undefined, bigint | null>;
    seen_at: NullableDate;
  }

  interface Database {
    chain_events: ChainEventsTable;
    chain_cursors: ChainCursorsTable;
    webhook_events: WebhookEventsTable;
    webhook_deliveries: WebhookDeliveriesTable;
    webhook_attempts: WebhookAttemptsTable;
    refunds: RefundsTable;
    chain_gateways: ChainGatewaysTable;
  }
}

export type WebhookEventRow = Selectable<WebhookEventsTable>;
export type WebhookDeliveryRow = Selectable<WebhookDeliveriesTable>;
export type WebhookAttemptRow = Selectable<WebhookAttemptsTable>;
export type RefundRow = Selectable<RefundsTable>;
export type NewRefundRow = Insertable<RefundsTable>;
export type ChainCursorRow = Selectable<ChainCursorsTable>;
