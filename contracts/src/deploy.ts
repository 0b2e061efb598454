/**
 * Deploys Kassa's contracts with viem to any RPC: a local anvil in tests and `npm start`, a real chain for
 * operators (`kassa deploy`). Every deployment waits for its receipt and checks that code landed.
 */
import {
  getAddress,
  getContractAddress,
  type Abi,
  type Account,
  type Address,
  type Chain,
  type Hex,
  type PublicClient,
  type Transport,
  type WalletClient,
  zeroAddress,
} from "viem";

import { feeOnTransferTokenAbi, feeOnTransferTokenBytecode } from "./generated/FeeOnTransferToken.js";
import { erc2771ForwarderAbi, erc2771ForwarderBytecode } from "./generated/ERC2771Forwarder.js";
import { paymentGatewayAbi, paymentGatewayBytecode } from "./generated/PaymentGateway.js";
import { testTokenAbi, testTokenBytecode } from "./generated/TestToken.js";
import { testTokenPermitAbi, testTokenPermitBytecode } from "./generated/TestTokenPermit.js";
import { forwarderDomainName } from "./eip712.js";
import { maxFeeBps } from "./fee.js";
import { permit2Address } from "./generated/Permit2.js";

/** A wallet client with an account: the deployer, which pays the gas. */
export type DeployerClient = WalletClient<Transport, Chain | undefined, Account>;

export class DeployError extends Error {
  override name = "DeployError";
  constructor(
    message: string,
    readonly contract: string,
    options?: { cause?: unknown },
  ) {
    super(`deploying ${contract}: ${message}`, options);
  }
}

export interface DeploymentRequest {
  name: string;
  abi: Abi;
  bytecode: Hex;
  args: readonly unknown[];
}

/**
 * Sends the deployments with consecutive nonces without waiting in between, then waits for every receipt.
 * Returns the addresses in order.
 */
export async function deployContracts(
  walletClient: DeployerClient,
  publicClient: PublicClient,
  requests: DeploymentRequest[],
  nonce?: number,
): Promise<Address[]> {
  const from = walletClient.account.address;
  const firstNonce =
    nonce ?? (await publicClient.getTransactionCount({ address: from, blockTag: "pending" }));
  const hashes: Hex[] = [];
  for (const [i, request] of requests.entries()) {
    try {
      hashes.push(
        await walletClient.deployContract({
          abi: request.abi,
          bytecode: request.bytecode,
          args: request.args,
          account: walletClient.account,
          chain: walletClient.chain ?? null,
          nonce: firstNonce + i,
        } as Parameters<DeployerClient["deployContract"]>[0]),
      );
    } catch (cause) {
      throw new DeployError((cause as Error).message, request.name, { cause });
    }
  }
  const addresses: Address[] = [];
  for (const [i, request] of requests.entries()) {
    const hash = hashes[i] as Hex;
    let receipt;
    try {
      receipt = await publicClient.waitForTransactionReceipt({ hash });
    } catch (cause) {
      throw new DeployError(`no receipt for transaction ${hash}: ${(cause as Error).message}`, request.name, {
        cause,
      });
    }
    if (receipt.status !== "success" || !receipt.contractAddress) {
      throw new DeployError(`transaction ${hash} reverted (gas used ${receipt.gasUsed})`, request.name);
    }
    const expected = getContractAddress({ from, nonce: BigInt(firstNonce + i) });
    if (receipt.contractAddress.toLowerCase() !== expected.toLowerCase()) {
      throw new DeployError(`deployed at ${receipt.contractAddress}, expected ${expected}`, request.name);
    }
    if (!(await hasCode(publicClient, receipt.contractAddress))) {
      throw new DeployError(`no code at ${receipt.contractAddress}`, request.name);
    }
    addresses.push(getAddress(receipt.contractAddress));
  }
  return addresses;
}

export interface DeployKassaParameters {
  walletClient: DeployerClient;
  publicClient: PublicClient;
  /** Owner of the gateway's configuration; default: the deployer. */
  owner?: Address;
  /** Address whose EIP-712 signatures authorise payments and refunds (the server's signer). */
  signer: Address;
  /** Address that receives the fees. */
  treasury: Address;
  /** Fee of merchants without an override, in basis points (at most {@link maxFeeBps}). */
  defaultFeeBps: number;
  /**
   * Uniswap's Permit2 for the gateway's Permit2 paths: default its canonical address, which must hold code on the
   * chain (the deployment is refused otherwise); `null` deploys a gateway without them.
   */
  permit2?: Address | null;
}

export interface DeployKassaReturnType {
  forwarder: Address;
  gateway: Address;
}

/** Whether `address` holds code (a contract) on the client's chain. */
export async function hasCode(publicClient: PublicClient, address: Address): Promise<boolean> {
  const code = await publicClient.getCode({ address });
  return code !== undefined && code !== "0x";
}

/**
 * Deploys an ERC2771Forwarder (named `ERC2771Forwarder`) and a PaymentGateway that trusts it (and Permit2, unless
 * `permit2` is null).
 */
export async function deployKassa(params: DeployKassaParameters): Promise<DeployKassaReturnType> {
  const { walletClient, publicClient, signer, treasury, defaultFeeBps } = params;
  if (!Number.isInteger(defaultFeeBps) || defaultFeeBps < 0 || defaultFeeBps > maxFeeBps) {
    throw new DeployError(
      `defaultFeeBps must be an integer in 0..${maxFeeBps}, got ${defaultFeeBps}`,
      "PaymentGateway",
    );
  }
  const permit2 = params.permit2 === undefined ? permit2Address : params.permit2;
  if (permit2 !== null && !(await hasCode(publicClient, permit2))) {
    throw new DeployError(
      `Permit2 is not deployed at ${permit2} on this chain (deploy without it: permit2 null)`,
      "PaymentGateway",
    );
  }
  const owner = params.owner ?? walletClient.account.address;
  const from = walletClient.account.address;
  const nonce = await publicClient.getTransactionCount({ address: from, blockTag: "pending" });
  const forwarderAddress = getContractAddress({ from, nonce: BigInt(nonce) });
  const [forwarder, gateway] = await deployContracts(
    walletClient,
    publicClient,
    [
      {
        name: "ERC2771Forwarder",
        abi: erc2771ForwarderAbi,
        bytecode: erc2771ForwarderBytecode,
        args: [forwarderDomainName],
      },
      {
        name: "PaymentGateway",
        abi: paymentGatewayAbi,
        bytecode: paymentGatewayBytecode,
        args: [forwarderAddress, owner, signer, treasury, defaultFeeBps, permit2 ?? zeroAddress],
      },
    ],
    nonce,
  );
  return { forwarder: forwarder as Address, gateway: gateway as Address };
}

export interface DeployTestTokensParameters {
  walletClient: DeployerClient;
  publicClient: PublicClient;
}

export interface DeployTestTokensReturnType {
  /** ERC20Permit, 18 decimals: "Kassa Test Token" (KTT). */
  permit18: Address;
  /** ERC20Permit, 6 decimals: "Kassa Test USD" (KUSD). */
  permit6: Address;
  /** ERC-20 without permit, 18 decimals: "Kassa Plain Token" (KPT). */
  plain: Address;
}

/** Names, symbols and decimals of the test tokens; the name is also the permit's EIP-712 domain name. */
export const testTokens = {
  permit18: { name: "Kassa Test Token", symbol: "KTT", decimals: 18 },
  permit6: { name: "Kassa Test USD", symbol: "KUSD", decimals: 6 },
  plain: { name: "Kassa Plain Token", symbol: "KPT", decimals: 18 },
} as const;

/** Deploys the test tokens (anyone can `mint` them). For tests and local development only. */
export async function deployTestTokens(
  params: DeployTestTokensParameters,
): Promise<DeployTestTokensReturnType> {
  const { permit18, permit6, plain } = testTokens;
  const [a, b, c] = await deployContracts(params.walletClient, params.publicClient, [
    {
      name: "TestTokenPermit",
      abi: testTokenPermitAbi,
      bytecode: testTokenPermitBytecode,
      args: [permit18.name, permit18.symbol, permit18.decimals],
    },
    {
      name: "TestTokenPermit",
      abi: testTokenPermitAbi,
      bytecode: testTokenPermitBytecode,
      args: [permit6.name, permit6.symbol, permit6.decimals],
    },
    {
      name: "TestToken",
      abi: testTokenAbi,
      bytecode: testTokenBytecode,
      args: [plain.name, plain.symbol, plain.decimals],
    },
  ]);
  return { permit18: a as Address, permit6: b as Address, plain: c as Address };
}

/**
 * Mints `wholeTokens` of each test token to each holder, a transaction at a time (for tests, `npm start` and
 * `kassa deploy --test-tokens`, whose deployer can then be the `--probe-holder` of `kassa admin token add`).
 */
export async function mintTestTokens(
  params: DeployTestTokensParameters & {
    tokens: DeployTestTokensReturnType;
    holders: readonly Address[];
    wholeTokens: bigint;
  },
): Promise<void> {
  for (const holder of params.holders) {
    for (const name of Object.keys(testTokens) as (keyof typeof testTokens)[]) {
      const hash = await params.walletClient.writeContract({
        address: params.tokens[name],
        abi: testTokenAbi,
        functionName: "mint",
        args: [holder, params.wholeTokens * 10n ** BigInt(testTokens[name].decimals)],
        account: params.walletClient.account,
        chain: params.walletClient.chain ?? null,
      });
      await params.publicClient.waitForTransactionReceipt({ hash });
    }
  }
}

/** Deploys a token that burns `transferFeeBps` of every transfer. For tests only. */
export async function deployFeeOnTransferToken(
  params: DeployTestTokensParameters & { transferFeeBps: number },
): Promise<Address> {
  const [token] = await deployContracts(params.walletClient, params.publicClient, [
    {
      name: "FeeOnTransferToken",
      abi: feeOnTransferTokenAbi,
      bytecode: feeOnTransferTokenBytecode,
      args: [BigInt(params.transferFeeBps)],
    },
  ]);
  return token as Address;
}
