/**
 * A token's EIP-712 domain, read from the token and never guessed: EIP-5267 `eip712Domain()` where the token has
 * it; else its `name()` and the version whose domain separator equals the token's `DOMAIN_SEPARATOR()`, among
 * `version()` (where the token has it) and the versions tokens use ("1", OpenZeppelin's ERC20Permit; "2",
 * Circle's FiatToken v2, which has no `eip712Domain()`). A token none of them matches has no domain Kassa can sign
 * for: undefined, and its permit or authorization path is not offered.
 */
import { decodeFunctionResult, domainSeparator, encodeFunctionData, type Address, type Hex } from "viem";

import type { TokenDomain } from "./intents.js";

/** The views that tell a token's EIP-712 domain. */
export const tokenDomainAbi = [
  {
    type: "function",
    name: "eip712Domain",
    stateMutability: "view",
    inputs: [],
    outputs: [
      { name: "fields", type: "bytes1" },
      { name: "name", type: "string" },
      { name: "version", type: "string" },
      { name: "chainId", type: "uint256" },
      { name: "verifyingContract", type: "address" },
      { name: "salt", type: "bytes32" },
      { name: "extensions", type: "uint256[]" },
    ],
  },
  { type: "function", name: "name", stateMutability: "view", inputs: [], outputs: [{ type: "string" }] },
  { type: "function", name: "version", stateMutability: "view", inputs: [], outputs: [{ type: "string" }] },
  {
    type: "function",
    name: "DOMAIN_SEPARATOR",
    stateMutability: "view",
    inputs: [],
    outputs: [{ type: "bytes32" }],
  },
] as const;

/** Versions tried when the token does not say its own: OpenZeppelin's ERC20Permit ("1"), FiatToken v2 ("2"). */
export const tokenDomainVersions = ["1", "2"] as const;

/** The domain among `name` and `versions` whose separator on this chain and token is `separator`. */
export function matchTokenDomain(params: {
  chainId: number;
  token: Address;
  name: string;
  separator: Hex;
  versions: readonly string[];
}): TokenDomain | undefined {
  for (const version of params.versions) {
    const candidate = domainSeparator({
      domain: { name: params.name, version, chainId: params.chainId, verifyingContract: params.token },
    });
    if (candidate.toLowerCase() === params.separator.toLowerCase()) return { name: params.name, version };
  }
  return undefined;
}

/** An `eth_call` to the token: its return data, or a rejection when the call reverts or the function is missing. */
export type TokenCall = (data: Hex) => Promise<Hex>;

const orUndefined = <T>(promise: Promise<T>) => promise.catch(() => undefined);

/** Reads the token's EIP-712 domain (see the module's comment); undefined when it cannot be known. */
export async function readTokenDomain(
  call: TokenCall,
  params: { chainId: number; token: Address },
): Promise<TokenDomain | undefined> {
  const abi = tokenDomainAbi;
  const announced = await orUndefined(
    call(encodeFunctionData({ abi, functionName: "eip712Domain" })).then((data) =>
      decodeFunctionResult({ abi, functionName: "eip712Domain", data }),
    ),
  );
  if (announced) return { name: announced[1], version: announced[2] };
  const text = (functionName: "name" | "version") =>
    orUndefined(
      call(encodeFunctionData({ abi, functionName })).then((data) =>
        decodeFunctionResult({ abi, functionName, data }),
      ),
    );
  const [name, separator, version] = await Promise.all([
    text("name"),
    orUndefined(
      call(encodeFunctionData({ abi, functionName: "DOMAIN_SEPARATOR" })).then((data) =>
        decodeFunctionResult({ abi, functionName: "DOMAIN_SEPARATOR", data }),
      ),
    ),
    text("version"),
  ]);
  if (name === undefined || separator === undefined) return undefined;
  const versions = version === undefined ? tokenDomainVersions : [version, ...tokenDomainVersions];
  return matchTokenDomain({ ...params, name, separator, versions });
}
