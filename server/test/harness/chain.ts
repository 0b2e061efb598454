import {
  deployKassa,
  deployTestTokens,
  testTokenAbi,
  type DeployTestTokensReturnType,
  rpcChain,
} from "@kassa/contracts";
import {
  anvilAccount,
  anvilPrivateKeys,
  deployGatewayV2,
  startAnvil,
  type AnvilInstance,
  type StartAnvilOptions,
} from "@kassa/contracts/dev";
import {
  createPublicClient,
  createWalletClient,
  http,
  type Account,
  type Address,
  type Chain,
  type PublicClient,
  type Transport,
  type WalletClient,
} from "viem";
import type { PrivateKeyAccount } from "viem/accounts";
import { Secret } from "../../src/secret.js";

export type TestWalletClient = WalletClient<Transport, Chain, Account>;

export interface TestChain {
  anvil: AnvilInstance;
  rpcUrl: string;
  chainId: number;
  chain: Chain;
  publicClient: PublicClient;
  /** Deploys and owns the contracts (anvil account 0). */
  deployer: TestWalletClient;
  /** The server signer the gateway trusts (anvil account 1), as KASSA_SIGNER_PRIVATE_KEY would hold it. */
  signerAccount: PrivateKeyAccount;
  signerKey: Secret<`0x${string}`>;
  /** Receives the fees (anvil account 2). */
  treasury: Address;
  gateway: Address;
  forwarder: Address;
  tokens: DeployTestTokensReturnType;
  /** A wallet client for anvil dev account `index` (3..9 are free for payers and recipients). */
  wallet(index: number): TestWalletClient;
  /** Mints test tokens (anyone may mint them). */
  mint(token: Address, to: Address, amount: bigint): Promise<void>;
  /** Sets `address`'s balance of the native coin to `wei` (anvil_setBalance). */
  setBalance(address: Address, wei: bigint): Promise<void>;
  stop(): Promise<void>;
}

const SIGNER_INDEX = 1;

/**
 * A fresh anvil with the forwarder, the gateway (fee 1%) and the three test tokens deployed.
 * Call stop() in afterAll.
 */
export async function startTestChain(
  options: {
    defaultFeeBps?: number;
    anvil?: StartAnvilOptions;
    /** 2: the chain's gateway is the frozen version 2 (payments signed for an older gateway); default 3. */
    gatewayVersion?: 2 | 3;
  } = {},
): Promise<TestChain> {
  const anvil = await startAnvil(options.anvil);
  try {
    const chain = rpcChain(anvil.chainId, "Anvil", anvil.rpcUrl);
    const transport = http(anvil.rpcUrl);
    // cacheTime 0: a test reads the head right after mining (viem would answer a block number up to
    // pollingInterval old).
    const publicClient = createPublicClient({ chain, transport, pollingInterval: 100, cacheTime: 0 });
    const wallet = (index: number): TestWalletClient =>
      createWalletClient({ account: anvilAccount(index), chain, transport });
    const deployer = wallet(0);
    const signerAccount = anvilAccount(SIGNER_INDEX);
    const treasury = anvilAccount(2).address;
    const defaultFeeBps = options.defaultFeeBps ?? 100;
    const deployed = await deployKassa({
      walletClient: deployer,
      publicClient,
      signer: signerAccount.address,
      treasury,
      defaultFeeBps,
    });
    const { forwarder } = deployed;
    const gateway =
      options.gatewayVersion === 2
        ? await deployGatewayV2({
            walletClient: deployer,
            publicClient,
            forwarder,
            signer: signerAccount.address,
            treasury,
            defaultFeeBps,
          })
        : deployed.gateway;
    const tokens = await deployTestTokens({ walletClient: deployer, publicClient });
    return {
      anvil,
      rpcUrl: anvil.rpcUrl,
      chainId: anvil.chainId,
      chain,
      publicClient,
      deployer,
      signerAccount,
      signerKey: new Secret(anvilPrivateKeys[SIGNER_INDEX]),
      treasury,
      gateway,
      forwarder,
      tokens,
      wallet,
      async mint(token, to, amount) {
        const hash = await deployer.writeContract({
          address: token,
          abi: testTokenAbi,
          functionName: "mint",
          args: [to, amount],
        });
        await publicClient.waitForTransactionReceipt({ hash });
      },
      async setBalance(address, wei) {
        await publicClient.request({
          method: "anvil_setBalance" as never,
          params: [address, `0x${wei.toString(16)}`] as never,
        });
      },
      stop: () => anvil.stop(),
    };
  } catch (error) {
    await anvil.stop();
    throw error;
  }
}

/**
 * The chain an env runs on: `chain` when given (its caller stops it), else a fresh anvil (`anvil`'s options) that
 * `stopOwn()` stops.
 */
export async function chainFor(options: {
  chain?: TestChain;
  anvil?: StartAnvilOptions;
}): Promise<{ chain: TestChain; stopOwn(): Promise<void> }> {
  if (options.chain) return { chain: options.chain, stopOwn: () => Promise.resolve() };
  const chain = await startTestChain(options.anvil ? { anvil: options.anvil } : {});
  return { chain, stopOwn: () => chain.stop() };
}

/** `owner`'s balance of `token` on the test chain, in base units. */
export function balanceOf(chain: TestChain, token: string, owner: string): Promise<bigint> {
  return chain.publicClient.readContract({
    address: token as Address,
    abi: testTokenAbi,
    functionName: "balanceOf",
    args: [owner as Address],
  });
}
