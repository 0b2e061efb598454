/**
 * Payments by plain transfer: a deposit address per payment, derived counterfactually (CREATE2 by the gateway, salt
 * the EIP-712 digest of the payment's `DepositRequest`, init code the `DepositSweeper`), so the server and the widget
 * compute it without an RPC call and nothing is deployed until a sweep. The server signs the `DepositRequest` when it
 * sweeps one deposit (or whenever asked), one `DepositBatch` over all the terms when it sweeps several; returns of money from the address are `DepositReturn`s signed by the server's signer
 * (only what is not the payment's) or by the merchant's recipient wallet.
 */
import {
  getContractAddress,
  hashTypedData,
  keccak256,
  type Address,
  type Hex,
  type LocalAccount,
} from "viem";

import { gatewayDomain } from "./eip712.js";
import { depositSweeperBytecode } from "./generated/DepositSweeper.js";

export const depositRequestTypes = {
  DepositRequest: [
    { name: "paymentId", type: "bytes32" },
    { name: "tokenAddress", type: "address" },
    { name: "amount", type: "uint256" },
    { name: "minimumAmount", type: "uint256" },
    { name: "recipientAddress", type: "address" },
    { name: "merchantId", type: "bytes32" },
    { name: "feeBps", type: "uint16" },
  ],
} as const;

/** A batch sweep's one signature covers the terms of every deposit in it, in order. */
export const depositBatchTypes = {
  DepositBatch: [{ name: "deposits", type: "DepositRequest[]" }],
  ...depositRequestTypes,
} as const;

export const depositReturnTypes = {
  DepositReturn: [
    { name: "deposit", type: "address" },
    { name: "returnId", type: "bytes32" },
    { name: "tokenAddress", type: "address" },
    { name: "to", type: "address" },
    { name: "amount", type: "uint256" },
    { name: "deadline", type: "uint256" },
  ],
} as const;

/** The terms of a payment by transfer; its deposit address depends on every field. */
export interface DepositTerms {
  paymentId: Hex;
  tokenAddress: Address;
  /** The payment's amount in base units, fee included: at most this much settles it. */
  amount: bigint;
  /** The signed tolerance: a deposit of at least this much settles the payment (0 < minimumAmount <= amount). */
  minimumAmount: bigint;
  recipientAddress: Address;
  merchantId: Hex;
  /** The fee in force for the merchant when the payment was created, fixed in the address. */
  feeBps: number;
}

export interface DepositReturn {
  /** The deposit address (of the terms the call gives). */
  deposit: Address;
  /** Spent once: a sequence of the payments' counter in its low 64 bits (`paymentIdOf`), like a refund id. */
  returnId: Hex;
  /** The token to move; the zero address for native coin (which leaves whole). */
  tokenAddress: Address;
  to: Address;
  amount: bigint;
  deadline: bigint;
}

interface DepositParameters {
  chainId: number;
  gateway: Address;
  terms: DepositTerms;
}

/** keccak256 of the deposit addresses' creation code (every deposit address's CREATE2 init code hash). */
export const depositInitCodeHash: Hex = keccak256(depositSweeperBytecode);

export function depositRequestTypedData(params: DepositParameters) {
  return {
    domain: gatewayDomain(params.chainId, params.gateway),
    types: depositRequestTypes,
    primaryType: "DepositRequest" as const,
    message: params.terms,
  };
}

/** The terms' EIP-712 digest: what the server signs, and the CREATE2 salt of the deposit address. */
export function depositDigest(params: DepositParameters): Hex {
  return hashTypedData(depositRequestTypedData(params));
}

/** The deposit address of a payment's terms on a gateway: pure, no RPC. */
export function depositAddress(params: DepositParameters): Address {
  return getContractAddress({
    opcode: "CREATE2",
    from: params.gateway,
    salt: depositDigest(params),
    bytecodeHash: depositInitCodeHash,
  });
}

/** Signs a payment's deposit terms as the Kassa server signer (what `sweepDeposit` checks). */
export function signDepositRequest(signer: LocalAccount, params: DepositParameters): Promise<Hex> {
  return signer.signTypedData(depositRequestTypedData(params));
}

/** The terms of the deposits that one `sweepDeposits` call sweeps (in its order), as the server signs them. */
export function depositBatchTypedData(params: {
  chainId: number;
  gateway: Address;
  terms: readonly DepositTerms[];
}) {
  return {
    domain: gatewayDomain(params.chainId, params.gateway),
    types: depositBatchTypes,
    primaryType: "DepositBatch" as const,
    message: { deposits: params.terms },
  };
}

/** Signs the terms of a batch of deposits as the Kassa server signer (what `sweepDeposits` checks). */
export function signDepositBatch(
  signer: LocalAccount,
  params: { chainId: number; gateway: Address; terms: readonly DepositTerms[] },
): Promise<Hex> {
  return signer.signTypedData(depositBatchTypedData(params));
}

/** A return from a deposit address, to sign by the server's signer or the merchant's recipient wallet. */
export function depositReturnTypedData(params: {
  chainId: number;
  gateway: Address;
  request: DepositReturn;
}) {
  return {
    domain: gatewayDomain(params.chainId, params.gateway),
    types: depositReturnTypes,
    primaryType: "DepositReturn" as const,
    message: params.request,
  };
}
