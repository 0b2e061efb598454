import { testTokenAbi } from "@kassa/contracts";
import { anvilAccount } from "@kassa/contracts/dev";
import { createWalletClient, http } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestChain } from "../../harness/chain.js";
import type { SeededMerchant } from "../../harness/app.js";
import {
  createPayment,
  FAUCET_INDEX,
  freshPayer,
  paymentStatus,
  relayBody,
  relayStatus,
  startGaslessEnv,
  type GaslessTestEnv,
} from "../../harness/gasless.js";
import { waitFor } from "../../harness/waitFor.js";

let chain: TestChain;
let env: GaslessTestEnv;
let shop: SeededMerchant;
const faucetAddress = anvilAccount(FAUCET_INDEX).address;
beforeAll(async () => {
  env = await startGaslessEnv();
  chain = env.chain;
  shop = await env.t.addMerchant("Faucet shop", { faucetEnabled: true });
  await env.t.acceptTokens([chain.tokens.plain], shop.merchantKey);
  await env.startWorker();
});
afterAll(() => env?.close());

const gasStatus = (paymentId: string, wallet: string, publicKey = shop.publicKey) =>
  env.request(`/payments/${paymentId}/gas-status?walletAddress=${wallet}`, {
    headers: { "x-public-key": publicKey },
  });
const requestGas = (paymentId: string, walletAddress: string, publicKey = shop.publicKey) =>
  env.request("/payments/request-gas", {
    method: "POST",
    headers: { "x-public-key": publicKey },
    json: { paymentId, walletAddress },
  });

describe("gas faucet", () => {
  it("funds the approve of a token without permit, then the payment goes gasless", async () => {
    const payer = freshPayer();
    await chain.mint(chain.tokens.plain, payer.address, 50n * 10n ** 18n);
    const p = await createPayment(env, shop.publicKey, "faucet-plain", 20, chain.tokens.plain);

    const before = await gasStatus(p.paymentId, payer.address);
    expect(before.status).toBe(200);
    expect(before.body).toEqual({
      needsGas: true,
      hasEnoughTokenBalance: true,
      alreadyGranted: false,
      canReceiveGas: true,
    });

    const grant = await requestGas(p.paymentId, payer.address);
    expect(grant.status).toBe(200);
    expect(grant.body).toEqual({
      txHash: expect.stringMatching(/^0x[0-9a-f]{64}$/),
      amount: expect.any(String),
      chainId: chain.chainId,
    });
    // The answer comes after the grant is mined.
    const receipt = await chain.publicClient.getTransactionReceipt({ hash: grant.body.txHash });
    expect(receipt.status).toBe("success");
    expect(await chain.publicClient.getBalance({ address: payer.address })).toBe(BigInt(grant.body.amount));

    const wallet = createWalletClient({ account: payer, chain: chain.chain, transport: http(chain.rpcUrl) });
    const approve = await wallet.writeContract({
      address: chain.tokens.plain,
      abi: testTokenAbi,
      functionName: "approve",
      args: [p.gatewayAddress, BigInt(p.amount)],
    });
    expect((await chain.publicClient.waitForTransactionReceipt({ hash: approve })).status).toBe("success");

    const relay = await env.request(`/payments/${p.paymentId}/relay`, {
      method: "POST",
      headers: { "x-public-key": shop.publicKey },
      json: await relayBody(env, payer, p, { permit: false }),
    });
    expect(relay.status).toBe(202);
    await waitFor("relay CONFIRMED", async () => {
      const r = await relayStatus(env, shop.publicKey, p.paymentId);
      return r.status === "CONFIRMED" ? r : undefined;
    });
    expect(await paymentStatus(env, shop.publicKey, p.paymentId)).toBe("PAID");

    const after = await gasStatus(p.paymentId, payer.address);
    expect(after.body).toMatchObject({ alreadyGranted: true, canReceiveGas: false });
  });

  it("sends one transfer for 20 concurrent grant requests of one wallet", async () => {
    const payer = freshPayer();
    await chain.mint(chain.tokens.permit18, payer.address, 50n * 10n ** 18n);
    const p = await createPayment(env, shop.publicKey, "faucet-concurrent", 5);
    const faucetNonce = await chain.publicClient.getTransactionCount({ address: faucetAddress });
    const faucetBalance = await chain.publicClient.getBalance({ address: faucetAddress });

    const responses = await Promise.all(
      Array.from({ length: 20 }, () => requestGas(p.paymentId, payer.address)),
    );
    const granted = responses.filter((r) => r.status === 200);
    expect(granted).toHaveLength(1);
    for (const r of responses.filter((r) => r.status !== 200)) {
      expect(["GRANT_IN_PROGRESS", "ALREADY_GRANTED"]).toContain(r.body.code);
    }
    const amount = BigInt(granted[0]!.body.amount);
    expect(await chain.publicClient.getBalance({ address: payer.address })).toBe(amount);
    expect(await chain.publicClient.getTransactionCount({ address: faucetAddress })).toBe(faucetNonce + 1);
    const receipt = await chain.publicClient.getTransactionReceipt({ hash: granted[0]!.body.txHash });
    expect(await chain.publicClient.getBalance({ address: faucetAddress })).toBe(
      faucetBalance - amount - receipt.gasUsed * receipt.effectiveGasPrice,
    );

    // Later requests: the same wallet for another payment, another wallet for the same payment.
    const p2 = await createPayment(env, shop.publicKey, "faucet-second", 5);
    expect((await requestGas(p2.paymentId, payer.address)).body.code).toBe("ALREADY_GRANTED");
    const other = freshPayer();
    await chain.mint(chain.tokens.permit18, other.address, 50n * 10n ** 18n);
    const second = await requestGas(p.paymentId, other.address);
    expect([second.status, second.body.code]).toEqual([400, "PAYMENT_ALREADY_GRANTED"]);
  });

  it("answers each error code of the gas endpoints", async () => {
    const p = await createPayment(env, shop.publicKey, "faucet-errors", 5);
    const poor = freshPayer();
    const rich = anvilAccount(4);
    await chain.mint(chain.tokens.permit18, rich.address, 50n * 10n ** 18n);

    const expectCode = (response: { status: number; body: { code: string } }, status: number, code: string) =>
      expect([response.status, response.body.code]).toEqual([status, code]);

    expectCode(await requestGas(p.paymentId, poor.address), 400, "INSUFFICIENT_TOKEN_BALANCE");
    expectCode(await requestGas(p.paymentId, rich.address), 400, "ALREADY_HAS_GAS");
    expect((await gasStatus(p.paymentId, rich.address)).body).toEqual({
      needsGas: false,
      hasEnoughTokenBalance: true,
      alreadyGranted: false,
      canReceiveGas: false,
    });
    expectCode(await requestGas(`0x${"3".repeat(64)}`, poor.address), 404, "NOT_FOUND");
    expectCode(await gasStatus(`0x${"3".repeat(64)}`, poor.address), 404, "NOT_FOUND");
    const other = await env.t.addMerchant("Other faucet shop", { faucetEnabled: true });
    expectCode(await gasStatus(p.paymentId, poor.address, other.publicKey), 404, "NOT_FOUND");
    expectCode(await requestGas(p.paymentId, poor.address, other.publicKey), 404, "NOT_FOUND");
    // The seeded merchant has the faucet off.
    const off = await createPayment(env, env.t.merchant.publicKey, "faucet-off", 5);
    expectCode(
      await gasStatus(off.paymentId, poor.address, env.t.merchant.publicKey),
      403,
      "FAUCET_DISABLED",
    );
    expectCode(
      await requestGas(off.paymentId, poor.address, env.t.merchant.publicKey),
      403,
      "FAUCET_DISABLED",
    );
    // The API without a faucet key.
    const unconfigured = await env.t.request(
      `/payments/${p.paymentId}/gas-status?walletAddress=${poor.address}`,
      {
        headers: { "x-public-key": shop.publicKey },
      },
    );
    expectCode(unconfigured, 403, "FAUCET_DISABLED");
    expectCode(await gasStatus(p.paymentId, "0x1234"), 400, "VALIDATION_ERROR");
  });
});
