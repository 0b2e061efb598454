import type { Logger } from "pino";
import { findPaymentStatusesByPaymentIds } from "../../db/payments/payments.js";
import type { SharedReads } from "../../db/sharedReads/sharedReads.js";
import type { Db } from "../../db/infra/database.js";
import { type MerchantRow } from "../../db/schema/rows.js";
import type { PaymentStatus } from "../../domain/paymentStatus.js";
import { getPayment } from "./payments.js";
import type { PaymentSync } from "./paymentSync.js";
import type { PaymentView } from "./views.js";

/** How often the one shared read of every followed payment's status runs. */
export const STATUS_FEED_INTERVAL_MS = 1_000;

/**
 * Status changes of the payments payers are waiting on (GET /payments/:id/events). However many
 * payers wait, a process reads their statuses in one query per interval, not one per payer; a
 * payment's full view is read again only when its status changed. With a PaymentSync, the CREATED
 * ones are also checked against the chain each interval, as GET /payments/:id does for a poller
 * (one claim statement and one chain read per chain for all of them).
 */
export interface PaymentStatusFeed {
  /**
   * Calls `onView` with the payment's view each time its status differs from `status` (then from the
   * last one told), until the returned function is called.
   */
  follow(
    merchant: MerchantRow,
    paymentId: string,
    status: PaymentStatus,
    onView: (view: PaymentView) => void,
  ): () => void;
  /** Payments followed right now. */
  followed(): number;
  /** Stops the shared read; followers are told nothing more. */
  close(): void;
}

interface Followed {
  merchant: MerchantRow;
  status: PaymentStatus;
  listeners: Set<(view: PaymentView) => void>;
}

export function createPaymentStatusFeed(deps: {
  db: Db;
  reads: SharedReads;
  paymentSync?: PaymentSync;
  intervalMs?: number;
  logger?: Pick<Logger, "warn">;
}): PaymentStatusFeed {
  const intervalMs = deps.intervalMs ?? STATUS_FEED_INTERVAL_MS;
  const followed = new Map<string, Followed>();
  let timer: NodeJS.Timeout | undefined;
  let closed = false;

  async function tell(
    paymentId: string,
    entry: Followed,
    listeners: Iterable<(view: PaymentView) => void> = entry.listeners,
  ): Promise<void> {
    const view = await getPayment(deps.reads, entry.merchant, paymentId, { fresh: true });
    entry.status = view.status;
    for (const listener of [...listeners]) listener(view);
  }

  async function readStatuses(): Promise<void> {
    const created = [...followed].flatMap(([id, entry]) => (entry.status === "CREATED" ? [id] : []));
    await deps.paymentSync?.syncManyForRead(created);
    const rows = await findPaymentStatusesByPaymentIds(deps.db, [...followed.keys()]);
    const changed = rows.flatMap((row) => {
      const entry = followed.get(row.payment_id);
      return entry && entry.status !== row.status ? [tell(row.payment_id, entry)] : [];
    });
    await Promise.all(changed);
  }

  function schedule(): void {
    if (timer || closed || followed.size === 0) return;
    timer = setTimeout(() => {
      readStatuses()
        .catch((error: unknown) => deps.logger?.warn({ err: error }, "payment status feed read failed"))
        .finally(() => {
          timer = undefined;
          schedule();
        });
    }, intervalMs);
    timer.unref();
  }

  return {
    follow(merchant, paymentId, status, onView) {
      let entry = followed.get(paymentId);
      if (!entry) {
        entry = { merchant, status, listeners: new Set() };
        followed.set(paymentId, entry);
      }
      const own = entry;
      own.listeners.add(onView);
      // The shared entry already saw a newer status than this follower's first view: tell it now.
      if (own.status !== status) {
        tell(paymentId, own, [onView]).catch((error: unknown) =>
          deps.logger?.warn({ err: error }, "payment status feed read failed"),
        );
      }
      schedule();
      return () => {
        own.listeners.delete(onView);
        if (own.listeners.size === 0 && followed.get(paymentId) === own) followed.delete(paymentId);
      };
    },
    followed: () => followed.size,
    close() {
      closed = true;
      clearTimeout(timer);
      followed.clear();
    },
  };
}
