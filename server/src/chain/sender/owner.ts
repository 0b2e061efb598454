import { type TransactionReceipt } from "viem";
import { type SenderTransactionRow } from "../../db/schema/rows.js";
import { type FeeQuote } from "./fees.js";

/**
 * What a transaction sender tells the owner of each transaction it sends, and what it asks of it: the owner
 * decides what an outcome means for its own records. core/gasless/gasless.ts finds the owner by the
 * transaction's purpose in its table (`senderPurposes`).
 */

/** How a sender transaction ended; handed to its owner before it is recorded. */
export type SenderOutcome =
  | { status: "CONFIRMED"; receipt: TransactionReceipt }
  | { status: "FAILED"; receipt: TransactionReceipt | undefined; reason: string; payloadLanded: boolean };

export interface SenderHooks {
  /** Called (possibly more than once, from several processes) until the transaction is recorded as finished. */
  onFinished(tx: SenderTransactionRow, outcome: SenderOutcome): Promise<void>;
  /** A replacement with a new hash reached the node. */
  onBroadcast?(tx: SenderTransactionRow, txHash: string): Promise<void>;
  /**
   * Before a stuck transaction's payload is signed again with the higher fees `fees`: a reason not to (it
   * would now revert at those fees) cancels it instead, and its nonce is filled with a zero-value transfer.
   */
  beforeReplace?(tx: SenderTransactionRow, fees: FeeQuote): Promise<string | undefined>;
}
