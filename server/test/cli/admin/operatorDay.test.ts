import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  createPayment,
  deliveredWebhook,
  fundPayer,
  pay,
  startLifecycleEnv,
  type LifecycleEnv,
} from "../../harness/lifecycle.js";
import { waitFor } from "../../harness/waitFor.js";
import { type CreatedPayment } from "../../harness/payments.js";
import { runKassa, runKassaJson } from "../../harness/cli.js";

/** The operator's day on a running Kassa: find payments, follow their webhooks, send one again. */

// Each command is a process of its own (about a second, far more on a busy machine).
vi.setConfig({ testTimeout: 300_000 });

let env: LifecycleEnv;
let paid: CreatedPayment;
let open: CreatedPayment;
let deliveryId: string;

const kassa = (...args: string[]) => runKassa(env.t.database.url, ...args);
const kassaJson = <T = Record<string, unknown>>(...args: string[]) =>
  runKassaJson<T>(env.t.database.url, ...args);

interface PaymentPage {
  payments: { paymentId: string; orderId: string; status: string; merchantName: string }[];
  hasMore: boolean;
}

interface Delivery {
  id: string;
  eventId: string;
  eventType: string;
  paymentId: string;
  status: string;
  merchantKey: string;
  attempts: { attempt: number; statusCode: number | null; url: string }[];
}

beforeAll(async () => {
  env = await startLifecycleEnv();
  const payer = env.chain.wallet(5);
  await fundPayer(env.chain, payer, env.t.token as `0x${string}`);
  paid = await createPayment(env.t, { orderId: "day-paid", amount: 1.5 });
  await pay(env.chain, payer, paid);
  const webhook = await deliveredWebhook(env.receiver, paid.paymentId, "payment.paid");
  // The delivery is SUCCEEDED once its attempt is recorded, just after the receiver answered.
  deliveryId = await waitFor("the delivery recorded as SUCCEEDED", async () => {
    const row = await env.t.database.db
      .selectFrom("webhook_deliveries")
      .select(["id", "status"])
      .where("event_id", "=", webhook.headers["webhook-id"] as string)
      .executeTakeFirst();
    return row?.status === "SUCCEEDED" ? row.id : undefined;
  });
  open = await createPayment(env.t, { orderId: "day-open", amount: 2 });
});

afterAll(async () => {
  await env?.stop();
});

describe("kassa admin payment", () => {
  it("lists payments newest first, filtered and paginated", async () => {
    const all = await kassaJson<PaymentPage>("admin", "payment", "list");
    expect(all.payments.map((p) => p.paymentId)).toEqual([open.paymentId, paid.paymentId]);
    expect(all.payments[0]).toMatchObject({
      orderId: "day-open",
      status: "CREATED",
      merchantName: "Test shop",
    });
    expect(all.hasMore).toBe(false);

    const ids = async (...filter: string[]) =>
      (await kassaJson<PaymentPage>("admin", "payment", "list", ...filter)).payments.map((p) => p.paymentId);
    expect(await ids("--status", "PAID")).toEqual([paid.paymentId]);
    expect(await ids("--order-id", "day-open")).toEqual([open.paymentId]);
    expect(await ids("--merchant", env.t.merchant.merchantKey)).toEqual([open.paymentId, paid.paymentId]);
    expect(await ids("--since", "2999-01-01")).toEqual([]);
    expect(await ids("--since", "2000-01-01", "--until", "2000-01-02T00:00:00+09:00")).toEqual([]);

    const first = await kassaJson<PaymentPage>("admin", "payment", "list", "--limit", "1");
    expect(first).toMatchObject({ hasMore: true, payments: [{ paymentId: open.paymentId }] });
    expect(await ids("--limit", "1", "--starting-after", open.paymentId)).toEqual([paid.paymentId]);

    const table = await kassa("admin", "payment", "list", "--limit", "1");
    expect(table.code).toBe(0);
    expect(table.stdout).toMatch(/PAYMENT ID\s+MERCHANT\s+ORDER\s+STATUS\s+AMOUNT/);
    expect(table.stdout).toMatch(
      new RegExp(`${open.paymentId}\\s+Test shop\\s+day-open\\s+CREATED\\s+2 KTT`),
    );
    expect(table.stdout).toContain(`--starting-after ${open.paymentId}`);
  });

  it("shows a payment with its events and webhook deliveries", async () => {
    const shown = await kassaJson<{
      payment: { status: string; txHash: string | null };
      events: { type: string }[];
      deliveries: Delivery[];
      relay: unknown;
    }>("admin", "payment", "show", paid.paymentId);
    expect(shown.payment.status).toBe("PAID");
    expect(shown.payment.txHash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(shown.events.map((e) => e.type)).toEqual(["payment.paid"]);
    expect(shown.deliveries).toEqual([
      expect.objectContaining({
        id: deliveryId,
        status: "SUCCEEDED",
        attempts: [expect.objectContaining({ attempt: 1, statusCode: 200 })],
      }),
    ]);
    expect(shown.relay).toBeNull();

    const human = await kassa("admin", "payment", "show", paid.paymentId);
    expect(human.stdout).toMatch(/Amount:\s+1\.5 KTT/);
    expect(human.stdout).toMatch(
      new RegExp(`${deliveryId}\\s+payment\\.paid\\s+${paid.paymentId}\\s+SUCCEEDED\\s+1`),
    );
  });

  it("refuses bad input with exit code 2 and answers unknown ids with their error", async () => {
    const badStatus = await kassa("admin", "payment", "list", "--status", "LOST");
    expect(badStatus.code).toBe(2);
    expect(badStatus.stderr).toContain("error VALIDATION_ERROR");
    expect(badStatus.stderr).toContain("status:");
    const badTime = await kassa("admin", "payment", "list", "--since", "yesterday", "--json");
    expect(badTime.code).toBe(2);
    expect(JSON.parse(badTime.stdout)).toMatchObject({
      code: "VALIDATION_ERROR",
      details: [{ path: ["since"], message: expect.stringContaining("ISO 8601") }],
    });
    const badLimit = await kassa("admin", "webhook", "list", "--limit", "0");
    expect(badLimit.code).toBe(2);

    for (const [args, code] of [
      [["payment", "show", "0x1234"], "PAYMENT_NOT_FOUND"],
      [["payment", "list", "--merchant", "mch_nobody"], "NOT_FOUND"],
      [["webhook", "show", "whd_nope"], "NOT_FOUND"],
      [["webhook", "redeliver", `whd_${"0".repeat(32)}`], "NOT_FOUND"],
    ] as const) {
      const result = await kassa("admin", ...args, "--json");
      expect(result.code, args.join(" ")).toBe(1);
      expect(JSON.parse(result.stdout)).toMatchObject({ code });
    }
    const human = await kassa("admin", "payment", "show", "0x1234");
    expect(human.stderr).toBe("error PAYMENT_NOT_FOUND: payment 0x1234 not found\n");
  });
});

describe("kassa admin webhook", () => {
  it("lists deliveries by merchant and status and shows one with its attempts", async () => {
    const listed = await kassaJson<{ deliveries: Delivery[] }>(
      "admin",
      "webhook",
      "list",
      "--merchant",
      env.t.merchant.merchantKey,
      "--status",
      "SUCCEEDED",
    );
    expect(listed.deliveries.map((d) => d.id)).toContain(deliveryId);
    expect(listed.deliveries.every((d) => d.status === "SUCCEEDED")).toBe(true);
    const failed = await kassaJson<{ deliveries: Delivery[] }>(
      "admin",
      "webhook",
      "list",
      "--status",
      "FAILED",
    );
    expect(failed.deliveries).toEqual([]);

    const shown = await kassaJson<Delivery>("admin", "webhook", "show", deliveryId);
    expect(shown).toMatchObject({
      id: deliveryId,
      eventType: "payment.paid",
      paymentId: paid.paymentId,
      merchantKey: env.t.merchant.merchantKey,
      attempts: [{ attempt: 1, statusCode: 200, url: env.receiver.url }],
    });
    const human = await kassa("admin", "webhook", "show", deliveryId);
    expect(human.stdout).toMatch(/Status:\s+SUCCEEDED/);
    expect(human.stdout).toMatch(/1\s+\S+\s+http:\/\/127\.0\.0\.1:\d+\/hooks\s+200/);
  });

  it("sends a delivery's event again with the same webhook-id", async () => {
    const original = await deliveredWebhook(env.receiver, paid.paymentId, "payment.paid");
    const redelivery = await kassaJson<{ id: string; eventId: string; status: string; merchantKey: string }>(
      "admin",
      "webhook",
      "redeliver",
      deliveryId,
    );
    expect(redelivery).toMatchObject({
      eventId: original.headers["webhook-id"],
      status: "PENDING",
      merchantKey: env.t.merchant.merchantKey,
    });
    expect(redelivery.id).not.toBe(deliveryId);
    const again = await deliveredWebhook(env.receiver, paid.paymentId, "payment.paid", 2);
    expect(again.headers["webhook-id"]).toBe(original.headers["webhook-id"]);
    const shown = await waitFor("the redelivery recorded", async () => {
      const delivery = await kassaJson<Delivery>("admin", "webhook", "show", redelivery.id);
      return delivery.status === "SUCCEEDED" ? delivery : undefined;
    });
    expect(shown.attempts).toHaveLength(1);
  });
});
