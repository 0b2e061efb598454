import { formatUnits } from "viem";
import {
  listActivitySince,
  listWebhookTestAttemptsSince,
  type ActivityRow,
  type WebhookTestAttemptRow,
} from "../db/operations/activity.js";
import type { Db } from "../db/infra/database.js";

/**
 * The activity feed `kassa dev` prints under its box: one line per payment created, payment event (paid,
 * expired, ...), subscription event (created, charged, canceled, completed, ...), webhook attempt (a merchant's
 * `webhook.test` included), relay and faucet grant that ended. It reads the database, where every
 * one of them is recorded in the transaction that made it, so it shows what committed, whichever process
 * did it, and nothing that rolled back. Production keeps JSON logs; this is for a person at a terminal.
 * It prints ids, order ids, amounts and HTTP statuses, never a URL, key or secret.
 */
export interface ActivityFeedOptions {
  db: Db;
  write: (line: string) => void;
  /** Activity after this is shown; default now. */
  since?: Date;
  /** Default 1 s. */
  intervalMs?: number;
}

export interface ActivityFeed {
  stop(): Promise<void>;
}

/**
 * How far back each read looks again: a transaction that commits later than one read but carries an
 * earlier time (its start) is still found; the keys already shown keep it from printing twice.
 */
const LOOKBACK_MS = 10_000;

export function startActivityFeed(options: ActivityFeedOptions): ActivityFeed {
  const intervalMs = options.intervalMs ?? 1_000;
  let newest = (options.since ?? new Date()).getTime();
  const floor = newest;
  const shown = new Map<string, number>();
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let reading: Promise<void> = Promise.resolve();

  async function read(): Promise<void> {
    let rows: { at: Date; key: string; text: () => string }[];
    try {
      const since = new Date(Math.max(floor, newest - LOOKBACK_MS));
      const [activity, tests] = await Promise.all([
        listActivitySince(options.db, since),
        listWebhookTestAttemptsSince(options.db, since),
      ]);
      rows = [
        ...activity.map((row) => ({ ...row, text: () => formatActivity(row) })),
        ...tests.map((row) => ({ ...row, text: () => formatWebhookTest(row) })),
      ].sort((a, b) => a.at.getTime() - b.at.getTime() || a.key.localeCompare(b.key));
    } catch {
      // The database going away (Ctrl-C stops it too) is said elsewhere; the feed just skips a beat.
      return;
    }
    for (const row of rows) {
      if (shown.has(row.key)) continue;
      shown.set(row.key, row.at.getTime());
      newest = Math.max(newest, row.at.getTime());
      options.write(row.text());
    }
    for (const [key, at] of shown) if (at < newest - LOOKBACK_MS) shown.delete(key);
  }

  function schedule() {
    timer = setTimeout(() => {
      reading = read().finally(() => {
        if (!stopped) schedule();
      });
    }, intervalMs);
    timer.unref();
  }
  schedule();

  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await reading;
    },
  };
}

const short = (hex: string) => `${hex.slice(0, 10)}…${hex.slice(-4)}`;

/** Order ids are the merchant's text (and reasons quote nodes'): one line each, of a bounded width. */
function printable(text: string, width: number): string {
  // eslint-disable-next-line no-control-regex
  const line = text.replace(/[\u0000-\u001f\u007f-\u009f]/g, "?");
  return line.length > width ? `${line.slice(0, width - 1)}…` : line;
}

/** A subscription's period in words: `every 30 days`, `every minute`. */
export function everyPeriod(seconds: number): string {
  const units: [number, string][] = [
    [86_400, "day"],
    [3_600, "hour"],
    [60, "minute"],
    [1, "second"],
  ];
  const [size, unit] = units.find(([size]) => seconds % size === 0) ?? [1, "second"];
  const count = seconds / size;
  return count === 1 ? `every ${unit}` : `every ${count} ${unit}s`;
}

/**
 * A subscription's event, e.g. `CREATED 10 KTT every 30 days, 3 charges`, `CHARGED 10 KTT (charge 1 of 3)`,
 * `CANCELED by merchant`, `PAST_DUE: the payer's allowance 0 is below the charge 10`.
 */
function subscriptionEvent(row: ActivityRow, tokens: (baseUnits: string) => string): string {
  const event = (row.detail ?? "").replace(/^subscription\./, "").toUpperCase();
  const charges = row.charges ?? 0;
  const charge = row.charge_period === null ? "" : ` (charge ${row.charge_period + 1} of ${charges})`;
  const reason = row.reason === null ? "" : `: ${printable(row.reason, 100)}`;
  switch (event) {
    case "CREATED":
      return `CREATED ${tokens(row.amount)} ${everyPeriod(Number(row.period_seconds))}, ${charges} charge${charges === 1 ? "" : "s"}`;
    case "CHARGED":
      return `CHARGED ${tokens(row.amount)}${charge}`;
    case "CANCELED":
      return `CANCELED ${printable(row.reason ?? "", 100)}`.trimEnd();
    default:
      return `${event}${charge}${reason}`;
  }
}

/**
 * A refund's event: the refund's amount of the payment's, and after a confirmed or expired one what the
 * payment's refunds sent back in all and the state it is left in (PAID when partly refunded), e.g.
 * `REFUNDED 5 KTT of 12.5 KTT (5 KTT refunded in all; payment PAID)`.
 */
function refundEvent(row: ActivityRow, event: string, tokens: (baseUnits: string) => string): string {
  const head = `${event} ${tokens(row.refund_amount ?? "0")} of ${tokens(row.amount)}`;
  if (event === "REFUND_SUBMITTED") return head;
  const sentBack =
    event === "REFUND_EXPIRED" ? "not sent in time" : `${tokens(row.refunded_amount ?? "0")} refunded in all`;
  return `${head} (${sentBack}; payment ${row.payment_status ?? "?"})`;
}

/**
 * An event of a payment by transfer, in its own amounts: `UNDERPAID 10 KTT of 25 KTT arrived`,
 * `SWEPT 24.75 KTT to the recipient, 0.25 KTT fee 0x…`, `DEPOSIT_RETURNED 1 KUSD (excess) to 0x… 0x…`; undefined
 * for another event.
 */
function depositEvent(
  row: ActivityRow,
  event: string,
  tokens: (baseUnits: string) => string,
): string | undefined {
  const tx = row.tx_hash ? ` ${short(row.tx_hash)}` : "";
  switch (event) {
    case "UNDERPAID":
    case "LATE_DEPOSIT":
      return `${event} ${tokens(row.received_amount ?? "0")} of ${tokens(row.amount)} arrived`;
    case "SWEPT": {
      const moved = BigInt(row.moved_amount ?? "0");
      const fee = BigInt(row.moved_fee ?? "0");
      return `SWEPT ${tokens((moved - fee).toString())} to the recipient, ${tokens(fee.toString())} fee${tx}`;
    }
    case "DEPOSIT_RETURNED": {
      // A recovery may return another token than the payment's: its amount is then in base units.
      const amount =
        row.return_kind === "recovery"
          ? `${row.moved_amount ?? "0"} base units`
          : tokens(row.moved_amount ?? "0");
      return `DEPOSIT_RETURNED ${amount} (${row.return_kind ?? "?"}) to ${short(row.moved_to ?? "")}${tx}`;
    }
    default:
      return undefined;
  }
}

/** What a webhook attempt got: `delivered (HTTP 200)`, `not delivered (no answer)`. */
function attemptOutcome(succeeded: boolean | null, statusCode: number | null): string {
  return `${succeeded ? "delivered" : "not delivered"} (${statusCode === null ? "no answer" : `HTTP ${statusCode}`})`;
}

/** A merchant's test event, e.g. `12:03:10  webhook Demo Shop  webhook.test delivered (HTTP 200)`. */
export function formatWebhookTest(row: WebhookTestAttemptRow): string {
  const time = row.at.toTimeString().slice(0, 8);
  return `${time}  ${"webhook".padEnd(7)} ${printable(row.merchant_name, 32)}  webhook.test ${attemptOutcome(row.succeeded, row.status_code)}`;
}

/** One line, e.g. `12:01:03  payment 0xab12cd34…0007  order-17  CREATED 1.5 KUSD`. */
export function formatActivity(row: ActivityRow): string {
  const time = row.at.toTimeString().slice(0, 8);
  const tokens = (baseUnits: string) =>
    `${formatUnits(BigInt(baseUnits), row.token_decimals)} ${row.token_symbol}`;
  const amount = tokens(row.amount);
  const about = `${short(row.payment_id)}  ${printable(row.order_id, 32)}`;
  const line = (label: string, what: string) => `${time}  ${label.padEnd(7)} ${about}  ${what}`;
  switch (row.kind) {
    case "created":
      return line("payment", `CREATED ${amount}`);
    case "event": {
      const event = (row.detail ?? "").replace(/^payment\./, "").toUpperCase();
      return line(
        "payment",
        row.refund_amount === null
          ? (depositEvent(row, event, tokens) ?? `${event} ${amount}`)
          : refundEvent(row, event, tokens),
      );
    }
    case "webhook":
      return line("webhook", `${row.detail} ${attemptOutcome(row.succeeded, row.status_code)}`);
    case "relay":
      return line("relay", `${row.detail}${row.tx_hash ? ` ${short(row.tx_hash)}` : ""}`);
    case "grant":
      return line("faucet", `gas grant ${row.detail}${row.tx_hash ? ` ${short(row.tx_hash)}` : ""}`);
    case "subscription":
      return line("sub", subscriptionEvent(row, tokens));
  }
}
