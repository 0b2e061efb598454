import type { ColumnType, Generated } from "kysely";
import type { FixedNumeric, NullableDate, NullableNumeric, Numeric, Timestamps } from "./columns.js";

/**
 * The deposits' own table (payments by transfer): every final token transfer to a payment's deposit address.
 * The deposit terms themselves are columns of `payments` (db/types.ts); `server/test/db/schema.test.ts` checks
 * both against the migrations.
 */
export interface DepositTransfersTable {
  id: ColumnType<string, never, never>;
  /** payments.id */
  payment_id: number;
  chain_id: number;
  token_address: string;
  from_address: string;
  amount: Numeric;
  tx_hash: string;
  log_index: number;
  block_number: ColumnType<string, bigint | number, bigint | number>;
  block_hash: string;
  /** Read after the payment's transfer window had closed. */
  late: boolean;
  created_at: Generated<Date>;
}

/**
 * A return's kind: an overpayment's excess (to its payer), a late deposit (to its sender, on the merchant's
 * signature), or a wrong token or native coin (an operator's).
 */
export type DepositReturnKind = "excess" | "late" | "recovery";
/**
 * REORGED: mined, then removed by a reorg; its signed request may be mined again until its deadline, so it counts as
 * sent until then (migration 037).
 */
export type DepositReturnStatus = "SUBMITTED" | "RETURNED" | "FAILED" | "REORGED";

/**
 * Returns from deposit addresses (migration 031): each is the relayer's `returnDeposit` transaction, inserted
 * with it (the sender's link) and settled by the relayer's tracker.
 */
export interface DepositReturnsTable {
  id: ColumnType<string, never, never>;
  /** payments.id */
  payment_id: number;
  kind: DepositReturnKind;
  chain_return_id: string;
  /** The zero address for native coin. */
  token_address: string;
  to_address: string;
  amount: FixedNumeric;
  /** The recorded transfers (deposit_transfers.id) it sends back, all from `to_address`; empty before migration 037. */
  transfer_ids: ColumnType<string[], string[] | undefined, never>;
  deadline: ColumnType<string, bigint | number, never>;
  status: Generated<DepositReturnStatus>;
  sender_transaction_id: number;
  tx_hash: string | null;
  reason: string | null;
  created_at: Generated<Date>;
  finished_at: NullableDate;
}

/** A `DepositSwept` or `DepositReturned` read from the chain (migration 037). */
export type DepositEventKind = "swept" | "returned";

/**
 * Every DepositSwept and DepositReturned read (the watcher's logs, the relayer's receipts), whoever sent it; a reorg
 * that removes one deletes it.
 */
export interface DepositEventsTable {
  id: ColumnType<string, never, never>;
  /** payments.id */
  payment_id: number;
  chain_id: number;
  kind: DepositEventKind;
  /** returned: the gateway's return id. */
  return_id: string | null;
  /** The zero address for native coin. */
  token_address: string;
  /** swept: the merchant's recipient; returned: where it went. */
  to_address: string;
  amount: FixedNumeric;
  /** swept: the treasury's part of `amount`. */
  fee: ColumnType<string, bigint | string | undefined, never>;
  tx_hash: string;
  log_index: number;
  block_number: ColumnType<string, bigint | number, bigint | number>;
  block_hash: string;
  created_at: Generated<Date>;
}

/**
 * The sweeps of deposit addresses (migration 030): one row per sender transaction of purpose 'deposit_sweep', and
 * the columns of `payments` that say which sweep holds a payment and what it did.
 */

/**
 * PENDING while its transaction is under way; FAILED lets go of its payments (swept again by the next run), and so
 * does REORGED (mined, then removed by a reorg).
 */
export type DepositSweepStatus = "PENDING" | "CONFIRMED" | "FAILED" | "REORGED";

export interface DepositSweepsTable extends Timestamps {
  id: ColumnType<number, never, never>;
  chain_id: number;
  sender_transaction_id: number;
  /** payments.id of every deposit it sweeps, in the call's order. */
  payment_ids: ColumnType<number[], number[], never>;
  status: ColumnType<DepositSweepStatus, DepositSweepStatus | undefined, DepositSweepStatus>;
  tx_hash: string | null;
  block_number: ColumnType<string | null, bigint | null | undefined, bigint | null>;
  gas_used: NullableNumeric;
  error_message: string | null;
  finished_at: NullableDate;
}

/**
 * A deposit whose sweep the node said would revert (migration 034): tried again at `retry_at`, a delay that doubles
 * with each refusal; the last refusal's reason for the operator.
 */
export interface DepositSweepRefusalsTable {
  /** payments.id */
  payment_id: number;
  refusals: number;
  retry_at: Date;
  reason: string;
  updated_at: Date;
}

/** The sweep columns of `payments`. */
export interface PaymentSweepColumns {
  /**
   * The relayer's sweep under way or done (deposit_sweeps.id); null: none holds the payment (a sweep read from the
   * chain that someone else sent sets only the columns below).
   */
  deposit_sweep_id: ColumnType<number | null, never, number | null>;
  /** Once its sweep is confirmed: when, by which transaction, and what left the address (fee included). */
  swept_at: ColumnType<Date | null, never, Date | null>;
  sweep_tx_hash: ColumnType<string | null, never, string | null>;
  swept_amount: ColumnType<string | null, never, bigint | string | null>;
}
