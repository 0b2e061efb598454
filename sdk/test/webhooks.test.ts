import {
  KassaWebhookVerificationError,
  verifyWebhook,
  type KassaWebhookEvent,
  type KassaWebhookEventOf,
} from "@kassa/sdk";
import { Webhook } from "standardwebhooks";
import { describe, expect, expectTypeOf, it } from "vitest";

const secret = `whsec_${Buffer.from("kassa-sdk-test-secret-24b").toString("base64")}`;
const event = {
  eventId: "evt_1",
  type: "payment.paid",
  createdAt: "2026-11-21T05:00:00.000Z",
  merchantId: `0x${"11".repeat(32)}`,
  chainId: 31337,
  tokenAddress: `0x${"22".repeat(20)}`,
  paymentId: `0x${"33".repeat(32)}`,
  orderId: "order-1",
  status: "PAID",
  txHash: `0x${"44".repeat(32)}`,
  amount: "12500000000000000000",
  tokenSymbol: "KTT",
  paidAt: "2026-11-21T05:00:00.000Z",
};
const body = JSON.stringify(event);

/** Headers exactly as a Standard Webhooks sender (the reference library) makes them. */
function signed(payload: string, options: { at?: Date; id?: string; key?: string } = {}) {
  const at = options.at ?? new Date();
  const id = options.id ?? "msg_1";
  return {
    "webhook-id": id,
    "webhook-timestamp": String(Math.floor(at.getTime() / 1000)),
    "webhook-signature": new Webhook(options.key ?? secret).sign(id, at, payload),
  };
}

function failure(run: () => unknown): KassaWebhookVerificationError {
  let caught: unknown;
  try {
    run();
  } catch (error) {
    caught = error;
  }
  expect(caught).toBeInstanceOf(KassaWebhookVerificationError);
  return caught as KassaWebhookVerificationError;
}

/** The event as a payment's: these tests sign payment events only. */
function paymentEvent(verified: KassaWebhookEvent): Extract<KassaWebhookEvent, { paymentId: string }> {
  if (!("paymentId" in verified)) throw new Error(`a ${verified.type} event`);
  return verified;
}

describe("verifyWebhook", () => {
  it("returns the event for a body signed by the standardwebhooks library", () => {
    const verified: KassaWebhookEvent = verifyWebhook(body, signed(body), secret);
    expect(verified).toEqual(event);
  });

  it("types the event by its `type`, as the OpenAPI document's webhooks section describes it", () => {
    expectTypeOf<KassaWebhookEvent["type"]>().toEqualTypeOf<
      | "payment.paid"
      | "payment.invalid"
      | "payment.expired"
      | "payment.failed"
      | "payment.refund_submitted"
      | "payment.refund_expired"
      | "payment.refunded"
      | "payment.refund_reorged"
      | "payment.reorged"
      | "payment.underpaid"
      | "payment.late_deposit"
      | "payment.deposit_returned"
      | "payment.swept"
      | "webhook.test"
      | "subscription.created"
      | "subscription.charged"
      | "subscription.charge_failed"
      | "subscription.past_due"
      | "subscription.canceled"
      | "subscription.completed"
    >();
    expectTypeOf<KassaWebhookEventOf<"payment.refunded">["refund"]>().toEqualTypeOf<{
      refundId: string;
      amount: string;
      txHash: string | null;
      senderAddress: string | null;
      sentByRecipient: boolean | null;
    }>();
    expectTypeOf<KassaWebhookEventOf<"payment.reorged">["reorged"]["blockNumber"]>().toEqualTypeOf<number>();
  });

  it("accepts bytes (a Buffer), fetch Headers and Node's lower-cased header record", () => {
    const headers = signed(body);
    expect(paymentEvent(verifyWebhook(Buffer.from(body), headers, secret)).orderId).toBe("order-1");
    expect(verifyWebhook(new TextEncoder().encode(body), new Headers(headers), secret).eventId).toBe("evt_1");
    const mixedCase = {
      "Webhook-Id": headers["webhook-id"],
      "Webhook-Timestamp": headers["webhook-timestamp"],
      "Webhook-Signature": headers["webhook-signature"],
    };
    expect(paymentEvent(verifyWebhook(body, mixedCase, secret)).paymentId).toBe(event.paymentId);
  });

  it("accepts any matching one of several signatures (secret rotation)", () => {
    const headers = signed(body);
    const old = signed(body, { key: `whsec_${Buffer.from("the-previous-secret").toString("base64")}` });
    const both = {
      ...headers,
      "webhook-signature": `${old["webhook-signature"]} ${headers["webhook-signature"]}`,
    };
    expect(verifyWebhook(body, both, secret).eventId).toBe("evt_1");
  });

  it("refuses a tampered body, id or timestamp, and another secret", () => {
    const headers = signed(body);
    const tampered = body.replace("12500000000000000000", "1");
    expect(failure(() => verifyWebhook(tampered, headers, secret)).code).toBe("WEBHOOK_SIGNATURE_INVALID");
    expect(failure(() => verifyWebhook(body, { ...headers, "webhook-id": "msg_2" }, secret)).code).toBe(
      "WEBHOOK_SIGNATURE_INVALID",
    );
    const shifted = { ...headers, "webhook-timestamp": String(Number(headers["webhook-timestamp"]) - 1) };
    expect(failure(() => verifyWebhook(body, shifted, secret)).code).toBe("WEBHOOK_SIGNATURE_INVALID");
    const other = `whsec_${Buffer.from("some-other-secret").toString("base64")}`;
    expect(failure(() => verifyWebhook(body, headers, other)).code).toBe("WEBHOOK_SIGNATURE_INVALID");
    expect(
      failure(() => verifyWebhook(body, { ...headers, "webhook-signature": "v2,abc" }, secret)).code,
    ).toBe("WEBHOOK_SIGNATURE_INVALID");
  });

  it("refuses a timestamp outside the tolerance window (a replay), either way", () => {
    const old = signed(body, { at: new Date(Date.now() - 10 * 60_000) });
    const error = failure(() => verifyWebhook(body, old, secret));
    expect(error.code).toBe("WEBHOOK_TIMESTAMP_OUT_OF_TOLERANCE");
    const future = signed(body, { at: new Date(Date.now() + 10 * 60_000) });
    expect(failure(() => verifyWebhook(body, future, secret)).code).toBe(
      "WEBHOOK_TIMESTAMP_OUT_OF_TOLERANCE",
    );
    expect(verifyWebhook(body, old, secret, { toleranceSeconds: 3600 }).eventId).toBe("evt_1");
    const at = new Date("2026-01-01T00:00:00Z");
    expect(
      verifyWebhook(body, signed(body, { at }), secret, { now: new Date(at.getTime() + 60_000) }).eventId,
    ).toBe("evt_1");
  });

  it("refuses a parsed JSON body with a message that asks for the raw body", () => {
    const error = failure(() => verifyWebhook(event as unknown as string, signed(body), secret));
    expect(error.code).toBe("WEBHOOK_BODY_PARSED");
    expect(error.message).toMatch(/raw request body/);
  });

  it("refuses missing headers and a secret that is not a whsec_ secret", () => {
    const headers = signed(body);
    const { "webhook-signature": _dropped, ...unsigned } = headers;
    expect(failure(() => verifyWebhook(body, unsigned, secret)).code).toBe("WEBHOOK_HEADERS_MISSING");
    expect(failure(() => verifyWebhook(body, headers, "sk_not_a_webhook_secret")).code).toBe(
      "WEBHOOK_SECRET_INVALID",
    );
    expect(failure(() => verifyWebhook(body, { ...headers, "webhook-timestamp": "soon" }, secret)).code).toBe(
      "WEBHOOK_TIMESTAMP_INVALID",
    );
  });
});
