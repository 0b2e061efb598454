import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatActivity, startActivityFeed, type ActivityFeed } from "../../src/cli/activityFeed.js";
import { createPayment, fundPayer, pay, startLifecycleEnv, type LifecycleEnv } from "../lifecycle/support.js";
import { waitFor } from "../harness/waitFor.js";

let env: LifecycleEnv;
let feed: ActivityFeed;
const lines: string[] = [];

beforeAll(async () => {
  env = await startLifecycleEnv();
  feed = startActivityFeed({ db: env.t.database.db, write: (line) => lines.push(line), intervalMs: 50 });
});

afterAll(async () => {
  await feed?.stop();
  await env?.stop();
});

describe("kassa dev's activity feed", () => {
  it("shows a payment created, paid and its webhook delivered, one line each, without secrets", async () => {
    const payer = env.chain.wallet(5);
    await fundPayer(env.chain, payer, env.t.token as `0x${string}`);
    const p = await createPayment(env.t, { orderId: "feed-17", amount: 1.5 });
    await pay(env.chain, payer, p);

    const about = `${p.paymentId.slice(0, 10)}…${p.paymentId.slice(-4)}  feed-17`;
    const expected = [
      new RegExp(`^\\d\\d:\\d\\d:\\d\\d  payment ${about}  CREATED 1\\.5 KTT$`),
      new RegExp(`^\\d\\d:\\d\\d:\\d\\d  payment ${about}  PAID 1\\.5 KTT$`),
      new RegExp(`^\\d\\d:\\d\\d:\\d\\d  webhook ${about}  payment\\.paid delivered \\(HTTP 200\\)$`),
    ];
    await waitFor("the feed's three lines", () => lines.length >= expected.length);
    expect(lines).toHaveLength(expected.length);
    expected.forEach((pattern, i) => expect(lines[i]).toMatch(pattern));

    const everything = lines.join("\n");
    for (const secret of [env.t.merchant.apiKey, env.t.merchant.webhookSecret, env.receiver.url]) {
      expect(everything).not.toContain(secret);
    }
  });
});

describe("formatActivity", () => {
  const row = {
    at: new Date(2026, 10, 23, 12, 1, 3),
    key: "k",
    payment_id: `0xab12${"0".repeat(56)}cdef`,
    order_id: "order-17\nforged line",
    amount: "1500000",
    token_decimals: 6,
    token_symbol: "KUSD",
    detail: null,
    status_code: null,
    succeeded: null,
    tx_hash: null,
  };
  const tx = `0x9876${"1".repeat(56)}5432`;

  it("writes each kind on one line, the merchant's order id made printable", () => {
    expect(formatActivity({ ...row, kind: "created" })).toBe(
      "12:01:03  payment 0xab120000…cdef  order-17?forged line  CREATED 1.5 KUSD",
    );
    expect(formatActivity({ ...row, kind: "event", detail: "payment.expired" })).toBe(
      "12:01:03  payment 0xab120000…cdef  order-17?forged line  EXPIRED 1.5 KUSD",
    );
    expect(
      formatActivity({ ...row, kind: "webhook", detail: "payment.paid", status_code: 500, succeeded: false }),
    ).toBe("12:01:03  webhook 0xab120000…cdef  order-17?forged line  payment.paid not delivered (HTTP 500)");
    expect(formatActivity({ ...row, kind: "webhook", detail: "payment.paid", succeeded: false })).toBe(
      "12:01:03  webhook 0xab120000…cdef  order-17?forged line  payment.paid not delivered (no answer)",
    );
    expect(formatActivity({ ...row, kind: "relay", detail: "CONFIRMED", tx_hash: tx })).toBe(
      "12:01:03  relay   0xab120000…cdef  order-17?forged line  CONFIRMED 0x98761111…5432",
    );
    expect(formatActivity({ ...row, kind: "grant", detail: "CONFIRMED", tx_hash: tx })).toBe(
      "12:01:03  faucet  0xab120000…cdef  order-17?forged line  gas grant CONFIRMED 0x98761111…5432",
    );
  });
});
