import type { ColumnType, Generated } from "kysely";
import type * as Records from "../../domain/records.js";
import type { FixedNumeric, Numeric, Timestamps } from "./columns.js";

/** A numeric column set once at insert, null when the row's kind has none. */
type FixedNullableNumeric = ColumnType<string | null, bigint | string | null | undefined, never>;

/** The gasless tables of the schema (`types.ts`): the relayer's requests, the faucet's grants and budgets, and the
 * nonce ledger of the keys that send them. */

export interface RelayRequestsTable extends Timestamps {
  id: ColumnType<number, never, never>;
  payment_id: number;
  network_id: number;
  /** How the payer signed (migration 030); the forwarder's fields are null for the gateway's own paths. */
  kind: ColumnType<Records.RelayKind, Records.RelayKind | undefined, never>;
  forwarder_address: string | null;
  from_address: string;
  to_address: string;
  gas: FixedNullableNumeric;
  forwarder_nonce: FixedNullableNumeric;
  permit2_nonce: FixedNullableNumeric;
  deadline: number;
  data: string;
  signature: string;
  status: ColumnType<Records.RelayStatus, never, Records.RelayStatus>;
  sender_transaction_id: ColumnType<number | null, never, number>;
  transaction_hash: ColumnType<string | null, never, string | null>;
  error_message: ColumnType<string | null, never, string | null>;
  /** The public-key caller's network (clientNetwork) that submitted it (migration 038); null before. */
  client_network: ColumnType<string | null, string | null | undefined, never>;
  /** The most gas it may be sent with, held against the budgets while in flight (migration 038); null before. */
  gas_limit: FixedNullableNumeric;
}

/**
 * A mined transaction of the relayer that reverted, against the merchant, payer and client it was sent for
 * when there is one (migration 038; it replaced relay_reverts).
 */
export interface RelayerRevertsTable {
  sender_transaction_id: number;
  network_id: number;
  purpose: Records.SenderPurpose;
  merchant_id: number | null;
  payer_address: string | null;
  client_network: string | null;
  transaction_hash: string;
  gas_used: FixedNumeric;
  /** Written with the service's clock (the budgets' windows are read with it). */
  created_at: ColumnType<Date, Date | undefined, never>;
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
  /** The EIP-7702 authorizations the transaction carries (migration 035); null: none. */
  authorization_list: ColumnType<StoredAuthorization[] | null, string | null | undefined, never>;
}

/** A signed EIP-7702 authorization as stored (JSON). */
export interface StoredAuthorization {
  chainId: number;
  address: string;
  nonce: number;
  r: string;
  s: string;
  yParity: number;
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
