/**
 * ERC-6492 signatures of wallets that are not deployed yet: the wallet's factory call, then its ERC-1271 signature,
 * with the EIP's magic suffix. The gateway makes the factory call (from a contract trusted with nothing) when the
 * wallet has no code, then checks the inner signature; Permit2 and EIP-3009 tokens get the inner signature.
 */
import {
  isErc6492Signature,
  parseErc6492Signature,
  serializeErc6492Signature,
  type Address,
  type Hex,
} from "viem";

export interface Erc6492Parts {
  /** The contract whose call deploys the wallet. */
  factory: Address;
  factoryCalldata: Hex;
  /** The wallet's own (ERC-1271) signature. */
  signature: Hex;
}

/** The ERC-6492 signature that deploys the wallet through `factory` before checking `signature`. */
export function wrapErc6492Signature(parts: Erc6492Parts): Hex {
  return serializeErc6492Signature({
    address: parts.factory,
    data: parts.factoryCalldata,
    signature: parts.signature,
  });
}

/** The parts of an ERC-6492 signature, or undefined for any other signature. */
export function unwrapErc6492Signature(signature: Hex): Erc6492Parts | undefined {
  if (!isErc6492Signature(signature)) return undefined;
  const { address, data, signature: inner } = parseErc6492Signature(signature);
  if (!address || !data) return undefined;
  return { factory: address, factoryCalldata: data, signature: inner };
}
