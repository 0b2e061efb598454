import type { Logger } from "pino";
import type { Address } from "viem";
import type { ChainClients } from "../../chain/clients.js";
import { readHeadBlockNumber } from "../../chain/finality.js";
import { eventSequence, readGatewayEvents } from "../../chain/gatewayEvents.js";
import { findChainCursor } from "../../db/chains/chainCursors.js";
import { findChainById } from "../../db/chains/chains.js";
import type { Db } from "../../db/infra/database.js";
import {
  createPaymentSequencer,
  findPaymentSequenceState,
  sequenceFloorAbove,
  type PaymentSequenceKey,
  type PaymentSequencer,
  type SequenceFloor,
} from "../../db/payments/paymentSequences.js";
import { KassaError } from "../../errors.js";

/** Blocks read before the head when a gateway was never read and its chain has no watcher cursor. */
const UNREAD_LOOKBACK_BLOCKS = 10_000n;

/**
 * How recent a read of the gateway's sequences must be for a range to be taken without the chain, when its RPC
 * fails: the database has been following the chain (the watcher marks its reads every minute, or with events).
 */
export const SEQUENCE_READ_FRESH_MS = 10 * 60_000;

export interface SequenceFloorDeps {
  db: Db;
  chains: ChainClients;
  logger?: Pick<Logger, "warn">;
}

/**
 * What the chain says a gateway's counter must be above, read before a range of sequences is handed out:
 * every PaymentCompleted and RefundCompleted of the gateway in the blocks nobody read yet for it (above
 * `read_to_block`, which the watcher keeps near the head), up to the head. Usually a block number and an
 * empty read, once per range. After a restore from an old backup `read_to_block` is the backup's, so this
 * reads the chain past it first: no sequence the chain used since is handed out again. When the chain does not
 * answer, the counter is taken as it is only while a read advanced the mark within SEQUENCE_READ_FRESH_MS;
 * otherwise no sequence is handed out (SIGNING_SERVICE_ERROR) until the chain answers.
 */
export async function readSequenceFloor(
  deps: SequenceFloorDeps,
  key: PaymentSequenceKey,
): Promise<SequenceFloor> {
  const [chain, state, cursor] = await Promise.all([
    findChainById(deps.db, key.chainId),
    findPaymentSequenceState(deps.db, key),
    findChainCursor(deps.db, key.chainId),
  ]);
  if (!chain) throw new KassaError("CHAIN_CONFIG_ERROR", `chain ${key.chainId} is not registered`);
  try {
    const client = deps.chains.publicClient(chain);
    const head = await readHeadBlockNumber(client);
    const readTo =
      state?.readToBlock ??
      (cursor
        ? BigInt(cursor.block_number)
        : head > UNREAD_LOOKBACK_BLOCKS
          ? head - UNREAD_LOOKBACK_BLOCKS
          : -1n);
    if (readTo >= head) return { floor: 0n, readTo: head };
    const events = await readGatewayEvents(client, {
      chainId: chain.id,
      networkId: chain.network_id,
      gateways: [key.gatewayAddress as Address],
      fromBlock: readTo + 1n,
      toBlock: head,
      checkTransfers: false,
    });
    const floor = events.reduce((highest, entry) => {
      const sequence = eventSequence(entry);
      if (sequence === undefined) return highest;
      const above = sequenceFloorAbove(sequence);
      return above > highest ? above : highest;
    }, 0n);
    return { floor, readTo: head };
  } catch (error) {
    if (state?.readAgeMs !== undefined && state.readAgeMs < SEQUENCE_READ_FRESH_MS) {
      deps.logger?.warn(
        { err: error, chainId: chain.network_id },
        "could not read the gateway's sequences from the chain; its last read is recent, taking the next range",
      );
      return { floor: 0n };
    }
    throw new KassaError(
      "SIGNING_SERVICE_ERROR",
      "the chain could not be read to check the gateway's payment sequences; retry when its RPC answers",
      { cause: error },
    );
  }
}

/**
 * The sequencer of an API process: ranges of the gateway's counter (db/payments/paymentSequences.ts), each taken only
 * after readSequenceFloor, so a range never holds a sequence the chain used.
 */
export function createCheckedPaymentSequencer(deps: SequenceFloorDeps): PaymentSequencer {
  return createPaymentSequencer(deps.db, { floorOf: (key) => readSequenceFloor(deps, key) });
}
