import { paymentGatewayAbi } from "@kassa/contracts";
import {
  createPublicClient,
  getAddress,
  http,
  webSocket,
  type Address,
  type Hex,
  type PublicClient,
} from "viem";
import { registerSecretText, scrubText } from "../scrub.js";

/**
 * What `kassa doctor` and `kassa start` read of a chain before taking traffic: each RPC URL on its own
 * (the clients of clients.ts fail over between URLs, which would hide a bad one), the contracts' code and
 * the gateway's signer. Errors come back scrubbed: an RPC URL may carry a provider's key.
 */

export type RpcChainIdReading = { ok: true; chainId: number } | { ok: false; error: string };

/** eth_chainId of one URL, within `timeoutMs`, without retries. */
export async function readRpcChainId(url: string, timeoutMs: number): Promise<RpcChainIdReading> {
  registerSecretText(url);
  const transport = /^wss?:/.test(url)
    ? webSocket(url, { timeout: timeoutMs, retryCount: 0 })
    : http(url, { timeout: timeoutMs, retryCount: 0 });
  const client = createPublicClient({ transport });
  try {
    return { ok: true, chainId: await client.getChainId() };
  } catch (error) {
    return { ok: false, error: scrubText((error as Error).message.split("\n")[0] ?? "no answer") };
  }
}

/** Whether `address` holds code (a deployed contract). */
export async function hasCode(client: PublicClient, address: Address): Promise<boolean> {
  const code: Hex | undefined = await client.getCode({ address });
  return code !== undefined && code !== "0x";
}

/** The gateway's `signer()`: the key whose signatures its `pay()` and `refund()` accept. */
export async function readGatewaySigner(client: PublicClient, gateway: Address): Promise<Address> {
  return getAddress(
    await client.readContract({ address: gateway, abi: paymentGatewayAbi, functionName: "signer" }),
  );
}

/** The gateway's `permit2()`: Permit2's address, or the zero address for a gateway without Permit2 payments. */
export async function readGatewayPermit2(client: PublicClient, gateway: Address): Promise<Address> {
  return getAddress(
    await client.readContract({ address: gateway, abi: paymentGatewayAbi, functionName: "permit2" }),
  );
}

/** The native balance of `address`, wei. */
export function readNativeBalance(client: PublicClient, address: Address): Promise<bigint> {
  return client.getBalance({ address });
}
