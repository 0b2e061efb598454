import { readFileSync } from "node:fs";
import { rename, writeFile } from "node:fs/promises";

export type OrderStatus = "awaiting_payment" | "paid" | "failed" | "needs_review";

/** One order of the shop, with what it expects to be paid (step 1 of the merchant flow in docs/api.md). */
export interface Order {
  id: string;
  productId: string;
  productName: string;
  /** Price in whole token units, as shown to the buyer (e.g. "12.5", written as the widget writes amounts). */
  price: string;
  tokenAddress: string;
  tokenSymbol: string;
  /** The expected amount in base units (wei), stored before the payment exists. */
  expectedAmount: string;
  paymentId: string | null;
  status: OrderStatus;
  /** Why the order failed or needs review. */
  problem: string | null;
  txHash: string | null;
  createdAt: string;
  paidAt: string | null;
  /** How many times the order was fulfilled: 1 for a paid order, whatever the webhooks and redirects. */
  fulfilments: number;
  /** The payment's transaction a chain reorganisation removed (payment.reorged), if one did. */
  reorgedTxHash: string | null;
  /** Webhook event ids seen for this order. */
  eventIds: string[];
}

/**
 * The shop's orders, in memory, optionally mirrored to a JSON file (written whole, through a rename,
 * after each change). A real shop uses its database; the guards below are what matter: an order is
 * completed by one synchronous check-and-set, and a paymentId completes at most one order.
 */
export class OrderStore {
  private readonly orders = new Map<string, Order>();
  private readonly completedPaymentIds = new Set<string>();
  private writing: Promise<void> = Promise.resolve();

  constructor(private readonly file?: string) {
    if (!file) return;
    let saved: Order[];
    try {
      saved = JSON.parse(readFileSync(file, "utf8")) as Order[];
    } catch {
      saved = [];
    }
    for (const order of saved) {
      this.orders.set(order.id, order);
      if (order.status === "paid" && order.paymentId) this.completedPaymentIds.add(order.paymentId);
    }
  }

  get(id: string): Order | undefined {
    return this.orders.get(id);
  }

  list(): Order[] {
    return [...this.orders.values()].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  }

  add(order: Order): void {
    this.orders.set(order.id, order);
    this.persist();
  }

  update(id: string, patch: Partial<Order>): Order {
    const order = this.orders.get(id);
    if (!order) throw new Error(`no order ${id}`);
    Object.assign(order, patch);
    this.persist();
    return order;
  }

  /**
   * Moves an order awaiting payment to paid, once: false when it was already completed (or is not
   * awaiting payment) or when its paymentId already completed an order. Synchronous, so two webhooks
   * or a webhook and a redirect that verified the payment at the same time cannot both win.
   */
  completeOnce(id: string, paid: { paymentId: string; txHash: string | null; paidAt: string }): boolean {
    const order = this.orders.get(id);
    if (!order || order.status !== "awaiting_payment" || order.paymentId !== paid.paymentId) return false;
    if (this.completedPaymentIds.has(paid.paymentId)) return false;
    this.completedPaymentIds.add(paid.paymentId);
    Object.assign(order, { status: "paid", txHash: paid.txHash, paidAt: paid.paidAt, problem: null });
    // Paid again after a reorganisation: it was fulfilled the first time.
    if (order.fulfilments === 0) order.fulfilments = 1;
    this.persist();
    return true;
  }

  /**
   * A paid order whose payment's transaction a chain reorganisation removed (Kassa verified it): unpaid
   * again, so that the payment, paid again, completes it again. Synchronous like completeOnce.
   */
  reopenAfterReorg(id: string, paymentId: string, reorgedTxHash: string, problem: string): boolean {
    const order = this.orders.get(id);
    if (!order || order.status !== "paid" || order.paymentId !== paymentId) return false;
    this.completedPaymentIds.delete(paymentId);
    Object.assign(order, { status: "awaiting_payment", txHash: null, paidAt: null, reorgedTxHash, problem });
    this.persist();
    return true;
  }

  /** Resolves when every change so far is on disk. */
  flush(): Promise<void> {
    return this.writing;
  }

  private persist(): void {
    const file = this.file;
    if (!file) return;
    const snapshot = JSON.stringify(this.list(), null, 2);
    this.writing = this.writing.then(async () => {
      await writeFile(`${file}.tmp`, snapshot);
      await rename(`${file}.tmp`, file);
    });
  }
}
