import { testTokenAbi } from "@kassa/contracts";
import { sql } from "kysely";
import { getAddress, parseEventLogs, type Address, type Hex } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { csvField, EXPORT_PAGE_SIZE } from "../../../src/core/exports/exports.js";
import { exportPageQuery, type ExportRange } from "../../../src/db/exports/exports.js";
import { decimalToUnits } from "../../../src/domain/amount.js";
import type { SeededMerchant, TestApp } from "../../harness/app.js";
import type { TestChain, TestWalletClient } from "../../harness/chain.js";
import { waitFor } from "../../harness/waitFor.js";
import {
  createPayment,
  fundPayer,
  pay,
  paymentStatus,
  startLifecycleEnv,
  type LifecycleEnv,
} from "../../harness/lifecycle.js";

/**
 * GET /exports/payments against the chain: payments paid and refunded on anvil, then the export of their
 * block range must add up to the token's Transfer logs of that range, to the merchant's wallet, to the
 * treasury, and back to the payer.
 */
let env: LifecycleEnv;
let chain: TestChain;
let t: TestApp;
let payer: TestWalletClient;
let merchantWallet: TestWalletClient;
let other: SeededMerchant;
let otherPaymentId: string;
let fromBlock: bigint;
let toBlock: bigint;
const paid: { paymentId: string; orderId: string }[] = [];
let refundId: string;

const INJECTED_ORDER = '=HYPERLINK("https://evil.example","click")';

interface Row {
  type: "payment" | "refund";
  orderId: string;
  paymentId: string;
  refundId: string | null;
  status: string;
  chainId: number;
  tokenSymbol: string;
  tokenAddress: string;
  gross: string;
  fee: string;
  net: string;
  payerAddress: string | null;
  txHash: string | null;
  blockNumber: string | null;
  time: string;
}

const headers = (apiKey = t.merchant.apiKey) => ({ "x-api-key": apiKey });

/** A node of EXPLAIN (ANALYZE, FORMAT JSON). */
interface PlanNode {
  "Relation Name"?: string;
  "Actual Rows": number;
  "Actual Loops": number;
  "Rows Removed by Filter"?: number;
  Plans?: PlanNode[];
}
const units = (decimal: string) =>
  decimal.startsWith("-") ? -decimalToUnits(decimal.slice(1), 18) : decimalToUnits(decimal, 18);

async function settle(p: { paymentId: string }) {
  await waitFor("PAID", async () => (await paymentStatus(t.database.db, p.paymentId)) === "PAID");
}

async function exportJson(query: string, apiKey?: string): Promise<Row[]> {
  const response = await t.request(`/exports/payments?format=json&${query}`, { headers: headers(apiKey) });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.data as Row[];
}

beforeAll(async () => {
  env = await startLifecycleEnv();
  ({ chain, t } = env);
  payer = chain.wallet(5);
  await fundPayer(chain, payer, chain.tokens.permit18);
  merchantWallet = chain.wallet(9);
  await fundPayer(chain, merchantWallet, chain.tokens.permit18);

  // Another merchant's payment, before the range: never in this merchant's export.
  other = await t.addMerchant("Other shop");
  const theirs = await createPayment(t, { publicKey: other.publicKey, amount: 7 });
  await pay(chain, payer, theirs);
  await settle(theirs);
  otherPaymentId = theirs.paymentId;

  fromBlock = (await chain.publicClient.getBlockNumber()) + 1n;
  for (const [amount, orderId] of [
    [1.5, undefined],
    [20, INJECTED_ORDER],
    [3.25, undefined],
  ] as const) {
    const p = await createPayment(t, { amount, ...(orderId ? { orderId } : {}) });
    await pay(chain, payer, p);
    await settle(p);
    paid.push({ paymentId: p.paymentId, orderId: p.orderId });
  }
  // The third payment is refunded in full by the merchant's wallet.
  const refunded = paid[2]!;
  const created = await t.request("/refunds", {
    method: "POST",
    headers: headers(),
    json: { paymentId: refunded.paymentId },
  });
  expect(created.status).toBe(201);
  refundId = created.body.data.id;
  const hash = await merchantWallet.sendTransaction({
    to: created.body.data.transaction.to as Address,
    data: created.body.data.transaction.data as Hex,
  });
  await chain.publicClient.waitForTransactionReceipt({ hash });
  await waitFor(
    "REFUNDED",
    async () => (await paymentStatus(t.database.db, refunded.paymentId)) === "REFUNDED",
  );
  toBlock = await chain.publicClient.getBlockNumber();
});
afterAll(() => env?.stop());

/** The token's Transfer logs of the range, by what they paid. */
async function transfers() {
  const logs = await chain.publicClient.getLogs({
    address: chain.tokens.permit18,
    fromBlock,
    toBlock,
  });
  const events = parseEventLogs({ abi: testTokenAbi, eventName: "Transfer", logs });
  const sum = (match: (from: Address, to: Address) => boolean) =>
    events
      .filter((event) => match(getAddress(event.args.from), getAddress(event.args.to)))
      .reduce((total, event) => total + event.args.value, 0n);
  const merchant = getAddress(t.merchant.recipient);
  return {
    toMerchant: sum((from, to) => to === merchant && from !== merchant),
    toTreasury: sum((_, to) => to === chain.treasury),
    fromMerchant: sum((from) => from === merchant),
  };
}

/**
 * `count` copies of a paid payment of this merchant, PAID from `since` in groups of seven at the same
 * instant, 1.234567 s apart: times to the microsecond, shared across page boundaries.
 */
async function copyPaidPayment(count: number, prefix: string, since: string) {
  const template = paid[0]!.paymentId;
  const idPrefix = { bulk: "ee", many: "dd" }[prefix] ?? "cc";
  await sql`
    INSERT INTO payments (payment_id, merchant_id, order_id, chain_id, token_id, amount, recipient_address,
      gateway_address, forwarder_address, status, deadline, expires_at, tx_hash, payer_address, confirmed_at,
      success_url, fail_url, server_signature, fee_amount, block_number, block_hash, log_index)
    SELECT '0x' || ${idPrefix} || lpad(to_hex(g), 62, '0'), merchant_id, ${prefix} || '-' || g, chain_id,
      token_id, amount, recipient_address, gateway_address, forwarder_address, 'PAID', deadline, expires_at,
      tx_hash, payer_address, ${since}::timestamptz + (g / 7) * interval '1.234567 second', success_url, fail_url,
      server_signature, fee_amount, block_number, block_hash, log_index
    FROM payments, generate_series(1, ${count}) g WHERE payment_id = ${template}
  `.execute(t.database.db);
}

/**
 * `count` copies of a paid payment of this merchant, paid in blocks from `firstBlock` on, seven to a block at log
 * indexes 6 down to 0: chain order is not the order of their ids or times.
 */
async function copyPaidPaymentInBlocks(count: number, prefix: string, firstBlock: number) {
  await sql`
    INSERT INTO payments (payment_id, merchant_id, order_id, chain_id, token_id, amount, recipient_address,
      gateway_address, forwarder_address, status, deadline, expires_at, tx_hash, payer_address, confirmed_at,
      success_url, fail_url, server_signature, fee_amount, block_number, block_hash, log_index, paid_via)
    SELECT '0x' || 'bb' || lpad(to_hex(g), 62, '0'), merchant_id, ${prefix} || '-' || g, chain_id,
      token_id, amount, recipient_address, gateway_address, forwarder_address, 'PAID', deadline, expires_at,
      tx_hash, payer_address, now() - g * interval '1 second', success_url, fail_url, server_signature, fee_amount,
      ${firstBlock} + (g - 1) / 7, block_hash, 6 - (g - 1) % 7, 'contract'
    FROM payments, generate_series(1, ${count}) g WHERE payment_id = ${paid[0]!.paymentId}
  `.execute(t.database.db);
}

/** Every row the plan of `page` read from payments: what its scans returned and what their filters removed. */
async function paymentRowsRead(page: Parameters<typeof sql>[1]): Promise<number> {
  const { rows } = await sql<{
    "QUERY PLAN": [{ Plan: PlanNode }];
  }>`EXPLAIN (ANALYZE, FORMAT JSON) ${page}`.execute(t.database.db);
  let read = 0;
  const visit = (node: PlanNode) => {
    if (node["Relation Name"] === "payments") {
      read += (node["Actual Rows"] + (node["Rows Removed by Filter"] ?? 0)) * node["Actual Loops"];
    }
    for (const child of node.Plans ?? []) visit(child);
  };
  visit(rows[0]!["QUERY PLAN"][0].Plan);
  return read;
}

describe("GET /exports/payments", () => {
  it("reconciles a block range with the chain: net to the wallet, fee to the treasury, refunds back", async () => {
    const rows = await exportJson(`chainId=${chain.chainId}&fromBlock=${fromBlock}&toBlock=${toBlock}`);
    expect(rows.map((row) => [row.type, row.paymentId])).toEqual([
      ...paid.map((p) => ["payment", p.paymentId]),
      ["refund", paid[2]!.paymentId],
    ]);
    const payments = rows.filter((row) => row.type === "payment");
    for (const row of payments) {
      expect(units(row.gross)).toBe(units(row.fee) + units(row.net));
      expect(units(row.fee)).toBeGreaterThan(0n);
    }
    const [refund] = rows.filter((row) => row.type === "refund");
    expect(refund).toMatchObject({ refundId, status: "REFUNDED", fee: "0", gross: "-3.25", net: "-3.25" });
    expect(payments.map((row) => row.status)).toEqual(["PAID", "PAID", "REFUNDED"]);

    const chainSide = await transfers();
    const total = (field: "net" | "fee", list: Row[]) =>
      list.reduce((sum, row) => sum + units(row[field]), 0n);
    expect(total("net", payments)).toBe(chainSide.toMerchant);
    expect(total("fee", payments)).toBe(chainSide.toTreasury);
    expect(-total("net", [refund!])).toBe(chainSide.fromMerchant);
    // Over every row: what stayed with the merchant plus the fees is what the payers paid, less refunds.
    expect(total("net", rows) + total("fee", rows)).toBe(
      rows.reduce((sum, row) => sum + units(row.gross), 0n),
    );
  });

  it("gives the same rows as CSV, with a header, quoting, and no cell a spreadsheet would run", async () => {
    const range = `chainId=${chain.chainId}&fromBlock=${fromBlock}&toBlock=${toBlock}`;
    const json = await exportJson(range);
    const response = await t.request(`/exports/payments?${range}`, { headers: headers() });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/csv/);
    expect(response.headers.get("content-disposition")).toMatch(
      /^attachment; filename="kassa-payments-.*\.csv"$/,
    );
    const text = response.body as string;
    const lines = text.split("\r\n");
    expect(lines.at(-1)).toBe("");
    expect(lines[0]).toBe(
      "type,order_id,payment_id,refund_id,status,chain_id,token,token_address,gross,fee,net,payer,tx_hash," +
        "block_number,time,currency,fiat_amount,token_price,sender,paid_via,sweep_tx_hash,sweep_block_number",
    );
    expect(lines.length - 2).toBe(json.length);
    const injected = lines.find((line) => line.includes("HYPERLINK"));
    expect(injected).toContain(`"'=HYPERLINK(""https://evil.example"",""click"")"`);
    const refundLine = lines.find((line) => line.startsWith("refund,"));
    expect(refundLine?.split(",").slice(8, 11)).toEqual(["-3.25", "0", "-3.25"]);
    expect(csvField("-12.5")).toBe("-12.5");
    expect(csvField("+1 555")).toBe("'+1 555");
    expect(csvField("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvField(null)).toBe("");
  });

  it.each([
    ["a formula after spaces", " =1+1", "' =1+1"],
    ["a formula after a tab", "\t=1+1", "'\t=1+1"],
    ["a formula after a line break", "\n=1+1", `"'\n=1+1"`],
    ["a full-width equals sign", "＝1+1", "'＝1+1"],
    ["a full-width plus, minus and at sign", "＋1", "'＋1"],
    ["a cell a semicolon-separated sheet would split", "x;=1+1;y", `"x;=1+1;y"`],
    ["a pipe of a DDE call", "=cmd|' /C calc'!A0", "'=cmd|' /C calc'!A0"],
  ])("neutralises %s in a CSV cell", (_, value, cell) => {
    expect(csvField(value)).toBe(cell);
  });

  it("shows a merchant only its own movements", async () => {
    const range = `from=2000-01-01T00:00:00Z&to=2100-01-01T00:00:00Z`;
    const mine = await exportJson(range);
    expect(mine.map((row) => row.paymentId)).not.toContain(otherPaymentId);
    const theirs = await exportJson(range, other.apiKey);
    expect(theirs.map((row) => [row.type, row.paymentId])).toEqual([["payment", otherPaymentId]]);
  });

  it("streams a range of more rows than a page, each once, oldest first", async () => {
    const count = EXPORT_PAGE_SIZE * 2 + 17;
    await copyPaidPayment(count, "bulk", "2030-01-01T00:00:00Z");
    const rows = await exportJson("from=2030-01-01T00:00:00Z&to=2030-02-01T00:00:00Z");
    expect(rows).toHaveLength(count);
    expect(new Set(rows.map((row) => row.paymentId)).size).toBe(count);
    expect(rows.map((row) => row.orderId)).toEqual(Array.from({ length: count }, (_, i) => `bulk-${i + 1}`));
  });

  it("reads a page in the middle of a long range in index order: only that page's rows, not the range", async () => {
    const count = 3_000;
    await copyPaidPayment(count, "linear", "2032-01-01T00:00:00Z");
    await sql`ANALYZE payments`.execute(t.database.db);
    const range = {
      kind: "time",
      since: new Date("2032-01-01T00:00:00Z"),
      until: new Date("2032-02-01T00:00:00Z"),
    };
    const merchantRowId = (
      await sql<{ id: number }>`SELECT merchant_id AS id FROM payments
      WHERE order_id = 'linear-1'`.execute(t.database.db)
    ).rows[0]!.id;
    const middle = (
      await sql<{ at: string; key: string }>`SELECT confirmed_at::text AS at, payment_id AS key
      FROM payments WHERE order_id = ${`linear-${count / 2}`}`.execute(t.database.db)
    ).rows[0]!;
    const page = exportPageQuery(
      merchantRowId,
      range as ExportRange,
      { kind: "time", atText: middle.at, type: "payment", key: middle.key },
      EXPORT_PAGE_SIZE,
    );
    const read = await paymentRowsRead(page);
    expect(read).toBeGreaterThanOrEqual(EXPORT_PAGE_SIZE);
    expect(read).toBeLessThan(EXPORT_PAGE_SIZE * 2);
  });

  it("streams a block range of more rows than a page in chain order, each once, a page reading its own rows", async () => {
    const count = EXPORT_PAGE_SIZE * 6 + 17;
    const firstBlock = 40_000_000;
    await copyPaidPaymentInBlocks(count, "chain", firstBlock);
    await sql`ANALYZE payments`.execute(t.database.db);
    const rows = await exportJson(
      `chainId=${chain.chainId}&fromBlock=${firstBlock}&toBlock=${firstBlock + count}`,
    );
    expect(rows).toHaveLength(count);
    // Block by block, and in a block by log index: the seventh copy of a block (log 0) first.
    const expected = Array.from({ length: count }, (_, i) => i + 1).sort(
      (a, b) => Math.floor((a - 1) / 7) - Math.floor((b - 1) / 7) || b - a,
    );
    expect(rows.map((row) => row.orderId)).toEqual(expected.map((g) => `chain-${g}`));

    const merchantRowId = (
      await sql<{ id: number }>`SELECT merchant_id AS id FROM payments
      WHERE order_id = 'chain-1'`.execute(t.database.db)
    ).rows[0]!.id;
    const chainRowId = (
      await sql<{ id: number }>`SELECT chain_id AS id FROM payments
      WHERE order_id = 'chain-1'`.execute(t.database.db)
    ).rows[0]!.id;
    const middle = rows[(count / 2) | 0]!;
    const page = exportPageQuery(
      merchantRowId,
      { kind: "blocks", chainRowId, fromBlock: firstBlock, toBlock: firstBlock + count },
      {
        kind: "blocks",
        block: middle.blockNumber as string,
        logIndex: 6 - ((Number(middle.orderId.slice("chain-".length)) - 1) % 7),
        type: "payment",
        key: middle.paymentId,
      },
      EXPORT_PAGE_SIZE,
    );
    const read = await paymentRowsRead(page);
    expect(read).toBeGreaterThanOrEqual(EXPORT_PAGE_SIZE);
    expect(read).toBeLessThan(EXPORT_PAGE_SIZE * 2);
  });

  it("cuts the download when the database fails after the first bytes: never a complete-looking file", async () => {
    // More than the socket buffers hold, so the server still has pages to read once the first bytes are out.
    await copyPaidPayment(30_000, "many", "2031-01-01T00:00:00Z");
    const response = await fetch(
      `${t.baseUrl}/exports/payments?format=json&from=2031-01-01T00:00:00Z&to=2031-02-01T00:00:00Z`,
      { headers: headers() },
    );
    expect(response.status).toBe(200);
    const reader = response.body!.getReader();
    expect((await reader.read()).done).toBe(false);
    // The next page's query fails.
    await sql`ALTER TABLE tokens RENAME TO tokens_away`.execute(t.database.db);
    try {
      const drained = (async () => {
        for (;;) if ((await reader.read()).done) return;
      })();
      await expect(drained).rejects.toThrow();
    } finally {
      await sql`ALTER TABLE tokens_away RENAME TO tokens`.execute(t.database.db);
    }
    // The process lives on: the next export answers.
    expect(await exportJson("from=2031-01-01T00:00:00Z&to=2031-01-01T00:00:01Z")).toHaveLength(6);
  });

  it.each([
    ["no range", "", ["from"]],
    ["a time and a block range", `from=2026-01-01T00:00:00Z&to=2026-02-01T00:00:00Z&fromBlock=1`, ["from"]],
    ["from without to", "from=2026-01-01T00:00:00Z", ["to"]],
    ["from after to", "from=2026-02-01T00:00:00Z&to=2026-01-01T00:00:00Z", ["from"]],
    ["a block range without a chain", "fromBlock=1&toBlock=2", ["chainId"]],
    ["fromBlock after toBlock", "chainId=31337&fromBlock=9&toBlock=2", ["fromBlock"]],
    ["an unknown chain", "chainId=999999&fromBlock=1&toBlock=2", ["chainId"]],
    ["a format not offered", "format=xlsx&from=2026-01-01T00:00:00Z&to=2026-02-01T00:00:00Z", ["format"]],
    ["a time that is not ISO 8601", "from=yesterday&to=2026-02-01T00:00:00Z", ["from"]],
  ])("refuses %s with VALIDATION_ERROR naming the parameter", async (_, query, path) => {
    const response = await t.request(`/exports/payments?${query}`, { headers: headers() });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe("VALIDATION_ERROR");
    expect(response.body.details.map((detail: { path: string[] }) => detail.path)).toContainEqual(path);
  });

  it("has no HEAD: it would read the whole range to send nothing", async () => {
    const head = await fetch(
      `${t.baseUrl}/exports/payments?from=2000-01-01T00:00:00Z&to=2100-01-01T00:00:00Z`,
      {
        method: "HEAD",
        headers: headers(),
      },
    );
    expect(head.status).toBe(404);
  });

  it("needs the API key", async () => {
    const response = await t.request("/exports/payments?from=2026-01-01T00:00:00Z&to=2026-02-01T00:00:00Z");
    expect(response.status).toBe(401);
    expect(response.body.code).toBe("UNAUTHORIZED");
  });
});
