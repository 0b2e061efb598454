/**
 * Faithful stand-ins for the tokens and wallets payers really use, deployed on a test chain: Circle's FiatToken
 * v2.2 (USDC: EIP-3009, EIP-2612 with domain version "2", a blocklist, no `eip712Domain()`) from Circle's own build,
 * a USDT-like token ({@link deployTetherToken}), and a Coinbase-Smart-Wallet-like ERC-1271 wallet with a CREATE2
 * factory, so a wallet can sign (ERC-6492) before it exists; and the hostile ones the gateway must withstand (a
 * WETH9-like token, a token taxing `transferFrom`, an attacker's ERC-6492 factory) and the frozen version-2 gateway
 * they were found against. For tests, benchmarks and local development only.
 */
import {
  encodeFunctionData,
  encodeAbiParameters,
  keccak256,
  maxUint256,
  stringToHex,
  slice,
  zeroAddress,
  type Abi,
  type Address,
  type Hex,
  type LocalAccount,
  type PublicClient,
} from "viem";

import { deployContracts, type DeployerClient } from "./deploy.js";
import {
  fiatTokenProxyAbi,
  fiatTokenProxyBytecode,
  fiatTokenSignatureCheckerBytecode,
  fiatTokenV2_2Abi,
  fiatTokenV2_2Bytecode,
  fiatTokenV2_2LibraryOffsets,
} from "./generated/FiatTokenV2_2.js";
import {
  testSmartWalletFactoryAbi,
  testSmartWalletFactoryBytecode,
} from "./generated/TestSmartWalletFactory.js";
import { testTetherTokenAbi, testTetherTokenBytecode } from "./generated/TestTetherToken.js";
import { paymentGatewayV2Abi, paymentGatewayV2Bytecode } from "./generated/PaymentGatewayV2.js";
import { permit2Address } from "./generated/Permit2.js";
import { reentrantFactoryAbi, reentrantFactoryBytecode } from "./generated/ReentrantFactory.js";
import { selectiveFeeTokenAbi, selectiveFeeTokenBytecode } from "./generated/SelectiveFeeToken.js";
import { testWrappedNativeAbi, testWrappedNativeBytecode } from "./generated/TestWrappedNative.js";

export interface DeployTestContractParameters {
  walletClient: DeployerClient;
  publicClient: PublicClient;
}

/** USDC's name, symbol, decimals and EIP-712 domain version (FiatToken v2 signs with version "2"). */
export const fiatToken = { name: "USD Coin", symbol: "USDC", decimals: 6, version: "2" } as const;

/** A USDT-like test token's name, symbol and decimals (USDT has 6). */
export const tetherToken = { name: "Tether USD", symbol: "USDT", decimals: 6 } as const;

/** Nobody's address: the FiatToken proxy's admin (the admin may not call the token through its proxy). */
const fiatTokenProxyAdmin: Address = slice(keccak256(stringToHex("kassa fiat token proxy admin")), 12);

/** `bytecode` with `library` written at each of `offsets` (Hardhat's link references, in bytes). */
export function linkLibrary(bytecode: Hex, offsets: readonly number[], library: Address): Hex {
  let linked = bytecode.slice(2);
  for (const offset of offsets) {
    linked = linked.slice(0, offset * 2) + library.slice(2).toLowerCase() + linked.slice(offset * 2 + 40);
  }
  return `0x${linked}`;
}

/**
 * Deploys Circle's FiatToken v2.2 as Circle does: the SignatureChecker library, the implementation linked to it,
 * a FiatTokenProxy in front, and the four initializers through the proxy. The deployer holds every role (owner,
 * master minter, minter with an unlimited allowance, pauser, blacklister): mint with `mint(to, amount)` and
 * block with `blacklist(account)`, both from the deployer. Returns the token's address (the proxy).
 */
export async function deployFiatToken(params: DeployTestContractParameters): Promise<Address> {
  const { walletClient, publicClient } = params;
  const [library] = await deployContracts(walletClient, publicClient, [
    { name: "SignatureChecker", abi: [], bytecode: fiatTokenSignatureCheckerBytecode, args: [] },
  ]);
  const [implementation] = await deployContracts(walletClient, publicClient, [
    {
      name: "FiatTokenV2_2",
      abi: fiatTokenV2_2Abi,
      bytecode: linkLibrary(fiatTokenV2_2Bytecode, fiatTokenV2_2LibraryOffsets, library as Address),
      args: [],
    },
  ]);
  const [proxy] = await deployContracts(walletClient, publicClient, [
    {
      name: "FiatTokenProxy",
      abi: fiatTokenProxyAbi,
      bytecode: fiatTokenProxyBytecode,
      args: [implementation],
    },
  ]);
  const token = proxy as Address;
  const deployer = walletClient.account.address;
  const calls: { abi: typeof fiatTokenProxyAbi | typeof fiatTokenV2_2Abi; data: Hex }[] = [
    {
      abi: fiatTokenProxyAbi,
      data: encodeFunctionData({
        abi: fiatTokenProxyAbi,
        functionName: "changeAdmin",
        args: [fiatTokenProxyAdmin],
      }),
    },
    {
      abi: fiatTokenV2_2Abi,
      data: encodeFunctionData({
        abi: fiatTokenV2_2Abi,
        functionName: "initialize",
        args: [
          fiatToken.name,
          fiatToken.symbol,
          "USD",
          fiatToken.decimals,
          deployer,
          deployer,
          deployer,
          deployer,
        ],
      }),
    },
    {
      abi: fiatTokenV2_2Abi,
      data: encodeFunctionData({
        abi: fiatTokenV2_2Abi,
        functionName: "initializeV2",
        args: [fiatToken.name],
      }),
    },
    {
      abi: fiatTokenV2_2Abi,
      data: encodeFunctionData({ abi: fiatTokenV2_2Abi, functionName: "initializeV2_1", args: [deployer] }),
    },
    {
      abi: fiatTokenV2_2Abi,
      data: encodeFunctionData({
        abi: fiatTokenV2_2Abi,
        functionName: "initializeV2_2",
        args: [[], fiatToken.symbol],
      }),
    },
    {
      abi: fiatTokenV2_2Abi,
      data: encodeFunctionData({
        abi: fiatTokenV2_2Abi,
        functionName: "configureMinter",
        args: [deployer, maxUint256],
      }),
    },
  ];
  for (const call of calls) {
    const hash = await walletClient.sendTransaction({
      to: token,
      data: call.data,
      account: walletClient.account,
      chain: walletClient.chain ?? null,
    });
    const receipt = await publicClient.waitForTransactionReceipt({ hash });
    if (receipt.status !== "success")
      throw new Error(`FiatToken setup call ${call.data.slice(0, 10)} reverted`);
  }
  return token;
}

/** Deploys a USDT-like token (`TestTetherToken`, 6 decimals); the deployer is its owner (blocklist, fee switch). */
export async function deployTetherToken(params: DeployTestContractParameters): Promise<Address> {
  const [token] = await deployContracts(params.walletClient, params.publicClient, [
    {
      name: "TestTetherToken",
      abi: testTetherTokenAbi,
      bytecode: testTetherTokenBytecode,
      args: [tetherToken.name, tetherToken.symbol, tetherToken.decimals],
    },
  ]);
  return token as Address;
}

/** Deploys the factory of Coinbase-Smart-Wallet-like test wallets (`TestSmartWalletFactory`). */
export async function deploySmartWalletFactory(params: DeployTestContractParameters): Promise<Address> {
  const [factory] = await deployContracts(params.walletClient, params.publicClient, [
    {
      name: "TestSmartWalletFactory",
      abi: testSmartWalletFactoryAbi,
      bytecode: testSmartWalletFactoryBytecode,
      args: [],
    },
  ]);
  return factory as Address;
}

/** The calldata of `TestSmartWalletFactory.createAccount(owner, nonce)`: the factory call of an ERC-6492 signature. */
export function createSmartWalletCalldata(owner: Address, nonce: bigint): Hex {
  return encodeFunctionData({
    abi: testSmartWalletFactoryAbi,
    functionName: "createAccount",
    args: [owner, nonce],
  });
}

/**
 * The ERC-1271 signature of a test smart wallet for `hash`: its owner's ECDSA signature of the wallet's replay-safe
 * hash (EIP-712 `CoinbaseSmartWalletMessage(bytes32 hash)`, domain "Coinbase Smart Wallet" / "1" / the chain / the
 * wallet), wrapped as `abi.encode(uint256 ownerIndex, bytes signature)` as Coinbase Smart Wallet expects. Works
 * whether or not the wallet is deployed yet (its address is known in advance).
 */
export async function signAsSmartWallet(
  owner: LocalAccount,
  params: { chainId: number; wallet: Address; hash: Hex },
): Promise<Hex> {
  const signature = await owner.signTypedData({
    domain: {
      name: "Coinbase Smart Wallet",
      version: "1",
      chainId: params.chainId,
      verifyingContract: params.wallet,
    },
    types: { CoinbaseSmartWalletMessage: [{ name: "hash", type: "bytes32" }] },
    primaryType: "CoinbaseSmartWalletMessage",
    message: { hash: params.hash },
  });
  return encodeAbiParameters([{ type: "uint256" }, { type: "bytes" }], [0n, signature]);
}

/** The arguments of a gateway's constructor (the same for versions 2 and 3). */
export interface DeployGatewayParameters extends DeployTestContractParameters {
  forwarder: Address;
  signer: Address;
  treasury: Address;
  defaultFeeBps: number;
  /** Default: the deployer. */
  owner?: Address;
  /** Default: Permit2's canonical address; null: none. */
  permit2?: Address | null;
}

/**
 * Deploys the gateway of version 2 as it was deployed (`solidity/v2/`, frozen), trusting `forwarder`: for the tests
 * that show what version 3 refuses, and for tests of payments signed for an older gateway.
 */
export async function deployGatewayV2(params: DeployGatewayParameters): Promise<Address> {
  const permit2 = params.permit2 === undefined ? permit2Address : params.permit2;
  const [gateway] = await deployContracts(params.walletClient, params.publicClient, [
    {
      name: "PaymentGatewayV2",
      abi: paymentGatewayV2Abi,
      bytecode: paymentGatewayV2Bytecode,
      args: [
        params.forwarder,
        params.owner ?? params.walletClient.account.address,
        params.signer,
        params.treasury,
        params.defaultFeeBps,
        permit2 ?? zeroAddress,
      ],
    },
  ]);
  return gateway as Address;
}

/** Deploys one test contract (with `args` for its constructor) and returns its address. */
async function deployTestContract(
  params: DeployTestContractParameters,
  name: string,
  abi: Abi,
  bytecode: Hex,
  args: readonly unknown[] = [],
): Promise<Address> {
  const [address] = await deployContracts(params.walletClient, params.publicClient, [
    { name, abi, bytecode, args },
  ]);
  return address as Address;
}

/** Deploys a WETH9-like wrapped native coin (`TestWrappedNative`): its fallback accepts any call and moves nothing. */
export function deployWrappedNative(params: DeployTestContractParameters): Promise<Address> {
  return deployTestContract(params, "TestWrappedNative", testWrappedNativeAbi, testWrappedNativeBytecode);
}

/**
 * Deploys a token that burns `feeBps` of every `transferFrom` (and of every `transfer` with `onTransfer`), except
 * from the holders it exempts (`setExempt`): `SelectiveFeeToken`.
 */
export function deploySelectiveFeeToken(
  params: DeployTestContractParameters & { feeBps: number; onTransfer: boolean },
): Promise<Address> {
  return deployTestContract(params, "SelectiveFeeToken", selectiveFeeTokenAbi, selectiveFeeTokenBytecode, [
    BigInt(params.feeBps),
    params.onTransfer,
  ]);
}

/** Deploys an attacker's ERC-6492 factory (`ReentrantFactory`) that sends the calls it is armed with. */
export function deployReentrantFactory(params: DeployTestContractParameters): Promise<Address> {
  return deployTestContract(params, "ReentrantFactory", reentrantFactoryAbi, reentrantFactoryBytecode);
}
