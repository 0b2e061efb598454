import {
  paymentAuthorizationTypedData,
  paymentIntentTypedData,
  permit2PaymentTypedData,
} from "@kassa/contracts";
import { fiatToken } from "@kassa/contracts/dev";
import {
  encodeFunctionData,
  erc20Abi,
  hashTypedData,
  parseEther,
  parseUnits,
  type Address,
  type LocalAccount,
} from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as admin from "../../../src/core/admin/index.js";
import type { TestChain } from "../../harness/chain.js";
import { deployRealTokens, type RealTokens } from "../../harness/realTokens.js";
import { waitFor } from "../../harness/waitFor.js";
import {
  acceptTokens,
  createPayment,
  paymentRequestOf,
  freshPayer,
  paymentStatus,
  relayBody,
  relayStatus,
  startGaslessEnv,
  type GaslessPayment,
  type GaslessTestEnv,
} from "../../harness/gasless.js";

let chain: TestChain;
let env: GaslessTestEnv;
let t: RealTokens;
let pk: string;
let order = 0;

beforeAll(async () => {
  env = await startGaslessEnv();
  chain = env.chain;
  t = await deployRealTokens(chain);
  pk = env.t.merchant.publicKey;
  await acceptTokens(env, [chain.tokens.plain, t.usdc, t.usdt]);
  await env.startWorker();
});
afterAll(() => env?.close());

const usdc = (amount: string) => parseUnits(amount, 6);

const intentParams = (p: GaslessPayment, payer: Address) => ({
  chainId: chain.chainId,
  gateway: p.gatewayAddress,
  request: paymentRequestOf(p),
  payer,
});

async function pay(amount: number, token: Address) {
  return createPayment(env, pk, `signed-${++order}`, amount, token);
}

async function post(p: GaslessPayment, body: Record<string, unknown>) {
  return env.request(`/payments/${p.paymentId}/relay`, {
    method: "POST",
    headers: { "x-public-key": pk },
    json: { paymentId: p.paymentId, ...body },
  });
}

/** The EIP-3009 authorization of USDC (its domain version 2) that pays `p` from `payer`. */
const usdcAuthorization = (p: GaslessPayment, payer: Address) =>
  paymentAuthorizationTypedData({
    ...intentParams(p, payer),
    tokenDomain: { name: fiatToken.name, version: fiatToken.version },
  });

/** `payer` signs the USDC authorization of `p` and asks for its relay. */
async function postAuthorization(p: GaslessPayment, payer: LocalAccount) {
  const signature = await payer.signTypedData(usdcAuthorization(p, payer.address));
  return post(p, { kind: "authorization", payer: payer.address, signature });
}

async function confirmed(p: GaslessPayment) {
  const relay = await waitFor("relay finished", async () => {
    const r = await relayStatus(env, pk, p.paymentId);
    return r.status === "CONFIRMED" || r.status === "FAILED" ? r : undefined;
  });
  expect(relay).toMatchObject({ status: "CONFIRMED", errorMessage: null });
  await waitFor("payment PAID", async () =>
    (await paymentStatus(env, pk, p.paymentId)) === "PAID" ? true : undefined,
  );
  return relay;
}

/** The smart wallet's ERC-1271 signature of typed data (its owner signs the wallet's replay-safe hash). */
async function walletSigns(
  owner: LocalAccount,
  wallet: Address,
  typedData: Parameters<typeof hashTypedData>[0],
) {
  return t.walletSignature(owner, wallet, hashTypedData(typedData));
}

describe("gasless relay of the gateway's one-signature paths", () => {
  it("pays USDC with one EIP-3009 signature (its domain version 2 read from the token), no gas, no approval", async () => {
    const payer = freshPayer();
    await t.mintUsdc(payer.address, usdc("10"));
    const p = await pay(4.25, t.usdc);
    const response = await postAuthorization(p, payer);
    expect(response.status).toBe(202);
    await confirmed(p);
    expect(await chain.publicClient.getBalance({ address: payer.address })).toBe(0n);
    // The same authorization again is the payment's own relay.
    const again = await post(p, { kind: "authorization", payer: payer.address, signature: "0x00" });
    expect(again.body.code).toBe("INVALID_PAYMENT_STATUS");
  });

  it("pays EIP-3009 from a smart wallet not deployed yet (ERC-6492): the relay deploys it", async () => {
    const owner = freshPayer();
    const wallet = await t.walletAddress(owner.address, 7n);
    await t.mintUsdc(wallet, usdc("3"));
    const p = await pay(3, t.usdc);
    const typedData = usdcAuthorization(p, wallet);
    const signature = await t.undeployedWalletSignature(owner, hashTypedData(typedData), 7n);
    expect(await chain.publicClient.getCode({ address: wallet })).toBeUndefined();
    const response = await post(p, { kind: "authorization", payer: wallet, signature });
    expect(response.status).toBe(202);
    await confirmed(p);
    expect(await chain.publicClient.getCode({ address: wallet })).toMatch(/^0x[0-9a-f]+$/);
  });

  it("pays with a Permit2 witness signature from a payer that approved Permit2 before, and refuses one that did not", async () => {
    const payer = freshPayer();
    await chain.mint(chain.tokens.permit18, payer.address, 10n ** 20n);
    const p = await pay(7, chain.tokens.permit18);
    const sign = (nonce: bigint) =>
      payer.signTypedData(permit2PaymentTypedData({ ...intentParams(p, payer.address), nonce }));
    const refused = await post(p, {
      kind: "permit2",
      payer: payer.address,
      permit2Nonce: "3",
      signature: await sign(3n),
    });
    expect(refused.body).toMatchObject({ code: "INSUFFICIENT_ALLOWANCE" });
    expect(refused.body.message).toMatch(/approve Permit2 once first/);

    await chain.setBalance(payer.address, parseEther("1"));
    await t.approvePermit2(payer, chain.tokens.permit18);
    const response = await post(p, {
      kind: "permit2",
      payer: payer.address,
      permit2Nonce: "3",
      signature: await sign(3n),
    });
    expect(response.status).toBe(202);
    await confirmed(p);

    // Nonce 3 is spent: a second payment signed with it is refused before anything is sent.
    const second = await pay(1, chain.tokens.permit18);
    const reused = await post(second, {
      kind: "permit2",
      payer: payer.address,
      permit2Nonce: "3",
      signature: await payer.signTypedData(
        permit2PaymentTypedData({ ...intentParams(second, payer.address), nonce: 3n }),
      ),
    });
    expect(reused.status).toBe(400);
    expect(reused.body).toMatchObject({ code: "VALIDATION_ERROR", details: [{ path: ["permit2Nonce"] }] });
  });

  it("pays from an ERC-1271 smart wallet with a payment intent, where a ForwardRequest is refused with the way out", async () => {
    const owner = freshPayer();
    await chain.setBalance(owner.address, parseEther("1"));
    const wallet = await t.deployWallet(owner.address, 1n);
    await chain.mint(chain.tokens.plain, wallet, 10n ** 20n);
    const p = await pay(5, chain.tokens.plain);
    // The wallet approved the gateway earlier (its own transaction, its owner's gas).
    await t.walletCall(
      owner,
      wallet,
      chain.tokens.plain,
      encodeFunctionData({
        abi: erc20Abi,
        functionName: "approve",
        args: [p.gatewayAddress, BigInt(p.amount)],
      }),
    );

    const forward = await relayBody(env, owner as never, p, { permit: false });
    forward.forwardRequest.from = wallet;
    const refused = await post(p, forward);
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe("INVALID_SIGNATURE");
    expect(refused.body.message).toMatch(/smart-contract wallet.*kind intent/);

    const typedData = paymentIntentTypedData(intentParams(p, wallet));
    const wrong = await post(p, {
      kind: "intent",
      payer: wallet,
      signature: await owner.signTypedData(typedData),
    });
    expect(wrong.body.code).toBe("INVALID_SIGNATURE");
    const response = await post(p, {
      kind: "intent",
      payer: wallet,
      signature: await walletSigns(owner, wallet, typedData),
    });
    expect(response.status).toBe(202);
    await confirmed(p);
  });

  it("refuses a blocklisted payer before anything is sent, saying why", async () => {
    const payer = freshPayer();
    await t.mintUsdc(payer.address, usdc("5"));
    await t.blacklistUsdc(payer.address);
    const p = await pay(2, t.usdc);
    const response = await postAuthorization(p, payer);
    expect(response.body).toMatchObject({ code: "TOKEN_TRANSFER_BLOCKED" });
    await expect(
      env.request(`/payments/${p.paymentId}/relay`, { headers: { "x-public-key": pk } }),
    ).resolves.toMatchObject({ status: 404 });
  });

  it("grants no gas to a payer on the EIP-3009 or Permit2 path: it sends no transaction", async () => {
    const shop = await env.t.addMerchant("Faucet shop", { faucetEnabled: true });
    for (const token of [t.usdc, chain.tokens.plain]) {
      await admin.addPaymentMethod(env.t.adminDeps, shop.merchantKey, { tokenAddress: token });
    }
    const payer = freshPayer();
    await t.mintUsdc(payer.address, usdc("5"));
    await chain.mint(chain.tokens.plain, payer.address, 10n ** 19n);
    const ask = async (token: Address) => {
      const p = await createPayment(env, shop.publicKey, `faucet-${++order}`, 1, token);
      return env.request("/payments/request-gas", {
        method: "POST",
        headers: { "x-public-key": shop.publicKey },
        json: { paymentId: p.paymentId, walletAddress: payer.address },
      });
    };
    await expect(ask(t.usdc)).resolves.toMatchObject({
      status: 400,
      body: { code: "GRANT_NOT_USABLE", message: expect.stringContaining("one EIP-3009 signature") },
    });
    // Permit2 approved before (its owner paid that approval's gas).
    await chain.setBalance(payer.address, parseEther("1"));
    await t.approvePermit2(payer, chain.tokens.plain);
    await chain.setBalance(payer.address, 0n);
    await expect(ask(chain.tokens.plain)).resolves.toMatchObject({
      status: 400,
      body: { code: "GRANT_NOT_USABLE", message: expect.stringContaining("one Permit2 signature") },
    });
  });

  it("validates the body of each kind before reading the chain", async () => {
    const p = await pay(1, t.usdc);
    const payer = freshPayer().address;
    await expect(post(p, { kind: "permit2", payer, signature: "0x1234" })).resolves.toMatchObject({
      status: 400,
      body: { code: "VALIDATION_ERROR", details: [{ path: ["permit2Nonce"] }] },
    });
    await expect(
      post(p, { kind: "intent", payer: "0x0000000000000000000000000000000000000000", signature: "0x12" }),
    ).resolves.toMatchObject({
      body: { code: "PAYER_ADDRESS_NOT_FOUND" },
    });
    await expect(post(p, { kind: "intent", payer, signature: "0x12" })).resolves.toMatchObject({
      body: { code: "INVALID_SIGNATURE" },
    });
    await expect(post(p, { kind: "forward" })).resolves.toMatchObject({
      body: { code: "VALIDATION_ERROR", details: [{ path: ["forwardRequest"] }] },
    });
  });
});
