/**
 * Subscriptions: the payer signs a `Subscription` once (gateway domain); the server authorises it (a fixed plan's
 * schedule, or each charge of a variable plan as a `SubscriptionCharge`); the payer (or the server's signer) may
 * cancel it with a `CancelSubscription` signature. The schedule's EIP-712 digest is its key on-chain.
 */
import { hashTypedData, type Address, type Hex } from "viem";

import { gatewayDomain } from "./eip712.js";

export const subscriptionTypes = {
  Subscription: [
    { name: "subscriptionId", type: "bytes32" },
    { name: "payer", type: "address" },
    { name: "tokenAddress", type: "address" },
    { name: "amount", type: "uint256" },
    { name: "variableAmount", type: "bool" },
    { name: "usePermit2", type: "bool" },
    { name: "recipientAddress", type: "address" },
    { name: "merchantId", type: "bytes32" },
    { name: "period", type: "uint256" },
    { name: "startsAt", type: "uint256" },
    { name: "charges", type: "uint256" },
  ],
} as const;

export const subscriptionChargeTypes = {
  SubscriptionCharge: [
    { name: "subscription", type: "bytes32" },
    { name: "period", type: "uint256" },
    { name: "amount", type: "uint256" },
    { name: "deadline", type: "uint256" },
  ],
} as const;

export const cancelSubscriptionTypes = {
  CancelSubscription: [{ name: "subscription", type: "bytes32" }],
} as const;

export interface Subscription {
  /** The server's id of the subscription (random): events carry it. */
  subscriptionId: Hex;
  payer: Address;
  tokenAddress: Address;
  /** Per charge: exact for a fixed plan, the maximum for a variable one. */
  amount: bigint;
  /** A variable plan (a fiat price): each charge's amount is signed by the server, at most `amount`. */
  variableAmount: boolean;
  /** Charges are taken through the payer's Permit2 allowance to the gateway instead of a token allowance. */
  usePermit2: boolean;
  recipientAddress: Address;
  merchantId: Hex;
  /** Seconds between charges. */
  period: bigint;
  /** Unix seconds at which charge 0 opens. */
  startsAt: bigint;
  /** Number of charges. */
  charges: bigint;
}

export interface SubscriptionCharge {
  period: bigint;
  amount: bigint;
  /** Unix seconds: until when the server's signature of a variable charge is valid (0 for fixed plans). */
  deadline: bigint;
}

interface SubscriptionParameters {
  chainId: number;
  gateway: Address;
  subscription: Subscription;
}

/** The schedule to sign: by the payer (any wallet), and by the server for a fixed plan. */
export function subscriptionTypedData(params: SubscriptionParameters) {
  return {
    domain: gatewayDomain(params.chainId, params.gateway),
    types: subscriptionTypes,
    primaryType: "Subscription" as const,
    message: params.subscription,
  };
}

/** The schedule's EIP-712 digest: its key on-chain (`subscriptionState`). */
export function subscriptionDigest(params: SubscriptionParameters): Hex {
  return hashTypedData(subscriptionTypedData(params));
}

/** A variable plan's charge, signed by the server each time. */
export function subscriptionChargeTypedData(params: SubscriptionParameters & { charge: SubscriptionCharge }) {
  const { charge } = params;
  return {
    domain: gatewayDomain(params.chainId, params.gateway),
    types: subscriptionChargeTypes,
    primaryType: "SubscriptionCharge" as const,
    message: {
      subscription: subscriptionDigest(params),
      period: charge.period,
      amount: charge.amount,
      deadline: charge.deadline,
    },
  };
}

/** A cancellation, signed by the payer (any wallet) or the server's signer. */
export function cancelSubscriptionTypedData(params: SubscriptionParameters) {
  return {
    domain: gatewayDomain(params.chainId, params.gateway),
    types: cancelSubscriptionTypes,
    primaryType: "CancelSubscription" as const,
    message: { subscription: subscriptionDigest(params) },
  };
}

/** The time charge `period` opens, and the first time it is closed again. */
export function subscriptionChargeWindow(
  subscription: Subscription,
  period: bigint,
): { opensAt: bigint; closesAt: bigint } {
  const opensAt = subscription.startsAt + period * subscription.period;
  return { opensAt, closesAt: opensAt + subscription.period };
}
