import type { Address } from "viem";
import type { ChainClients } from "../../chain/clients.js";
import { finalBlockNumber } from "../../chain/finality.js";
import { addRecipientTransfers, eventGroupOf, readGatewayEvents } from "../../chain/gatewayEvents.js";
import { findChainCursor } from "../../db/chains/chainCursors.js";
import { findChainById } from "../../db/chains/chains.js";
import type { Db } from "../../db/infra/database.js";
import {
  claimPaymentsForChainCheck,
  findGatewaysOfPayments,
  paymentLeftCreated,
} from "../../db/payments/paymentChecks.js";
import { expirePaymentsPastDeadline } from "./expiry.js";
import { applyPaymentCompletedIn } from "../settlement/settlement.js";

export interface PaymentSyncDeps {
  db: Db;
  chains: ChainClients;
  now: () => Date;
  logger?: { warn(fields: object, message: string): void };
  /** Least time between two chain checks of one payment, whatever the request rate; default 1,000 ms. */
  perPaymentIntervalMs?: number;
  /** Least time between two chain reads of one chain (requests in between share the next read); default 250 ms. */
  perChainIntervalMs?: number;
  /** Blocks read when the chain has no watcher cursor, and at most per read; default 5,000. */
  maxBlockRange?: number;
  /** Longest a read waits for the chain before answering with the stored state; default 3,000 ms. */
  waitMs?: number;
}

export interface PaymentSync {
  /**
   * Called by GET /payments/:id for a payment it is about to return: syncs a CREATED payment with the
   * chain (at most once per payment per interval, across processes) and expires it when past expiresAt.
   * Resolves true when the stored payment changed. Never throws: a read answers with the stored state.
   */
  syncForRead(paymentId: string): Promise<boolean>;
  /**
   * syncForRead for every payment of a status stream at once (GET /payments/:id/events): one guarded
   * UPDATE claims those due, then the usual shared read per chain. Resolves when done; never throws.
   */
  syncManyForRead(paymentIds: readonly string[]): Promise<void>;
  /** RPC calls made so far (for the benchmark). */
  rpcCalls(): number;
}

const BATCH_WINDOW_MS = 20;

/**
 * What one chain read saw: every PaymentCompleted of its gateways up to its final block (the logs are
 * read whole; only the asked payments are applied). `everything`: there was nothing to read (no gateway,
 * no block past the watcher's cursor), so it says the same of every payment.
 */
interface ChainCoverage {
  startedAt: number;
  everything: boolean;
  gateways: ReadonlySet<string>;
  /** Payments with an event in the range: a later asker of one of these waits for the next read. */
  withEvents: ReadonlySet<string>;
}

interface ChainBatch {
  pending: Map<string, ((changed: boolean) => void)[]>;
  timer: NodeJS.Timeout | undefined;
  running: boolean;
  lastRunAt: number;
  /** The last read that completed, while younger than the chain's interval. */
  lastRead: ChainCoverage | undefined;
}

interface ChainRead {
  changed: Set<string>;
  coverage: Omit<ChainCoverage, "startedAt">;
}

const nothingToRead = (): ChainRead => ({
  changed: new Set(),
  coverage: { everything: true, gateways: new Set(), withEvents: new Set() },
});

/**
 * On-demand sync. Two limits keep the chain load bounded whatever the polling rate: a guarded update of
 * `payments.last_synced_at` lets one request per payment per second (in any process) ask the chain, and
 * the askers of one chain share one read per `perChainIntervalMs`: the chain's final block (`eth_blockNumber`,
 * or the `finalized` / `safe` block) plus one `eth_getLogs` of the gateway's PaymentCompleted events after the
 * watcher's cursor, up to that block (the watcher checks later that they are still there). So a
 * thousand payments polled flat out cost a handful of RPC calls per second, not a thousand. Events found
 * go through the watcher's own transition code.
 */
export function createPaymentSync(deps: PaymentSyncDeps): PaymentSync {
  const perPaymentMs = deps.perPaymentIntervalMs ?? 1_000;
  const perChainMs = deps.perChainIntervalMs ?? 250;
  const maxRange = BigInt(deps.maxBlockRange ?? 5_000);
  const waitMs = deps.waitMs ?? 3_000;
  const batches = new Map<number, ChainBatch>();
  let rpcCalls = 0;

  async function readChain(chainId: number, paymentIds: Set<string>): Promise<ChainRead> {
    const chain = await findChainById(deps.db, chainId);
    if (!chain?.gateway_address) return nothingToRead();
    const client = deps.chains.publicClient(chain);
    const gateways = await findGatewaysOfPayments(deps.db, [...paymentIds]);
    rpcCalls += 1;
    const toBlock = await finalBlockNumber(client, chain);
    if (toBlock < 0n) return nothingToRead();
    const cursor = await findChainCursor(deps.db, chainId);
    // Blocks up to the cursor were read by the watcher.
    let fromBlock = cursor ? BigInt(cursor.block_number) + 1n : 0n;
    if (toBlock - fromBlock + 1n > maxRange) fromBlock = toBlock - maxRange + 1n;
    if (fromBlock > toBlock) return nothingToRead();
    rpcCalls += 1;
    const events = await readGatewayEvents(client, {
      chainId: chain.id,
      networkId: chain.network_id,
      gateways: gateways as Address[],
      fromBlock,
      toBlock,
      paymentsOnly: true,
      checkTransfers: false,
    });
    const withEvents = new Set(events.map(eventGroupOf));
    const asked = events.filter((entry) => paymentIds.has(eventGroupOf(entry)));
    await addRecipientTransfers(client, asked);
    rpcCalls += new Set(asked.map((entry) => entry.event.txHash)).size;
    const changed = new Set<string>();
    const at = deps.now();
    for (const entry of asked) {
      if (entry.kind !== "PaymentCompleted") continue;
      const result = await deps.db
        .transaction()
        .execute((trx) => applyPaymentCompletedIn(trx, entry.event, at));
      if (result === "paid" || result === "invalid") changed.add(entry.event.paymentId.toLowerCase());
    }
    return {
      changed,
      coverage: { everything: false, gateways: new Set(gateways.map((g) => g.toLowerCase())), withEvents },
    };
  }

  function schedule(chainId: number, batch: ChainBatch): void {
    if (batch.running || batch.timer || batch.pending.size === 0) return;
    // A short window lets the reads arriving together share the first chain read too.
    const delay = Math.max(BATCH_WINDOW_MS, batch.lastRunAt + perChainMs - Date.now());
    batch.timer = setTimeout(() => {
      batch.timer = undefined;
      void runBatch(chainId, batch);
    }, delay);
  }

  async function runBatch(chainId: number, batch: ChainBatch): Promise<void> {
    batch.running = true;
    batch.lastRunAt = Date.now();
    const waiting = batch.pending;
    batch.pending = new Map();
    let changed = new Set<string>();
    batch.lastRead = undefined;
    try {
      const read = await readChain(chainId, new Set(waiting.keys()));
      changed = read.changed;
      batch.lastRead = { startedAt: batch.lastRunAt, ...read.coverage };
    } catch (error) {
      deps.logger?.warn({ err: error, chainId }, "on-demand payment sync failed");
    }
    for (const [paymentId, resolvers] of waiting) {
      for (const resolve of resolvers) resolve(changed.has(paymentId));
    }
    batch.running = false;
    schedule(chainId, batch);
  }

  /**
   * A read that started within the chain's interval and saw no event of this payment answers for it at
   * once: the next read could start no sooner, so waiting for it would only add latency.
   */
  function answeredByLastRead(batch: ChainBatch, paymentId: string, gateway: string): boolean {
    const read = batch.lastRead;
    if (!read || Date.now() - read.startedAt >= perChainMs) return false;
    if (read.everything) return true;
    return read.gateways.has(gateway.toLowerCase()) && !read.withEvents.has(paymentId);
  }

  function askChain(chainId: number, paymentId: string, gateway: string): Promise<boolean> {
    let batch = batches.get(chainId);
    if (!batch) {
      batch = { pending: new Map(), timer: undefined, running: false, lastRunAt: 0, lastRead: undefined };
      batches.set(chainId, batch);
    }
    if (answeredByLastRead(batch, paymentId, gateway)) return Promise.resolve(false);
    const chainBatch = batch;
    return new Promise<boolean>((resolve) => {
      const resolvers = chainBatch.pending.get(paymentId) ?? [];
      resolvers.push(resolve);
      chainBatch.pending.set(paymentId, resolvers);
      schedule(chainId, chainBatch);
    });
  }

  // This process's own recent claims: a payment it asked about within the interval is not asked again, so
  // polling reads skip the guarded UPDATE (the database guard still holds across processes).
  const recentClaims = new Map<string, number>();

  function claimedHereRecently(paymentId: string): boolean {
    const now = Date.now();
    const last = recentClaims.get(paymentId);
    if (last !== undefined && now - last < perPaymentMs) return true;
    if (recentClaims.size >= 10_000) {
      for (const [id, at] of recentClaims) if (now - at >= perPaymentMs) recentClaims.delete(id);
    }
    recentClaims.set(paymentId, now);
    return false;
  }

  async function syncForRead(paymentId: string): Promise<boolean> {
    if (claimedHereRecently(paymentId)) return false;
    try {
      const [claimed] = await claimPaymentsForChainCheck(deps.db, [paymentId], perPaymentMs);
      // Rate-limited, or the claim waited for a change of this payment (an expiry, a settlement) that the
      // caller's read predates: then the caller must read again, never answer the older state.
      if (!claimed) return paymentLeftCreated(deps.db, paymentId);
      let changed = await Promise.race([
        askChain(claimed.chain_id, paymentId, claimed.gateway_address),
        new Promise<boolean>((resolve) => setTimeout(() => resolve(false), waitMs).unref()),
      ]);
      if (!changed && claimed.expires_at.getTime() <= deps.now().getTime()) {
        const expired = await expirePaymentsPastDeadline(deps.db, { now: deps.now, paymentId });
        changed = expired.length > 0;
      }
      return changed;
    } catch (error) {
      deps.logger?.warn({ err: error, paymentId }, "on-demand payment sync failed");
      return false;
    }
  }

  async function syncManyForRead(paymentIds: readonly string[]): Promise<void> {
    if (paymentIds.length === 0) return;
    try {
      const claimed = await claimPaymentsForChainCheck(deps.db, paymentIds, perPaymentMs);
      const wait = new Promise<void>((resolve) => setTimeout(resolve, waitMs).unref());
      await Promise.race([
        Promise.all(claimed.map((row) => askChain(row.chain_id, row.payment_id, row.gateway_address))),
        wait,
      ]);
      const now = deps.now().getTime();
      for (const row of claimed) {
        if (row.expires_at.getTime() <= now) {
          await expirePaymentsPastDeadline(deps.db, { now: deps.now, paymentId: row.payment_id });
        }
      }
    } catch (error) {
      deps.logger?.warn({ err: error }, "on-demand payment sync failed");
    }
  }

  return { syncForRead, syncManyForRead, rpcCalls: () => rpcCalls };
}
