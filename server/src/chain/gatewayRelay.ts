/**
 * The chain side of relaying the gateway's one-signature paths (`payWithPermit2`, `payWithAuthorization`,
 * `payWithIntent`): the payer's signature checked as the chain would (ECDSA, ERC-1271, ERC-6492), the reads the
 * checks need, and the simulation of the relayer's call to the gateway.
 */
import { fiatTokenV2_2Abi, permit2Address, readTokenDomain, type TokenDomain } from "@kassa/contracts";
import {
  erc20Abi,
  hashTypedData,
  zeroHash,
  type Address,
  type Hex,
  type PublicClient,
  type TypedDataDefinition,
} from "viem";

import { decode, estimateRelayerCall, type SimulationResult } from "./forwarder.js";
import { hasCode } from "./preflight.js";
import type { FeeQuote } from "./sender/fees.js";
import { verifySignature } from "./signatures.js";

/**
 * Whether `signature` is `signer`'s signature of the typed data (signatures.ts: ECDSA, ERC-1271 or ERC-6492).
 * Throws CHAIN_UNAVAILABLE when the chain does not answer.
 */
export function verifyPayerSignature(
  client: PublicClient,
  params: { signer: Address; typedData: TypedDataDefinition; signature: Hex },
): Promise<boolean> {
  return verifySignature(client, {
    address: params.signer,
    hash: hashTypedData(params.typedData),
    signature: params.signature,
  });
}

/** Whether Uniswap's Permit2 is deployed at its canonical address on the chain. */
export function hasPermit2(client: PublicClient): Promise<boolean> {
  return hasCode(client, permit2Address);
}

/** What the payer allowed Permit2 to move of the token. */
export function readPermit2Allowance(client: PublicClient, token: Address, payer: Address): Promise<bigint> {
  return client.readContract({
    address: token,
    abi: erc20Abi,
    functionName: "allowance",
    args: [payer, permit2Address],
    blockTag: "latest",
  });
}

/** The token's EIP-712 domain as the token tells it (`readTokenDomain`), undefined when it does not. */
export function readTokenDomainOf(
  client: PublicClient,
  token: Address,
  chainId: number,
): Promise<TokenDomain | undefined> {
  return readTokenDomain(
    async (data) => {
      const { data: result } = await client.call({ to: token, data, blockTag: "latest" });
      if (!result) throw new Error("no data");
      return result;
    },
    { chainId, token },
  );
}

/**
 * The one-signature path this payer can pay the payment by, with no transaction of its own: EIP-3009 (the token
 * takes authorizations and tells its domain) or Permit2 (approved before, for at least the amount). Undefined
 * when neither: the payer's first approval needs gas.
 */
export async function readOneSignaturePath(
  client: PublicClient,
  params: { token: Address; payer: Address; amount: bigint; chainId: number },
): Promise<"EIP-3009" | "Permit2" | undefined> {
  const { token, payer } = params;
  const authorizations = await client
    .readContract({
      address: token,
      abi: fiatTokenV2_2Abi,
      functionName: "authorizationState",
      args: [payer, zeroHash],
      blockTag: "latest",
    })
    .then(
      () => true,
      () => false,
    );
  if (authorizations && (await readTokenDomainOf(client, token, params.chainId))) return "EIP-3009";
  if ((await hasPermit2(client)) && (await readPermit2Allowance(client, token, payer)) >= params.amount)
    return "Permit2";
  return undefined;
}

/**
 * Simulates the relayer's call of the gateway with `data` at `fees`, the fees it will be sent at (estimating its
 * gas), and when it would revert, says why. Throws SimulationUnavailableError when the node gives no answer.
 */
export async function simulateGatewayCall(
  client: PublicClient,
  params: { gateway: Address; relayer: Address; data: Hex; fees: FeeQuote },
): Promise<SimulationResult> {
  const { gateway, relayer, data, fees } = params;
  const estimate = await estimateRelayerCall(client, { relayer, to: gateway, data, fees });
  return estimate.ok ? estimate : { ok: false, revert: decode("target", estimate.raw) };
}
