/**
 * The background work's names, in one place: the identifiers of graphile-worker tasks (what a job row
 * stores, so renaming one strands the jobs already queued under the old name), and the shape of a
 * long-running service of the worker role.
 */
export const TASKS = {
  /** The expiry sweep (cron, every minute). */
  expirePayments: "lifecycle_expire_payments",
  /** A refund not sent by its deadline returns its payment to PAID. */
  expireRefund: "lifecycle_expire_refund",
  /** Sends (or finds already sent) one accepted gasless relay. */
  submitRelay: "relay_submit",
  /** Fails relays queued past their deadline, releases faucet claims whose request died (cron). */
  sweepGasless: "gasless_sweep",
  /** Samples every token's price (cron). */
  collectPrices: "collect_prices",
  /** Charges the subscriptions due (cron). */
  chargeSubscriptions: "subscriptions_charge_due",
  /** Sweeps the deposit addresses of payments settled by transfer (cron). */
  sweepDeposits: "deposits_sweep",
} as const;

export type TaskName = (typeof TASKS)[keyof typeof TASKS];

/** A long-running loop of the worker role (a chain watcher, a relayer), started and stopped with it. */
export interface BackgroundService {
  name: string;
  start(): Promise<void>;
  /** Finishes the work in hand, then resolves. */
  stop(): Promise<void>;
}
