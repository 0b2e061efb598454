import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatActivity, startActivityFeed, type ActivityFeed } from "../../src/cli/activityFeed.js";
import { parseUnits, type Address, type Hex } from "viem";
import {
  createPayment,
  fundPayer,
  pay,
  paymentStatus,
  startLifecycleEnv,
  type LifecycleEnv,
} from "../harness/lifecycle.js";
import { runKassa } from "../harness/cli.js";
import { startSubscriptionEnv } from "../harness/subscriptions.js";
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

describe("a partial refund", () => {
  it("is a partial refund in the feed and in kassa admin payment show: its amount, what is refunded, PAID", async () => {
    const payer = env.chain.wallet(5);
    const recipient = env.chain.wallet(9);
    await fundPayer(env.chain, recipient, env.t.token as Address);
    const p = await createPayment(env.t, { orderId: "feed-18", amount: 12.5 });
    await pay(env.chain, payer, p);
    await waitFor("PAID", async () => (await paymentStatus(env.t.database.db, p.paymentId)) === "PAID");
    const refund = await env.t.request("/refunds", {
      method: "POST",
      headers: { "x-api-key": env.t.merchant.apiKey },
      json: { paymentId: p.paymentId, amount: parseUnits("5", 18).toString() },
    });
    expect(refund.status).toBe(201);
    const hash = await recipient.sendTransaction({
      to: refund.body.data.transaction.to as Address,
      data: refund.body.data.transaction.data as Hex,
    });
    await env.chain.publicClient.waitForTransactionReceipt({ hash });

    const about = `${p.paymentId.slice(0, 10)}…${p.paymentId.slice(-4)}  feed-18`;
    const refunded = new RegExp(
      `^\\d\\d:\\d\\d:\\d\\d  payment ${about}  REFUNDED 5 KTT of 12\\.5 KTT \\(5 KTT refunded in all; payment PAID\\)$`,
    );
    await waitFor("the refund's line", () => lines.some((line) => refunded.test(line)));
    expect(lines.filter((line) => line.includes(about) && line.includes("  payment "))).toEqual([
      expect.stringMatching(/CREATED 12\.5 KTT$/),
      expect.stringMatching(/PAID 12\.5 KTT$/),
      expect.stringMatching(/REFUND_SUBMITTED 5 KTT of 12\.5 KTT$/),
      expect.stringMatching(refunded),
    ]);

    const shown = await runKassa(env.t.database.url, "admin", "payment", "show", p.paymentId);
    expect(shown.code).toBe(0);
    expect(shown.stdout).toMatch(/Status:\s+PAID\n/);
    expect(shown.stdout).toMatch(/Refunded:\s+5 KTT of 12\.5 KTT\n/);
    expect(shown.stdout).toMatch(new RegExp(`${refund.body.data.id}\\s+REFUNDED\\s+5 KTT\\s+${hash}`));
  });
});

describe("a subscription", () => {
  it("is in the feed when created, charged, canceled and completed, in words", async () => {
    const subs = await startSubscriptionEnv();
    const seen: string[] = [];
    const subsFeed = startActivityFeed({
      db: subs.t.database.db,
      write: (line) => seen.push(line),
      intervalMs: 50,
    });
    try {
      const payer = await subs.payer();
      await subs.fund(payer, parseUnits("100", 18), parseUnits("100", 18));
      const canceled = await subs.subscribe(payer, { orderId: "feed-plan", periodSeconds: 60 });
      const completed = await subs.subscribe(payer, { orderId: "feed-once", charges: 1 });
      await subs.charge();
      await subs.t.request(`/subscriptions/${canceled}/cancel`, {
        method: "POST",
        headers: { "x-api-key": subs.t.merchant.apiKey },
      });
      const line = (id: string, order: string, what: string) =>
        new RegExp(`^\\d\\d:\\d\\d:\\d\\d  sub     ${id.slice(0, 10)}…${id.slice(-4)}  ${order}  ${what}$`);
      const expected = [
        line(canceled, "feed-plan", "CREATED 10 KTT every minute, 3 charges"),
        line(canceled, "feed-plan", "CHARGED 10 KTT \\(charge 1 of 3\\)"),
        line(canceled, "feed-plan", "CANCELED by merchant"),
        line(completed, "feed-once", "CREATED 10 KTT every 30 days, 1 charge"),
        line(completed, "feed-once", "CHARGED 10 KTT \\(charge 1 of 1\\)"),
        line(completed, "feed-once", "COMPLETED"),
      ];
      const subscriptionLines = () => seen.filter((text) => text.includes("  sub     "));
      await waitFor("the subscriptions' six lines", () => subscriptionLines().length >= expected.length);
      for (const pattern of expected)
        expect(subscriptionLines()).toContainEqual(expect.stringMatching(pattern));
      expect(seen.join("\n")).not.toMatch(/SUBSCRIPTION\./);
    } finally {
      await subsFeed.stop();
      await subs.close();
    }
  }, 60_000);
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
    refund_amount: null,
    payment_status: null,
    refunded_amount: null,
    period_seconds: null,
    charges: null,
    charge_period: null,
    reason: null,
    received_amount: null,
    moved_amount: null,
    moved_fee: null,
    moved_to: null,
    return_kind: null,
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

  it("writes a subscription's events in words, each with its charge", () => {
    const sub = {
      ...row,
      kind: "subscription" as const,
      payment_id: `sub_${"ab".repeat(16)}`,
      amount: "10000000",
      period_seconds: "2592000",
      charges: 3,
    };
    const about = "sub_ababab…abab  order-17?forged line";
    expect(formatActivity({ ...sub, detail: "subscription.created" })).toBe(
      `12:01:03  sub     ${about}  CREATED 10 KUSD every 30 days, 3 charges`,
    );
    expect(formatActivity({ ...sub, detail: "subscription.charged", charge_period: 0 })).toBe(
      `12:01:03  sub     ${about}  CHARGED 10 KUSD (charge 1 of 3)`,
    );
    expect(
      formatActivity({
        ...sub,
        detail: "subscription.charge_failed",
        reason: "the payer's allowance 0 is below the charge 10000000",
      }),
    ).toBe(`12:01:03  sub     ${about}  CHARGE_FAILED: the payer's allowance 0 is below the charge 10000000`);
    expect(formatActivity({ ...sub, detail: "subscription.canceled", reason: "by payer" })).toBe(
      `12:01:03  sub     ${about}  CANCELED by payer`,
    );
    expect(formatActivity({ ...sub, detail: "subscription.completed" })).toBe(
      `12:01:03  sub     ${about}  COMPLETED`,
    );
  });

  it("says what arrived, what a sweep moved to the recipient and what a return sent back, not the payment's amount", () => {
    const event = { ...row, kind: "event" as const };
    const about = "0xab120000…cdef  order-17?forged line";
    expect(formatActivity({ ...event, detail: "payment.underpaid", received_amount: "1000000" })).toBe(
      `12:01:03  payment ${about}  UNDERPAID 1 KUSD of 1.5 KUSD arrived`,
    );
    expect(
      formatActivity({
        ...event,
        detail: "payment.swept",
        moved_amount: "1500000",
        moved_fee: "15000",
        tx_hash: tx,
      }),
    ).toBe(`12:01:03  payment ${about}  SWEPT 1.485 KUSD to the recipient, 0.015 KUSD fee 0x98761111…5432`);
    expect(
      formatActivity({
        ...event,
        detail: "payment.deposit_returned",
        moved_amount: "1000000",
        moved_to: `0x1234${"0".repeat(32)}abcd`,
        return_kind: "excess",
        tx_hash: tx,
      }),
    ).toBe(`12:01:03  payment ${about}  DEPOSIT_RETURNED 1 KUSD (excess) to 0x12340000…abcd 0x98761111…5432`);
  });

  it("says a refund's own amount, and what is refunded in all and the payment's state once it ends", () => {
    const refund = { ...row, kind: "event" as const, refund_amount: "500000" };
    expect(
      formatActivity({
        ...refund,
        detail: "payment.refund_submitted",
        payment_status: "REFUND_SUBMITTED",
        refunded_amount: "0",
      }),
    ).toBe("12:01:03  payment 0xab120000…cdef  order-17?forged line  REFUND_SUBMITTED 0.5 KUSD of 1.5 KUSD");
    expect(
      formatActivity({
        ...refund,
        detail: "payment.refunded",
        payment_status: "PAID",
        refunded_amount: "500000",
      }),
    ).toBe(
      "12:01:03  payment 0xab120000…cdef  order-17?forged line  REFUNDED 0.5 KUSD of 1.5 KUSD (0.5 KUSD refunded in all; payment PAID)",
    );
    expect(
      formatActivity({
        ...refund,
        detail: "payment.refunded",
        payment_status: "REFUNDED",
        refunded_amount: "1500000",
      }),
    ).toBe(
      "12:01:03  payment 0xab120000…cdef  order-17?forged line  REFUNDED 0.5 KUSD of 1.5 KUSD (1.5 KUSD refunded in all; payment REFUNDED)",
    );
    expect(
      formatActivity({
        ...refund,
        detail: "payment.refund_expired",
        payment_status: "PAID",
        refunded_amount: "0",
      }),
    ).toBe(
      "12:01:03  payment 0xab120000…cdef  order-17?forged line  REFUND_EXPIRED 0.5 KUSD of 1.5 KUSD (not sent in time; payment PAID)",
    );
  });
});

describe("a merchant's test event", () => {
  it("is a line of its own: the merchant's name and the attempt, about no payment", async () => {
    const before = lines.length;
    const sent = await env.t.request("/merchants/me/webhook-test", {
      method: "POST",
      headers: { "x-api-key": env.t.merchant.apiKey },
    });
    expect(sent.status).toBe(202);
    const line = await waitFor("the test event's line", () =>
      lines.slice(before).find((text) => text.includes("webhook.test")),
    );
    expect(line).toMatch(/^\d\d:\d\d:\d\d {2}webhook Test shop {2}webhook\.test delivered \(HTTP 200\)$/);
  });
});
