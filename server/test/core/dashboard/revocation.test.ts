import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as admin from "../../../src/core/admin/index.js";
import { addWallet, removeWallet } from "../../../src/core/dashboard/wallets.js";
import { startTestApp, type TestApp } from "../../harness/app.js";
import { startTestChain, type TestChain } from "../../harness/chain.js";
import { ORIGIN, signIn, signInMessage, type SignedIn } from "../../harness/dashboard.js";

/**
 * An incident response ends the dashboard sessions it must: a session dies when its wallet may no longer
 * sign in (the recipient changed, the wallet removed), when the merchant's keys are rotated, and when the
 * merchant is disabled (and stays dead once enabled again). A secret key a session issued dies with that
 * wallet's access, so an intruder cannot keep a way in by rotating the key first.
 */
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

const reads = (session: SignedIn) => t.request("/merchant", { headers: { cookie: session.cookie } });
const status = async (session: SignedIn) => (await reads(session)).status;

const wallet = (): PrivateKeyAccount => privateKeyToAccount(generatePrivateKey());

/** A merchant of its own: its recipient wallet, and a staff wallet an operator added. */
async function merchantWithStaff(name: string) {
  const recipient = wallet();
  const staff = wallet();
  const created = await admin.createMerchant(t.adminDeps, {
    name,
    networkId: chain.chainId,
    recipientAddress: recipient.address,
  });
  const merchantKey = created.merchant.merchantKey;
  await addWallet(t.database.db, merchantKey, { address: staff.address });
  return { merchantKey, recipient, staff };
}

const update = (merchant: { merchantKey: string }, input: admin.UpdateMerchantInput) =>
  admin.updateMerchant(t.adminDeps, merchant.merchantKey, input);

describe("dashboard sessions end with the access they stand for", () => {
  it("the recipient changed: the old recipient's sessions end, an added wallet's go on", async () => {
    const merchant = await merchantWithStaff("Recipient change");
    const recipient = await signIn(t, chain, merchant.recipient);
    const staff = await signIn(t, chain, merchant.staff);
    expect([await status(recipient), await status(staff)]).toEqual([200, 200]);
    await update(merchant, { recipientAddress: wallet().address });
    expect(await status(recipient)).toBe(401);
    // Not even a change: the session is gone, whatever its CSRF token.
    const change = await t.request("/merchants/me/keys/rotate", {
      method: "POST",
      headers: recipient.changeHeaders,
      json: { key: "secret" },
    });
    expect(change.status).toBe(401);
    expect(await status(staff)).toBe(200);
  });

  it("a removed wallet's sessions end", async () => {
    const merchant = await merchantWithStaff("Wallet removal");
    const staff = await signIn(t, chain, merchant.staff);
    expect(await status(staff)).toBe(200);
    await removeWallet(t.database.db, merchant.merchantKey, merchant.staff.address);
    expect(await status(staff)).toBe(401);
  });

  it("the operator rotates the keys: every session of the merchant ends, no other merchant's", async () => {
    const merchant = await merchantWithStaff("Operator rotation");
    const recipient = await signIn(t, chain, merchant.recipient);
    const staff = await signIn(t, chain, merchant.staff);
    const bystander = await signIn(t, chain, (await merchantWithStaff("Bystander")).recipient);
    const rotated = await admin.rotateMerchantKeys(t.adminDeps, merchant.merchantKey);
    expect([await status(recipient), await status(staff)]).toEqual([401, 401]);
    expect(await status(bystander)).toBe(200);
    expect((await t.request("/merchant", { headers: { "x-api-key": rotated.apiKey } })).status).toBe(200);
    // Signing in again works.
    expect(await status(await signIn(t, chain, merchant.recipient))).toBe(200);
  });

  it("the merchant disabled: its sessions end, and stay ended once it is enabled again", async () => {
    const merchant = await merchantWithStaff("Disabled");
    const recipient = await signIn(t, chain, merchant.recipient);
    await update(merchant, { isEnabled: false });
    expect(await status(recipient)).toBe(401);
    await update(merchant, { isEnabled: true });
    expect(await status(recipient)).toBe(401);
    expect(await status(await signIn(t, chain, merchant.recipient))).toBe(200);
  });

  it("a session that rotates a key stays signed in; the merchant's other sessions end", async () => {
    const merchant = await merchantWithStaff("Session rotation");
    const recipient = await signIn(t, chain, merchant.recipient);
    const staff = await signIn(t, chain, merchant.staff);
    const rotated = await t.request("/merchants/me/keys/rotate", {
      method: "POST",
      headers: staff.changeHeaders,
      json: { key: "public" },
    });
    expect(rotated.status).toBe(200);
    expect(await status(staff)).toBe(200);
    expect(await status(recipient)).toBe(401);
  });

  it("a secret key a session issued dies with its wallet's access; one the operator issued does not", async () => {
    const merchant = await merchantWithStaff("Minted key");
    const intruder = await signIn(t, chain, merchant.staff);
    const minted = await t.request("/merchants/me/keys/rotate", {
      method: "POST",
      headers: intruder.changeHeaders,
      json: { key: "secret" },
    });
    const apiKey = minted.body.data.apiKey as string;
    const withKey = (key: string) => t.request("/merchant", { headers: { "x-api-key": key } });
    expect((await withKey(apiKey)).status).toBe(200);
    const removed = await removeWallet(t.database.db, merchant.merchantKey, merchant.staff.address);
    expect(removed).toEqual({ address: merchant.staff.address, secretKeyRevoked: true });
    expect(await status(intruder)).toBe(401);
    expect((await withKey(apiKey)).status).toBe(401);

    // The recipient's session issues one; the recipient changes: that key ends too.
    const recipient = await signIn(t, chain, merchant.recipient);
    const own = await t.request("/merchants/me/keys/rotate", {
      method: "POST",
      headers: recipient.changeHeaders,
      json: { key: "secret" },
    });
    const recipientKey = own.body.data.apiKey as string;
    const changed = await update(merchant, { recipientAddress: wallet().address });
    expect(changed.secretKeyRevoked).toBe(true);
    expect((await withKey(recipientKey)).status).toBe(401);

    // A key the operator issued is the operator's: removing a wallet leaves it.
    const issued = await admin.rotateMerchantKeys(t.adminDeps, merchant.merchantKey);
    await addWallet(t.database.db, merchant.merchantKey, { address: merchant.staff.address });
    expect(await removeWallet(t.database.db, merchant.merchantKey, merchant.staff.address)).toEqual({
      address: merchant.staff.address,
      secretKeyRevoked: false,
    });
    expect((await withKey(issued.apiKey)).status).toBe(200);
  });
});

describe("the sign-in message", () => {
  it("must name a chain Kassa serves", async () => {
    const wallet = chain.wallet(9);
    for (const chainId of [1, 80002]) {
      const nonce = (await t.request("/dashboard/nonce")).body.data.nonce as string;
      const message = signInMessage({ address: wallet.account.address, chainId, nonce });
      const response = await t.request("/dashboard/session", {
        method: "POST",
        json: { message, signature: await wallet.signMessage({ message }) },
      });
      expect(response.status, String(chainId)).toBe(401);
      expect(response.body.message).toContain("chain");
    }
    const nonce = (await t.request("/dashboard/nonce")).body.data;
    expect(nonce.chainIds).toEqual([chain.chainId]);
  });
});

describe("the session cookie over https", () => {
  it("is __Host- prefixed and Secure; a cookie without the prefix is not a session", async () => {
    const secure = await startTestApp(chain, { publicBaseUrl: "https://kassa.test" });
    try {
      const wallet = chain.wallet(9);
      const nonce = (await secure.request("/dashboard/nonce")).body.data.nonce as string;
      const message = signInMessage({
        address: wallet.account.address,
        chainId: chain.chainId,
        nonce,
        uri: "https://kassa.test",
      });
      const response = await secure.request("/dashboard/session", {
        method: "POST",
        json: { message, signature: await wallet.signMessage({ message }) },
      });
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      const setCookie = response.headers.get("set-cookie") ?? "";
      expect(setCookie).toMatch(
        /^__Host-kassa_session=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Strict; /,
      );
      expect(setCookie).toContain("; Secure");
      const token = setCookie.split(";")[0]?.split("=")[1] as string;
      const read = (cookie: string) => secure.request("/merchant", { headers: { cookie } });
      expect((await read(`__Host-kassa_session=${token}`)).status).toBe(200);
      expect((await read(`kassa_session=${token}`)).status).toBe(401);
    } finally {
      await secure.close();
    }
  });
});
