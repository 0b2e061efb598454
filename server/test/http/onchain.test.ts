import {
  deployKassa,
  payArgs,
  paymentGatewayAbi,
  paymentSequence,
  signPermit,
  testTokenAbi,
  testTokens,
  testTokenPermitAbi,
  type GatewayPermit,
} from "@kassa/contracts";
import { BaseError, ContractFunctionRevertedError, type Address } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readTokenInfo } from "../../src/chain/tokenInfo.js";
import * as admin from "../../src/core/admin/index.js";
import { startTestApp, type TestApp } from "../harness/app.js";
import { startTestChain, type TestChain, type TestWalletClient } from "../harness/chain.js";
import type { CreatedPayment } from "../harness/payments.js";

let chain: TestChain;
let t: TestApp;
let payer: TestWalletClient;
beforeAll(async () => {
  chain = await startTestChain({ defaultFeeBps: 100 });
  t = await startTestApp(chain);
  payer = chain.wallet(5);
  await chain.mint(chain.tokens.permit18, payer.account.address, 1_000n * 10n ** 18n);
});
afterAll(async () => {
  await t?.close();
  await chain?.stop();
});

async function createPayment(orderId: string, amount: number): Promise<CreatedPayment> {
  const response = await t.request("/payments", {
    method: "POST",
    headers: { "x-public-key": t.merchant.publicKey },
    json: {
      orderId,
      amount,
      tokenAddress: t.token,
      successUrl: "https://shop.example.com/ok",
      failUrl: "service:none",
    },
  });
  expect(response.status).toBe(201);
  return response.body.data;
}

const balanceOf = (owner: Address) =>
  chain.publicClient.readContract({
    address: chain.tokens.permit18,
    abi: testTokenAbi,
    functionName: "balanceOf",
    args: [owner],
  });

async function pay(p: CreatedPayment, overrides: { amount?: bigint; permit?: GatewayPermit } = {}) {
  const hash = await payer.writeContract({
    address: p.gatewayAddress,
    abi: paymentGatewayAbi,
    functionName: "pay",
    args: payArgs({ ...p, amount: String(overrides.amount ?? p.amount) }, overrides.permit),
  });
  return chain.publicClient.waitForTransactionReceipt({ hash });
}

describe("a payment created by the API, paid on anvil", () => {
  it("succeeds with approve + pay using exactly the returned data", async () => {
    const p = await createPayment("chain-approve", 25.5);
    const amount = BigInt(p.amount);
    const approve = await payer.writeContract({
      address: p.tokenAddress,
      abi: testTokenAbi,
      functionName: "approve",
      args: [p.gatewayAddress, amount],
    });
    await chain.publicClient.waitForTransactionReceipt({ hash: approve });
    const [recipientBefore, treasuryBefore] = await Promise.all([
      balanceOf(p.recipientAddress),
      balanceOf(chain.treasury),
    ]);

    const receipt = await pay(p);
    expect(receipt.status).toBe("success");
    const fee = (amount * 100n) / 10_000n;
    expect((await balanceOf(p.recipientAddress)) - recipientBefore).toBe(amount - fee);
    expect((await balanceOf(chain.treasury)) - treasuryBefore).toBe(fee);
  });

  it("succeeds with an EIP-2612 permit instead of approve", async () => {
    const p = await createPayment("chain-permit", 3);
    const nonce = await chain.publicClient.readContract({
      address: p.tokenAddress,
      abi: testTokenPermitAbi,
      functionName: "nonces",
      args: [payer.account.address],
    });
    const permit = await signPermit(payer.account as Parameters<typeof signPermit>[0], {
      chainId: chain.chainId,
      token: p.tokenAddress,
      tokenName: testTokens.permit18.name,
      permit: {
        owner: payer.account.address,
        spender: p.gatewayAddress,
        value: BigInt(p.amount),
        nonce,
        deadline: BigInt(p.deadline),
      },
    });
    expect((await pay(p, { permit })).status).toBe("success");
  });

  it("is refused by the contract when the payer changes the signed amount", async () => {
    const p = await createPayment("chain-tampered", 10);
    const approve = await payer.writeContract({
      address: p.tokenAddress,
      abi: testTokenAbi,
      functionName: "approve",
      args: [p.gatewayAddress, 10n ** 18n],
    });
    await chain.publicClient.waitForTransactionReceipt({ hash: approve });
    const error = await pay(p, { amount: 10n ** 18n }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BaseError);
    const revert = (error as BaseError).walk((e) => e instanceof ContractFunctionRevertedError);
    expect(revert).toBeInstanceOf(ContractFunctionRevertedError);
    expect((revert as ContractFunctionRevertedError).data?.errorName).toBe("InvalidServerSignature");
  });
});

describe("token info read from the chain (admin token add)", () => {
  it("reads symbol, decimals and permit support, and names a non-token address", async () => {
    const client = t.adminDeps.chains.publicClient({
      network_id: chain.chainId,
      name: "Anvil",
      rpc_url: chain.rpcUrl,
    });
    await expect(readTokenInfo(client, chain.tokens.plain)).resolves.toEqual({
      symbol: "KPT",
      decimals: 18,
      permitSupported: false,
    });
    await expect(readTokenInfo(client, chain.tokens.permit6)).resolves.toEqual({
      symbol: "KUSD",
      decimals: 6,
      permitSupported: true,
    });
    await expect(readTokenInfo(client, chain.treasury)).rejects.toMatchObject({ code: "TOKEN_INFO_ERROR" });
  });
});

describe("payment sequences and a new gateway deployment", () => {
  async function approve(p: CreatedPayment) {
    const hash = await payer.writeContract({
      address: p.tokenAddress,
      abi: testTokenAbi,
      functionName: "approve",
      args: [p.gatewayAddress, BigInt(p.amount)],
    });
    await chain.publicClient.waitForTransactionReceipt({ hash });
  }

  it("gives each payment the next sequence of its gateway; old payments still pay on their gateway", async () => {
    const first = await createPayment("seq-1", 1);
    const second = await createPayment("seq-2", 1);
    expect(paymentSequence(second.paymentId)).toBe(paymentSequence(first.paymentId) + 1n);
    expect(second.paymentId.slice(0, 50)).not.toBe(first.paymentId.slice(0, 50));

    // A new deployment, registered as `kassa admin chain update --gateway --forwarder` would.
    const next = await deployKassa({
      walletClient: chain.deployer,
      publicClient: chain.publicClient,
      signer: chain.signerAccount.address,
      treasury: chain.treasury,
      defaultFeeBps: 100,
    });
    await admin.updateChain(t.adminDeps, chain.chainId, {
      gatewayAddress: next.gateway,
      forwarderAddress: next.forwarder,
    });
    const onNew = await createPayment("seq-new", 1);
    expect(onNew.gatewayAddress.toLowerCase()).toBe(next.gateway.toLowerCase());
    // The new gateway has its own counter.
    expect(paymentSequence(onNew.paymentId)).toBe(0n);

    // The payment signed for the old gateway pays there; the new one on the new gateway.
    await approve(first);
    expect(first.gatewayAddress.toLowerCase()).toBe(chain.gateway.toLowerCase());
    expect((await pay(first)).status).toBe("success");
    await approve(onNew);
    expect((await pay(onNew)).status).toBe("success");
  });
});
