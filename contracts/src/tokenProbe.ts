/**
 * Refuses fee-on-transfer tokens when a token is whitelisted. The gateway does not measure balances on every
 * payment (see the NatSpec of PaymentGateway.sol for the gas reasoning), so a token must be probed once
 * before the service signs payment requests for it. The probe moves the holder's tokens three ways, as payments
 * move them: `transfer` from the holder, `transferFrom` by a spender (pay, Permit2, subscriptions), and `transfer`
 * from an address the token has never seen (a token that exempts the holder it is probed with still shows its fee).
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

/** What one transfer of the probe took from its sender and gave its receiver. */
export interface ProbedLeg {
  sent: bigint;
  received: bigint;
}

export interface ProbeTokenTransferReturnType {
  /** How much the holder's balance went down. */
  sent: bigint;
  /** How much the last receiver's balance went up, after the three transfers. */
  received: bigint;
  /** True when every transfer delivered exactly what its sender paid, `amount` each time. */
  exact: boolean;
  /** The three transfers: `transfer` by the holder, `transferFrom` by a fresh spender, `transfer` by a fresh holder. */
  legs: { fromHolder: ProbedLeg; transferFrom: ProbedLeg; transfer: ProbedLeg };
}

export class TokenProbeError extends Error {
  override name = "TokenProbeError";
}

/** A receiver nobody controls, so that the probe is a transfer to a new holder. */
export const probeReceiver: Address = slice(keccak256(stringToHex("kassa token transfer probe")), 12);

/** Addresses nobody controls that run the probe's code in the simulation: two fresh holders and the spender. */
const probeHops: readonly [Address, Address] = [
  slice(keccak256(stringToHex("kassa token transfer probe hop 1")), 12),
  slice(keccak256(stringToHex("kassa token transfer probe hop 2")), 12),
];
const probeSpender: Address = slice(keccak256(stringToHex("kassa token transfer probe spender")), 12);

/**
 * Simulates, in one `eth_call`, `amount` of `token` going from `holder` to a fresh address by `transfer`, from there
 * to another by a fresh spender's `transferFrom`, and from that one to `to` by `transfer` (the holder, the two fresh
 * holders and the spender run the TransferProbe for the call; nothing is sent), and reports what left and what
 * arrived each time. The RPC must support state overrides (geth, anvil, erigon, reth, most providers).
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
        args: [token, probeSpender, probeHops, params.to ?? probeReceiver, amount],
      }),
      stateOverride: [holder, ...probeHops, probeSpender].map((address) => ({
        address,
        code: transferProbeDeployedBytecode,
      })),
    }));
  } catch (cause) {
    throw new TokenProbeError(`transfer of ${amount} ${token} from ${holder} failed in simulation`, {
      cause,
    });
  }
  if (!data) throw new TokenProbeError("the probe returned nothing (does the RPC support state overrides?)");
  const [fromHolder, transferFrom, transfer] = decodeFunctionResult({
    abi: transferProbeAbi,
    functionName: "probe",
    data,
  });
  const legs = { fromHolder, transferFrom, transfer };
  return {
    sent: fromHolder.sent,
    received: transfer.received,
    exact: Object.values(legs).every((leg) => leg.sent === amount && leg.received === amount),
    legs,
  };
}
