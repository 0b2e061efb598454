import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createChainClients } from "../../../src/chain/clients.js";
import * as admin from "../../../src/core/admin/index.js";
import { authenticateApiKey, authenticatePublicKey } from "../../../src/core/merchants/merchants.js";
import { findChainByNetworkId, findWatchedGateways } from "../../../src/db/chains/chains.js";
import { createSharedReads, type SharedReads } from "../../../src/db/sharedReads/sharedReads.js";
import type { ErrorCode } from "../../../src/errors.js";
import { createTestDatabase, type TestDatabase } from "../../harness/db.js";

let t: TestDatabase;
let deps: admin.AdminDeps;
let reads: SharedReads;
beforeAll(async () => {
  t = await createTestDatabase();
  deps = { db: t.db, chains: createChainClients() };
  reads = createSharedReads(t.db);
});
afterAll(() => t.close());

const gateway = "0x5FbDB2315678afecb367f032d93F642f64180aa3";
const forwarder = "0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512";
const tokenA = "0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0";
const tokenB = "0xCf7Ed3AccA5a467e9e704C703E8D87F634fB0Fc9";
const recipient = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";

async function rejectsWith(promise: Promise<unknown>, code: ErrorCode): Promise<void> {
  await expect(promise).rejects.toMatchObject({ name: "KassaError", code });
}

describe("admin: chains", () => {
  it("adds a chain once and normalizes addresses", async () => {
    const chain = await admin.addChain(deps, {
      networkId: 31337,
      name: "Anvil",
      isTestnet: true,
      rpcUrl: "http://127.0.0.1:1",
      gatewayAddress: gateway.toLowerCase(),
      forwarderAddress: forwarder,
      confirmations: 0,
    });
    expect(chain).toMatchObject({
      networkId: 31337,
      gatewayAddress: gateway,
      forwarderAddress: forwarder,
      confirmations: 0,
    });
    await rejectsWith(
      admin.addChain(deps, { networkId: 31337, name: "Again", isTestnet: true }),
      "INVALID_REQUEST",
    );
  });

  it("validates input with details naming the field", async () => {
    await expect(
      admin.addChain(deps, { networkId: 5, name: "Bad", isTestnet: true, gatewayAddress: "0x1234" }),
    ).rejects.toMatchObject({ code: "VALIDATION_ERROR", details: [{ path: ["gatewayAddress"] }] });
  });

  it("updates a known chain field by field and lists all chains", async () => {
    const updated = await admin.updateChain(deps, 80002, {
      rpcUrl: "https://rpc-amoy.example.com",
      confirmations: 3,
    });
    expect(updated).toMatchObject({
      networkId: 80002,
      name: "Polygon Amoy",
      rpcUrl: "https://rpc-amoy.example.com",
      confirmations: 3,
    });
    expect(await admin.updateChain(deps, 80002, {})).toEqual(updated);
    expect((await admin.updateChain(deps, 80002, { rpcUrl: null })).rpcUrl).toBeNull();
    await rejectsWith(admin.updateChain(deps, 999, { name: "x" }), "CHAIN_NOT_FOUND");
    expect((await admin.listChains(deps)).map((c) => c.networkId)).toEqual([80002, 97, 11155111, 31337]);
  });

  it("starts the known testnets with their finality tags, and sets a chain's finality", async () => {
    const finality = Object.fromEntries((await admin.listChains(deps)).map((c) => [c.networkId, c.finality]));
    expect(finality).toMatchObject({ 80002: "finalized", 97: "finalized", 11155111: "safe", 31337: "depth" });
    expect(await admin.updateChain(deps, 31337, { finality: "safe" })).toMatchObject({ finality: "safe" });
    await expect(admin.updateChain(deps, 31337, { finality: "latest" as "safe" })).rejects.toMatchObject({
      code: "VALIDATION_ERROR",
      details: [{ path: ["finality"] }],
    });
  });

  it("lists every gateway a chain was given, for the watcher", async () => {
    await admin.updateChain(deps, 31337, { gatewayAddress: forwarder });
    await admin.updateChain(deps, 31337, { gatewayAddress: gateway });
    const chain = await findChainByNetworkId(t.db, 31337);
    expect((await findWatchedGateways(t.db, chain?.id ?? 0)).sort()).toEqual([gateway, forwarder].sort());
  });
});

describe("admin: tokens", () => {
  it("whitelists a token once per chain", async () => {
    const token = await admin.addToken(deps, {
      networkId: 31337,
      address: tokenA.toLowerCase(),
      symbol: "USDT",
      decimals: 6,
      permitSupported: false,
    });
    expect(token).toMatchObject({
      networkId: 31337,
      address: tokenA,
      symbol: "USDT",
      decimals: 6,
      enabled: true,
    });
    await rejectsWith(
      admin.addToken(deps, {
        networkId: 31337,
        address: tokenA,
        symbol: "USDT",
        decimals: 6,
        permitSupported: false,
      }),
      "INVALID_REQUEST",
    );
    await rejectsWith(
      admin.addToken(deps, {
        networkId: 4242,
        address: tokenA,
        symbol: "USDT",
        decimals: 6,
        permitSupported: false,
      }),
      "CHAIN_NOT_FOUND",
    );
  });

  it("needs an RPC URL to read token info from the chain", async () => {
    await rejectsWith(admin.addToken(deps, { networkId: 97, address: tokenB }), "CHAIN_CONFIG_ERROR");
  });

  it("lists tokens per chain and disables them", async () => {
    await admin.addToken(deps, {
      networkId: 97,
      address: tokenB,
      symbol: "B",
      decimals: 18,
      permitSupported: true,
    });
    expect((await admin.listTokens(deps, { networkId: 97 })).map((t) => t.address)).toEqual([tokenB]);
    expect(await admin.listTokens(deps)).toHaveLength(2);
    expect(
      (await admin.setTokenEnabled(deps, { networkId: 97, address: tokenB, enabled: false })).enabled,
    ).toBe(false);
    await rejectsWith(
      admin.setTokenEnabled(deps, { networkId: 80002, address: tokenB, enabled: false }),
      "TOKEN_NOT_FOUND",
    );
  });
});

describe("admin: merchants", () => {
  it("creates a merchant, shows its keys once and stores them hashed", async () => {
    const created = await admin.createMerchant(deps, {
      name: "Shop",
      networkId: 31337,
      recipientAddress: recipient,
      webhookUrl: "https://shop.example.com/hooks",
      faucetEnabled: true,
    });
    expect(created.apiKey).toMatch(/^sk_/);
    expect(created.publicKey).toMatch(/^pk_/);
    expect(created.webhookSecret).toMatch(/^whsec_/);
    expect(created.merchant).toMatchObject({
      name: "Shop",
      networkId: 31337,
      recipientAddress: recipient,
      faucetEnabled: true,
      isEnabled: true,
    });
    expect(created.merchant.merchantId).toMatch(/^0x[0-9a-f]{64}$/);

    const row = await t.db
      .selectFrom("merchants")
      .selectAll()
      .where("merchant_key", "=", created.merchant.merchantKey)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(created.apiKey);
    expect(JSON.stringify(await admin.listMerchants(deps))).not.toContain(created.apiKey);
    expect(JSON.stringify(await admin.listMerchants(deps))).not.toContain(created.webhookSecret);
    expect((await authenticateApiKey(reads, created.apiKey)).id).toBe(row.id);
    expect((await authenticatePublicKey(reads, created.publicKey)).id).toBe(row.id);
    await rejectsWith(authenticateApiKey(reads, created.publicKey), "UNAUTHORIZED");
    await rejectsWith(authenticatePublicKey(reads, created.apiKey), "UNAUTHORIZED");
  });

  it("updates, disables and rotates keys; old keys stop working at once", async () => {
    const created = await admin.createMerchant(deps, { name: "Other" });
    expect(created.merchant.networkId).toBeNull();
    const key = created.merchant.merchantKey;
    expect(await admin.updateMerchant(deps, key, { networkId: 97 })).toMatchObject({ networkId: 97 });
    // The fee is set on the gateway (server/test/core/admin/merchantFee.test.ts): 97 has none registered here.
    await rejectsWith(admin.updateMerchant(deps, key, { feeBps: 50 }), "CHAIN_CONFIG_ERROR");
    expect(await admin.updateMerchant(deps, key, { networkId: null })).toMatchObject({
      networkId: null,
      feeBps: null,
    });
    await rejectsWith(admin.updateMerchant(deps, key, { networkId: 12345 }), "CHAIN_NOT_FOUND");
    await rejectsWith(admin.updateMerchant(deps, "mch_missing", { name: "x" }), "NOT_FOUND");

    const rotated = await admin.rotateMerchantKeys(deps, key);
    expect(rotated.webhookSecret).toBeUndefined();
    await rejectsWith(authenticateApiKey(reads, created.apiKey), "UNAUTHORIZED");
    await rejectsWith(authenticatePublicKey(reads, created.publicKey), "UNAUTHORIZED");
    expect((await authenticateApiKey(reads, rotated.apiKey)).merchant_key).toBe(key);
    expect((await admin.rotateMerchantKeys(deps, key, { webhookSecret: true })).webhookSecret).toMatch(
      /^whsec_/,
    );

    await admin.updateMerchant(deps, key, { isEnabled: false });
    await rejectsWith(authenticateApiKey(reads, rotated.apiKey), "UNAUTHORIZED");
  });
});

describe("admin: payment methods", () => {
  it("enables a token of the merchant's chain once, with useful errors otherwise", async () => {
    const { merchant } = await admin.createMerchant(deps, { name: "Methods", networkId: 31337 });
    const method = await admin.addPaymentMethod(deps, merchant.merchantKey, { tokenAddress: tokenA });
    expect(method).toMatchObject({ tokenAddress: tokenA, symbol: "USDT", decimals: 6, is_enabled: true });
    await rejectsWith(
      admin.addPaymentMethod(deps, merchant.merchantKey, { tokenAddress: tokenA }),
      "PAYMENT_METHOD_EXISTS",
    );
    await rejectsWith(
      admin.addPaymentMethod(deps, merchant.merchantKey, { tokenAddress: tokenB }),
      "CHAIN_MISMATCH",
    );
    await rejectsWith(
      admin.addPaymentMethod(deps, merchant.merchantKey, { tokenAddress: recipient }),
      "TOKEN_NOT_FOUND",
    );

    expect(
      (
        await admin.setPaymentMethodEnabled(deps, merchant.merchantKey, {
          tokenAddress: tokenA,
          enabled: false,
        })
      ).is_enabled,
    ).toBe(false);
    await rejectsWith(
      admin.setPaymentMethodEnabled(deps, merchant.merchantKey, { tokenAddress: tokenB, enabled: true }),
      "NOT_FOUND",
    );

    const { merchant: chainless } = await admin.createMerchant(deps, { name: "No chain" });
    await rejectsWith(
      admin.addPaymentMethod(deps, chainless.merchantKey, { tokenAddress: tokenA }),
      "CHAIN_NOT_CONFIGURED",
    );
  });
});
