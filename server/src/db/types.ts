import type { ColumnType, Generated } from "kysely";
import type { PaymentStatus } from "../domain/paymentStatus.js";
import type * as Records from "../domain/records.js";
import type {
  FixedNumeric,
  NullableDate,
  NullableNumeric,
  Numeric,
  Timestamp,
  Timestamps,
} from "./columns.js";

/**
 * The database schema, every table of the migrations in one place; `server/test/db/schema.test.ts`
 * compares it with the columns the migrations make.
 */

export interface ChainsTable extends Timestamps {
  id: Generated<number>;
  network_id: number;
  name: string;
  is_testnet: boolean;
  rpc_url: string | null;
  gateway_address: string | null;
  forwarder_address: string | null;
  confirmations: Generated<number>;
  finality: Generated<Records.ChainFinality>;
}

export interface TokensTable extends Timestamps {
  id: Generated<number>;
  chain_id: number;
  address: string;
  symbol: string;
  decimals: number;
  permit_supported: boolean;
  enabled: Generated<boolean>;
}

export interface MerchantsTable extends Timestamps {
  id: Generated<number>;
  merchant_key: string;
  merchant_id: string;
  name: string;
  chain_id: number | null;
  recipient_address: string | null;
  webhook_url: string | null;
  webhook_secret: string;
  faucet_enabled: Generated<boolean>;
  is_enabled: Generated<boolean>;
  fee_bps: number | null;
  api_key_hash: string;
  public_key: string;
  public_key_hash: string;
}

export interface PaymentMethodsTable extends Timestamps {
  id: Generated<number>;
  merchant_id: number;
  token_id: number;
  is_enabled: Generated<boolean>;
}

export interface PaymentsTable extends Timestamps {
  id: ColumnType<number, never, never>;
  payment_id: string;
  merchant_id: number;
  order_id: string;
  chain_id: number;
  token_id: number;
  amount: Numeric;
  recipient_address: string;
  gateway_address: string;
  forwarder_address: string | null;
  status: ColumnType<PaymentStatus, PaymentStatus | undefined, PaymentStatus>;
  deadline: number;
  expires_at: ColumnType<Date, Date, Date>;
  tx_hash: string | null;
  payer_address: string | null;
  confirmed_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  currency: string | null;
  fiat_amount: ColumnType<string | null, string | null | undefined, string | null>;
  token_price: ColumnType<string | null, string | null | undefined, string | null>;
  success_url: string;
  fail_url: string;
  server_signature: string;
  paid_after_expiry: Generated<boolean>;
  block_number: number | null;
  block_hash: string | null;
  log_index: number | null;
  fee_amount: NullableNumeric;
  status_reason: string | null;
  last_synced_at: ColumnType<Date, Date | undefined, Date>;
  /** When a reorg last removed the transaction that had paid it, and that transaction. */
  reorged_at: NullableDate;
  reorged_tx_hash: string | null;
  /** A pay transaction read mined but not yet final, while CREATED (holds the expiry). */
  seen_tx_hash: string | null;
  seen_block_number: ColumnType<string | null, bigint | null | undefined, bigint | null>;
  seen_at: NullableDate;
}

export interface ServerKeysTable {
  name: string;
  secret: Buffer;
  created_at: Timestamp;
}

export interface MerchantWalletsTable {
  id: Generated<number>;
  merchant_id: number;
  address: string;
  label: string | null;
  created_at: Timestamp;
}

export interface DashboardSessionsTable {
  token_hash: string;
  merchant_id: number;
  address: string;
  nonce: string;
  created_at: Timestamp;
  expires_at: ColumnType<Date, Date, Date>;
  revoked_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

export interface MigrationsTable {
  id: number;
  name: string;
  applied_at: Timestamp;
}

export interface ChainEventsTable {
  id: ColumnType<number, never, never>;
  chain_id: number;
  kind: Records.ChainEventKind;
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
  type: Records.WebhookEventType;
  payload: ColumnType<Record<string, unknown>, string, never>;
  created_at: Timestamp;
}

export interface WebhookDeliveriesTable extends Timestamps {
  id: string;
  event_id: string;
  merchant_id: number;
  status: ColumnType<
    Records.WebhookDeliveryStatus,
    Records.WebhookDeliveryStatus | undefined,
    Records.WebhookDeliveryStatus
  >;
  attempt_count: Generated<number>;
  next_attempt_at: NullableDate;
  last_status_code: number | null;
  last_error: string | null;
  delivered_at: NullableDate;
  /** While an attempt is being sent: the end of its lease on one of the merchant's slots. */
  sending_until: NullableDate;
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

export interface RefundsTable extends Timestamps {
  id: string;
  payment_id: number;
  merchant_id: number;
  amount: Numeric;
  reason: string | null;
  status: ColumnType<Records.RefundStatus, Records.RefundStatus | undefined, Records.RefundStatus>;
  deadline: number;
  server_signature: string;
  tx_hash: string | null;
  refunded_at: NullableDate;
}

/** Migration 006: every gateway a chain's payments were signed for (kept by a trigger on chains). */
export interface ChainGatewaysTable {
  chain_id: number;
  gateway_address: string;
  created_at: Timestamp;
}

export interface RelayRequestsTable extends Timestamps {
  id: ColumnType<number, never, never>;
  payment_id: number;
  network_id: number;
  forwarder_address: string;
  from_address: string;
  to_address: string;
  gas: FixedNumeric;
  forwarder_nonce: FixedNumeric;
  deadline: number;
  data: string;
  signature: string;
  status: ColumnType<Records.RelayStatus, never, Records.RelayStatus>;
  sender_transaction_id: ColumnType<number | null, never, number>;
  transaction_hash: ColumnType<string | null, never, string | null>;
  error_message: ColumnType<string | null, never, string | null>;
}

/** A mined relay that reverted, against its payer and merchant (migration 006). */
export interface RelayRevertsTable {
  relay_request_id: number;
  network_id: number;
  payer_address: string;
  merchant_id: number;
  transaction_hash: string;
  gas_used: FixedNumeric;
  created_at: Timestamp;
}

export interface GasGrantsTable extends Timestamps {
  id: ColumnType<number, never, never>;
  network_id: number;
  wallet_address: string;
  payment_id: number;
  amount: ColumnType<string, bigint, never>;
  status: ColumnType<Records.GrantStatus, never, Records.GrantStatus>;
  sender_transaction_id: ColumnType<number | null, never, number>;
  tx_hash: ColumnType<string | null, never, string>;
  charged_wei: ColumnType<string, bigint, never>;
  budget_day: ColumnType<Date | null, string, never>;
  client_key: ColumnType<string | null, string, never>;
  error_message: ColumnType<string | null, never, string>;
}

/** A daily counter of the faucet's budgets: a chain's, a merchant's on a chain. */
export interface FaucetChainDaysTable {
  network_id: number;
  day: ColumnType<Date, string, never>;
  spent_wei: ColumnType<string, bigint, never>;
  grants: number;
}

export interface FaucetMerchantDaysTable extends FaucetChainDaysTable {
  merchant_id: number;
}

/** Grants of a client on a day; `client_key` is sha256 of the day's salt and the client's network. */
export interface FaucetClientDaysTable {
  day: ColumnType<Date, string, never>;
  client_key: string;
  grants: number;
}

export interface TokenPriceSourcesTable extends Timestamps {
  token_id: number;
  kind: Records.PriceSourceKind;
  ref: string;
  feed_network_id: number | null;
  quote_currency: string | null;
}

export interface PriceSamplesTable {
  id: ColumnType<number, never, never>;
  token_id: number;
  currency: string;
  price: ColumnType<string, string, string>;
  source: string;
  observed_at: Date | null;
  sampled_at: Date;
}

export interface SenderAccountsTable extends Timestamps {
  network_id: number;
  address: string;
  role: Records.SenderRole;
  next_nonce: number;
}

export interface SenderTransactionsTable extends Timestamps {
  id: ColumnType<number, never, never>;
  network_id: number;
  sender_address: string;
  nonce: number;
  purpose: Records.SenderPurpose;
  to_address: string;
  value: Numeric;
  data: string;
  gas_limit: Numeric;
  status: ColumnType<
    Records.SenderTransactionStatus,
    Records.SenderTransactionStatus | undefined,
    Records.SenderTransactionStatus
  >;
  cancelled: Generated<boolean>;
  mined_hash: string | null;
  block_number: number | null;
  error_message: string | null;
}

export interface SenderBroadcastsTable {
  id: ColumnType<number, never, never>;
  sender_transaction_id: number;
  tx_hash: string;
  raw_transaction: string;
  is_filler: Generated<boolean>;
  max_fee_per_gas: ColumnType<string | null, bigint | null | undefined, bigint | null>;
  max_priority_fee_per_gas: ColumnType<string | null, bigint | null | undefined, bigint | null>;
  gas_price: ColumnType<string | null, bigint | null | undefined, bigint | null>;
  status: ColumnType<Records.BroadcastStatus, Records.BroadcastStatus | undefined, Records.BroadcastStatus>;
  error_message: string | null;
  created_at: ColumnType<Date, never, never>;
  sent_at: ColumnType<Date | null, never, Date | null>;
}

/** Per day, the salt that makes the faucet's client keys unlinkable across days. */
export interface FaucetClientSaltsTable {
  day: ColumnType<Date, string, never>;
  salt: Generated<string>;
}

/** Payment sequences handed out per (chain, gateway), a block at a time. */
export interface PaymentSequencesTable extends Timestamps {
  chain_id: number;
  gateway_address: string;
  next_sequence: ColumnType<string, bigint, bigint>;
}

/** Rows per status, kept by triggers in shards so writers do not queue on one row. */
export interface StatusCountsTable {
  table_name: "payments" | "webhook_deliveries";
  status: string;
  shard: number;
  n: ColumnType<string, bigint, bigint>;
}

/** A worker process seen alive; the queue releases the jobs of a pool not seen for a while. */
export interface WorkerHeartbeatsTable {
  pool_id: string;
  pid: number;
  hostname: string;
  started_at: Timestamp;
  seen_at: ColumnType<Date, never, Date>;
}

export interface Database {
  chains: ChainsTable;
  tokens: TokensTable;
  merchants: MerchantsTable;
  payment_methods: PaymentMethodsTable;
  payments: PaymentsTable;
  server_keys: ServerKeysTable;
  merchant_wallets: MerchantWalletsTable;
  dashboard_sessions: DashboardSessionsTable;
  kassa_migrations: MigrationsTable;
  chain_events: ChainEventsTable;
  chain_cursors: ChainCursorsTable;
  chain_gateways: ChainGatewaysTable;
  webhook_events: WebhookEventsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  webhook_attempts: WebhookAttemptsTable;
  refunds: RefundsTable;
  relay_requests: RelayRequestsTable;
  relay_reverts: RelayRevertsTable;
  gas_grants: GasGrantsTable;
  faucet_chain_days: FaucetChainDaysTable;
  faucet_merchant_days: FaucetMerchantDaysTable;
  faucet_client_days: FaucetClientDaysTable;
  token_price_sources: TokenPriceSourcesTable;
  price_samples: PriceSamplesTable;
  sender_accounts: SenderAccountsTable;
  sender_transactions: SenderTransactionsTable;
  sender_broadcasts: SenderBroadcastsTable;
  faucet_client_salts: FaucetClientSaltsTable;
  payment_sequences: PaymentSequencesTable;
  status_counts: StatusCountsTable;
  worker_heartbeats: WorkerHeartbeatsTable;
}
