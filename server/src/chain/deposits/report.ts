import type { Logger } from "pino";
import type { PublicClient, TransactionReceipt } from "viem";
import type { ChainFactHandler, RecordedInBlocks, RecordedTransfer, WatchedChain } from "../chainFacts.js";
import { whereIsRecorded } from "../recheck.js";
import { depositMovesFromReceipt, type DepositMove } from "./moves.js";
import { tokenTransfersFromReceipt, type TokenTransfer } from "./transfers.js";

const keyOf = (txHash: string, logIndex: number, blockHash: string) =>
  `${txHash.toLowerCase()}|${logIndex}|${blockHash.toLowerCase()}`;

interface DepositLogKind<T extends { txHash: string; logIndex: number; blockHash: string }> {
  name: string;
  report(entries: readonly T[]): Promise<string[]>;
  fromReceipt(receipt: TransactionReceipt): T[];
  removed(entry: RecordedTransfer): Promise<boolean>;
}

/**
 * Reports the token transfers of a final range (the handler keeps those to deposit addresses) and the gateways'
 * sweeps and returns, then checks what it recorded of each in those blocks (`recorded`, read before) against this
 * read, as recheck.ts does for gateway events: one the read lacks is looked up by its receipt (in the same block:
 * only missed; mined again elsewhere: its logs are reported again and the record moves; otherwise it is reported
 * removed, and the handler undoes it: a reorged sweep leaves its payment unswept, a reorged return is open again
 * until its deadline).
 */
export async function reportDepositTransfers(
  context: { handler: ChainFactHandler; log: Logger },
  chain: WatchedChain,
  client: PublicClient,
  read: {
    transfers: readonly TokenTransfer[];
    moves: readonly DepositMove[];
    recorded: Pick<RecordedInBlocks, "transfers" | "moves">;
  },
): Promise<void> {
  const { handler } = context;
  await reportAndRecheck(context, chain, client, read.transfers, read.recorded.transfers, {
    name: "deposit transfer",
    report: (entries) => handler.depositTransfers(chain, entries),
    fromReceipt: (receipt) => tokenTransfersFromReceipt(receipt, { chainId: chain.id, tokens: chain.tokens }),
    removed: (entry) => handler.transferRemoved(chain, entry),
  });
  await reportAndRecheck(context, chain, client, read.moves, read.recorded.moves, {
    name: "deposit sweep or return",
    report: (entries) => handler.depositMoves(chain, entries),
    fromReceipt: (receipt) =>
      depositMovesFromReceipt(receipt, { chainId: chain.id, gateways: chain.gateways }),
    removed: (entry) => handler.moveRemoved(chain, entry),
  });
}

async function reportAndRecheck<T extends { txHash: string; logIndex: number; blockHash: string }>(
  context: { log: Logger },
  chain: WatchedChain,
  client: PublicClient,
  entries: readonly T[],
  recorded: readonly RecordedTransfer[],
  kind: DepositLogKind<T>,
): Promise<void> {
  const { log } = context;
  if (entries.length > 0) {
    const outcomes = await kind.report(entries);
    if (outcomes.length > 0) log.debug({ chainId: chain.network_id, outcomes }, kind.name);
  }
  const found = new Set(entries.map((entry) => keyOf(entry.txHash, entry.logIndex, entry.blockHash)));
  for (const entry of recorded) {
    if (found.has(keyOf(entry.txHash, entry.logIndex, entry.blockHash))) continue;
    const fields = { chainId: chain.network_id, txHash: entry.txHash, logIndex: entry.logIndex };
    const outcome = await whereIsRecorded(client, entry, (receipt) => {
      const again = kind.fromReceipt(receipt);
      return again.some((other) => other.logIndex === entry.logIndex) ? again : undefined;
    });
    if (outcome.state === "missed") {
      log.warn(fields, `a recorded ${kind.name} was missing from a read of its block; its receipt is there`);
      continue;
    }
    if (outcome.state === "moved") {
      await kind.report(outcome.again);
      log.info(fields, `reorg moved a ${kind.name}`);
      continue;
    }
    if (await kind.removed(entry)) log.warn(fields, `reorg removed a ${kind.name}`);
  }
}
