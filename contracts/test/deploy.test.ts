import { describe, expect, it } from "vitest";
import { createPublicClient, createWalletClient, http } from "viem";

import {
  DeployError,
  deployKassa,
  deployTestTokens,
  erc2771ForwarderAbi,
  paymentGatewayAbi,
  testTokenPermitAbi,
  testTokens,
} from "../src/index.js";
import { anvilAccount, startAnvil } from "../src/dev.js";

const anvil = await startAnvil({ chainId: 777 });
const publicClient = createPublicClient({ transport: http(anvil.rpcUrl) });
const walletClient = createWalletClient({ transport: http(anvil.rpcUrl), account: anvilAccount(0) });
const { afterAll } = await import("vitest");
afterAll(() => anvil.stop());

describe("deployKassa", () => {
  it("deploys a forwarder named ERC2771Forwarder and a gateway that trusts it, owned as asked", async () => {
    const { forwarder, gateway } = await deployKassa({
      walletClient,
      publicClient,
      owner: anvilAccount(7).address,
      signer: anvilAccount(1).address,
      treasury: anvilAccount(2).address,
      defaultFeeBps: 50,
    });
    const domain = await publicClient.readContract({
      address: forwarder,
      abi: erc2771ForwarderAbi,
      functionName: "eip712Domain",
    });
    expect(domain.slice(1, 5)).toEqual(["ERC2771Forwarder", "1", 777n, forwarder]);
    const read = (functionName: "trustedForwarder" | "owner" | "defaultFeeBps") =>
      publicClient.readContract({ address: gateway, abi: paymentGatewayAbi, functionName });
    expect(await read("trustedForwarder")).toBe(forwarder);
    expect(await read("owner")).toBe(anvilAccount(7).address);
    expect(await read("defaultFeeBps")).toBe(50);
  });

  it("refuses a fee above the cap before sending anything", async () => {
    const nonce = await publicClient.getTransactionCount({ address: anvilAccount(0).address });
    await expect(
      deployKassa({
        walletClient,
        publicClient,
        signer: anvilAccount(1).address,
        treasury: anvilAccount(2).address,
        defaultFeeBps: 1_001,
      }),
    ).rejects.toBeInstanceOf(DeployError);
    expect(await publicClient.getTransactionCount({ address: anvilAccount(0).address })).toBe(nonce);
  });

  it("wraps RPC failures in DeployError", async () => {
    const broke = createWalletClient({ transport: http(anvil.rpcUrl), account: anvilAccount(9) });
    await publicClient.request({
      method: "anvil_setBalance" as never,
      params: [anvilAccount(9).address, "0x0"] as never,
    });
    await expect(
      deployKassa({
        walletClient: broke,
        publicClient,
        signer: anvilAccount(1).address,
        treasury: anvilAccount(2).address,
        defaultFeeBps: 1,
      }),
    ).rejects.toThrow(/deploying ERC2771Forwarder/);
  });
});

describe("deployTestTokens", () => {
  it("deploys the permit tokens with 18 and 6 decimals and a plain token", async () => {
    const { permit18, permit6, plain } = await deployTestTokens({ walletClient, publicClient });
    const read = (address: `0x${string}`, functionName: "decimals" | "name" | "symbol") =>
      publicClient.readContract({ address, abi: testTokenPermitAbi, functionName });
    expect([await read(permit18, "decimals"), await read(permit18, "name")]).toEqual([
      18,
      testTokens.permit18.name,
    ]);
    expect([await read(permit6, "decimals"), await read(permit6, "symbol")]).toEqual([
      6,
      testTokens.permit6.symbol,
    ]);
    expect(await read(plain, "decimals")).toBe(18);
    // The plain token has no permit.
    await expect(
      publicClient.readContract({
        address: plain,
        abi: testTokenPermitAbi,
        functionName: "DOMAIN_SEPARATOR",
      }),
    ).rejects.toThrow();
  });
});
