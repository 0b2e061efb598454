/**
 * Payments by plain transfer: a deposit address per payment, derived from the EIP-712 digest of the payment's
 * `DepositRequest` without an RPC call, and holding no code until money is moved from it. Version 3 gateways use
 * keyless EIP-7702 deposit accounts (the signer of a made-up authorization that delegates the account to the gateway's
 * `DepositAccount`: {@link depositAuthorization}); version 2 gateways used CREATE2 addresses of a `DepositSweeper`
 * created and self-destructed by each sweep. The server signs the `DepositRequest` when it sweeps one deposit (or
 * whenever asked), one `DepositBatch` over all the terms when it sweeps several; returns of money from the address
 * are `DepositReturn`s signed by the server's signer (only what is not the payment's) or by the merchant's recipient
 * wallet.
 */
import { recover } from "tiny-secp256k1";
import {
  bytesToHex,
  getAddress,
  getContractAddress,
  hashTypedData,
  hexToBytes,
  keccak256,
  numberToHex,
  type Address,
  type Hex,
  type LocalAccount,
  type SignedAuthorization,
} from "viem";
import { hashAuthorization } from "viem/utils";

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

/**
 * How a gateway makes its deposit addresses: 3, keyless EIP-7702 accounts (this version's gateway); 2, CREATE2
 * addresses of a `DepositSweeper` (gateways deployed before it, whose payments keep their addresses).
 */
export type DepositGatewayVersion = 2 | 3;

/** keccak256 of a version-2 gateway's `DepositSweeper` creation code (its deposit addresses' CREATE2 init code hash). */
export const depositInitCodeHash: Hex = keccak256(depositSweeperBytecode);

/**
 * The `r` of every version-3 deposit account's authorization (`PaymentGatewayBase._DEPOSIT_AUTHORIZATION_R`): the
 * least x-coordinate of a secp256k1 point at or above `keccak256("kassa.gateway.deposit-account")`, even `y`. Nobody
 * knows that point's discrete logarithm, so nobody knows any deposit account's key.
 */
export const depositAuthorizationR: Hex =
  "0xbf280978d676226bec339c1921434eac75c21cd7e6baa264e9cc2a5213cd7593";

/**
 * The `DepositAccount` a version-3 gateway created in its constructor (its second creation, after the ERC-6492
 * deployer): what every deposit account of the gateway delegates to. The gateway's `depositAccountCode()` says the
 * same on-chain.
 */
export function depositAccountCode(gateway: Address): Address {
  return getContractAddress({ from: gateway, nonce: 2n });
}

/**
 * The EIP-7702 authorization of a version-3 deposit account: chain id, the gateway's `DepositAccount`, nonce 0, and a
 * made-up signature (`yParity` 0, `r` = {@link depositAuthorizationR}, `s` = the terms' digest shifted right by two
 * bits, below secp256k1n / 2). Its signer is the deposit account; nobody holds its key, and this is the only
 * authorization it can ever give. The first transaction that moves money from the account carries it (anyone may);
 * from then on the account runs `DepositAccount`, which obeys the gateway only.
 */
export function depositAuthorization(params: DepositParameters): SignedAuthorization {
  return {
    chainId: params.chainId,
    address: depositAccountCode(params.gateway),
    nonce: 0,
    r: depositAuthorizationR,
    s: numberToHex(BigInt(depositDigest(params)) >> 2n, { size: 32 }),
    yParity: 0,
  };
}

/** The address that signed an authorization (libsecp256k1's recovery, in WebAssembly: under a millisecond). */
function authorizationSigner(authorization: SignedAuthorization): Address {
  const signature = hexToBytes(`${authorization.r}${authorization.s.slice(2)}` as Hex);
  const publicKey = recover(hexToBytes(hashAuthorization(authorization)), signature, 0, false);
  if (!publicKey) throw new Error("the deposit authorization has no signer");
  return getAddress(`0x${keccak256(bytesToHex(publicKey.subarray(1))).slice(26)}`);
}

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

/**
 * The deposit address of a payment's terms on a gateway of version `gatewayVersion`: pure, no RPC. Version 3: the
 * signer of {@link depositAuthorization}; version 2: CREATE2 by the gateway, salt the terms' digest.
 */
export function depositAddress(
  params: DepositParameters & { gatewayVersion: DepositGatewayVersion },
): Address {
  if (params.gatewayVersion === 3) return authorizationSigner(depositAuthorization(params));
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
