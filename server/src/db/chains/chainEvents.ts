import type { Db } from "../infra/database.js";
import { type ChainEventKind } from "../../domain/records.js";

/** A gateway event as read from the chain, and what applying it did (`outcome`). */
export interface ChainEventRecord {
  chainId: number;
  kind: ChainEventKind;
  paymentId: string;
  txHash: string;
  blockNumber: bigint;
  blockHash: string;
  logIndex: number;
  args: Record<string, unknown>;
  outcome: string;
}

/**
 * Keeps a gateway event (every one, also those for unknown payments), once per log: a read of the same
 * range again adds nothing.
 */
export async function insertChainEvent(db: Db, event: ChainEventRecord): Promise<void> {
  await db
    .insertInto("chain_events")
    .values({
      chain_id: event.chainId,
      kind: event.kind,
      payment_id: event.paymentId.toLowerCase(),
      tx_hash: event.txHash.toLowerCase(),
      block_number: Number(event.blockNumber),
      block_hash: event.blockHash.toLowerCase(),
      log_index: event.logIndex,
      args: JSON.stringify(event.args),
      outcome: event.outcome,
    })
    .onConflict((oc) => oc.constraint("chain_events_log_key").doNothing())
    .execute();
}
