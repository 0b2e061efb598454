import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isPrivateAddress, postWebhook } from "../../../src/core/webhooks/http.js";
import type { TestApp } from "../../harness/app.js";
import {
  causeEvent as causeEventOf,
  setWebhookUrl,
  verifyDelivery,
  startLifecycleEnv,
  startReceiver,
  type LifecycleEnv,
  type Receiver,
} from "../../harness/lifecycle.js";
import { waitFor } from "../../harness/waitFor.js";

let env: LifecycleEnv;
let t: TestApp;
let receiver: Receiver;

beforeAll(async () => {
  env = await startLifecycleEnv({ withoutWatcher: true, webhookTimeoutMs: 1_000 });
  ({ t, receiver } = env);
});
afterAll(() => env?.stop());

const api = (apiKey: string) => ({ "x-api-key": apiKey });

async function deliveriesOf(apiKey: string, paymentId: string) {
  const response = await t.request(`/merchants/me/webhook-deliveries?paymentId=${paymentId}`, {
    headers: api(apiKey),
  });
  expect(response.status).toBe(200);
  return response.body.data.deliveries as {
    id: string;
    eventId: string;
    status: string;
    attemptCount: number;
    attempts: { attempt: number; statusCode: number | null; error: string | null; durationMs: number }[];
  }[];
}

const causeEvent = (publicKey?: string) => causeEventOf(t, publicKey);

describe("webhook delivery", () => {
  it("retries while the receiver is down, then delivers exactly once, logging every attempt", async () => {
    receiver.respondWith = 503;
    const p = await causeEvent();
    await waitFor("two failed attempts", async () => {
      const [delivery] = await deliveriesOf(t.merchant.apiKey, p.paymentId);
      return (delivery?.attemptCount ?? 0) >= 2;
    });
    receiver.respondWith = "down";
    await waitFor("a refused attempt", async () => {
      const [delivery] = await deliveriesOf(t.merchant.apiKey, p.paymentId);
      return delivery?.attempts.some((a) => a.statusCode === null && a.error !== null);
    });
    receiver.respondWith = 200;
    const delivery = await waitFor("the delivery to succeed", async () => {
      const [d] = await deliveriesOf(t.merchant.apiKey, p.paymentId);
      return d?.status === "SUCCEEDED" ? d : undefined;
    });
    const received = receiver.received.filter((d) => d.payload.paymentId === p.paymentId);
    expect(received).toHaveLength(1);
    expect(verifyDelivery(t.merchant.webhookSecret, received[0]!)).toMatchObject({ type: "payment.failed" });
    expect(delivery.attempts.length).toBe(delivery.attemptCount);
    expect(delivery.attempts.slice(0, 2).map((a) => a.statusCode)).toEqual([503, 503]);
    expect(delivery.attempts.at(-1)).toMatchObject({ statusCode: 200, error: null });
    expect(delivery.attempts.map((a) => a.attempt)).toEqual(delivery.attempts.map((_, i) => i + 1));
  });

  it("marks a delivery FAILED after the last retry", async () => {
    receiver.respondWith = 500;
    const p = await causeEvent();
    const delivery = await waitFor("the delivery to fail", async () => {
      const [d] = await deliveriesOf(t.merchant.apiKey, p.paymentId);
      return d?.status === "FAILED" ? d : undefined;
    });
    // One attempt plus one per retry of the test schedule (5 delays).
    expect(delivery.attemptCount).toBe(6);
    receiver.respondWith = 200;
  });

  it("does not let a slow merchant delay another merchant's deliveries", async () => {
    const slow = await startReceiver();
    slow.delayMs = 5_000;
    const slowShop = await t.addMerchant("Slow shop");
    await setWebhookUrl(t.database.db, slowShop.merchantKey, slow.url);
    try {
      for (let i = 0; i < 3; i++) await causeEvent(slowShop.publicKey);
      await waitFor("the slow endpoint to be hit", () => slow.requests > 0);
      const p = await causeEvent();
      await waitFor("the fast merchant's delivery", () =>
        receiver.received.find((d) => d.payload.paymentId === p.paymentId),
      );
      // The slow merchant's deliveries are still queued behind its first attempt: the fast delivery went
      // past them instead of waiting its turn.
      const slowPending = await t.database.db
        .selectFrom("webhook_deliveries")
        .innerJoin("merchants", "merchants.id", "webhook_deliveries.merchant_id")
        .select(["webhook_deliveries.attempt_count", "webhook_deliveries.status"])
        .where("merchants.merchant_key", "=", slowShop.merchantKey)
        .execute();
      expect(slowPending).toHaveLength(3);
      expect(
        slowPending.filter((d) => d.status === "PENDING" && d.attempt_count === 0).length,
      ).toBeGreaterThanOrEqual(2);
    } finally {
      await slow.close();
    }
  });

  it("redelivers an event with the same webhook-id", async () => {
    const p = await causeEvent();
    const first = await waitFor("the first delivery", () =>
      receiver.received.find((d) => d.payload.paymentId === p.paymentId),
    );
    const [delivery] = await deliveriesOf(t.merchant.apiKey, p.paymentId);
    const response = await t.request(`/merchants/me/webhook-deliveries/${delivery!.id}/redeliver`, {
      method: "POST",
      headers: api(t.merchant.apiKey),
    });
    expect(response.status).toBe(202);
    expect(response.body.data).toMatchObject({ eventId: delivery!.eventId, status: "PENDING" });
    await waitFor("the redelivery", () =>
      receiver.received.filter((d) => d.payload.paymentId === p.paymentId).length === 2 ? true : undefined,
    );
    const again = receiver.received.filter((d) => d.payload.paymentId === p.paymentId)[1]!;
    expect(again.headers["webhook-id"]).toBe(first.headers["webhook-id"]);
    expect(verifyDelivery(t.merchant.webhookSecret, again)).toEqual(
      verifyDelivery(t.merchant.webhookSecret, first),
    );
    expect(await deliveriesOf(t.merchant.apiKey, p.paymentId)).toHaveLength(2);

    const other = await t.addMerchant("Other shop");
    const foreign = await t.request(`/merchants/me/webhook-deliveries/${delivery!.id}/redeliver`, {
      method: "POST",
      headers: api(other.apiKey),
    });
    expect(foreign.status).toBe(404);
    expect(foreign.body.code).toBe("NOT_FOUND");
  });

  it("signs with a rotated secret from then on; the old one no longer verifies", async () => {
    const shop = await t.addMerchant("Rotating shop");
    await setWebhookUrl(t.database.db, shop.merchantKey, receiver.url);
    const response = await t.request("/merchants/me/webhook-secret/rotate", {
      method: "POST",
      headers: api(shop.apiKey),
    });
    expect(response.status).toBe(200);
    const secret = response.body.data.webhookSecret as string;
    expect(secret).toMatch(/^whsec_/);
    expect(secret).not.toBe(shop.webhookSecret);
    const p = await causeEvent(shop.publicKey);
    const delivery = await waitFor("the delivery", () =>
      receiver.received.find((d) => d.payload.paymentId === p.paymentId),
    );
    expect(verifyDelivery(secret, delivery)).toMatchObject({ paymentId: p.paymentId });
    expect(() => verifyDelivery(shop.webhookSecret, delivery)).toThrow();
  });

  it("paginates the delivery log and requires the API key", async () => {
    const page = await t.request("/merchants/me/webhook-deliveries?limit=2", {
      headers: api(t.merchant.apiKey),
    });
    expect(page.status).toBe(200);
    expect(page.body.data.deliveries).toHaveLength(2);
    expect(page.body.data.has_more).toBe(true);
    const next = await t.request(
      `/merchants/me/webhook-deliveries?limit=2&starting_after=${page.body.data.deliveries[1].id}`,
      { headers: api(t.merchant.apiKey) },
    );
    expect(next.body.data.deliveries[0].id).not.toBe(page.body.data.deliveries[1].id);
    expect((await t.request("/merchants/me/webhook-deliveries")).status).toBe(401);
  });
});

describe("webhook destinations", () => {
  it("classifies private, loopback and link-local addresses", () => {
    for (const address of [
      "127.0.0.1",
      "10.1.2.3",
      "172.16.0.1",
      "192.168.1.1",
      "169.254.169.254",
      "::1",
      "fe80::1",
      "fd00::1",
      "::ffff:127.0.0.1",
      "0.0.0.0",
      // IPv6 addresses that stand for a private IPv4 one: a connection to them reaches it.
      "::ffff:7f00:1",
      "::7f00:1",
      "::127.0.0.1",
      "::ffff:0:a9fe:a9fe",
      "64:ff9b::7f00:1",
      "64:ff9b::169.254.169.254",
      "2002:7f00:1::1",
      "2002:a9fe:a9fe::",
      "2002:c0a8:101:1::1",
      // Local-use NAT64, Teredo, cloud host endpoints and documentation ranges.
      "64:ff9b:1::808:808",
      "2001:0:4136:e378:8000:63bf:3fff:fdd2",
      "168.63.129.16",
      "192.0.2.10",
    ]) {
      expect(isPrivateAddress(address), address).toBe(true);
    }
    for (const address of [
      "8.8.8.8",
      "1.1.1.1",
      "2606:4700:4700::1111",
      // The same forms of a public IPv4 address are as public as it is.
      "64:ff9b::808:808",
      "2002:808:808::1",
      "::ffff:808:808",
    ]) {
      expect(isPrivateAddress(address), address).toBe(false);
    }
  });

  it("refuses private destinations unless allowed", async () => {
    const options = { timeoutMs: 1_000, allowPrivate: false };
    await expect(postWebhook(receiver.url, {}, "{}", options)).rejects.toThrow(/private/);
    await expect(postWebhook("http://localhost:1/x", {}, "{}", options)).rejects.toThrow(/private/);
    await expect(postWebhook("http://169.254.169.254/latest", {}, "{}", options)).rejects.toThrow(/private/);
    await expect(postWebhook(receiver.url, {}, "{}", { ...options, allowPrivate: true })).resolves.toEqual({
      statusCode: 200,
    });
  });
});
