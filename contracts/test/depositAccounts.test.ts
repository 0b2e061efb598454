/**
 * The keyless deposit accounts' addresses on the chains Kassa supports (their chain ids take one to three bytes in the
 * authorization's RLP): the gateway's derivation and contracts/src's agree, and still agree after the chain's id
 * changes under a deployed gateway (a fork), as its EIP-712 domain does.
 */
import { describe, expect, it } from "vitest";
import { createPublicClient, createTestClient, createWalletClient, http, parseUnits } from "viem";

import { rpcChain } from "../src/chain.js";
import {
  deployKassa,
  depositAddress,
  paymentGatewayAbi,
  paymentIdOf,
  type DepositTerms,
} from "../src/index.js";
import { anvilAccount, startAnvil } from "../src/dev.js";
import { id } from "./fixture.js";

const terms: DepositTerms = {
  paymentId: paymentIdOf(7n, new Uint8Array(24).fill(3)),
  tokenAddress: anvilAccount(8).address,
  amount: parseUnits("10", 6),
  minimumAmount: parseUnits("9.9", 6),
  recipientAddress: anvilAccount(3).address,
  merchantId: id("merchant 1"),
  feeBps: 100,
};

/** Runs `check` against a gateway deployed on a fresh anvil of `chainId`, and stops the node. */
async function onGateway(
  chainId: number,
  check: (env: Awaited<ReturnType<typeof gatewayOn>>) => Promise<void>,
): Promise<void> {
  const anvil = await startAnvil({ chainId, permit2: false });
  try {
    await check(await gatewayOn(anvil.rpcUrl, chainId));
  } finally {
    await anvil.stop();
  }
}

async function gatewayOn(rpcUrl: string, chainId: number) {
  const chain = rpcChain(chainId, "anvil", rpcUrl);
  const transport = http(rpcUrl);
  const publicClient = createPublicClient({ chain, transport, cacheTime: 0 });
  const { gateway } = await deployKassa({
    walletClient: createWalletClient({ chain, transport, account: anvilAccount(0) }),
    publicClient,
    signer: anvilAccount(1).address,
    treasury: anvilAccount(2).address,
    defaultFeeBps: 100,
    permit2: null,
  });
  const onChain = () =>
    publicClient.readContract({
      address: gateway,
      abi: paymentGatewayAbi,
      functionName: "depositAddress",
      args: [terms],
    });
  return { gateway, onChain, testClient: createTestClient({ chain, transport, mode: "anvil" }) };
}

describe("deposit accounts' addresses", () => {
  it.each([1, 97, 128, 80002, 11155111])("agree on-chain and off on chain %i", async (chainId) => {
    await onGateway(chainId, async ({ gateway, onChain }) => {
      expect(await onChain()).toBe(depositAddress({ chainId, gateway, terms, gatewayVersion: 3 }));
    });
  });

  it("follow the chain's id when it changes under a deployed gateway", async () => {
    await onGateway(31337, async ({ gateway, onChain, testClient }) => {
      const before = await onChain();
      await testClient.request({ method: "anvil_setChainId" as never, params: [97] as never });
      const after = await onChain();
      expect(after).not.toBe(before);
      expect(after).toBe(depositAddress({ chainId: 97, gateway, terms, gatewayVersion: 3 }));
    });
  });
});
