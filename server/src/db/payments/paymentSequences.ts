import { sql } from "kysely";
import type { Db } from "../infra/database.js";

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
 * What the chain says of a gateway's sequences beyond what the counter knows: every sequence used in its
 * events up to `readTo` is below `floor` (the next whole bitmap word above the highest one seen).
 */
export interface SequenceFloor {
  floor: bigint;
  /** Undefined: the chain was not read (the counter is taken as it is). */
  readTo?: bigint;
}

/** The first sequence of the bitmap word above `sequence`: a floor that keeps ranges on whole words. */
export function sequenceFloorAbove(sequence: bigint): bigint {
  const range = BigInt(PAYMENT_SEQUENCE_RANGE);
  return (sequence / range + 1n) * range;
}

/**
 * How far the chain was read for a gateway's sequences, and how long ago a read last advanced that (by the
 * database's clock); undefined before its first range.
 */
export async function findPaymentSequenceState(
  db: Db,
  key: PaymentSequenceKey,
): Promise<{ readToBlock: bigint | undefined; readAgeMs: number | undefined } | undefined> {
  const row = await db
    .selectFrom("payment_sequences")
    .select([
      "read_to_block",
      sql<number | null>`(extract(epoch from now() - read_at) * 1000)::float8`.as("read_age_ms"),
    ])
    .where("chain_id", "=", key.chainId)
    .where("gateway_address", "=", key.gatewayAddress.toLowerCase())
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    readToBlock: row.read_to_block === null ? undefined : BigInt(row.read_to_block),
    readAgeMs: row.read_age_ms ?? undefined,
  };
}

/**
 * Takes `count` sequences of a gateway's counter in one statement and returns the first: the range
 * [first, first + count) belongs to the caller alone (the row lock orders concurrent takers, and the
 * statement commits on its own, before any of the sequences is used). With `above`, the counter first rises
 * to its floor and records how far the chain was read.
 */
export async function takePaymentSequences(
  db: Db,
  key: PaymentSequenceKey,
  count: number,
  above?: SequenceFloor,
): Promise<bigint> {
  const floor = above?.floor ?? 0n;
  const readTo = above?.readTo === undefined ? null : Number(above.readTo);
  const { rows } = await sql<{ first: string }>`
    INSERT INTO payment_sequences (chain_id, gateway_address, next_sequence, read_to_block, read_at)
    VALUES (${key.chainId}, ${key.gatewayAddress.toLowerCase()}, ${floor}::bigint + ${count}, ${readTo}::bigint,
      CASE WHEN ${readTo}::bigint IS NULL THEN NULL ELSE now() END)
    ON CONFLICT (chain_id, gateway_address)
      DO UPDATE SET next_sequence = greatest(payment_sequences.next_sequence, ${floor}::bigint) + ${count},
        read_to_block = greatest(payment_sequences.read_to_block, excluded.read_to_block),
        read_at = coalesce(excluded.read_at, payment_sequences.read_at)
    RETURNING (next_sequence - ${count})::text AS first`.execute(db);
  const first = rows[0]?.first;
  if (first === undefined) throw new Error("payment_sequences returned no row");
  return BigInt(first);
}

/**
 * What a read of a chain's gateway events from `fromBlock` to `toBlock` says of the sequences: each gateway's
 * counter rises to its floor (sequenceFloorAbove of the highest sequence its events carried), and the read
 * counts as done up to `toBlock` where it continues the last one (a gateway whose reads stopped below
 * `fromBlock - 1` keeps its mark: a range refill reads the gap). One statement for every gateway.
 */
export async function raisePaymentSequences(
  db: Db,
  chainId: number,
  read: { fromBlock: bigint; toBlock: bigint; floors: ReadonlyMap<string, bigint> },
): Promise<void> {
  if (read.floors.size === 0) return;
  const gateways = [...read.floors.keys()].map((gateway) => gateway.toLowerCase());
  const floors = [...read.floors.values()].map((floor) => floor.toString());
  // The read continues the gateway's last one: it counts as done up to its end.
  const continues = sql`(payment_sequences.read_to_block IS NULL
    OR payment_sequences.read_to_block >= ${Number(read.fromBlock) - 1}::bigint)`;
  await sql`
    INSERT INTO payment_sequences (chain_id, gateway_address, next_sequence, read_to_block, read_at)
    SELECT ${chainId}, g.gateway, g.floor, ${Number(read.toBlock)}::bigint, now()
    FROM unnest(${gateways}::text[], ${floors}::bigint[]) AS g(gateway, floor)
    ON CONFLICT (chain_id, gateway_address) DO UPDATE SET
      next_sequence = greatest(payment_sequences.next_sequence, excluded.next_sequence),
      read_to_block = CASE WHEN ${continues}
        THEN greatest(payment_sequences.read_to_block, excluded.read_to_block)
        ELSE payment_sequences.read_to_block END,
      read_at = CASE WHEN ${continues} THEN now() ELSE payment_sequences.read_at END`.execute(db);
}

/** The next unused sequence of a gateway, for a payment's id. */
export type PaymentSequencer = (key: PaymentSequenceKey) => Promise<bigint>;

export interface PaymentSequencerOptions {
  /** Default PAYMENT_SEQUENCE_RANGE. */
  rangeSize?: number;
  /** Read before each range is taken: what the chain says the counter must be above (core reads it). */
  floorOf?: (key: PaymentSequenceKey) => Promise<SequenceFloor>;
}

/**
 * Hands out sequences from ranges of PAYMENT_SEQUENCE_RANGE taken with takePaymentSequences: one statement
 * per range, not per payment. Concurrent callers that find the range spent wait for the same refill. A
 * refill that fails fails its waiters; the next call tries again.
 */
export function createPaymentSequencer(db: Db, options: PaymentSequencerOptions = {}): PaymentSequencer {
  const rangeSize = options.rangeSize ?? PAYMENT_SEQUENCE_RANGE;
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
      current.refill ??= (async () => {
        const above = await options.floorOf?.(key);
        const first = await takePaymentSequences(db, key, rangeSize, above);
        current.next = first;
        current.end = first + BigInt(rangeSize);
      })().finally(() => {
        current.refill = undefined;
      });
      await current.refill;
    }
  };
}

/** The open payment (CREATED) of a gateway whose id carries `sequence` (payments_open_sequence_idx). */
export function findOpenPaymentBySequence(db: Db, key: PaymentSequenceKey, sequence: bigint) {
  return db
    .selectFrom("payments")
    .select(["id", "payment_id"])
    .where("status", "=", "CREATED")
    .where("chain_id", "=", key.chainId)
    .where(sql<string>`right(payment_id, 16)`, "=", sequence.toString(16).padStart(16, "0"))
    .where(sql<string>`lower(gateway_address)`, "=", key.gatewayAddress.toLowerCase())
    .executeTakeFirst();
}

/** The open refund (SUBMITTED) of a gateway whose gateway id carries `sequence` (refunds_open_sequence_idx). */
export function findOpenRefundBySequence(db: Db, key: PaymentSequenceKey, sequence: bigint) {
  return db
    .selectFrom("refunds")
    .innerJoin("payments", "payments.id", "refunds.payment_id")
    .select(["refunds.id", "refunds.chain_refund_id"])
    .where("refunds.status", "=", "SUBMITTED")
    .where(sql<string>`right(refunds.chain_refund_id, 16)`, "=", sequence.toString(16).padStart(16, "0"))
    .where("payments.chain_id", "=", key.chainId)
    .where(sql<string>`lower(payments.gateway_address)`, "=", key.gatewayAddress.toLowerCase())
    .executeTakeFirst();
}

export interface SequenceCollision extends PaymentSequenceKey {
  sequence: bigint;
  kind: "payment" | "refund";
  knownId: string;
  seenId: string | null;
  txHash: string | null;
}

/** Keeps a collision once per known id; false when it was kept already. */
export async function insertSequenceCollision(db: Db, collision: SequenceCollision): Promise<boolean> {
  const inserted = await db
    .insertInto("sequence_collisions")
    .values({
      chain_id: collision.chainId,
      gateway_address: collision.gatewayAddress.toLowerCase(),
      sequence: collision.sequence,
      kind: collision.kind,
      known_id: collision.knownId.toLowerCase(),
      seen_id: collision.seenId?.toLowerCase() ?? null,
      tx_hash: collision.txHash?.toLowerCase() ?? null,
    })
    .onConflict((oc) => oc.constraint("sequence_collisions_known_key").doNothing())
    .executeTakeFirst();
  return (inserted.numInsertedOrUpdatedRows ?? 0n) > 0n;
}

/** Collisions found per chain and kind (a handful of rows: each is an incident). */
export function countSequenceCollisions(db: Db) {
  return db
    .selectFrom("sequence_collisions")
    .innerJoin("chains", "chains.id", "sequence_collisions.chain_id")
    .select(["chains.network_id", "sequence_collisions.kind", (eb) => eb.fn.countAll<number>().as("count")])
    .groupBy(["chains.network_id", "sequence_collisions.kind"])
    .execute();
}
