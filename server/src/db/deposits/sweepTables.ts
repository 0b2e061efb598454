import type { ColumnType } from "kysely";
import type { NullableDate, NullableNumeric, Timestamps } from "../schema/columns.js";

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
