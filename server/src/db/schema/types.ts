import type { ColumnType, Generated } from "kysely";
import type { PaymentStatus } from "../../domain/paymentStatus.js";
import type * as Records from "../../domain/records.js";
import type { NullableDate, NullableNumeric, Numeric, Timestamp, Timestamps } from "./columns.js";
import type {
  FaucetChainDaysTable,
  FaucetClientDaysTable,
  FaucetClientSaltsTable,
  FaucetMerchantDaysTable,
  GasGrantsTable,
  RelayRequestsTable,
  RelayerRevertsTable,
  SenderAccountsTable,
  SenderBroadcastsTable,
  SenderTransactionsTable,
} from "./gaslessTables.js";
import type {
  DepositEventsTable,
  DepositReturnsTable,
  DepositSweepRefusalsTable,
  DepositSweepsTable,
  DepositTransfersTable,
  PaymentSweepColumns,
} from "./depositTables.js";
import type { PayerSessionsTable, SubscriptionsTable } from "./subscriptionTables.js";

/**
 * The database schema: `Database` names every table of the migrations (the gasless ones are shaped in
 * `gaslessTables.ts`, the subscriptions' in `subscriptionTables.ts`, beside this file);
 * `server/test/db/schema/types.test.ts` compares it with the columns the migrations make.
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
  /** The eth_getLogs range limit learnt from the provider's refusals; null: none refused yet. */
  logs_max_blocks: number | null;
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
  /** Moved by a trigger when the keys change or the merchant is disabled: sessions of another epoch end. */
  session_epoch: Generated<number>;
  /** The wallet whose dashboard session issued the current secret key; null: the operator or the key. */
  api_key_issued_by: string | null;
  /** Payments by transfer: how short (bps of the amount) still settles, a late deposit's fate, the window. */
  deposit_tolerance_bps: Generated<number>;
  deposit_late_policy: Generated<Records.DepositLatePolicy>;
  transfer_window_minutes: Generated<number>;
}

export interface PaymentMethodsTable extends Timestamps {
  id: Generated<number>;
  merchant_id: number;
  token_id: number;
  is_enabled: Generated<boolean>;
}

export interface PaymentsTable extends Timestamps, PaymentSweepColumns {
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
  /** The payment link a payer started this payment from. */
  payment_link_id: ColumnType<string | null, string | null | undefined, never>;
  /** A link payment's starter: the SHA-256 of its browser token, and its client network. */
  link_client: ColumnType<string | null, string | null | undefined, never>;
  link_client_network: ColumnType<string | null, string | null | undefined, never>;
  /** What its completed refunds sent back (base units). */
  refunded_amount: ColumnType<string, never, bigint | string>;
  /** Its deposit terms beyond the payment's own, and when its transfer window closes (all null: no address). */
  deposit_address: ColumnType<string | null, string | null | undefined, never>;
  deposit_minimum_amount: ColumnType<string | null, bigint | null | undefined, never>;
  deposit_fee_bps: ColumnType<number | null, number | null | undefined, never>;
  transfer_expires_at: ColumnType<Date | null, Date | null | undefined, never>;
  /** What reached its deposit address in its token, and what of that exceeds the amount (base units). */
  amount_received: ColumnType<string, never, bigint | string>;
  overpaid_amount: ColumnType<string, never, bigint | string>;
  paid_via: ColumnType<Records.PaidVia | null, never, Records.PaidVia | null>;
  /** A subscription's charge: its subscription (sub_) and period. */
  subscription_id: ColumnType<string | null, string | null | undefined, never>;
  subscription_period: ColumnType<number | null, number | null | undefined, never>;
  /** Set again when a reorg removed the charge (unlinked) and the worker sends it again. */
  charge_sender_transaction_id: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface PaymentLinksTable extends Timestamps {
  id: string;
  merchant_id: number;
  title: string;
  token_id: number;
  /** A fixed amount (token units, or `currency` units); null: the payer types one within the bounds. */
  amount: ColumnType<string | null, string | null, never>;
  currency: ColumnType<string | null, string | null, never>;
  min_amount: ColumnType<string | null, string | null, never>;
  max_amount: ColumnType<string | null, string | null, never>;
  success_url: string;
  fail_url: string;
  expires_at: Date | null;
  max_uses: number | null;
  active: Generated<boolean>;
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
  /** The merchant's session_epoch when it signed in; it authenticates while they are equal. */
  merchant_epoch: number;
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
  /** While an attempt is being sent: who sends it (host:pid of the worker process). */
  sending_by: string | null;
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
  /** The refund's id on the gateway (bytes32), in its RefundCompleted event. */
  chain_refund_id: string;
  /** Migration 025: the payer the refund was signed for. */
  payer_address: string | null;
  /** Migration 025: where its RefundCompleted was read, while REFUNDED (chains.id, block, log). */
  chain_id: number | null;
  block_number: number | null;
  block_hash: string | null;
  log_index: number | null;
  /** A reorg removed its RefundCompleted: when, and the transaction it removed. */
  reorged_at: NullableDate;
  reorged_tx_hash: string | null;
  /** The wallet that sent the completed refund (its RefundCompleted event's sender); null until then. */
  sender_address: ColumnType<string | null, string | null | undefined, string | null>;
}

/** Migration 006: every gateway a chain's payments were signed for (kept by a trigger on chains). */
export interface ChainGatewaysTable {
  chain_id: number;
  gateway_address: string;
  created_at: Timestamp;
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

/** Payment sequences handed out per (chain, gateway), a block at a time. */
export interface PaymentSequencesTable extends Timestamps {
  chain_id: number;
  gateway_address: string;
  next_sequence: ColumnType<string, bigint, bigint>;
  /** Migration 025: every gateway event up to this block was read, its sequence below next_sequence. */
  read_to_block: ColumnType<number | null, number | null | undefined, number | null>;
  /** Migration 025: when a read last advanced read_to_block. */
  read_at: NullableDate;
}

/** Migration 025: a sequence whose bit an id Kassa does not know set, while a known id held it. */
export interface SequenceCollisionsTable {
  id: ColumnType<number, never, never>;
  chain_id: number;
  gateway_address: string;
  sequence: ColumnType<string, bigint, never>;
  kind: "payment" | "refund";
  known_id: string;
  seen_id: string | null;
  tx_hash: string | null;
  created_at: Timestamp;
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
  payment_links: PaymentLinksTable;
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
  relayer_reverts: RelayerRevertsTable;
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
  sequence_collisions: SequenceCollisionsTable;
  status_counts: StatusCountsTable;
  worker_heartbeats: WorkerHeartbeatsTable;
  deposit_transfers: DepositTransfersTable;
  deposit_returns: DepositReturnsTable;
  deposit_events: DepositEventsTable;
  deposit_sweeps: DepositSweepsTable;
  deposit_sweep_refusals: DepositSweepRefusalsTable;
  subscriptions: SubscriptionsTable;
  payer_sessions: PayerSessionsTable;
}
