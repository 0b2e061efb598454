/**
 * Refuses fee-on-transfer tokens when a token is whitelisted. The gateway does not measure balances on every
 * payment (see the NatSpec of PaymentGateway.sol for the gas reasoning), so a token must be probed once
 * before the service signs payment requests for it.
 */
import {
  decodeFunctionResult,
  encodeFunctionData,
  keccak256,
  slice,
  stringToHex,
  type Address,
  type PublicClient,
} from "viem";

import { transferProbeAbi, transferProbeDeployedBytecode } from "./generated/TransferProbe.js";

export interface ProbeTokenTransferParameters {
  publicClient: PublicClient;
  token: Address;
  /** An account that holds at least `amount` of the token (an EOA or a contract). */
  holder: Address;
  /** Amount to move in the simulation, in base units. */
  amount: bigint;
  /** Receiver; default an address that never held anything. */
  to?: Address;
}

export interface ProbeTokenTransferReturnType {
  /** How much the holder's balance went down. */
  sent: bigint;
  /** How much the receiver's balance went up. */
  received: bigint;
  /** True when the receiver got exactly `amount` and the holder paid exactly `amount`. */
  exact: boolean;
}

export class TokenProbeError extends Error {
  override name = "TokenProbeError";
}

/** A receiver nobody controls, so that the probe is a transfer to a new holder. */
export const probeReceiver: Address = slice(keccak256(stringToHex("kassa token transfer probe")), 12);

/**
 * Simulates `token.transfer(to, amount)` from `holder` in an `eth_call` (the holder's code is replaced by the
 * TransferProbe for the call; nothing is sent) and reports what left and what arrived. The RPC must support
 * state overrides (geth, anvil, erigon, reth, most providers).
 */
export async function probeTokenTransfer(
  params: ProbeTokenTransferParameters,
): Promise<ProbeTokenTransferReturnType> {
  const { publicClient, token, holder, amount } = params;
  if (amount <= 0n) throw new TokenProbeError("amount must be positive");
  let data;
  try {
    ({ data } = await publicClient.call({
      to: holder,
      data: encodeFunctionData({
        abi: transferProbeAbi,
        functionName: "probe",
        args: [token, params.to ?? probeReceiver, amount],
      }),
      stateOverride: [{ address: holder, code: transferProbeDeployedBytecode }],
    }));
  } catch (cause) {
    throw new TokenProbeError(`transfer of ${amount} ${token} from ${holder} failed in simulation`, {
      cause,
    });
  }
  if (!data) throw new TokenProbeError("the probe returned nothing (does the RPC support state overrides?)");
  const [sent, received] = decodeFunctionResult({ abi: transferProbeAbi, functionName: "probe", data });
  return { sent, received, exact: sent === amount && received === amount };
}
