import { hashMessage } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ORIGIN, signIn as merchantSignIn, signInMessage } from "../../harness/dashboard.js";
import { deployRealTokens } from "../../harness/realTokens.js";
import { startSubscriptionEnv, type SubscriptionEnv } from "../../harness/subscriptions.js";
import type { TestChain, TestWalletClient } from "../../harness/chain.js";

let chain: TestChain;
let env: SubscriptionEnv;
let alice: TestWalletClient;
let bob: TestWalletClient;
let aliceSub: string;
let bobSub: string;

beforeAll(async () => {
  env = await startSubscriptionEnv();
  chain = env.chain;
  alice = await env.payer();
  bob = await env.payer();
  for (const payer of [alice, bob]) await env.fund(payer, 100n * 10n ** 18n, 30n * 10n ** 18n);
  aliceSub = await env.subscribe(alice, { description: "Alice's plan" });
  bobSub = await env.subscribe(bob);
}, 60_000);
afterAll(() => env?.close());

/** The sign-in message of `address` with a fresh payer nonce. */
async function messageFor(address: `0x${string}`): Promise<string> {
  const nonce = (await env.t.request("/public/payer/nonce")).body.data.nonce as string;
  return signInMessage({ address, chainId: chain.chainId, nonce });
}

/** `wallet` signs a payer sign-in message built from a fresh payer nonce (or the fields given). */
async function signedMessage(
  wallet: TestWalletClient,
  overrides: { domain?: string; uri?: string; nonce?: string; chainId?: number } = {},
) {
  const nonce = overrides.nonce ?? (await env.t.request("/public/payer/nonce")).body.data.nonce;
  const message = signInMessage({
    address: wallet.account.address,
    statement: "Sign in to see your subscriptions.",
    chainId: overrides.chainId ?? chain.chainId,
    nonce,
    domain: overrides.domain,
    uri: overrides.uri,
  });
  return { message, signature: await wallet.signMessage({ message }) };
}

const postSession = (json: unknown) => env.t.request("/public/payer/session", { method: "POST", json });

async function signIn(wallet: TestWalletClient): Promise<string> {
  const response = await postSession(await signedMessage(wallet));
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return (response.headers.get("set-cookie") ?? "").split(";")[0] as string;
}

const listFor = (cookie: string) => env.t.request("/public/payer/subscriptions", { headers: { cookie } });
const cancelFor = (cookie: string, id: string, origin: string | null = ORIGIN) =>
  env.t.request(`/public/payer/subscriptions/${id}/cancel`, {
    method: "POST",
    headers: { cookie, ...(origin ? { origin } : {}) },
    json: {},
  });

describe("the payer's subscriptions page API", () => {
  it("signs a payer in with a short HttpOnly, SameSite=Strict cookie that lists only that wallet's subscriptions", async () => {
    const response = await postSession(await signedMessage(alice));
    expect(response.status).toBe(200);
    expect(response.body.data.address).toBe(alice.account.address);
    const header = response.headers.get("set-cookie") ?? "";
    expect(header).toMatch(/^kassa_payer=[\w-]{43}; Path=\/; HttpOnly; SameSite=Strict; Max-Age=1800$/);
    const cookie = header.split(";")[0] as string;

    const listed = await listFor(cookie);
    expect(listed.status).toBe(200);
    expect(listed.body.data.address).toBe(alice.account.address);
    expect(listed.body.data.subscriptions.map((sub: { id: string }) => sub.id)).toEqual([aliceSub]);
    expect(listed.body.data.subscriptions[0]).toMatchObject({
      status: "ACTIVE",
      merchantName: "Test shop",
      description: "Alice's plan",
      amount: (10n ** 19n).toString(),
      charges: 3,
    });
  });

  it("never shows or cancels another payer's subscription", async () => {
    const cookie = await signIn(alice);
    const refused = await cancelFor(cookie, bobSub);
    expect(refused.status).toBe(404);
    expect(refused.body.code).toBe("SUBSCRIPTION_NOT_FOUND");
    expect((await env.show(bobSub)).body.data.status).toBe("ACTIVE");
    const unknown = await cancelFor(cookie, "sub_nope");
    expect(unknown.body.code).toBe("SUBSCRIPTION_NOT_FOUND");
  });

  it("refuses a replayed message, a dashboard nonce, another domain, URI or chain, and another wallet's signature", async () => {
    const signed = await signedMessage(bob);
    expect((await postSession(signed)).status).toBe(200);
    const replayed = await postSession(signed);
    expect(replayed.status).toBe(401);
    expect(replayed.body.message).toContain("already used");

    const dashboardNonce = (await env.t.request("/dashboard/nonce")).body.data.nonce as string;
    const withDashboardNonce = await postSession(await signedMessage(bob, { nonce: dashboardNonce }));
    expect(withDashboardNonce.status).toBe(401);
    expect(withDashboardNonce.body.message).toContain("not issued by this server");

    for (const overrides of [{ domain: "evil.test" }, { uri: "http://evil.test" }, { chainId: 1 }]) {
      const response = await postSession(await signedMessage(bob, overrides));
      expect(response.status, JSON.stringify(overrides)).toBe(401);
    }
    const theirs = await signedMessage(bob);
    const forged = await postSession({ ...theirs, signature: (await signedMessage(alice)).signature });
    expect(forged.status).toBe(401);
  });

  it("is no merchant session, and a dashboard session is no payer session", async () => {
    const cookie = await signIn(alice);
    const merchantRoute = await env.t.request("/subscriptions", { headers: { cookie } });
    expect(merchantRoute.status).toBe(401);
    const merchant = await merchantSignIn(env.t, chain);
    const payerRoute = await listFor(merchant.cookie);
    expect(payerRoute.status).toBe(401);
    expect((await env.t.request("/public/payer/subscriptions")).status).toBe(401);
  });

  it("cancels the payer's own subscription only with Kassa's Origin: CANCELED by the payer, with its webhook", async () => {
    const cookie = await signIn(alice);
    const crossSite = await cancelFor(cookie, aliceSub, "http://evil.test");
    expect(crossSite.status).toBe(403);
    expect((await cancelFor(cookie, aliceSub, null)).status).toBe(403);
    expect((await env.show(aliceSub)).body.data.status).toBe("ACTIVE");

    const canceled = await cancelFor(cookie, aliceSub);
    expect(canceled.status).toBe(200);
    expect(canceled.body.data).toMatchObject({ id: aliceSub, status: "CANCELED", canceledBy: "payer" });
    expect(await env.eventTypes(aliceSub)).toContain("subscription.canceled");
    const again = await cancelFor(cookie, aliceSub);
    expect(again.body.code).toBe("INVALID_SUBSCRIPTION_STATUS");
  });

  it("signs a smart-wallet payer in: ERC-6492 before it is deployed, ERC-1271 after", async () => {
    const real = await deployRealTokens(chain);
    const owner = privateKeyToAccount(generatePrivateKey());
    const address = await real.walletAddress(owner.address, 7n);
    const before = await messageFor(address);
    const undeployed = await postSession({
      message: before,
      signature: await real.undeployedWalletSignature(owner, hashMessage(before), 7n),
    });
    expect(undeployed.status, JSON.stringify(undeployed.body)).toBe(200);
    expect(undeployed.body.data.address).toBe(address);

    await real.deployWallet(owner.address, 7n);
    const after = await messageFor(address);
    const deployed = await postSession({
      message: after,
      signature: await real.walletSignature(owner, address, hashMessage(after)),
    });
    expect(deployed.status).toBe(200);
    // Its owner's own signature is not the wallet's.
    const plain = await messageFor(address);
    expect(
      (await postSession({ message: plain, signature: await owner.signMessage({ message: plain }) })).status,
    ).toBe(401);
  });

  it("signs out: the session no longer lists", async () => {
    const cookie = await signIn(bob);
    const out = await env.t.request("/public/payer/session", {
      method: "DELETE",
      headers: { cookie, origin: ORIGIN },
    });
    expect(out.status).toBe(200);
    expect((await listFor(cookie)).status).toBe(401);
  });
});
