import { probeTokenTransfer } from "@kassa/contracts";
import { erc20Abi, type Address, type PublicClient } from "viem";
import { KassaError } from "../errors.js";

export interface TokenInfo {
  symbol: string;
  decimals: number;
  permitSupported: boolean;
}

/** The two EIP-2612 views a permit-capable token must answer besides `permit` itself. */
const eip2612Abi = [
  {
    type: "function",
    name: "DOMAIN_SEPARATOR",
    stateMutability: "view",
    inputs: [],
    outputs: [{ type: "bytes32" }],
  },
  {
    type: "function",
    name: "nonces",
    stateMutability: "view",
    inputs: [{ name: "owner", type: "address" }],
    outputs: [{ type: "uint256" }],
  },
] as const;

async function answers(call: Promise<unknown>): Promise<boolean> {
  try {
    await call;
    return true;
  } catch {
    return false;
  }
}

/** Reads symbol, decimals and EIP-2612 support of an ERC-20; TOKEN_INFO_ERROR when it cannot. */
export async function readTokenInfo(client: PublicClient, address: Address): Promise<TokenInfo> {
  let symbol: string;
  let decimals: number;
  try {
    [symbol, decimals] = await Promise.all([
      client.readContract({ address, abi: erc20Abi, functionName: "symbol" }),
      client.readContract({ address, abi: erc20Abi, functionName: "decimals" }),
    ]);
  } catch (error) {
    throw new KassaError(
      "TOKEN_INFO_ERROR",
      `could not read symbol and decimals of ${address} on chain ${client.chain?.id ?? "?"}: is it an ERC-20 contract?`,
      { cause: error },
    );
  }
  const [hasDomainSeparator, hasNonces] = await Promise.all([
    answers(client.readContract({ address, abi: eip2612Abi, functionName: "DOMAIN_SEPARATOR" })),
    answers(
      client.readContract({
        address,
        abi: eip2612Abi,
        functionName: "nonces",
        args: ["0x0000000000000000000000000000000000000000"],
      }),
    ),
  ]);
  return { symbol, decimals, permitSupported: hasDomainSeparator && hasNonces };
}

/**
 * Refuses fee-on-transfer tokens: simulates a transfer of up to one whole token from `holder` (an account
 * that holds some) and checks that exactly what was sent arrives. The gateway does not measure balances on
 * each payment, so this check at whitelisting is what keeps merchants from being paid short.
 */
export async function checkExactTransfers(
  client: PublicClient,
  token: Address,
  holder: Address,
  decimals: number,
): Promise<void> {
  let balance: bigint;
  try {
    balance = await client.readContract({
      address: token,
      abi: erc20Abi,
      functionName: "balanceOf",
      args: [holder],
    });
  } catch (cause) {
    throw new KassaError("TOKEN_INFO_ERROR", `could not read the balance of ${holder} in ${token}`, {
      cause,
    });
  }
  if (balance === 0n) {
    throw new KassaError("VALIDATION_ERROR", `the probe holder ${holder} holds none of ${token}`, {
      details: [{ path: ["probeHolder"], message: "must hold some of the token" }],
    });
  }
  const oneToken = 10n ** BigInt(decimals);
  let result;
  try {
    result = await probeTokenTransfer({
      publicClient: client,
      token,
      holder,
      amount: balance < oneToken ? balance : oneToken,
    });
  } catch (cause) {
    throw new KassaError(
      "TOKEN_INFO_ERROR",
      `could not simulate a transfer of ${token} (the RPC must support eth_call state overrides): ${(cause as Error).message}`,
      { cause },
    );
  }
  if (!result.exact) {
    throw new KassaError(
      "UNSUPPORTED_TOKEN",
      `${token} delivers ${result.received} of every ${result.sent} sent (a fee-on-transfer token): payments in it would arrive short`,
    );
  }
}
