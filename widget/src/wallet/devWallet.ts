/**
 * `kassa dev` only: an EIP-1193 provider that signs in the page with a funded local account and talks
 * to the dev chain's RPC. Loaded with a dynamic import, so it (and viem's signing code) is never
 * downloaded by a payer outside dev mode.
 */
import { createWalletClient, http, numberToHex, type Address, type Chain, type Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import type { DevWalletConfig } from "../config.js";
import type { Eip1193Provider, RequestArguments } from "./eip1193.js";
import { parseTypedDataJson } from "./typedData.js";

class RpcError extends Error {
  constructor(
    message: string,
    readonly code: number,
  ) {
    super(message);
  }
}

export function createDevWallet(config: DevWalletConfig, privateKey: Hex): Eip1193Provider {
  const account = privateKeyToAccount(privateKey);
  const chain: Chain = {
    id: config.chainId,
    name: "Kassa dev chain",
    nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
    rpcUrls: { default: { http: [config.rpcUrl] } },
  };
  const client = createWalletClient({ account, chain, transport: http(config.rpcUrl) });

  return {
    async request({ method, params }: RequestArguments): Promise<unknown> {
      const args = (Array.isArray(params) ? params : []) as unknown[];
      switch (method) {
        case "eth_requestAccounts":
        case "eth_accounts":
          return [account.address];
        case "eth_chainId":
          return numberToHex(config.chainId);
        case "wallet_switchEthereumChain": {
          const wanted = Number((args[0] as { chainId?: string })?.chainId);
          if (wanted !== config.chainId)
            throw new RpcError(`the dev wallet only knows chain ${config.chainId}`, 4902);
          return null;
        }
        case "eth_signTypedData_v4":
          return account.signTypedData(parseTypedDataJson(String(args[1])));
        case "personal_sign":
          return account.signMessage({ message: { raw: args[0] as Hex } });
        case "eth_sendTransaction": {
          const tx = args[0] as { to: Address; data?: Hex; value?: Hex };
          return client.sendTransaction({
            to: tx.to,
            ...(tx.data ? { data: tx.data } : {}),
            value: tx.value ? BigInt(tx.value) : 0n,
          });
        }
        default:
          return client.request({ method, params } as never);
      }
    },
  };
}
