import type { Logger } from "pino";
import { TransactionReceiptNotFoundError, type Hex, type PublicClient } from "viem";
import type { ChainFactHandler, WatchedChain } from "../chainFacts.js";
import { tokenTransfersFromReceipt, type TokenTransfer } from "./transfers.js";

const keyOf = (txHash: string, logIndex: number, blockHash: string) =>
  `${txHash.toLowerCase()}|${logIndex}|${blockHash.toLowerCase()}`;

/**
 * Reports the token transfers of a final range (the handler keeps those to deposit addresses), then checks the
 * transfers it recorded in those blocks against this read, as recheck.ts does for gateway events: one the read
 * lacks is looked up by its receipt (in the same block: only missed; mined again elsewhere: its transfers are
 * reported again and the record moves; otherwise it is reported removed).
 */
export async function reportDepositTransfers(
  context: { handler: ChainFactHandler; log: Logger },
  chain: WatchedChain,
  client: PublicClient,
  read: { fromBlock: bigint; toBlock: bigint; transfers: readonly TokenTransfer[] },
): Promise<void> {
  const { handler, log } = context;
  if (read.transfers.length > 0) {
    const outcomes = await handler.depositTransfers(chain, read.transfers);
    if (outcomes.length > 0) log.debug({ chainId: chain.network_id, outcomes }, "deposit transfers");
  }
  const found = new Set(read.transfers.map((entry) => keyOf(entry.txHash, entry.logIndex, entry.blockHash)));
  const recorded = await handler.recordedTransfers(chain, read.fromBlock, read.toBlock);
  for (const entry of recorded) {
    if (found.has(keyOf(entry.txHash, entry.logIndex, entry.blockHash))) continue;
    const fields = { chainId: chain.network_id, txHash: entry.txHash, logIndex: entry.logIndex };
    const receipt = await client
      .getTransactionReceipt({ hash: entry.txHash as Hex })
      .catch((error: unknown) => {
        if (error instanceof TransactionReceiptNotFoundError) return undefined;
        throw error;
      });
    if (receipt?.blockHash.toLowerCase() === entry.blockHash) {
      log.warn(
        fields,
        "a recorded deposit transfer was missing from a read of its block; its receipt is there",
      );
      continue;
    }
    const again =
      receipt?.status === "success"
        ? tokenTransfersFromReceipt(receipt, { chainId: chain.id, tokens: chain.tokens })
        : [];
    if (again.some((transfer) => transfer.logIndex === entry.logIndex)) {
      await handler.depositTransfers(chain, again);
      log.info(fields, "reorg moved a deposit transfer");
      continue;
    }
    if (await handler.transferRemoved(chain, entry)) log.warn(fields, "reorg removed a deposit transfer");
  }
}
