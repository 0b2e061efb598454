import { readFileSync } from "node:fs";
import { Webhook } from "standardwebhooks";
import { describe, expect, it } from "vitest";
import { ACTION_OF_EVENT, readWebhook } from "../../src/webhooks.js";

const SECRET = `whsec_${Buffer.from("the merchant's webhook secret").toString("base64")}`;
const SESSION = "payses_01JBD5J3W4ZB2Q7Y8K3N5M6P7R";

/** A body as Kassa sends it (its own spacing), and the Standard Webhooks headers signing exactly those bytes. */
function delivery(payload: Record<string, unknown>, options: { secret?: string; at?: Date } = {}) {
  const body = JSON.stringify(payload, null, 1);
  const at = options.at ?? new Date();
  const id = "evt_0123456789abcdef0123456789abcdef";
  return {
    body,
    headers: {
      "webhook-id": id,
      "webhook-timestamp": String(Math.floor(at.getTime() / 1000)),
      "webhook-signature": new Webhook(options.secret ?? SECRET).sign(id, at, body),
      "content-type": "application/json",
    },
  };
}

const paid = { type: "payment.paid", paymentId: `0x${"ab".repeat(32)}`, orderId: SESSION, status: "PAID" };

describe("Kassa's webhooks as Medusa reads them", () => {
  it("are verified over the raw body, as Medusa's HTTP layer or its Redis event bus hands it over", () => {
    const { body, headers } = delivery(paid);
    for (const raw of [body, Buffer.from(body), JSON.parse(JSON.stringify(Buffer.from(body)))]) {
      expect(readWebhook(raw, headers, SECRET)).toMatchObject({
        kind: "event",
        sessionId: SESSION,
        event: paid,
      });
    }
  });

  it("refuse a body that was parsed and serialised again: its bytes are not the ones signed", () => {
    const { body, headers } = delivery(paid);
    expect(readWebhook(JSON.stringify(JSON.parse(body)), headers, SECRET)).toEqual({
      kind: "refused",
      reason: "WEBHOOK_SIGNATURE_INVALID: no webhook-signature matches the body",
    });
    expect(readWebhook(JSON.parse(body), headers, SECRET)).toMatchObject({
      kind: "refused",
      reason: expect.stringMatching(/^WEBHOOK_BODY_PARSED: /),
    });
  });

  it("refuse a forged signature, a tampered body, a replay and missing headers", () => {
    const forged = delivery(paid, { secret: `whsec_${Buffer.from("someone else").toString("base64")}` });
    expect(readWebhook(forged.body, forged.headers, SECRET)).toMatchObject({
      kind: "refused",
      reason: expect.stringMatching(/^WEBHOOK_SIGNATURE_INVALID/),
    });
    const genuine = delivery({ ...paid, orderId: "payses_01JBD5J3W4ZB2Q7Y8K3N5M6P7S" });
    const tampered = genuine.body.replace("payses_01JBD5J3W4ZB2Q7Y8K3N5M6P7S", SESSION);
    expect(readWebhook(tampered, genuine.headers, SECRET)).toMatchObject({
      kind: "refused",
      reason: expect.stringMatching(/^WEBHOOK_SIGNATURE_INVALID/),
    });
    const old = delivery(paid, { at: new Date(Date.now() - 3_600_000) });
    expect(readWebhook(old.body, old.headers, SECRET)).toMatchObject({
      kind: "refused",
      reason: expect.stringMatching(/^WEBHOOK_TIMESTAMP_OUT_OF_TOLERANCE/),
    });
    expect(readWebhook(genuine.body, { "content-type": "application/json" }, SECRET)).toMatchObject({
      kind: "refused",
      reason: expect.stringMatching(/^WEBHOOK_HEADERS_MISSING/),
    });
  });

  it("ignore events about no Medusa payment session", () => {
    const other = delivery({ ...paid, orderId: "order-1001" });
    expect(readWebhook(other.body, other.headers, SECRET)).toEqual({
      kind: "ignored",
      reason: "order order-1001 is not a Medusa payment session's",
    });
    const test = delivery({ type: "webhook.test", merchantId: `0x${"01".repeat(32)}` });
    expect(readWebhook(test.body, test.headers, SECRET)).toEqual({
      kind: "ignored",
      reason: "webhook.test is about no payment",
    });
  });

  it("find the session of a payment made after the session's amount changed", () => {
    const revised = delivery({ ...paid, orderId: `${SESSION}.2` });
    expect(readWebhook(revised.body, revised.headers, SECRET)).toMatchObject({ sessionId: SESSION });
    const odd = delivery({ ...paid, orderId: `${SESSION}.x` });
    expect(readWebhook(odd.body, odd.headers, SECRET)).toMatchObject({ kind: "ignored" });
  });

  it("map every event Kassa documents to an action of Medusa's", () => {
    const documented = Object.keys(
      (
        JSON.parse(readFileSync(new URL("../../../../docs/openapi.json", import.meta.url), "utf8")) as {
          webhooks: Record<string, unknown>;
        }
      ).webhooks,
    );
    expect(Object.keys(ACTION_OF_EVENT).sort()).toEqual(documented.sort());
    expect(
      Object.fromEntries(Object.entries(ACTION_OF_EVENT).filter(([, action]) => action !== "not_supported")),
    ).toEqual({
      "payment.paid": "captured",
      "payment.invalid": "failed",
      "payment.failed": "failed",
      "payment.expired": "canceled",
      "payment.underpaid": "pending",
    });
  });
});
