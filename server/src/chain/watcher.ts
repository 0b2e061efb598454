import pg from "pg";
import type { Logger } from "pino";
import type { Address, PublicClient } from "viem";
import { applyPaymentCompletedIn, applyRefundCompletedIn } from "../core/lifecycle.js";
import type { Db } from "../db/database.js";
import "../db/lifecycleTypes.js";
import type { ChainRow } from "../db/types.js";
import type { BackgroundService } from "../jobs/worker.js";
import type { ChainClients } from "./clients.js";
import { readGatewayEvents } from "./gatewayEvents.js";

/** First key of the two-int advisory locks `(WATCHER_LOCK_SPACE, chains.id)`: one watcher per chain. */
export const WATCHER_LOCK_SPACE = 4_271_913;

export interface ChainWatcherOptions {
  db: Db;
  /** A connection of its own holds the per-chain advisory locks; when it drops, another process takes over. */
  databaseUrl: string;
  chains: ChainClients;
  logger: Logger;
  /** Pause between polls when caught up; default 2,000 ms. */
  pollIntervalMs?: number;
  /** Largest block range per getLogs; default 2,000. */
  maxBlockRange?: number;
  /** Blocks read before the safe head when a chain has no cursor yet; default 10,000. */
  initialLookbackBlocks?: number;
  /** Compare token Transfer logs with each payment (fee-on-transfer guard); default true. */
  checkTransfers?: boolean;
  now?: () => Date;
  /** Payments applied side by side; default 4 (each holds a database connection while it commits). */
  applyConcurrency?: number;
  /** Test hook, called inside each event's transaction after it was applied (throw to abort it). */
  beforeCommit?: (info: {
    chainId: number;
    fromBlock: bigint;
    toBlock: bigint;
    events: number;
  }) => Promise<void>;
}

export interface ChainWatcher extends BackgroundService {
  /** Chains (chains.id) this process currently watches. */
  leaderOf(): number[];
  /** Runs one poll of every chain now (tests). */
  pollOnce(): Promise<void>;
}

type StepResult = "idle" | "progressed" | "reorg";

/**
 * The chain watcher: per chain with a gateway, reads PaymentCompleted and RefundCompleted from the stored
 * cursor, in bounded ranges, up to `head - confirmations`, applies them, and only then moves the cursor (a
 * crash mid-range loses nothing; the range is read again and nothing is applied twice). The cursor keeps the hash
 * of its block: when the chain no longer has that block, the watcher steps back and reads again. A
 * PostgreSQL advisory lock per chain makes one process the watcher; the others retry on each poll and
 * take over when its session ends.
 */
export function createChainWatcher(options: ChainWatcherOptions): ChainWatcher {
  const log = options.logger.child({ service: "chain-watcher" });
  const pollIntervalMs = options.pollIntervalMs ?? 2_000;
  const maxBlockRange = BigInt(options.maxBlockRange ?? 2_000);
  const initialLookback = BigInt(options.initialLookbackBlocks ?? 10_000);
  const now = options.now ?? (() => new Date());
  const applyConcurrency = options.applyConcurrency ?? 4;
  let lockClient: pg.Client | undefined;
  const leading = new Set<number>();
  let running = false;
  let loop: Promise<void> | undefined;
  let wake: (() => void) | undefined;

  async function lockConnection(): Promise<pg.Client> {
    if (lockClient) return lockClient;
    const client = new pg.Client({ connectionString: options.databaseUrl });
    client.on("error", (error) => {
      log.warn({ err: error }, "watcher lock connection lost");
      if (lockClient === client) {
        lockClient = undefined;
        leading.clear();
      }
    });
    await client.connect();
    lockClient = client;
    return client;
  }

  async function tryLead(chainId: number): Promise<boolean> {
    if (leading.has(chainId)) return true;
    const client = await lockConnection();
    const { rows } = await client.query<{ locked: boolean }>(
      "SELECT pg_try_advisory_lock($1, $2) AS locked",
      [WATCHER_LOCK_SPACE, chainId],
    );
    if (rows[0]?.locked) {
      leading.add(chainId);
      log.info({ chainId }, "watching chain");
      return true;
    }
    return false;
  }

  async function gatewaysOf(chain: ChainRow): Promise<Address[]> {
    // Payments signed for an earlier deployment can still be paid or refunded there.
    const rows = await options.db
      .selectFrom("payments")
      .select("gateway_address")
      .distinct()
      .where("chain_id", "=", chain.id)
      .where("status", "in", ["CREATED", "EXPIRED", "FAILED", "REFUND_SUBMITTED"])
      .execute();
    const all = new Set<string>(rows.map((row) => row.gateway_address.toLowerCase()));
    if (chain.gateway_address) all.add(chain.gateway_address.toLowerCase());
    return [...all] as Address[];
  }

  async function step(chain: ChainRow, client: PublicClient): Promise<StepResult> {
    const head = await client.getBlockNumber({ cacheTime: 0 });
    const safeHead = head - BigInt(chain.confirmations);
    if (safeHead < 0n) return "idle";
    let cursor = await options.db
      .selectFrom("chain_cursors")
      .selectAll()
      .where("chain_id", "=", chain.id)
      .executeTakeFirst();
    if (!cursor) {
      const start = safeHead > initialLookback ? safeHead - initialLookback : 0n;
      const block = await client.getBlock({ blockNumber: start });
      await options.db
        .insertInto("chain_cursors")
        .values({ chain_id: chain.id, block_number: Number(start), block_hash: block.hash.toLowerCase() })
        .onConflict((oc) => oc.column("chain_id").doNothing())
        .execute();
      cursor = await options.db
        .selectFrom("chain_cursors")
        .selectAll()
        .where("chain_id", "=", chain.id)
        .executeTakeFirstOrThrow();
    }
    const cursorBlock = BigInt(cursor.block_number);
    const canonical = await client.getBlock({ blockNumber: cursorBlock }).catch(() => undefined);
    if (canonical?.hash.toLowerCase() !== cursor.block_hash) {
      const stepBack = BigInt(Math.max(12, 2 * chain.confirmations));
      const back = cursorBlock > stepBack ? cursorBlock - stepBack : 0n;
      const backBlock = await client.getBlock({ blockNumber: back });
      await options.db
        .updateTable("chain_cursors")
        .set({ block_number: Number(back), block_hash: backBlock.hash.toLowerCase() })
        .where("chain_id", "=", chain.id)
        .where("block_number", "=", cursor.block_number)
        .where("block_hash", "=", cursor.block_hash)
        .execute();
      log.warn(
        { chainId: chain.network_id, from: cursor.block_number, to: Number(back) },
        "reorg: the cursor's block is no longer canonical; reading again from an earlier block",
      );
      return "reorg";
    }
    if (safeHead <= cursorBlock) return "idle";

    const fromBlock = cursorBlock + 1n;
    const toBlock = safeHead - cursorBlock > maxBlockRange ? cursorBlock + maxBlockRange : safeHead;
    const events = await readGatewayEvents(client, {
      networkId: chain.network_id,
      gateways: await gatewaysOf(chain),
      fromBlock,
      toBlock,
      checkTransfers: options.checkTransfers ?? true,
    });
    const toBlockHash = (await client.getBlock({ blockNumber: toBlock })).hash.toLowerCase();

    // Each event is applied in a transaction of its own, payments side by side (a payment's own events in
    // order); the cursor moves past the range only once all of them committed. A crash in between leaves
    // the cursor where it was: the range is read again and what was applied answers "already-applied".
    const byPayment = new Map<string, typeof events>();
    for (const entry of events) {
      const key = entry.event.paymentId.toLowerCase();
      byPayment.set(key, [...(byPayment.get(key) ?? []), entry]);
    }
    const applyPayment = async (list: typeof events) => {
      for (const entry of list) {
        const result = await options.db.transaction().execute(async (trx) => {
          const at = now();
          const applied =
            entry.kind === "PaymentCompleted"
              ? await applyPaymentCompletedIn(trx, entry.event, at)
              : await applyRefundCompletedIn(trx, entry.event, at);
          await options.beforeCommit?.({ chainId: chain.id, fromBlock, toBlock, events: 1 });
          return applied;
        });
        const fields = {
          chainId: chain.network_id,
          paymentId: entry.event.paymentId,
          txHash: entry.event.txHash,
        };
        if (result === "unknown-payment" || result === "unexpected") {
          log.warn({ ...fields, result }, `${entry.kind} for a payment the service cannot apply it to`);
        } else {
          log.debug({ ...fields, result }, entry.kind);
        }
      }
    };
    const queue = [...byPayment.values()];
    const failures: unknown[] = [];
    await Promise.all(
      Array.from({ length: Math.min(applyConcurrency, queue.length) }, async () => {
        for (let list = queue.shift(); list; list = queue.shift()) {
          await applyPayment(list).catch((error: unknown) => failures.push(error));
        }
      }),
    );
    if (failures.length > 0) throw failures[0];
    const moved = await options.db
      .updateTable("chain_cursors")
      .set({ block_number: Number(toBlock), block_hash: toBlockHash })
      .where("chain_id", "=", chain.id)
      .where("block_number", "=", cursor.block_number)
      .where("block_hash", "=", cursor.block_hash)
      .executeTakeFirst();
    if (moved.numUpdatedRows !== 1n) throw new Error("the chain cursor moved under the watcher");
    return toBlock < safeHead ? "progressed" : "idle";
  }

  async function pollOnce(): Promise<boolean> {
    const chains = await options.db
      .selectFrom("chains")
      .selectAll()
      .where("gateway_address", "is not", null)
      .orderBy("id")
      .execute();
    let behind = false;
    for (const chain of chains) {
      if (!running && loop) break;
      let client: PublicClient;
      try {
        client = options.chains.publicClient(chain);
      } catch {
        continue; // no RPC URL: nothing to watch
      }
      try {
        if (!(await tryLead(chain.id))) continue;
        const result = await step(chain, client);
        if (result !== "idle") behind = true;
      } catch (error) {
        log.error({ err: error, chainId: chain.network_id }, "watcher poll failed; retrying");
      }
    }
    return behind;
  }

  async function run(): Promise<void> {
    while (running) {
      let behind = false;
      try {
        behind = await pollOnce();
      } catch (error) {
        log.error({ err: error }, "watcher poll failed");
      }
      if (!running) break;
      if (behind) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, pollIntervalMs);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wake = undefined;
    }
  }

  return {
    name: "chain-watcher",
    async start() {
      running = true;
      loop = run();
    },
    async stop() {
      running = false;
      wake?.();
      await loop;
      loop = undefined;
      const client = lockClient;
      lockClient = undefined;
      leading.clear();
      // Ending the session releases its advisory locks.
      await client?.end().catch(() => {});
    },
    leaderOf: () => [...leading],
    pollOnce: async () => {
      await pollOnce();
    },
  };
}
