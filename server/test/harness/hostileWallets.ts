/**
 * Hostile smart wallets on a test chain (`contracts/solidity/test/GasBurningWallet.sol`): an ERC-1271 wallet whose
 * check burns gas, or answers "valid" only at a gas price of 0, and an ERC-6492 factory that burns gas and re-enters
 * a contract while it deploys one. Its owner is an EOA; its signature of a hash is the owner's ECDSA signature of
 * the hash itself and one byte more (66 bytes: a 65-byte signature would go to USDC's ECDSA-only function).
 */
import {
  deployContracts,
  gasBurningWalletAbi,
  gasBurningWalletFactoryAbi,
  gasBurningWalletFactoryBytecode,
  wrapErc6492Signature,
} from "@kassa/contracts";
import {
  concat,
  createWalletClient,
  encodeFunctionData,
  http,
  parseEther,
  parseGwei,
  zeroAddress,
  type Address,
  type Hex,
  type LocalAccount,
} from "viem";
import type { TestChain } from "./chain.js";

export interface HostileWalletParams {
  owner: Address;
  /** Gas each ERC-1271 check burns before it answers. */
  burn: bigint;
  /** Answers "valid" only at a gas price of 0. */
  validOnlyUnpriced: boolean;
  /** What the wallet approves without limit when deployed: the token, and the gateway or Permit2. */
  token: Address;
  spender: Address;
}

/** What an ERC-6492 factory call does besides deploying the wallet. */
export interface FactoryExtras {
  /** Gas burned before the deployment. */
  burn?: bigint;
  /** Burn and re-enter only at a gas price other than 0 (a simulation without fees sees an honest factory). */
  onlyWhenPriced?: boolean;
  /** A call made after the deployment, from the factory. */
  reentry?: { to: Address; data: Hex };
}

async function walletSignature(owner: LocalAccount, hash: Hex): Promise<Hex> {
  return concat([await owner.sign!({ hash }), "0x00"]);
}

export async function deployHostileWallets(chain: TestChain) {
  const [factory] = await deployContracts(chain.deployer, chain.publicClient, [
    {
      name: "GasBurningWalletFactory",
      abi: gasBurningWalletFactoryAbi,
      bytecode: gasBurningWalletFactoryBytecode,
      args: [],
    },
  ]);
  const factoryAddress = factory as Address;
  const mined = async (hash: Hex) => {
    const receipt = await chain.publicClient.waitForTransactionReceipt({ hash });
    if (receipt.status !== "success") throw new Error(`transaction ${hash} reverted`);
  };

  const params = (owner: Address, options: Partial<Omit<HostileWalletParams, "owner">> = {}) => ({
    owner,
    burn: options.burn ?? 0n,
    validOnlyUnpriced: options.validOnlyUnpriced ?? false,
    token: options.token ?? zeroAddress,
    spender: options.spender ?? zeroAddress,
  });

  const factoryCall = (wallet: HostileWalletParams, extras: FactoryExtras = {}) =>
    encodeFunctionData({
      abi: gasBurningWalletFactoryAbi,
      functionName: "createAccount",
      args: [
        wallet,
        extras.burn ?? 0n,
        extras.onlyWhenPriced ?? false,
        extras.reentry?.to ?? zeroAddress,
        extras.reentry?.data ?? "0x",
      ],
    });

  async function setBehaviour(
    owner: LocalAccount,
    wallet: Address,
    behaviour: { burn: bigint; validOnlyUnpriced: boolean },
    fees?: { maxFeePerGas: bigint; maxPriorityFeePerGas: bigint },
  ): Promise<Hex> {
    await chain.setBalance(owner.address, parseEther("1"));
    const client = createWalletClient({ account: owner, chain: chain.chain, transport: http(chain.rpcUrl) });
    return client.writeContract({
      address: wallet,
      abi: gasBurningWalletAbi,
      functionName: "setBehaviour",
      args: [behaviour.burn, behaviour.validOnlyUnpriced],
      // Given, not estimated: the node would estimate against a pending state.
      gas: 60_000n,
      ...fees,
    });
  }

  return {
    factory: factoryAddress,
    params,
    /** The wallet's address, deployed or not. */
    address: (wallet: HostileWalletParams) =>
      chain.publicClient.readContract({
        address: factoryAddress,
        abi: gasBurningWalletFactoryAbi,
        functionName: "getAddress",
        args: [wallet],
      }),
    /** Deploys the wallet (sent by the deployer, no extras) and returns its address. */
    async deploy(wallet: HostileWalletParams): Promise<Address> {
      await mined(
        await chain.deployer.sendTransaction({
          to: factoryAddress,
          data: factoryCall(wallet),
          gas: 3_000_000n,
        }),
      );
      return chain.publicClient.readContract({
        address: factoryAddress,
        abi: gasBurningWalletFactoryAbi,
        functionName: "getAddress",
        args: [wallet],
      });
    },
    /** The wallet's ERC-1271 signature of `hash`. */
    sign: walletSignature,
    /** The wallet's ERC-6492 signature of `hash` while undeployed: its factory call carries `extras`. */
    async undeployedSignature(
      owner: LocalAccount,
      wallet: HostileWalletParams,
      hash: Hex,
      extras?: FactoryExtras,
    ) {
      return wrapErc6492Signature({
        factory: factoryAddress,
        factoryCalldata: factoryCall(wallet, extras),
        signature: await walletSignature(owner, hash),
      });
    },
    /** The owner changes the wallet's check (its own transaction, funded here), sent with `fees` when given. */
    setBehaviour,
    /**
     * The owner makes the wallet answer "valid" only at a gas price of 0, with a tip above a waiting relayer
     * transaction's, so that the change is mined first in the next block.
     */
    turnHostile: (owner: LocalAccount, wallet: Address) =>
      setBehaviour(
        owner,
        wallet,
        { burn: 0n, validOnlyUnpriced: true },
        { maxPriorityFeePerGas: parseGwei("50"), maxFeePerGas: parseGwei("300") },
      ),
    /** What a mined transaction was allowed and used, and whether it reverted. */
    async minedGas(hash: Hex) {
      const [sent, receipt] = await Promise.all([
        chain.publicClient.getTransaction({ hash }),
        chain.publicClient.getTransactionReceipt({ hash }),
      ]);
      return { status: receipt.status, gasLimit: sent.gas, gasUsed: receipt.gasUsed };
    },
  };
}

export type HostileWallets = Awaited<ReturnType<typeof deployHostileWallets>>;
