import { defineChain, type Chain } from "viem";

/** A viem chain for an EVM network reached at `rpcUrl` (its native token counted in ether's 18 decimals). */
export function rpcChain(id: number, name: string, rpcUrl: string): Chain {
  return defineChain({
    id,
    name,
    nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  });
}
