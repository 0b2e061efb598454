import { sql } from "kysely";
import type { Db } from "./database.js";

/**
 * Sequences taken per statement: one word of the gateway's replay bitmap (two bits per payment), so each
 * range fills whole words and one payment in 128 opens a fresh one, whichever process creates it.
 */
export const PAYMENT_SEQUENCE_RANGE = 128;

export interface PaymentSequenceKey {
  /** chains.id */
  chainId: number;
  gatewayAddress: string;
}

/**
 * Takes `count` sequences of a gateway's counter in one statement and returns the first: the range
 * [first, first + count) belongs to the caller alone (the row lock orders concurrent takers, and the
 * statement commits on its own, before any of the sequences is used).
 */
export async function takePaymentSequences(db: Db, key: PaymentSequenceKey, count: number): Promise<bigint> {
  const { rows } = await sql<{ first: string }>`
    INSERT INTO payment_sequences (chain_id, gateway_address, next_sequence)
    VALUES (${key.chainId}, ${key.gatewayAddress.toLowerCase()}, ${count})
    ON CONFLICT (chain_id, gateway_address)
      DO UPDATE SET next_sequence = payment_sequences.next_sequence + ${count}
    RETURNING (next_sequence - ${count})::text AS first`.execute(db);
  const first = rows[0]?.first;
  if (first === undefined) throw new Error("payment_sequences returned no row");
  return BigInt(first);
}

/** The next unused sequence of a gateway, for a payment's id. */
export type PaymentSequencer = (key: PaymentSequenceKey) => Promise<bigint>;

/**
 * Hands out sequences from ranges of PAYMENT_SEQUENCE_RANGE taken with takePaymentSequences: one statement
 * per range, not per payment. Concurrent callers that find the range spent wait for the same refill. A
 * refill that fails fails its waiters; the next call tries again.
 */
export function createPaymentSequencer(db: Db, rangeSize = PAYMENT_SEQUENCE_RANGE): PaymentSequencer {
  const ranges = new Map<string, { next: bigint; end: bigint; refill?: Promise<void> }>();
  return async (key) => {
    const mapKey = `${key.chainId}:${key.gatewayAddress.toLowerCase()}`;
    let range = ranges.get(mapKey);
    if (!range) {
      range = { next: 0n, end: 0n };
      ranges.set(mapKey, range);
    }
    for (;;) {
      if (range.next < range.end) return range.next++;
      const current = range;
      current.refill ??= takePaymentSequences(db, key, rangeSize)
        .then((first) => {
          current.next = first;
          current.end = first + BigInt(rangeSize);
        })
        .finally(() => {
          current.refill = undefined;
        });
      await current.refill;
    }
  };
}
