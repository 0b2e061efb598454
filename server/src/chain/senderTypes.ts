import { type Address, type Hex, type LocalAccount, type PublicClient, type TransactionReceipt } from "viem";
import type { Db, DbTransaction } from "../db/database.js";
import { type SenderTransactionRow } from "../db/rows.js";
import { type SenderPurpose, type SenderRole } from "../domain/records.js";

/** What the transaction sender takes and answers, and the hooks its owners (relays, grants) give it. */

/** How a sender transaction ended; handed to the owner (relay or grant) before it is recorded. */
export type SenderOutcome =
  | { status: "CONFIRMED"; receipt: TransactionReceipt }
  | { status: "FAILED"; receipt: TransactionReceipt | undefined; reason: string; payloadLanded: boolean };

export interface SenderHooks {
  /** Called (possibly more than once, from several processes) until the transaction is recorded as finished. */
  onFinished(tx: SenderTransactionRow, outcome: SenderOutcome): Promise<void>;
  /** A replacement with a new hash reached the node. */
  onBroadcast?(tx: SenderTransactionRow, txHash: string): Promise<void>;
  /**
   * Before a stuck transaction's payload is signed again with higher fees: a reason not to (it would
   * now revert) cancels it instead, and its nonce is filled with a zero-value transfer.
   */
  beforeReplace?(tx: SenderTransactionRow): Promise<string | undefined>;
}

export interface SenderCounters {
  sent: number;
  replaced: number;
  /** "nonce too low" answers to a first send, and nonces found used by another transaction. */
  nonceErrors: number;
  refused: number;
}

export interface TransactionSenderOptions {
  db: Db;
  client: PublicClient;
  networkId: number;
  role: SenderRole;
  accounts: readonly LocalAccount[];
  /** Blocks on top of the receipt's before the outcome counts. */
  confirmations: number;
  /** A sent transaction not mined after this long is replaced with higher fees. */
  stuckAfterMs: number;
  /** Replacement fee increase, percent (>= 10). */
  feeBumpPercent: number;
  hooks: SenderHooks;
  now?: () => Date;
}

export interface SendRequest {
  purpose: SenderPurpose;
  to: Address;
  value: bigint;
  data: Hex;
  gasLimit: bigint;
  /**
   * Runs inside the transaction that takes the nonce and stores the signed bytes: the owner records
   * its link to the transaction here. Returning false abandons everything (nothing is sent).
   */
  link(trx: DbTransaction, tx: SenderTransactionRow, txHash: Hex): Promise<boolean>;
}

export type SendResult =
  | { outcome: "abandoned" }
  | { outcome: "sent" | "unknown"; tx: SenderTransactionRow; txHash: Hex }
  | { outcome: "refused"; tx: SenderTransactionRow; txHash: Hex; reason: string };
