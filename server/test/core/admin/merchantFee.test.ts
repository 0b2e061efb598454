import { paymentGatewayAbi, PAYMENT_SIGNATURE_LIFETIME } from "@kassa/contracts";
import { anvilPrivateKeys } from "@kassa/contracts/dev";
import { createTestClient, http, type Hex } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createChainClients } from "../../../src/chain/clients.js";
import * as admin from "../../../src/core/admin/index.js";
import { Secret } from "../../../src/secret.js";
import { registerTestChain } from "../../harness/app.js";
import { startTestChain, type TestChain } from "../../harness/chain.js";
import { createTestDatabase, type TestDatabase } from "../../harness/db.js";

let t: TestDatabase;
let chain: TestChain;
let deps: admin.AdminDeps;
let merchantKey: string;
let merchantId: Hex;
beforeAll(async () => {
  t = await createTestDatabase();
  chain = await startTestChain();
  // The deployer (anvil account 0) owns the gateway.
  deps = { db: t.db, chains: createChainClients(), gatewayOwnerKey: new Secret(anvilPrivateKeys[0]) };
  await registerTestChain(deps, chain);
  const created = await admin.createMerchant(deps, { name: "Fees", networkId: chain.chainId });
  merchantKey = created.merchant.merchantKey;
  merchantId = created.merchant.merchantId as Hex;
});
afterAll(async () => {
  await chain?.stop();
  await t?.close();
});

function onChainFee() {
  return chain.publicClient.readContract({
    address: chain.gateway,
    abi: paymentGatewayAbi,
    functionName: "merchantFee",
    args: [merchantId],
  });
}

async function afterSignatureLifetime() {
  const testClient = createTestClient({ mode: "anvil", transport: http(chain.rpcUrl) });
  await testClient.increaseTime({ seconds: PAYMENT_SIGNATURE_LIFETIME });
  await testClient.mine({ blocks: 1 });
}

describe("kassa admin merchant update --fee-bps", () => {
  it("sets the override on the gateway from the owner's key, then records it", async () => {
    expect(await onChainFee()).toEqual([100, false]);
    expect(await admin.updateMerchant(deps, merchantKey, { feeBps: 30 })).toMatchObject({ feeBps: 30 });
    expect(await onChainFee()).toEqual([30, true]);
  });

  it("refuses a second change within the signature lifetime with a clear error, changing nothing", async () => {
    await expect(admin.updateMerchant(deps, merchantKey, { feeBps: 40 })).rejects.toMatchObject({
      code: "VALIDATION_ERROR",
      details: [{ path: ["feeBps"], message: expect.stringMatching(/can change again at \d{4}-/) }],
    });
    expect(await onChainFee()).toEqual([30, true]);
    expect((await admin.listMerchants(deps)).find((m) => m.merchantKey === merchantKey)?.feeBps).toBe(30);
  });

  it("refuses a key that is not the owner's, no key, and a fee above the gateway's cap", async () => {
    await expect(
      admin.updateMerchant({ ...deps, gatewayOwnerKey: new Secret(anvilPrivateKeys[5]) }, merchantKey, {
        feeBps: 10,
      }),
    ).rejects.toMatchObject({
      code: "CHAIN_CONFIG_ERROR",
      message: expect.stringMatching(/owner of gateway/),
    });
    await expect(
      admin.updateMerchant({ db: deps.db, chains: deps.chains }, merchantKey, { feeBps: 10 }),
    ).rejects.toMatchObject({ code: "CHAIN_CONFIG_ERROR", message: expect.stringMatching(/GATEWAY_OWNER/) });
    await expect(admin.updateMerchant(deps, merchantKey, { feeBps: 1_001 })).rejects.toMatchObject({
      code: "VALIDATION_ERROR",
      details: [{ path: ["feeBps"] }],
    });
    expect(await onChainFee()).toEqual([30, true]);
  });

  it("none clears the override once the lifetime has passed", async () => {
    await afterSignatureLifetime();
    expect(await admin.updateMerchant(deps, merchantKey, { feeBps: null })).toMatchObject({ feeBps: null });
    expect(await onChainFee()).toEqual([100, false]);
  });
});
