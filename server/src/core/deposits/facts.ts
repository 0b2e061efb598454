import type { Logger } from "pino";
import type { ChainFactHandler } from "../../chain/chainFacts.js";
import type { Db } from "../../db/infra/database.js";
import { applyDepositTransfersIn, revertRemovedDepositTransferIn, transfersByPayment } from "./detection.js";
import { applyDepositMoveIn, revertRemovedDepositMoveIn } from "./moves.js";

/** Outcomes that recorded no webhook: nothing to wake the sender for. */
const unchanged = new Set([
  "known",
  "wrong-token",
  "ignored",
  "moved",
  "unknown",
  "returned-elsewhere",
  "swept",
]);

/**
 * Core's side of the watcher's deposit facts (part of settlementFacts): each payment's transfers in a
 * transaction of its own (detection.ts decides), each sweep or return likewise (moves.ts), and what a reorg that
 * removed one undoes. What was recorded of them, a read must find again (settlementFacts' recordedInBlocks).
 */
export function depositFacts(options: {
  db: Db;
  log: Logger;
  now: () => Date;
  committed: () => void;
}): Pick<ChainFactHandler, "depositTransfers" | "transferRemoved" | "depositMoves" | "moveRemoved"> {
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

    async transferRemoved(chain, recorded) {
      const reverted = await db
        .transaction()
        .execute((trx) => revertRemovedDepositTransferIn(trx, chain.id, recorded, options.now()));
      if (reverted) options.committed();
      return reverted;
    },

    async depositMoves(chain, moves) {
      const outcomes: string[] = [];
      for (const move of moves) {
        const outcome = await db.transaction().execute((trx) => applyDepositMoveIn(trx, move, options.now()));
        log.debug(
          { chainId: chain.network_id, paymentId: move.paymentId, kind: move.kind, outcome },
          "deposit move",
        );
        if (outcome === "unknown") {
          log.warn(
            { chainId: chain.network_id, paymentId: move.paymentId },
            `a deposit ${move.kind} of no known deposit address`,
          );
        }
        if (!unchanged.has(outcome)) options.committed();
        outcomes.push(outcome);
      }
      return outcomes;
    },

    async moveRemoved(chain, recorded) {
      const reverted = await db
        .transaction()
        .execute((trx) => revertRemovedDepositMoveIn(trx, chain.id, recorded, options.now()));
      if (reverted) options.committed();
      return reverted;
    },
  };
}
