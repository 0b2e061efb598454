import { verifyMessage, type Address, type Hex, type PublicClient } from "viem";

export interface VerifySignInSignatureParameters {
  address: Address;
  message: string;
  signature: Hex;
}

/**
 * Whether `address` signed `message` (EIP-191). An externally owned account's signature is checked
 * locally; otherwise, when the chain's client is given, the chain is asked (ERC-1271 `isValidSignature`
 * of a smart account, or an ERC-6492 signature of one not yet deployed).
 */
export async function verifySignInSignature(
  client: PublicClient | undefined,
  params: VerifySignInSignatureParameters,
): Promise<boolean> {
  const local = await verifyMessage(params).catch(() => false);
  if (local || client === undefined) return local;
  return client.verifyMessage(params).catch(() => false);
}
