import type { ColumnType, Generated, Insertable, Selectable, Updateable } from "kysely";
import type { PaymentStatus } from "../domain/paymentStatus.js";

/** Written by the database (default now() and the updated_at trigger), read as Date. */
type Timestamp = ColumnType<Date, never, never>;
/** numeric columns are read as exact decimal strings and written from bigint or string. */
type Numeric = ColumnType<string, bigint | string, bigint | string>;

/** `finalized` / `safe`: the node's block of that tag is final; `depth`: `confirmations` below the head. */
export type ChainFinality = "finalized" | "safe" | "depth";

export interface ChainsTable {
  id: Generated<number>;
  network_id: number;
  name: string;
  is_testnet: boolean;
  rpc_url: string | null;
  gateway_address: string | null;
  forwarder_address: string | null;
  confirmations: Generated<number>;
  finality: Generated<ChainFinality>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface TokensTable {
  id: Generated<number>;
  chain_id: number;
  address: string;
  symbol: string;
  decimals: number;
  permit_supported: boolean;
  enabled: Generated<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface MerchantsTable {
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
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface PaymentMethodsTable {
  id: Generated<number>;
  merchant_id: number;
  token_id: number;
  is_enabled: Generated<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface PaymentsTable {
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
  created_at: Timestamp;
  updated_at: Timestamp;
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
}

export type ChainRow = Selectable<ChainsTable>;
export type NewChainRow = Insertable<ChainsTable>;
export type ChainUpdate = Updateable<ChainsTable>;
export type TokenRow = Selectable<TokensTable>;
export type NewTokenRow = Insertable<TokensTable>;
export type MerchantRow = Selectable<MerchantsTable>;
export type NewMerchantRow = Insertable<MerchantsTable>;
export type MerchantUpdate = Updateable<MerchantsTable>;
export type PaymentMethodRow = Selectable<PaymentMethodsTable>;
export type PaymentRow = Selectable<PaymentsTable>;
export type NewPaymentRow = Insertable<PaymentsTable>;
export type MerchantWalletRow = Selectable<MerchantWalletsTable>;
export type DashboardSessionRow = Selectable<DashboardSessionsTable>;
