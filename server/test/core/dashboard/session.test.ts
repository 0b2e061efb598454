import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../harness/app.js";
import { startTestChain, type TestChain } from "../../harness/chain.js";
import { ORIGIN, signInMessage } from "../../harness/dashboard.js";
import { deadRpcUrl } from "../../harness/rpcProxy.js";

let chain: TestChain;
let t: TestApp;
beforeAll(async () => {
  chain = await startTestChain();
  t = await startTestApp(chain, { publicBaseUrl: ORIGIN });
});
afterAll(async () => {
  await t?.close();
  await chain?.stop();
});

/** The merchant's recipient (wallet 9 of the harness) signs a message built from a fresh nonce. */
async function signedMessage(
  overrides: { domain?: string; uri?: string; walletIndex?: number; nonce?: string } = {},
) {
  const wallet = chain.wallet(overrides.walletIndex ?? 9);
  const nonce = overrides.nonce ?? (await t.request("/dashboard/nonce")).body.data.nonce;
  const message = signInMessage({
    address: wallet.account.address,
    statement: "Sign in to the Kassa dashboard.",
    chainId: chain.chainId,
    nonce,
    domain: overrides.domain,
    uri: overrides.uri,
  });
  return { message, signature: await wallet.signMessage({ message }) };
}

async function signIn(overrides: Parameters<typeof signedMessage>[0] = {}) {
  return t.request("/dashboard/session", { method: "POST", json: await signedMessage(overrides) });
}

function cookieOf(response: { headers: Headers }): string {
  const header = response.headers.get("set-cookie") ?? "";
  return header.split(";")[0] as string;
}

describe("dashboard sign-in with Ethereum", () => {
  it("issues a nonce naming the domain and URI the message must carry", async () => {
    const response = await t.request("/dashboard/nonce");
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({ domain: "kassa.test", uri: ORIGIN });
    expect(response.body.data.nonce).toMatch(/^[0-9a-f]{56}$/);
  });

  it("signs the merchant's recipient in with an HttpOnly, SameSite=Strict cookie, once per message", async () => {
    const signed = await signedMessage();
    const response = await t.request("/dashboard/session", { method: "POST", json: signed });
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({
      merchant: { merchantId: t.merchant.merchantKey, name: "Test shop" },
      address: chain.wallet(9).account.address,
      csrfToken: expect.stringMatching(/^[0-9a-f]{32}$/),
    });
    const setCookie = response.headers.get("set-cookie") ?? "";
    expect(setCookie).toMatch(
      /^kassa_session=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Strict; Max-Age=43200$/,
    );
    expect(JSON.stringify(response.body)).not.toContain(cookieOf(response).split("=")[1]);

    const replay = await t.request("/dashboard/session", { method: "POST", json: signed });
    expect(replay.status).toBe(401);
    expect(replay.body).toMatchObject({
      code: "UNAUTHORIZED",
      message: expect.stringMatching(/already used/),
    });
  });

  it.each([
    ["another site's domain", { domain: "evil.test" }, /must be for kassa.test/],
    ["another URI", { uri: "http://evil.test" }, /must name http:\/\/kassa.test/],
    ["a nonce this server did not issue", { nonce: "0".repeat(56) }, /not issued by this server/],
    ["a wallet registered for no merchant", { walletIndex: 8 }, /not registered/],
  ])("refuses %s", async (_case, overrides, message) => {
    const response = await signIn(overrides);
    expect(response.status).toBe(401);
    expect(response.body).toMatchObject({ code: "UNAUTHORIZED", message: expect.stringMatching(message) });
    expect(response.headers.get("set-cookie")).toBeNull();
  });

  it("refuses a signature of another wallet", async () => {
    const signed = await signedMessage();
    const other = await chain.wallet(8).signMessage({ message: signed.message });
    const response = await t.request("/dashboard/session", {
      method: "POST",
      json: { ...signed, signature: other },
    });
    expect(response.status).toBe(401);
    expect(response.body.message).toMatch(/does not match/);
  });

  it("lets the session stand for the API key: reads freely, changes only with its Origin and CSRF token", async () => {
    const response = await signIn();
    const cookie = cookieOf(response);
    const { csrfToken } = response.body.data;

    const list = await t.request("/merchants/me/payments", { headers: { cookie } });
    expect(list.status).toBe(200);
    const me = await t.request("/dashboard/session", { headers: { cookie } });
    expect(me.body.data).toMatchObject({ csrfToken, merchant: { merchantId: t.merchant.merchantKey } });

    const rotate = (headers: Record<string, string>) =>
      t.request("/merchants/me/webhook-secret/rotate", { method: "POST", headers: { cookie, ...headers } });
    expect((await rotate({ origin: ORIGIN })).body).toMatchObject({
      code: "FORBIDDEN",
      message: /x-kassa-csrf/,
    });
    expect((await rotate({ origin: ORIGIN, "x-kassa-csrf": "0".repeat(32) })).status).toBe(403);
    expect((await rotate({ origin: "http://evil.test", "x-kassa-csrf": csrfToken })).body).toMatchObject({
      code: "FORBIDDEN",
      message: "the Origin is not allowed",
    });
    const rotated = await rotate({ origin: ORIGIN, "x-kassa-csrf": csrfToken });
    expect(rotated.status).toBe(200);
    expect(rotated.body.data.webhookSecret).toMatch(/^whsec_/);
  });

  it("signs out: the cookie is cleared and the session no longer authenticates", async () => {
    const response = await signIn();
    const cookie = cookieOf(response);
    const headers = { cookie, origin: ORIGIN, "x-kassa-csrf": response.body.data.csrfToken };
    const out = await t.request("/dashboard/session", { method: "DELETE", headers });
    expect(out.status).toBe(200);
    expect(out.headers.get("set-cookie")).toMatch(
      /^kassa_session=; Path=\/; HttpOnly; SameSite=Strict; Max-Age=0$/,
    );
    const after = await t.request("/merchants/me/payments", { headers: { cookie } });
    expect(after.status).toBe(401);
    expect(after.body.message).toMatch(/sign in again/);
  });

  it("never lets a session cookie reach the public-key endpoints or skip the API key of another route", async () => {
    const cookie = cookieOf(await signIn());
    const created = await t.request("/payments", {
      method: "POST",
      headers: { cookie },
      json: {
        orderId: "dash-1",
        amount: 1,
        tokenAddress: t.token,
        successUrl: "service:none",
        failUrl: "service:none",
      },
    });
    expect(created.status).toBe(401);
  });

  it("answers 503 CHAIN_UNAVAILABLE, not 401, when only the chain could check the signature and its node is down", async () => {
    const setRpcUrl = (rpcUrl: string) =>
      t.database.db
        .updateTable("chains")
        .set({ rpc_url: rpcUrl })
        .where("network_id", "=", chain.chainId)
        .execute();
    await setRpcUrl(await deadRpcUrl());
    try {
      // Not the address's ECDSA signature: it could be a smart account's, which only the chain can say.
      const signed = await signedMessage();
      const other = await chain.wallet(8).signMessage({ message: signed.message });
      const refused = await t.request("/dashboard/session", {
        method: "POST",
        json: { ...signed, signature: other },
      });
      expect(refused.status).toBe(503);
      expect(refused.body.code).toBe("CHAIN_UNAVAILABLE");
      // The account's own key signs in without the chain.
      expect((await signIn()).status).toBe(200);
    } finally {
      await setRpcUrl(chain.rpcUrl);
    }
  });
});
