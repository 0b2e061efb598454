import {
  encodeDeployData,
  erc6492SignatureValidatorAbi,
  erc6492SignatureValidatorByteCode,
  hexToBool,
  isAddressEqual,
  isErc6492Signature,
  recoverAddress,
  type Address,
  type Hex,
  type PublicClient,
} from "viem";
import { KassaError } from "../errors.js";
import { isRevert, revertData } from "./forwarder.js";

/**
 * The one check of a signature Kassa is shown (a payer's authorization of a relay or a schedule, a recipient's
 * return, a dashboard sign-in), as the gateway checks it: ECDSA for an account without code, ERC-1271
 * `isValidSignature` for a deployed wallet, ERC-6492 (the factory call run first, in the simulation only) for one
 * not deployed yet.
 *
 * An ECDSA signature of `address` is recognised locally. Any other is asked of the chain in one `eth_call` of the
 * ERC-6492 validator (deployless: its constructor checks and returns the answer, nothing is deployed), which covers
 * the three cases. Its two meanings: the node answered, and the answer is true or false (a revert inside the
 * wallet's check is false); or the node did not answer (network, timeout, 5xx, a node's own error), which throws
 * CHAIN_UNAVAILABLE (503, retry later) and is never read as a wrong signature.
 */

export interface VerifySignatureParameters {
  /** Who must have signed: an account, or a wallet's address (deployed or not). */
  address: Address;
  /** What was signed: the EIP-712 digest, or the EIP-191 hash of a message. */
  hash: Hex;
  signature: Hex;
}

/** Whether `address`'s ECDSA key signed `hash` (false for anything that is not an ECDSA signature of it). */
async function signedByKey(params: VerifySignatureParameters): Promise<boolean> {
  if (isErc6492Signature(params.signature)) return false;
  try {
    return isAddressEqual(await recoverAddress(params), params.address);
  } catch {
    return false;
  }
}

/**
 * Whether `address` signed `hash` (ECDSA, ERC-1271 or ERC-6492). Without `client`, only ECDSA is recognised.
 * Throws CHAIN_UNAVAILABLE when the chain does not answer.
 */
export async function verifySignature(
  client: PublicClient | undefined,
  params: VerifySignatureParameters,
): Promise<boolean> {
  if (await signedByKey(params)) return true;
  if (!client) return false;
  try {
    const { data } = await client.call({
      data: encodeDeployData({
        abi: erc6492SignatureValidatorAbi,
        bytecode: erc6492SignatureValidatorByteCode,
        args: [params.address, params.hash, params.signature],
      }),
      // Named: some nodes (anvil) default to the pending block.
      blockTag: "latest",
    });
    return data !== undefined && data !== "0x" && hexToBool(data);
  } catch (error) {
    // The node ran the check and it reverted (a wallet that refuses, a malformed signature): an answer.
    if (isRevert(error) || revertData(error) !== undefined) return false;
    throw new KassaError(
      "CHAIN_UNAVAILABLE",
      "the chain's node did not answer the signature check: retry later",
      {
        cause: error,
      },
    );
  }
}
