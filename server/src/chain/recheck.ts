import type { Logger } from "pino";
import { TransactionReceiptNotFoundError, type Hex, type PublicClient, type TransactionReceipt } from "viem";
import type { ChainFactHandler, RecordedEvent, WatchedChain } from "./chainFacts.js";
import { eventGroupOf, gatewayEventsFromReceipt, type GatewayEvent } from "./gatewayEvents.js";

/**
 * The id a recorded event is kept under: the payment's for a payment, the refund's gateway id for a refund,
 * `subscriptionId:period` for a subscription's charge.
 */
function recordedIdOf(entry: GatewayEvent): string {
  if (entry.kind === "RefundCompleted") return entry.event.refundId.toLowerCase();
  if (entry.kind === "SubscriptionCharged") return `${eventGroupOf(entry)}:${entry.event.period}`;
  return eventGroupOf(entry);
}

const keyOf = (kind: string, id: string, blockHash: string) => `${kind}|${id}|${blockHash.toLowerCase()}`;

/**
 * What became of a fact recorded in block `blockHash` that a read of that block lacks, by its transaction's
 * receipt: still there (`missed`: the read only missed it), mined again in another block with the same fact
 * (`moved`, with what `again` found in the receipt), or gone (`removed`: no receipt, reverted, or without it).
 */
export async function whereIsRecorded<T>(
  client: PublicClient,
  recorded: { txHash: string; blockHash: string },
  again: (receipt: TransactionReceipt) => T | undefined,
): Promise<{ state: "missed" } | { state: "moved"; again: T } | { state: "removed" }> {
  const receipt = await client
    .getTransactionReceipt({ hash: recorded.txHash as Hex })
    .catch((error: unknown) => {
      if (error instanceof TransactionReceiptNotFoundError) return undefined;
      throw error;
    });
  if (receipt?.blockHash.toLowerCase() === recorded.blockHash) return { state: "missed" };
  const found = receipt?.status === "success" ? again(receipt) : undefined;
  return found === undefined ? { state: "removed" } : { state: "moved", again: found };
}

/**
 * Checks every event the handler recorded in a range (`recorded`) against this read of it (`events`). One the
 * read lacks is looked up by its transaction's receipt: in the same block, the read only missed it (logged);
 * mined again in another block with the same event, that event is reported (the handler moves what it
 * recorded); otherwise (no receipt, reverted, or the event is not in it) the event is reported removed.
 */
export async function recheckRecordedEvents(
  context: { handler: ChainFactHandler; log: Logger },
  chain: WatchedChain,
  client: PublicClient,
  read: { events: readonly GatewayEvent[]; recorded: readonly RecordedEvent[] },
): Promise<void> {
  const { handler, log } = context;
  const found = new Set(
    read.events.map((entry) => keyOf(entry.kind, recordedIdOf(entry), entry.event.blockHash)),
  );
  for (const entry of read.recorded) {
    if (found.has(keyOf(entry.kind, entry.id, entry.blockHash))) continue;
    const fields = { chainId: chain.network_id, kind: entry.kind, id: entry.id, txHash: entry.txHash };
    const outcome = await whereIsRecorded(client, entry, (receipt) =>
      gatewayEventsFromReceipt(receipt, {
        chainId: chain.id,
        networkId: chain.network_id,
        gateways: chain.gateways,
      }).find((event) => event.kind === entry.kind && recordedIdOf(event) === entry.id),
    );
    if (outcome.state === "missed") {
      log.warn(fields, "a recorded event was missing from a read of its block; its receipt is there");
      continue;
    }
    if (outcome.state === "moved") {
      // Mined again in a later block: the handler moves what it recorded there, and that block's read checks it.
      await handler.event(chain, outcome.again);
      log.info(
        { ...fields, blockNumber: outcome.again.event.blockNumber },
        "reorg moved a recorded transaction",
      );
      continue;
    }
    if (await handler.eventRemoved(chain, entry)) {
      log.warn(fields, "reorg removed a recorded transaction");
    }
  }
}
