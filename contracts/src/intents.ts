/**
 * What a payer signs on the gateway's one-signature paths, all bound to one payment by its `PaymentIntent`
 * (the payment's six signed fields and the payer):
 * - the intent itself on the gateway's domain (`payWithIntent`; ECDSA, ERC-1271 or ERC-6492),
 * - Permit2's `PermitWitnessTransferFrom` with the intent as the witness and the gateway as the spender
 *   (`payWithPermit2`),
 * - EIP-3009's `ReceiveWithAuthorization` to the gateway whose nonce is the intent's digest (`payWithAuthorization`).
 * Each returns EIP-712 typed data that any wallet signs (`signTypedData`), so the widget, the server's checks and
 * the tests build the same message.
 */
import { hashTypedData, type Address, type Hex, type TypedDataDomain } from "viem";

import { gatewayDomain, paymentRequestTypes, type PaymentRequest } from "./eip712.js";
import { permit2Address } from "./generated/Permit2.js";

/** `PaymentIntent`: the payment request's fields, then the payer. */
export const paymentIntentTypes = {
  PaymentIntent: [...paymentRequestTypes.PaymentRequest, { name: "payer", type: "address" }],
} as const;

/** A payment request and who pays it. */
export interface PaymentIntentParameters {
  chainId: number;
  gateway: Address;
  request: PaymentRequest;
  payer: Address;
}

/** The payer's `PaymentIntent` on the gateway's domain, to sign for `payWithIntent`. */
export function paymentIntentTypedData(params: PaymentIntentParameters) {
  return {
    domain: gatewayDomain(params.chainId, params.gateway),
    types: paymentIntentTypes,
    primaryType: "PaymentIntent" as const,
    message: { ...params.request, payer: params.payer },
  };
}

/** The intent's EIP-712 digest: what `payWithIntent` checks, and the nonce of the payer's EIP-3009 authorization. */
export function paymentIntentDigest(params: PaymentIntentParameters): Hex {
  return hashTypedData(paymentIntentTypedData(params));
}

/** Permit2's `PermitWitnessTransferFrom` with a `PaymentIntent` witness (types in Permit2's witness order). */
export const permit2PaymentTypes = {
  PermitWitnessTransferFrom: [
    { name: "permitted", type: "TokenPermissions" },
    { name: "spender", type: "address" },
    { name: "nonce", type: "uint256" },
    { name: "deadline", type: "uint256" },
    { name: "witness", type: "PaymentIntent" },
  ],
  TokenPermissions: [
    { name: "token", type: "address" },
    { name: "amount", type: "uint256" },
  ],
  ...paymentIntentTypes,
} as const;

/** Permit2's EIP-712 domain: name "Permit2", no version. */
export function permit2Domain(chainId: number, permit2: Address = permit2Address): TypedDataDomain {
  return { name: "Permit2", chainId, verifyingContract: permit2 };
}

/**
 * The payer's Permit2 signature request for a payment: the payment's token and amount, spender the gateway,
 * deadline the payment's, and the payment intent as witness. `nonce` is any of the payer's unused Permit2 nonces
 * ({@link pickPermit2Nonce} picks a cheap one).
 */
export function permit2PaymentTypedData(
  params: PaymentIntentParameters & { nonce: bigint; permit2?: Address },
) {
  const { request, payer } = params;
  return {
    domain: permit2Domain(params.chainId, params.permit2),
    types: permit2PaymentTypes,
    primaryType: "PermitWitnessTransferFrom" as const,
    message: {
      permitted: { token: request.tokenAddress, amount: request.amount },
      spender: params.gateway,
      nonce: params.nonce,
      deadline: request.deadline,
      witness: { ...request, payer },
    },
  };
}

/**
 * A Permit2 nonce for a payer: an unused bit of a word of its nonce bitmap that is already partly used (spending
 * it costs about 5,000 gas; the first bit of a fresh word about 22,100). `word` is the word's index and `bitmap` its
 * value (`Permit2.nonceBitmap(payer, word)`); with a full word, the first bit of the next one.
 */
export function pickPermit2Nonce(word: bigint, bitmap: bigint): bigint {
  for (let bit = 0n; bit < 256n; bit++) {
    if (((bitmap >> bit) & 1n) === 0n) return (word << 8n) | bit;
  }
  return (word + 1n) << 8n;
}

/** EIP-3009's `ReceiveWithAuthorization`. */
export const receiveWithAuthorizationTypes = {
  ReceiveWithAuthorization: [
    { name: "from", type: "address" },
    { name: "to", type: "address" },
    { name: "value", type: "uint256" },
    { name: "validAfter", type: "uint256" },
    { name: "validBefore", type: "uint256" },
    { name: "nonce", type: "bytes32" },
  ],
} as const;

/** A token's EIP-712 domain name and version, as read from the token (`readTokenDomain`); USDC's is "2". */
export interface TokenDomain {
  name: string;
  version: string;
}

/**
 * The payer's EIP-3009 authorization for a payment: from the payer to the gateway, the payment's amount, valid
 * until the payment's deadline, nonce the payment intent's digest (so it pays this payment only).
 */
export function paymentAuthorizationTypedData(
  params: PaymentIntentParameters & { tokenDomain: TokenDomain },
) {
  const { request } = params;
  return {
    domain: {
      name: params.tokenDomain.name,
      version: params.tokenDomain.version,
      chainId: params.chainId,
      verifyingContract: request.tokenAddress,
    },
    types: receiveWithAuthorizationTypes,
    primaryType: "ReceiveWithAuthorization" as const,
    message: {
      from: params.payer,
      to: params.gateway,
      value: request.amount,
      validAfter: 0n,
      validBefore: request.deadline,
      nonce: paymentIntentDigest(params),
    },
  };
}
