import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addWallet } from "../../../src/core/dashboard/wallets.js";
import { updateMerchantSettings } from "../../../src/core/dashboard/settings.js";
import type { SeededMerchant, TestApp } from "../../harness/app.js";
import { startTestChain, type TestChain } from "../../harness/chain.js";
import {
  startLifecycleApp,
  startLifecycleWorker,
  startReceiver,
  verifyDelivery,
  type Receiver,
} from "../../harness/lifecycle.js";
import { waitFor } from "../../harness/waitFor.js";
import { ORIGIN, signIn, type SignedIn } from "../../harness/dashboard.js";

let chain: TestChain;
let t: TestApp;
let worker: Awaited<ReturnType<typeof startLifecycleWorker>>;
let receiver: Receiver;
let session: SignedIn;

beforeAll(async () => {
  chain = await startTestChain();
  t = await startLifecycleApp(chain, { publicBaseUrl: ORIGIN, webhookAllowPrivate: true });
  worker = await startLifecycleWorker(t);
  receiver = await startReceiver();
  session = await signIn(t, chain);
}, 120_000);

afterAll(async () => {
  await worker?.stop();
  await receiver?.close();
  await t?.close();
  await chain?.stop();
});

const withKey = (merchant: SeededMerchant = t.merchant) => ({ "x-api-key": merchant.apiKey });

describe("PATCH /merchant", () => {
  it("sets the webhook URL and answers what GET /merchant answers, with the API key or a session", async () => {
    const url = "https://shop.example.com/hooks/kassa";
    const patched = await t.request("/merchant", {
      method: "PATCH",
      headers: withKey(),
      json: { webhook_url: url },
    });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    expect(patched.body.data.merchant.webhook_url).toBe(url);
    expect(patched.body).toEqual((await t.request("/merchant", { headers: withKey() })).body);

    const cleared = await t.request("/merchant", {
      method: "PATCH",
      headers: session.changeHeaders,
      json: { webhook_url: null },
    });
    expect(cleared.status, JSON.stringify(cleared.body)).toBe(200);
    expect(cleared.body.data.merchant.webhook_url).toBeNull();
  });

  it("refuses a session change without its CSRF token", async () => {
    const response = await t.request("/merchant", {
      method: "PATCH",
      headers: { cookie: session.cookie, origin: ORIGIN },
      json: { webhook_url: null },
    });
    expect(response.status).toBe(403);
  });

  it.each([
    ["not a URL", "webhooks please"],
    ["another scheme", "ftp://shop.example.com/hooks"],
    ["plain http to a public host", "http://shop.example.com/hooks"],
  ])("refuses %s with VALIDATION_ERROR on webhook_url", async (_case, url) => {
    const response = await t.request("/merchant", {
      method: "PATCH",
      headers: withKey(),
      json: { webhook_url: url },
    });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe("VALIDATION_ERROR");
    expect(response.body.details.map((detail: { path: string[] }) => detail.path)).toContainEqual([
      "webhook_url",
    ]);
  });

  it("refuses a missing webhook_url", async () => {
    const response = await t.request("/merchant", { method: "PATCH", headers: withKey(), json: {} });
    expect(response.status).toBe(400);
    expect(response.body.details[0].path).toEqual(["webhook_url"]);
  });

  it("accepts a local http URL only when WEBHOOK_ALLOW_PRIVATE allows private destinations", async () => {
    const merchant = (await t.request("/merchant", { headers: withKey() })).body.data.merchant;
    const row = await t.database.db
      .selectFrom("merchants")
      .selectAll()
      .where("merchant_key", "=", merchant.merchant_key)
      .executeTakeFirstOrThrow();
    for (const url of [
      "http://127.0.0.1:9/hooks",
      "https://localhost/hooks",
      "https://[::1]/hooks",
      "https://[64:ff9b::7f00:1]/hooks",
      "https://[2002:7f00:1::1]/hooks",
      "https://[::7f00:1]/hooks",
      "https://168.63.129.16/hooks",
    ]) {
      await expect(
        updateMerchantSettings({ db: t.database.db, webhookAllowPrivate: false }, row, { webhook_url: url }),
      ).rejects.toMatchObject({ code: "VALIDATION_ERROR", details: [{ path: ["webhook_url"] }] });
    }
    const response = await t.request("/merchant", {
      method: "PATCH",
      headers: withKey(),
      json: { webhook_url: receiver.url },
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
  });
});

describe("POST /merchants/me/webhook-test", () => {
  it("refuses a merchant with no webhook URL", async () => {
    const other = await t.addMerchant("No hooks");
    const response = await t.request("/merchants/me/webhook-test", {
      method: "POST",
      headers: withKey(other),
    });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe("INVALID_REQUEST");
  });

  it("sends a signed webhook.test through the delivery log, from the API key or a session", async () => {
    await t.request("/merchant", {
      method: "PATCH",
      headers: withKey(),
      json: { webhook_url: receiver.url },
    });
    for (const headers of [withKey(), session.changeHeaders]) {
      const response = await t.request("/merchants/me/webhook-test", { method: "POST", headers });
      expect(response.status, JSON.stringify(response.body)).toBe(202);
      const { id, eventId } = response.body.data;
      expect(response.body.data).toEqual({ id, eventId, status: "PENDING" });
      const delivered = await waitFor("the test webhook", () =>
        receiver.received.find((d) => d.payload.eventId === eventId),
      );
      expect(verifyDelivery(t.merchant.webhookSecret, delivered)).toEqual({
        eventId,
        type: "webhook.test",
        createdAt: expect.any(String),
        merchantId: t.merchant.merchantId,
      });
      expect(delivered.headers["kassa-event-type"]).toBe("webhook.test");
      const log = await waitFor("the delivery in the log", async () => {
        const page = (await t.request("/merchants/me/webhook-deliveries", { headers: withKey() })).body.data;
        const found = page.deliveries.find((d: { id: string }) => d.id === id);
        return found?.status === "SUCCEEDED" ? found : undefined;
      });
      expect(log).toMatchObject({ eventId, eventType: "webhook.test", paymentId: null, attemptCount: 1 });
    }
  });

  it("is refused to a session without its Origin", async () => {
    const response = await t.request("/merchants/me/webhook-test", {
      method: "POST",
      headers: { cookie: session.cookie, "x-kassa-csrf": session.csrfToken },
    });
    expect(response.status).toBe(403);
  });
});

describe("POST /merchants/me/keys/rotate", () => {
  const createPaymentWith = (publicKey: string) =>
    t.request("/payments", {
      method: "POST",
      headers: { "x-public-key": publicKey },
      json: {
        orderId: `rotate-${Date.now()}-${Math.random()}`,
        amount: 1,
        tokenAddress: t.token,
        successUrl: "service:none",
        failUrl: "service:none",
      },
    });

  it("issues a new public key; the old one stops at once", async () => {
    const merchant = await t.addMerchant("Public rotation");
    const response = await t.request("/merchants/me/keys/rotate", {
      method: "POST",
      headers: withKey(merchant),
      json: { key: "public" },
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const { publicKey } = response.body.data;
    expect(response.body.data).toEqual({ publicKey: expect.stringMatching(/^pk_/) });
    expect((await createPaymentWith(merchant.publicKey)).status).toBe(401);
    expect((await createPaymentWith(publicKey)).status).toBe(201);
    expect((await t.request("/merchant", { headers: withKey(merchant) })).body.data.merchant.public_key).toBe(
      publicKey,
    );
  });

  it("issues a new secret key from a session, which stays signed in; the old key stops at once", async () => {
    const merchant = await t.addMerchant("Secret rotation", { recipientIndex: 7 });
    const own = await signIn(t, chain, 7);
    const response = await t.request("/merchants/me/keys/rotate", {
      method: "POST",
      headers: own.changeHeaders,
      json: { key: "secret" },
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const { apiKey } = response.body.data;
    expect(response.body.data).toEqual({ apiKey: expect.stringMatching(/^sk_/) });
    expect((await t.request("/merchant", { headers: withKey(merchant) })).status).toBe(401);
    expect((await t.request("/merchant", { headers: { "x-api-key": apiKey } })).status).toBe(200);
    expect((await t.request("/merchant", { headers: { cookie: own.cookie } })).status).toBe(200);
  });

  it("refuses an unknown key kind with VALIDATION_ERROR on key", async () => {
    const response = await t.request("/merchants/me/keys/rotate", {
      method: "POST",
      headers: withKey(),
      json: { key: "webhook" },
    });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code: "VALIDATION_ERROR", details: [{ path: ["key"] }] });
  });
});

describe("merchant wallets", () => {
  it("lets a wallet an operator added sign in to the merchant's dashboard", async () => {
    await addWallet(t.database.db, t.merchant.merchantKey, { address: chain.wallet(8).account.address });
    const signedIn = await signIn(t, chain, 8);
    const me = await t.request("/dashboard/session", { headers: { cookie: signedIn.cookie } });
    expect(me.body.data.merchant.merchantId).toBe(t.merchant.merchantKey);
  });
});
