import type { ColumnType, Generated } from "kysely";
import type { Numeric } from "../schema/columns.js";

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
