import {
  paymentGatewayAbi,
  permit2Abi,
  permit2Address,
  subscriptionDigest,
  type Subscription,
} from "@kassa/contracts";
import {
  encodeFunctionData,
  erc20Abi,
  verifyHash,
  type Address,
  type Hex,
  type PublicClient,
  type SignedAuthorizationList,
} from "viem";
import { classifySendError } from "./sender/nodeErrors.js";

/**
 * What the server reads and sends of a subscription (the gateway's `chargeSubscription`, `subscriptionState`,
 * `cancelSubscriptionBySignature`): facts for core/subscriptions, which decides.
 */

export interface SubscriptionOnChain {
  chainId: number;
  gateway: Address;
  subscription: Subscription;
}

/**
 * Whether the payer signed the schedule: an externally owned account's signature is checked locally, a smart
 * account's (ERC-1271, or ERC-6492 before deployment) by the chain.
 */
export async function verifySubscriptionSignature(
  client: PublicClient,
  params: SubscriptionOnChain & { signature: Hex },
): Promise<boolean> {
  const signed = {
    address: params.subscription.payer,
    hash: subscriptionDigest(params),
    signature: params.signature,
  };
  if (await verifyHash(signed).catch(() => false)) return true;
  return client.verifyHash(signed).catch(() => false);
}

/** What the gateway knows of a schedule's period, and what the payer can pay. */
export interface SubscriptionChainState {
  /** The first charge happened (the schedule's signatures were checked). */
  active: boolean;
  canceled: boolean;
  /** The period was charged. */
  charged: boolean;
  /** What the gateway may take from the payer: the token allowance, or Permit2's. */
  allowance: bigint;
  balance: bigint;
}

export async function readSubscriptionState(
  client: PublicClient,
  params: SubscriptionOnChain & { digest: Hex; period: bigint },
): Promise<SubscriptionChainState> {
  const { subscription, gateway } = params;
  const token = subscription.tokenAddress;
  const [[active, canceled, charged], balance, allowance] = await Promise.all([
    client.readContract({
      address: gateway,
      abi: paymentGatewayAbi,
      functionName: "subscriptionState",
      args: [params.digest, params.period],
    }),
    client.readContract({
      address: token,
      abi: erc20Abi,
      functionName: "balanceOf",
      args: [subscription.payer],
    }),
    subscription.usePermit2
      ? readPermit2Allowance(client, subscription, gateway)
      : client.readContract({
          address: token,
          abi: erc20Abi,
          functionName: "allowance",
          args: [subscription.payer, gateway],
        }),
  ]);
  return { active, canceled, charged, allowance, balance };
}

async function readPermit2Allowance(client: PublicClient, subscription: Subscription, gateway: Address) {
  // Permit2's expiry is left to the charge itself (an expired allowance fails it, and it is retried).
  const [tokenAllowance, [amount]] = await Promise.all([
    client.readContract({
      address: subscription.tokenAddress,
      abi: erc20Abi,
      functionName: "allowance",
      args: [subscription.payer, permit2Address],
    }),
    client.readContract({
      address: permit2Address,
      abi: permit2Abi,
      functionName: "allowance",
      args: [subscription.payer, subscription.tokenAddress, gateway],
    }),
  ]);
  return amount < tokenAllowance ? amount : tokenAllowance;
}

export interface ChargeCall {
  period: bigint;
  amount: bigint;
  /** Until when a variable plan's `SubscriptionCharge` signature holds; 0 for a fixed plan. */
  deadline: bigint;
  serverSignature: Hex;
  payerSignature: Hex;
}

/** The calldata of `chargeSubscription`. */
export function encodeChargeSubscription(params: SubscriptionOnChain & ChargeCall): Hex {
  return encodeFunctionData({
    abi: paymentGatewayAbi,
    functionName: "chargeSubscription",
    args: [
      params.subscription,
      { period: params.period, amount: params.amount, deadline: params.deadline },
      params.serverSignature,
      params.payerSignature,
    ],
  });
}

/** The calldata of `cancelSubscriptionBySignature` with the server signer's `CancelSubscription`. */
export function encodeCancelSubscription(params: SubscriptionOnChain & { signature: Hex }): Hex {
  return encodeFunctionData({
    abi: paymentGatewayAbi,
    functionName: "cancelSubscriptionBySignature",
    args: [params.subscription, params.signature],
  });
}

/**
 * The node's gas estimate of a call from `from`; `{ ok: false }` with the revert's message when the node
 * says it would revert. A node that does not answer throws.
 */
export async function estimateCall(
  client: PublicClient,
  params: { from: Address; to: Address; data: Hex; authorizationList?: SignedAuthorizationList | undefined },
): Promise<{ ok: true; gas: bigint } | { ok: false; reason: string }> {
  try {
    return {
      ok: true,
      gas: await client.estimateGas({
        account: params.from,
        to: params.to,
        data: params.data,
        ...(params.authorizationList?.length ? { authorizationList: params.authorizationList } : {}),
      }),
    };
  } catch (error) {
    if (classifySendError(error) === "unreachable") throw error;
    const message = (error as { shortMessage?: string }).shortMessage ?? (error as Error).message;
    return { ok: false, reason: message };
  }
}
