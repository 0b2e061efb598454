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
  getAbiItem,
  parseEventLogs,
  type Address,
  type Hex,
  type PublicClient,
} from "viem";
import { verifySignature } from "./signatures.js";

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
 * Whether the payer signed the schedule (signatures.ts: ECDSA, ERC-1271 or ERC-6492). Throws
 * CHAIN_UNAVAILABLE when the chain does not answer.
 */
export function verifySubscriptionSignature(
  client: PublicClient,
  params: SubscriptionOnChain & { signature: Hex },
): Promise<boolean> {
  return verifySignature(client, {
    address: params.subscription.payer,
    hash: subscriptionDigest(params),
    signature: params.signature,
  });
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

const erc20Approval = getAbiItem({ abi: erc20Abi, name: "Approval" });
const permit2Approval = getAbiItem({ abi: permit2Abi, name: "Approval" });
const permit2Lockdown = getAbiItem({ abi: permit2Abi, name: "Lockdown" });

/** The last of `logs` by block and log index. */
function lastLog<T extends { blockNumber: bigint | null; logIndex: number | null }>(
  logs: T[],
): T | undefined {
  return logs.reduce<T | undefined>((last, log) => {
    if (!last) return log;
    const later =
      (log.blockNumber ?? 0n) > (last.blockNumber ?? 0n) ||
      (log.blockNumber === last.blockNumber && (log.logIndex ?? 0) > (last.logIndex ?? 0));
    return later ? log : last;
  }, undefined);
}

/**
 * The transaction in which the payer took back, since `fromBlock`, what the gateway may take for a schedule, if
 * the last word on it was theirs: the token's last `Approval(payer, spender, …)` (the gateway, or Permit2 for a
 * Permit2 schedule) set it to 0 in a transaction that moved none of the payer's tokens (tokens that announce each
 * `transferFrom` as an Approval would otherwise make a payment that spent the allowance to 0 look like a
 * revocation); with Permit2, also its own `Approval(payer, token, gateway, 0)` or `Lockdown`. An allowance spent
 * to 0 (by another payment, another dapp) is not a revocation: undefined.
 */
export async function findAllowanceRevocation(
  client: PublicClient,
  params: SubscriptionOnChain & { fromBlock: bigint },
): Promise<Hex | undefined> {
  const { subscription, gateway, fromBlock } = params;
  const payer = subscription.payer;
  const token = subscription.tokenAddress;
  const tokenApprovals = await client.getLogs({
    address: token,
    event: erc20Approval,
    args: { owner: payer, spender: subscription.usePermit2 ? permit2Address : gateway },
    fromBlock,
    toBlock: "latest",
  });
  const lastApproval = lastLog(tokenApprovals);
  if (lastApproval?.args.value === 0n && lastApproval.transactionHash) {
    const receipt = await client.getTransactionReceipt({ hash: lastApproval.transactionHash });
    const spent = parseEventLogs({ abi: erc20Abi, eventName: "Transfer", logs: receipt.logs }).some(
      (log) =>
        log.address.toLowerCase() === token.toLowerCase() &&
        log.args.from.toLowerCase() === payer.toLowerCase(),
    );
    if (!spent) return lastApproval.transactionHash;
  }
  if (!subscription.usePermit2) return undefined;
  const [approvals, lockdowns] = await Promise.all([
    client.getLogs({
      address: permit2Address,
      event: permit2Approval,
      args: { owner: payer, token, spender: gateway },
      fromBlock,
      toBlock: "latest",
    }),
    client.getLogs({
      address: permit2Address,
      event: permit2Lockdown,
      args: { owner: payer },
      fromBlock,
      toBlock: "latest",
    }),
  ]);
  const permit2Logs = parseEventLogs({ abi: permit2Abi, logs: [...approvals, ...lockdowns] }).filter(
    (log) =>
      (log.eventName === "Approval" || log.eventName === "Lockdown") &&
      log.args.token.toLowerCase() === token.toLowerCase() &&
      log.args.spender.toLowerCase() === gateway.toLowerCase(),
  );
  const last = lastLog(permit2Logs);
  if (!last) return undefined;
  return last.eventName === "Lockdown" || (last.eventName === "Approval" && last.args.amount === 0n)
    ? last.transactionHash
    : undefined;
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
