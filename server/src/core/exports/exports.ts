import { getAddress } from "viem";
import { z } from "zod";
import type { Db } from "../../db/infra/database.js";
import { findChainIdByNetworkId } from "../../db/chains/chains.js";
import {
  readExportPage,
  type ExportCursor,
  type ExportRange,
  type ExportRow,
} from "../../db/exports/exports.js";
import type { MerchantRow } from "../../db/schema/rows.js";
import { unitsToDecimal } from "../../domain/amount.js";
import { validationError } from "../../errors.js";

/**
 * Accounting exports (GET /exports/payments): a merchant's money movements over a time or block range,
 * as CSV for a spreadsheet or JSON for a program, streamed a page at a time so that any range costs the
 * server the same memory. Every settled payment is a `payment` row (gross = fee + net) with the transaction and
 * block that settled it and, paid by transfer, its sweep's; every completed refund a `refund` row with negative
 * amounts. A block range's rows come in chain order and are what reached or left the merchant's wallet in those
 * blocks (a payment by transfer at its sweep): summed, they are what the token's Transfer logs of the range moved to
 * and from the merchant's wallet and to the treasury (db/exports/exports.ts).
 */

/** Rows read per database round trip. */
export const EXPORT_PAGE_SIZE = 500;

const instant = z.iso.datetime({ offset: true }).transform((value) => new Date(value));
/** A query parameter that is a whole number (as text, like every query parameter). */
const wholeNumber = (what: string) =>
  z
    .string()
    .regex(/^\d{1,16}$/, `must be ${what}`)
    .transform(Number)
    .refine(Number.isSafeInteger, `must be ${what}`);

export const exportQuerySchema = z.object({
  format: z.enum(["csv", "json"]).default("csv").describe("csv (default) or json"),
  from: instant.optional().describe("Movements at or after this time (ISO 8601); with `to`"),
  to: instant.optional().describe("Movements before this time (ISO 8601); with `from`"),
  chainId: wholeNumber("an EIP-155 chain id").optional().describe("The chain of a block range"),
  fromBlock: wholeNumber("a block number")
    .optional()
    .describe("First block of the range, with `chainId` and `toBlock`"),
  toBlock: wholeNumber("a block number").optional().describe("Last block of the range (included)"),
});
export type ExportQuery = z.output<typeof exportQuerySchema>;

const decimal = z.string().describe("Exact decimal string in token units (negative for a refund)");

export const exportRowSchema = z
  .object({
    type: z.enum(["payment", "refund"]),
    orderId: z.string(),
    paymentId: z.string(),
    refundId: z.string().nullable(),
    status: z.string().describe("The payment's status (a refund row: the refund's)"),
    chainId: z.number(),
    tokenSymbol: z.string(),
    tokenAddress: z.string(),
    gross: decimal.describe("What the payer paid, fee included; a refund: what went back"),
    fee: decimal.describe("Kassa's fee, sent to the treasury; 0 for a refund"),
    net: decimal.describe(
      "gross - fee: what reached the merchant's wallet; a refund: what left it (0 when another wallet than the payment's recipient sent it)",
    ),
    payerAddress: z.string().nullable(),
    txHash: z
      .string()
      .nullable()
      .describe(
        "The transaction that settled the payment (its pay event; paid by transfer, the payer's last transfer of it), or the refund's",
      ),
    blockNumber: z.string().nullable().describe("The block of txHash"),
    paidVia: z
      .enum(["contract", "transfer"])
      .nullable()
      .describe("How the payment was paid (a refund row: its payment's)"),
    sweepTxHash: z
      .string()
      .nullable()
      .describe(
        "Paid by transfer: the sweep that moved the money from the deposit address to the merchant's wallet; null before it, and for other rows",
      ),
    sweepBlockNumber: z
      .string()
      .nullable()
      .describe("The block of sweepTxHash: where a block range counts a payment by transfer"),
    time: z.string().describe("When Kassa recorded the movement final (ISO 8601)"),
    currency: z.string().nullable().describe("The fiat currency the payment was priced in, if any"),
    fiatAmount: z.string().nullable(),
    tokenPrice: z
      .string()
      .nullable()
      .describe("Price of one token in `currency` when the payment was created"),
    senderAddress: z
      .string()
      .nullable()
      .describe("A refund row: the wallet that sent the refund; null on a payment row"),
  })
  .meta({ id: "ExportRow" });
export type ExportRowView = z.infer<typeof exportRowSchema>;

/** The CSV columns, in order, and the field of each. */
const csvColumns: readonly [string, keyof ExportRowView][] = [
  ["type", "type"],
  ["order_id", "orderId"],
  ["payment_id", "paymentId"],
  ["refund_id", "refundId"],
  ["status", "status"],
  ["chain_id", "chainId"],
  ["token", "tokenSymbol"],
  ["token_address", "tokenAddress"],
  ["gross", "gross"],
  ["fee", "fee"],
  ["net", "net"],
  ["payer", "payerAddress"],
  ["tx_hash", "txHash"],
  ["block_number", "blockNumber"],
  ["time", "time"],
  ["currency", "currency"],
  ["fiat_amount", "fiatAmount"],
  ["token_price", "tokenPrice"],
  ["sender", "senderAddress"],
  ["paid_via", "paidVia"],
  ["sweep_tx_hash", "sweepTxHash"],
  ["sweep_block_number", "sweepBlockNumber"],
];

function tokenUnits(baseUnits: string, decimals: number): string {
  const units = BigInt(baseUnits);
  return units < 0n ? `-${unitsToDecimal(-units, decimals)}` : unitsToDecimal(units, decimals);
}

function exportRowView(row: ExportRow): ExportRowView {
  return {
    type: row.type,
    orderId: row.order_id,
    paymentId: row.payment_id,
    refundId: row.refund_id,
    status: row.status,
    chainId: row.network_id,
    tokenSymbol: row.token_symbol,
    tokenAddress: row.token_address,
    gross: tokenUnits(row.gross, row.token_decimals),
    fee: tokenUnits(row.fee, row.token_decimals),
    net: tokenUnits(row.net, row.token_decimals),
    payerAddress: row.payer_address,
    txHash: row.tx_hash,
    blockNumber: row.block_number,
    paidVia: row.paid_via,
    sweepTxHash: row.sweep_tx_hash,
    sweepBlockNumber: row.sweep_block_number,
    time: row.at.toISOString(),
    currency: row.currency,
    fiatAmount: row.fiat_amount,
    tokenPrice: row.token_price,
    senderAddress: row.sender_address === null ? null : getAddress(row.sender_address),
  };
}

/**
 * A cell a spreadsheet would run as a formula: one that starts, after any leading white space (which
 * spreadsheets skip), with = + - @ or their full-width forms (which some convert), or with a tab or a
 * line break (existing rule of OWASP's list).
 */
const formulaStart = /^(?:[\t\r\n]|[\s\u00a0\u3000]*[=+\-@\uff1d\uff0b\uff0d\uff20])/;
/** A plain number (an amount, a negative refund): not a formula, kept as it is. */
const plainNumber = /^-?\d+(\.\d+)?$/;

/**
 * One CSV field (RFC 4180): quoted when it holds a comma, quote or line break, and a semicolon too, since
 * spreadsheets set to a semicolon separator would split the cell there (and could start a formula in the
 * next piece). A field a spreadsheet would run as a formula (formulaStart) gets a leading apostrophe,
 * except a plain number: an order id is the merchant's text, a negative amount is not a formula.
 */
export function csvField(value: string | number | null): string {
  if (value === null) return "";
  let text = String(value);
  if (formulaStart.test(text) && !plainNumber.test(text)) text = `'${text}`;
  return /[",;\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

function csvLine(values: readonly (string | number | null)[]): string {
  return `${values.map(csvField).join(",")}\r\n`;
}

async function exportRange(db: Db, query: ExportQuery): Promise<ExportRange> {
  const byTime = query.from !== undefined || query.to !== undefined;
  const byBlock = query.chainId !== undefined || query.fromBlock !== undefined || query.toBlock !== undefined;
  if (byTime && byBlock) {
    throw validationError([{ path: ["from"], message: "give a time range or a block range, not both" }]);
  }
  if (byTime) {
    if (query.from === undefined) throw validationError([{ path: ["from"], message: "required with `to`" }]);
    if (query.to === undefined) throw validationError([{ path: ["to"], message: "required with `from`" }]);
    if (query.from >= query.to) throw validationError([{ path: ["from"], message: "must be before `to`" }]);
    return { kind: "time", since: query.from, until: query.to };
  }
  if (!byBlock) {
    throw validationError([
      {
        path: ["from"],
        message: "give a time range (`from`, `to`) or a block range (`chainId`, `fromBlock`, `toBlock`)",
      },
    ]);
  }
  for (const field of ["chainId", "fromBlock", "toBlock"] as const) {
    if (query[field] === undefined) {
      throw validationError([{ path: [field], message: "required for a block range" }]);
    }
  }
  const { chainId, fromBlock, toBlock } = query as Required<
    Pick<ExportQuery, "chainId" | "fromBlock" | "toBlock">
  >;
  if (fromBlock > toBlock)
    throw validationError([{ path: ["fromBlock"], message: "must not be after `toBlock`" }]);
  const chainRowId = await findChainIdByNetworkId(db, chainId);
  if (chainRowId === undefined)
    throw validationError([{ path: ["chainId"], message: "not a chain Kassa knows" }]);
  return { kind: "blocks", chainRowId, fromBlock, toBlock };
}

export interface PaymentExport {
  contentType: string;
  filename: string;
  /** The document, piece by piece; reads the next page only when the previous one was taken. */
  chunks(): AsyncGenerator<string, void, undefined>;
}

/** Checks the query (VALIDATION_ERROR before anything is sent) and prepares the export's stream. */
export async function preparePaymentExport(
  deps: { db: Db; now: () => Date },
  merchant: MerchantRow,
  query: ExportQuery,
): Promise<PaymentExport> {
  const range = await exportRange(deps.db, query);
  const stamp = deps.now().toISOString().replace(/[:.]/g, "-");
  // The first page is read before anything is sent: a database that does not answer is a plain error.
  const first = await readExportPage(deps.db, merchant.id, range, undefined, EXPORT_PAGE_SIZE);
  async function* pages(): AsyncGenerator<ExportRowView[], void, undefined> {
    let rows = first;
    for (;;) {
      if (rows.length > 0) yield rows.map(exportRowView);
      const last = rows.at(-1);
      if (!last || rows.length < EXPORT_PAGE_SIZE) return;
      const after: ExportCursor =
        range.kind === "time"
          ? { kind: "time", atText: last.at_text, type: last.type, key: last.key }
          : {
              kind: "blocks",
              block: last.money_block ?? "0",
              logIndex: last.money_log_index ?? 0,
              type: last.type,
              key: last.key,
            };
      rows = await readExportPage(deps.db, merchant.id, range, after, EXPORT_PAGE_SIZE);
    }
  }
  if (query.format === "json") {
    return {
      contentType: "application/json; charset=utf-8",
      filename: `kassa-payments-${stamp}.json`,
      async *chunks() {
        yield '{"success":true,"data":[';
        let first = true;
        for await (const page of pages()) {
          yield `${first ? "" : ","}${page.map((view) => JSON.stringify(view)).join(",")}`;
          first = false;
        }
        yield "]}";
      },
    };
  }
  return {
    contentType: "text/csv; charset=utf-8",
    filename: `kassa-payments-${stamp}.csv`,
    async *chunks() {
      yield csvLine(csvColumns.map(([name]) => name));
      for await (const page of pages()) {
        yield page.map((view) => csvLine(csvColumns.map(([, field]) => view[field]))).join("");
      }
    },
  };
}
