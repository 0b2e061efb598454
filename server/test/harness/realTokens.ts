/**
 * The contracts tests' real tokens and wallets (USDC's FiatToken v2.2, a USDT-like token, ERC-1271 smart wallets
 * from a CREATE2 factory; `contracts/test/realTokens.ts`) on a server test's chain.
 */
import { createWalletClient, erc20Abi, http, type Address, type Hex, type LocalAccount } from "viem";

import type { Chain } from "../../../contracts/test/fixture.js";
import { deployRealTokens as deployOnFixture } from "../../../contracts/test/realTokens.js";
import type { TestChain } from "./chain.js";

export async function deployRealTokens(chain: TestChain) {
  const wallet = (account: LocalAccount) =>
    createWalletClient({ account, chain: chain.chain, transport: http(chain.rpcUrl) });
  const mined = async (hash: Hex) => {
    const receipt = await chain.publicClient.waitForTransactionReceipt({ hash });
    if (receipt.status !== "success") throw new Error(`transaction ${hash} reverted`);
    return receipt;
  };
  const approve = async (owner: LocalAccount, token: Address, spender: Address, amount: bigint) => {
    await mined(
      await wallet(owner).writeContract({
        address: token,
        abi: erc20Abi,
        functionName: "approve",
        args: [spender, amount],
      }),
    );
  };
  const fixture = {
    deployer: chain.deployer,
    publicClient: chain.publicClient,
    chainId: chain.chainId,
    wallet,
    mined,
    approve,
  } as unknown as Chain;
  return { ...(await deployOnFixture(fixture)), approve, mined };
}

export type RealTokens = Awaited<ReturnType<typeof deployRealTokens>>;
