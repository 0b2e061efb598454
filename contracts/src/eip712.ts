/**
 * EIP-712 typed data of Kassa: the server-signed payment and refund requests (domain `KassaGateway`/`1`),
 * the payer-signed forward request of OpenZeppelin's ERC2771Forwarder (domain `ERC2771Forwarder`/`1`),
 * and EIP-2612 permits. Shared by the server's signer, the widget and the tests.
 */
import {
  concatHex,
  domainSeparator,
  keccak256,
  numberToHex,
  padHex,
  stringToHex,
  type Address,
  type Hex,
  type LocalAccount,
  type TypedDataDomain,
} from "viem";

export const gatewayDomainName = "KassaGateway";
export const gatewayDomainVersion = "1";
export const forwarderDomainName = "ERC2771Forwarder";
export const forwarderDomainVersion = "1";

export const paymentRequestTypes = {
  PaymentRequest: [
    { name: "paymentId", type: "bytes32" },
    { name: "tokenAddress", type: "address" },
    { name: "amount", type: "uint256" },
    { name: "recipientAddress", type: "address" },
    { name: "merchantId", type: "bytes32" },
    { name: "deadline", type: "uint256" },
  ],
} as const;

export const refundRequestTypes = {
  RefundRequest: [
    { name: "paymentId", type: "bytes32" },
    { name: "refundId", type: "bytes32" },
    { name: "tokenAddress", type: "address" },
    { name: "payerAddress", type: "address" },
    { name: "amount", type: "uint256" },
    { name: "deadline", type: "uint256" },
  ],
} as const;

/** OpenZeppelin ERC2771Forwarder's `ForwardRequest`, fields in the forwarder's order. */
export const forwardRequestTypes = {
  ForwardRequest: [
    { name: "from", type: "address" },
    { name: "to", type: "address" },
    { name: "value", type: "uint256" },
    { name: "gas", type: "uint256" },
    { name: "nonce", type: "uint256" },
    { name: "deadline", type: "uint48" },
    { name: "data", type: "bytes" },
  ],
} as const;

/** EIP-2612 `Permit`, as implemented by OpenZeppelin's ERC20Permit. */
export const permitTypes = {
  Permit: [
    { name: "owner", type: "address" },
    { name: "spender", type: "address" },
    { name: "value", type: "uint256" },
    { name: "nonce", type: "uint256" },
    { name: "deadline", type: "uint256" },
  ],
} as const;

export interface PaymentRequest {
  paymentId: Hex;
  tokenAddress: Address;
  /** Base units of the token, fee included. */
  amount: bigint;
  recipientAddress: Address;
  merchantId: Hex;
  /** Unix seconds. */
  deadline: bigint;
}

export interface RefundRequest {
  paymentId: Hex;
  /** The refund's id on the gateway: a sequence of the payments' counter in its low 64 bits (`paymentIdOf`). */
  refundId: Hex;
  tokenAddress: Address;
  payerAddress: Address;
  amount: bigint;
  deadline: bigint;
}

export interface ForwardRequest {
  from: Address;
  to: Address;
  value: bigint;
  gas: bigint;
  /** The forwarder's `nonces(from)`. */
  nonce: bigint;
  /** Unix seconds (uint48). */
  deadline: number;
  data: Hex;
}

/** The argument of `ERC2771Forwarder.execute`: the request without its nonce, plus the signature. */
export interface ForwardRequestData {
  from: Address;
  to: Address;
  value: bigint;
  gas: bigint;
  deadline: number;
  data: Hex;
  signature: Hex;
}

export interface Permit {
  owner: Address;
  spender: Address;
  value: bigint;
  /** The token's `nonces(owner)`. */
  nonce: bigint;
  deadline: bigint;
}

type Domain = TypedDataDomain & { chainId: number; verifyingContract: Address };

export function gatewayDomain(chainId: number, gatewayAddress: Address): Domain {
  return {
    name: gatewayDomainName,
    version: gatewayDomainVersion,
    chainId,
    verifyingContract: gatewayAddress,
  };
}

export function forwarderDomain(chainId: number, forwarderAddress: Address): Domain {
  return {
    name: forwarderDomainName,
    version: forwarderDomainVersion,
    chainId,
    verifyingContract: forwarderAddress,
  };
}

/** Domain of an OpenZeppelin ERC20Permit token: its name (as passed to `ERC20Permit`) and version `1`. */
export function permitDomain(
  chainId: number,
  tokenAddress: Address,
  tokenName: string,
  version = "1",
): Domain {
  return { name: tokenName, version, chainId, verifyingContract: tokenAddress };
}

const paymentRequestTypeHash = keccak256(
  stringToHex(
    `PaymentRequest(${paymentRequestTypes.PaymentRequest.map((field) => `${field.type} ${field.name}`).join(",")})`,
  ),
);
const gatewayDomainSeparators = new Map<string, Hex>();

/**
 * The EIP-712 digest of a payment request: what `signPaymentRequest` signs, equal to viem's
 * `hashTypedData` (a test checks it) but encoded directly for this one struct of static fields, with the
 * domain separator computed once per gateway. The server signs one per created payment, and the generic
 * encoder cost more than the signature.
 */
export function paymentRequestDigest(params: {
  chainId: number;
  gateway: Address;
  request: PaymentRequest;
}): Hex {
  const domainKey = `${params.chainId}:${params.gateway}`;
  let separator = gatewayDomainSeparators.get(domainKey);
  if (separator === undefined) {
    separator = domainSeparator({ domain: gatewayDomain(params.chainId, params.gateway) });
    gatewayDomainSeparators.set(domainKey, separator);
  }
  const { paymentId, tokenAddress, amount, recipientAddress, merchantId, deadline } = params.request;
  const structHash = keccak256(
    concatHex([
      paymentRequestTypeHash,
      padHex(paymentId, { size: 32, dir: "right" }),
      padHex(tokenAddress, { size: 32 }),
      numberToHex(amount, { size: 32 }),
      padHex(recipientAddress, { size: 32 }),
      padHex(merchantId, { size: 32, dir: "right" }),
      numberToHex(deadline, { size: 32 }),
    ]),
  );
  return keccak256(concatHex(["0x1901", separator, structHash]));
}

/** Signs a payment request as the Kassa server signer. */
export function signPaymentRequest(
  signer: LocalAccount,
  params: { chainId: number; gateway: Address; request: PaymentRequest },
): Promise<Hex> {
  return signer.signTypedData({
    domain: gatewayDomain(params.chainId, params.gateway),
    types: paymentRequestTypes,
    primaryType: "PaymentRequest",
    message: params.request,
  });
}

/** Signs a refund request as the Kassa server signer. */
export function signRefundRequest(
  signer: LocalAccount,
  params: { chainId: number; gateway: Address; request: RefundRequest },
): Promise<Hex> {
  return signer.signTypedData({
    domain: gatewayDomain(params.chainId, params.gateway),
    types: refundRequestTypes,
    primaryType: "RefundRequest",
    message: params.request,
  });
}

/** Signs a forward request as its `from` and returns the argument of `ERC2771Forwarder.execute`. */
export async function signForwardRequest(
  payer: LocalAccount,
  params: { chainId: number; forwarder: Address; request: ForwardRequest },
): Promise<ForwardRequestData> {
  const signature = await payer.signTypedData({
    domain: forwarderDomain(params.chainId, params.forwarder),
    types: forwardRequestTypes,
    primaryType: "ForwardRequest",
    message: params.request,
  });
  const { from, to, value, gas, deadline, data } = params.request;
  return { from, to, value, gas, deadline, data, signature };
}

/** The gateway's `Permit` argument: an EIP-2612 permit split into v, r, s; `noPermit` when none. */
export interface GatewayPermit {
  deadline: bigint;
  v: number;
  r: Hex;
  s: Hex;
}

/** Signs an EIP-2612 permit as its owner and returns it split as the gateway's `Permit` struct. */
export async function signPermit(
  owner: LocalAccount,
  params: { chainId: number; token: Address; tokenName: string; permit: Permit },
): Promise<GatewayPermit> {
  const signature = await owner.signTypedData({
    domain: permitDomain(params.chainId, params.token, params.tokenName),
    types: permitTypes,
    primaryType: "Permit",
    message: params.permit,
  });
  return { deadline: params.permit.deadline, ...splitSignature(signature) };
}

/** The gateway's "no permit" value: all zero. */
export const noPermit = {
  deadline: 0n,
  v: 0,
  r: "0x0000000000000000000000000000000000000000000000000000000000000000",
  s: "0x0000000000000000000000000000000000000000000000000000000000000000",
} as const satisfies GatewayPermit;

function splitSignature(signature: Hex): { v: number; r: Hex; s: Hex } {
  if (signature.length !== 132) throw new Error(`expected a 65-byte signature, got ${signature}`);
  const v = Number.parseInt(signature.slice(130, 132), 16);
  return {
    r: `0x${signature.slice(2, 66)}`,
    s: `0x${signature.slice(66, 130)}`,
    v: v < 27 ? v + 27 : v,
  };
}
