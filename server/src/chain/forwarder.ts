import {
  erc2771ForwarderAbi,
  paymentGatewayAbi,
  permit2Abi,
  testTetherTokenAbi,
  testTokenPermitAbi,
  type ForwardRequestData,
} from "@kassa/contracts";
import {
  BaseError,
  concat,
  decodeErrorResult,
  encodeFunctionData,
  parseAbi,
  type Abi,
  type Address,
  type Hex,
  type PublicClient,
} from "viem";
import { BaseError as KassaBaseError } from "../domain/baseError.js";
import { gasBound } from "../domain/gasPurposes.js";
import { cannotPay } from "./sender/estimate.js";
import { feeFields, type FeeQuote } from "./sender/fees.js";
import { errorText } from "./sender/nodeErrors.js";

/** A revert decoded against the forwarder's, the gateway's and OpenZeppelin ERC-20's errors. */
export interface DecodedRevert {
  /** Whose code reverted: the forwarder itself, or the target (the gateway or the token it calls). */
  source: "forwarder" | "target";
  /** Custom error name, `Error` for a reason string, undefined when the data matches nothing known. */
  errorName: string | undefined;
  args: readonly unknown[];
  /** For people: `ERC20InsufficientAllowance(0x.., 0, 100)`. */
  description: string;
}

export type SimulationResult = { ok: true; gas: bigint } | { ok: false; revert: DecodedRevert };

/** Thrown when the node did not answer the simulation: a real node error, not a revert. */
export class SimulationUnavailableError extends KassaBaseError {
  override readonly name = "SimulationUnavailableError";
}

/** Permit2's signature errors (its SignatureTransfer and SignatureVerification), not in its generated ABI. */
const permit2SignatureErrors = parseAbi([
  "error InvalidNonce()",
  "error InvalidSigner()",
  "error InvalidSignature()",
  "error InvalidSignatureLength()",
  "error InvalidContractSignature()",
  "error SignatureExpired(uint256 signatureDeadline)",
]);

const knownErrors = [
  ...permit2SignatureErrors,
  ...erc2771ForwarderAbi,
  ...paymentGatewayAbi,
  ...testTokenPermitAbi,
  ...permit2Abi,
  ...testTetherTokenAbi,
].filter((item) => item.type === "error") as Abi;

export interface ReadForwarderNonceParameters {
  forwarder: Address;
  owner: Address;
}

/** The forwarder's current nonce for `owner`: the one its next ForwardRequest must carry. */
export function readForwarderNonce(
  client: PublicClient,
  params: ReadForwarderNonceParameters,
): Promise<bigint> {
  return client.readContract({
    address: params.forwarder,
    abi: erc2771ForwarderAbi,
    functionName: "nonces",
    args: [params.owner],
  });
}

export function encodeExecute(request: ForwardRequestData): Hex {
  return encodeFunctionData({ abi: erc2771ForwarderAbi, functionName: "execute", args: [request] });
}

export function revertData(error: unknown): Hex | undefined {
  if (!(error instanceof BaseError)) return undefined;
  let found: Hex | undefined;
  error.walk((e) => {
    const data = (e as { data?: unknown }).data;
    const hex = typeof data === "string" ? data : (data as { data?: unknown } | undefined)?.data;
    if (typeof hex === "string" && /^0x[0-9a-fA-F]*$/.test(hex) && hex.length >= 10) {
      found = hex as Hex;
      return true;
    }
    return false;
  });
  return found;
}

export function isRevert(error: unknown): boolean {
  return /revert|invalid opcode|out of gas|InvalidFEOpcode/i.test(
    error instanceof BaseError ? `${error.shortMessage} ${error.details}` : String(error),
  );
}

export function decode(source: DecodedRevert["source"], data: Hex | undefined): DecodedRevert {
  if (!data) return { source, errorName: undefined, args: [], description: "reverted without a reason" };
  try {
    const decoded = decodeErrorResult({ abi: knownErrors, data });
    const args = (decoded.args ?? []) as readonly unknown[];
    return {
      source,
      errorName: decoded.errorName,
      args,
      description: `${decoded.errorName}(${args.map(String).join(", ")})`,
    };
  } catch {
    return { source, errorName: undefined, args: [], description: `reverted with data ${data.slice(0, 74)}` };
  }
}

/**
 * The call the forwarder makes to the target: the target's calldata with the signer appended
 * (ERC-2771), sent from the forwarder. OpenZeppelin's forwarder reports only `FailedCall()` when this
 * inner call reverts; making it directly gives the target's own reason.
 */
async function simulateInnerCall(client: PublicClient, forwarder: Address, request: ForwardRequestData) {
  try {
    await client.call({
      account: forwarder,
      to: request.to,
      data: concat([request.data, request.from]),
      blockTag: "latest",
    });
    // The inner call succeeds alone: the forwarder failed it for lack of gas.
    return {
      source: "target" as const,
      errorName: "OutOfGas",
      args: [],
      description: `the call needs more than the ${request.gas} gas the request allows`,
    };
  } catch (error) {
    if (!isRevert(error) && !revertData(error))
      throw new SimulationUnavailableError(String(error), { cause: error });
    return decode("target", revertData(error));
  }
}

/**
 * The relayer's call of `to` with `data`, estimated at `fees`, the fees it will be sent at (a payer's code that
 * reads the gas price, an ERC-1271 wallet or an ERC-6492 factory, sees what it will see on-chain, not the 0 of a
 * simulation without fees): its gas, or the revert data when it would revert (undefined when the node said so
 * without any). Throws SimulationUnavailableError when the node gives no answer or the relayer cannot pay.
 */
export async function estimateRelayerCall(
  client: PublicClient,
  params: { relayer: Address; to: Address; data: Hex; fees: FeeQuote },
): Promise<{ ok: true; gas: bigint } | { ok: false; raw: Hex | undefined }> {
  try {
    // On the latest block, named: some nodes (anvil) default to the pending one, where a relay already
    // sent has run and would make its own check fail.
    const gas = await client.estimateGas({
      account: params.relayer,
      to: params.to,
      data: params.data,
      blockTag: "latest",
      ...feeFields(params.fees),
    });
    return { ok: true, gas };
  } catch (error) {
    const raw = revertData(error);
    if (cannotPay(errorText(error), gasBound("relay_undeployed_wallet"))) {
      throw new SimulationUnavailableError(`the relayer ${params.relayer} cannot pay the gas: fund it`, {
        cause: error,
      });
    }
    if (!raw && !isRevert(error)) throw new SimulationUnavailableError(String(error), { cause: error });
    return { ok: false, raw };
  }
}

/**
 * Simulates `execute(request)` as `relayer` would send it at `fees` (estimating its gas), and when it would
 * revert, says why. Throws SimulationUnavailableError when the node gives no answer.
 */
export async function simulateForwardRequest(
  client: PublicClient,
  params: { forwarder: Address; relayer: Address; request: ForwardRequestData; fees: FeeQuote },
): Promise<SimulationResult> {
  const { forwarder, relayer, request, fees } = params;
  const estimate = await estimateRelayerCall(client, {
    relayer,
    to: forwarder,
    data: encodeExecute(request),
    fees,
  });
  if (estimate.ok) return estimate;
  const revert = decode("forwarder", estimate.raw);
  if (revert.errorName === "FailedCall" || revert.errorName === undefined) {
    return { ok: false, revert: await simulateInnerCall(client, forwarder, request) };
  }
  return { ok: false, revert };
}
