import type { ColumnType } from "kysely";
import type { SubscriptionCanceledBy, SubscriptionStatus } from "../../domain/subscriptions.js";
import type { FixedNumeric, NullableDate, Timestamp, Timestamps } from "./columns.js";

/**
 * The subscriptions table of the schema (`types.ts`, migrations 029, 032 and 036): a schedule, its signatures and its
 * charging state.
 */
export interface SubscriptionsTable extends Timestamps {
  id: string;
  subscription_id: string;
  merchant_id: number;
  order_id: string;
  description: string | null;
  chain_id: number;
  token_id: number;
  gateway_address: string;
  recipient_address: string;
  /** Per charge in token units: exact, or for a fiat plan the signed maximum. */
  amount: FixedNumeric;
  /** A fiat plan's price per period (`fiat_amount` of `currency`); null for a plan priced in tokens. */
  currency: ColumnType<string | null, string | null | undefined, never>;
  fiat_amount: ColumnType<string | null, string | null | undefined, never>;
  /** Seconds; read as a decimal string (bigint column). */
  period_seconds: ColumnType<string, bigint, never>;
  starts_at: ColumnType<string | null, bigint | null | undefined, bigint>;
  charges: number;
  /** Where the subscribe page sends the payer back once subscribed. */
  return_url: ColumnType<string | null, string | null | undefined, never>;
  payer_address: string | null;
  use_permit2: ColumnType<boolean, boolean | undefined, boolean>;
  digest: string | null;
  payer_signature: string | null;
  server_signature: string | null;
  status: ColumnType<SubscriptionStatus, SubscriptionStatus | undefined, SubscriptionStatus>;
  next_period: ColumnType<number, number | undefined, number>;
  next_charge_at: NullableDate;
  failed_attempts: ColumnType<number, number | undefined, number>;
  retry_schedule: ColumnType<number[], number[], never>;
  on_failure: ColumnType<"PAST_DUE" | "CANCELED", "PAST_DUE" | "CANCELED", never>;
  last_error: string | null;
  canceled_by: SubscriptionCanceledBy | null;
  canceled_at: NullableDate;
  chain_cancel: ColumnType<"sent" | "unneeded" | null, never, "sent" | "unneeded" | null>;
  chain_cancel_sender_transaction_id: ColumnType<number | null, never, number | null>;
}

/** The payer_sessions table (migration 033): a payer's sign-in, scoped to one address. */
export interface PayerSessionsTable {
  token_hash: string;
  /** Lower case. */
  address: string;
  nonce: string;
  created_at: Timestamp;
  expires_at: ColumnType<Date, Date, Date>;
}
