import type { Logger } from "pino";
import type { ChainFactHandler } from "../../chain/chainFacts.js";
import type { Db } from "../../db/infra/database.js";
import { findDepositTransfersInBlocks } from "../../db/deposits/transfers.js";
import { applyDepositTransfersIn, revertRemovedDepositTransferIn, transfersByPayment } from "./detection.js";

/** Outcomes that changed nothing: no webhook to send. */
const unchanged = new Set(["known", "wrong-token"]);

/**
 * Core's side of the watcher's deposit facts (part of settlementFacts): each payment's transfers in a
 * transaction of its own (detection.ts decides), and the recorded transfers a read must find again.
 */
export function depositFacts(options: {
  db: Db;
  log: Logger;
  now: () => Date;
  committed: () => void;
}): Pick<ChainFactHandler, "depositTransfers" | "recordedTransfers" | "transferRemoved"> {
  const { db, log } = options;
  return {
    async depositTransfers(chain, transfers) {
      const outcomes: string[] = [];
      for (const [paymentRowId, list] of await transfersByPayment(db, chain.id, transfers)) {
        const outcome = await db
          .transaction()
          .execute((trx) => applyDepositTransfersIn(trx, paymentRowId, list, options.now()));
        log.debug({ chainId: chain.network_id, paymentRowId, outcome }, "deposit transfer");
        if (!unchanged.has(outcome)) options.committed();
        outcomes.push(outcome);
      }
      return outcomes;
    },

    async recordedTransfers(chain, fromBlock, toBlock) {
      const rows = await findDepositTransfersInBlocks(db, chain.id, fromBlock, toBlock);
      return rows.map((row) => ({
        txHash: row.tx_hash,
        logIndex: row.log_index,
        blockNumber: BigInt(row.block_number),
        blockHash: row.block_hash,
      }));
    },

    async transferRemoved(chain, recorded) {
      const reverted = await db
        .transaction()
        .execute((trx) => revertRemovedDepositTransferIn(trx, chain.id, recorded, options.now()));
      if (reverted) options.committed();
      return reverted;
    },
  };
}
