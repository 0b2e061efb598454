import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../harness/app.js";
import { startTestChain, type TestChain } from "../harness/chain.js";

const LIMIT = 3;
const widget = "https://pay.example.com";

let chain: TestChain;
/** Behind a trusted proxy: X-Forwarded-For is the client IP. */
let proxied: TestApp;
/** TRUST_PROXY unset: X-Forwarded-For is ignored, the TCP peer is the client. */
let direct: TestApp;
let paymentId: string;
beforeAll(async () => {
  chain = await startTestChain();
  proxied = await startTestApp(chain, {
    rateLimitPerMinute: LIMIT,
    trustProxy: true,
    allowedWidgetOrigin: widget,
  });
  direct = await startTestApp(chain, { rateLimitPerMinute: LIMIT });
  const created = await proxied.request("/payments", {
    method: "POST",
    headers: { "x-api-key": proxied.merchant.apiKey, "x-forwarded-for": "10.0.0.1" },
    json: {
      orderId: "rl-1",
      amount: 1,
      tokenAddress: proxied.token,
      successUrl: "service:none",
      failUrl: "service:none",
    },
  });
  paymentId = created.body.data.paymentId;
});
afterAll(async () => {
  await proxied?.close();
  await direct?.close();
  await chain?.stop();
});

async function statuses(
  app: TestApp,
  count: number,
  headers: () => Record<string, string>,
  path = () => `/payments/${paymentId}`,
) {
  const seen: number[] = [];
  for (let i = 0; i < count; i++) seen.push((await app.request(path(), { headers: headers() })).status);
  return seen;
}

const randomPublicKey = () => `pk_${randomBytes(24).toString("hex")}`;

describe("rate limits by verified identity", () => {
  it("a random key per request gets no fresh bucket: failed auth is counted per client IP", async () => {
    const seen = await statuses(proxied, LIMIT + 2, () => ({
      "x-public-key": randomPublicKey(),
      "x-forwarded-for": "10.0.1.1",
    }));
    expect(seen).toEqual([401, 401, 401, 429, 429]);
    const refused = await proxied.request(`/payments/${paymentId}`, {
      headers: { "x-public-key": randomPublicKey(), "x-forwarded-for": "10.0.1.1" },
    });
    expect(refused.body).toEqual({ code: "RATE_LIMITED", message: expect.any(String) });
  });

  it("requests without any key share their client IP's bucket", async () => {
    const seen = await statuses(proxied, LIMIT + 1, () => ({ "x-forwarded-for": "10.0.2.1" }));
    expect(seen).toEqual([401, 401, 401, 429]);
  });

  it("a refused Origin is counted per client IP, not in the merchant's payers' buckets", async () => {
    const headers = () => ({
      "x-public-key": proxied.merchant.publicKey,
      origin: "https://evil.example.com",
      "x-forwarded-for": "10.0.3.1",
    });
    expect(await statuses(proxied, LIMIT + 1, headers)).toEqual([403, 403, 403, 429]);
    // The same IP with the right Origin has its own (public key, IP) bucket.
    const payer = await proxied.request(`/payments/${paymentId}`, {
      headers: { "x-public-key": proxied.merchant.publicKey, origin: widget, "x-forwarded-for": "10.0.3.1" },
    });
    expect(payer.status).toBe(200);
  });

  it("one client exhausting the public key's bucket does not lock out the merchant's other payers", async () => {
    const attacker = () => ({ "x-public-key": proxied.merchant.publicKey, "x-forwarded-for": "10.0.4.1" });
    expect(await statuses(proxied, LIMIT + 1, attacker)).toEqual([200, 200, 200, 429]);
    const payer = () => ({ "x-public-key": proxied.merchant.publicKey, "x-forwarded-for": "10.0.4.2" });
    expect(await statuses(proxied, LIMIT, payer)).toEqual([200, 200, 200]);
  });

  it("an API key has one bucket per merchant, whatever the client IP", async () => {
    const from = (ip: string) => () => ({ "x-api-key": proxied.merchant.apiKey, "x-forwarded-for": ip });
    const merchantPath = () => "/merchant";
    expect(await statuses(proxied, LIMIT - 1, from("10.0.5.1"), merchantPath)).toEqual([200, 200]);
    // One request went to creating the payment in beforeAll: this merchant has no request left.
    expect(await statuses(proxied, 1, from("10.0.5.2"), merchantPath)).toEqual([429]);
    const other = await proxied.addMerchant("Neighbour");
    const neighbour = () => ({ "x-api-key": other.apiKey, "x-forwarded-for": "10.0.5.1" });
    expect(await statuses(proxied, 1, neighbour, merchantPath)).toEqual([200]);
  });

  it("the addresses of one IPv6 /64 share one bucket; another /64 has its own", async () => {
    let n = 0;
    const sameNetwork = () => ({ "x-forwarded-for": `2001:db8:7:1::${(n++).toString(16)}` });
    expect(await statuses(proxied, LIMIT + 2, sameNetwork)).toEqual([401, 401, 401, 429, 429]);
    const otherNetwork = await proxied.request(`/payments/${paymentId}`, {
      headers: { "x-forwarded-for": "2001:db8:7:2::1" },
    });
    expect(otherNetwork.status).toBe(401);
  });

  it("without TRUST_PROXY a forged X-Forwarded-For buys no new bucket", async () => {
    let n = 0;
    const seen = await statuses(
      direct,
      LIMIT + 1,
      () => ({ "x-forwarded-for": `10.9.0.${n++}` }),
      () => "/merchant",
    );
    expect(seen).toEqual([401, 401, 401, 429]);
  });
});
