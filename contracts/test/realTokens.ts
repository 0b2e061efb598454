/**
 * The tokens and wallets payers really use, on a test file's chain: Circle's FiatToken v2.2 (USDC), a USDT-like
 * token, and Coinbase-Smart-Wallet-like ERC-1271 wallets from a CREATE2 factory (Permit2 is installed by
 * `startAnvil`). Minting and blocking are done by the deployer, which holds every role.
 */
import { maxUint256, type Address, type Hex, type LocalAccount } from "viem";

import {
  fiatTokenV2_2Abi,
  permit2Abi,
  permit2Address,
  testSmartWalletAbi,
  testSmartWalletFactoryAbi,
  testTetherTokenAbi,
  wrapErc6492Signature,
} from "../src/index.js";
import {
  createSmartWalletCalldata,
  deployFiatToken,
  deploySmartWalletFactory,
  deployTetherToken,
  signAsSmartWallet,
} from "../src/dev.js";
import { setupChain, type Chain } from "./fixture.js";

/** A test file's chain (setupChain), back to this state before each test, with the real tokens deployed. */
export async function setupChainWithRealTokens() {
  const c = await setupChain();
  c.snapshotEachTest();
  return { c, t: await deployRealTokens(c) };
}

export async function deployRealTokens(c: Chain) {
  const params = { walletClient: c.deployer, publicClient: c.publicClient };
  const usdc = await deployFiatToken(params);
  const usdt = await deployTetherToken(params);
  const walletFactory = await deploySmartWalletFactory(params);

  async function asDeployer(
    address: Address,
    abi: typeof fiatTokenV2_2Abi | typeof testTetherTokenAbi,
    functionName: string,
    args: unknown[],
  ) {
    await c.mined(
      await c.deployer.writeContract({ address, abi, functionName, args } as Parameters<
        typeof c.deployer.writeContract
      >[0]),
    );
  }

  /** The address of `owner`'s test smart wallet number `nonce`, deployed or not. */
  function walletAddress(owner: Address, nonce = 0n): Promise<Address> {
    return c.publicClient.readContract({
      address: walletFactory,
      abi: testSmartWalletFactoryAbi,
      functionName: "getAddress",
      args: [owner, nonce],
    });
  }

  return {
    usdc,
    usdt,
    walletFactory,
    mintUsdc: (to: Address, amount: bigint) => asDeployer(usdc, fiatTokenV2_2Abi, "mint", [to, amount]),
    blacklistUsdc: (account: Address) => asDeployer(usdc, fiatTokenV2_2Abi, "blacklist", [account]),
    blacklistUsdt: (account: Address) => asDeployer(usdt, testTetherTokenAbi, "addBlackList", [account]),
    setUsdtFee: (bps: bigint, maxFee: bigint) =>
      asDeployer(usdt, testTetherTokenAbi, "setParams", [bps, maxFee]),
    walletAddress,
    /** Deploys `owner`'s wallet (sent by the deployer) and returns its address. */
    async deployWallet(owner: Address, nonce = 0n): Promise<Address> {
      await c.mined(
        await c.deployer.writeContract({
          address: walletFactory,
          abi: testSmartWalletFactoryAbi,
          functionName: "createAccount",
          args: [owner, nonce],
        }),
      );
      return walletAddress(owner, nonce);
    },
    /** Makes the wallet call `target` with `data` (its owner sends the transaction and pays the gas). */
    async walletCall(owner: LocalAccount, wallet: Address, target: Address, data: Hex) {
      return c.mined(
        await c.wallet(owner).writeContract({
          address: wallet,
          abi: testSmartWalletAbi,
          functionName: "execute",
          args: [target, 0n, data],
        }),
      );
    },
    /** The wallet's ERC-1271 signature of `hash`. */
    walletSignature: (owner: LocalAccount, wallet: Address, hash: Hex) =>
      signAsSmartWallet(owner, { chainId: c.chainId, wallet, hash }),
    /** The ERC-6492 signature of `owner`'s wallet `nonce` (deployable through the factory) for `hash`. */
    async undeployedWalletSignature(owner: LocalAccount, hash: Hex, nonce = 0n): Promise<Hex> {
      const wallet = await walletAddress(owner.address, nonce);
      return wrapErc6492Signature({
        factory: walletFactory,
        factoryCalldata: createSmartWalletCalldata(owner.address, nonce),
        signature: await signAsSmartWallet(owner, { chainId: c.chainId, wallet, hash }),
      });
    },
    /** `owner` approves Permit2 for `token` without limit (what most DeFi users did once). */
    async approvePermit2(owner: LocalAccount, token: Address) {
      await c.approve(owner, token, permit2Address, maxUint256);
    },
    /** Permit2's nonce bitmap word of `owner`. */
    nonceBitmap: (owner: Address, word: bigint) =>
      c.publicClient.readContract({
        address: permit2Address,
        abi: permit2Abi,
        functionName: "nonceBitmap",
        args: [owner, word],
      }),
  };
}

export type RealTokens = Awaited<ReturnType<typeof deployRealTokens>>;
