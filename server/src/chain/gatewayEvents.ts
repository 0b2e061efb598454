import { paymentGatewayAbi } from "@kassa/contracts";
import { paymentSequence } from "@kassa/contracts/paymentId";
import {
  erc20Abi,
  getAbiItem,
  parseEventLogs,
  type Address,
  type Hex,
  type PublicClient,
  type TransactionReceipt,
} from "viem";

/** Where a gateway event was read: the fields its log's arguments do not carry. */
export interface EventLocation {
  /** The chain's row id (chains.id), carried with the event so no reader looks it up again. */
  chainId: number;
  networkId: number;
  /** The gateway that emitted it. */
  gateway: Address;
  txHash: Hex;
  blockNumber: bigint;
  blockHash: Hex;
  logIndex: number;
}

/** A decoded `PaymentCompleted` log, with where it was read. */
export interface PaymentCompletedEvent extends EventLocation {
  paymentId: Hex;
  merchantId: Hex;
  payer: Address;
  recipient: Address;
  token: Address;
  /** Paid amount, fee included. */
  amount: bigint;
  fee: bigint;
  /**
   * What the recipient's balance gained from this payment according to the token's `Transfer` logs of
   * the transaction, when the reader checked them. Less than `amount - fee` means the token took a cut
   * (a fee-on-transfer switch turned on after whitelisting): the payment is INVALID, not PAID.
   */
  recipientReceived?: bigint;
}

/** A decoded `RefundCompleted` log. */
export interface RefundCompletedEvent extends EventLocation {
  paymentId: Hex;
  /** The refund's id on the gateway (`chain_refund_id`). */
  refundId: Hex;
  /** The merchant wallet that sent the refund. */
  recipient: Address;
  payer: Address;
  token: Address;
  amount: bigint;
}

/** A decoded `SubscriptionCharged` log: charge `period` of a schedule moved `amount` (fee included). */
export interface SubscriptionChargedEvent extends EventLocation {
  subscriptionId: Hex;
  merchantId: Hex;
  payer: Address;
  period: bigint;
  recipient: Address;
  token: Address;
  amount: bigint;
  fee: bigint;
}

/** A decoded `SubscriptionCanceled` log: no charge of the schedule can be taken after it. */
export interface SubscriptionCanceledEvent extends EventLocation {
  subscriptionId: Hex;
  payer: Address;
  canceledBy: Address;
}

export const paymentCompletedAbiItem = getAbiItem({ abi: paymentGatewayAbi, name: "PaymentCompleted" });
export const refundCompletedAbiItem = getAbiItem({ abi: paymentGatewayAbi, name: "RefundCompleted" });
const subscriptionChargedAbiItem = getAbiItem({ abi: paymentGatewayAbi, name: "SubscriptionCharged" });
const subscriptionCanceledAbiItem = getAbiItem({ abi: paymentGatewayAbi, name: "SubscriptionCanceled" });
/** Every gateway event the watcher reports. */
const gatewayEventAbiItems = [
  paymentCompletedAbiItem,
  refundCompletedAbiItem,
  subscriptionChargedAbiItem,
  subscriptionCanceledAbiItem,
];

export type GatewayEvent =
  | { kind: "PaymentCompleted"; event: PaymentCompletedEvent }
  | { kind: "RefundCompleted"; event: RefundCompletedEvent }
  | { kind: "SubscriptionCharged"; event: SubscriptionChargedEvent }
  | { kind: "SubscriptionCanceled"; event: SubscriptionCanceledEvent };

/**
 * The sequence whose bit the event set on its gateway: the one its payment id (or its refund's own id) carries;
 * none for a subscription's events (a schedule keeps bits of its own).
 */
export function eventSequence(entry: GatewayEvent): bigint | undefined {
  if (entry.kind === "PaymentCompleted") return paymentSequence(entry.event.paymentId);
  if (entry.kind === "RefundCompleted") return paymentSequence(entry.event.refundId);
  return undefined;
}

/**
 * What the watcher keeps an event's facts together by (reported in order) and a recorded event under: the
 * payment id (a payment's and its refunds' events), a schedule's id (its charges and cancellation). A charge
 * is recorded under `subscriptionId:period`.
 */
export function eventGroupOf(entry: GatewayEvent): string {
  return (
    entry.kind === "SubscriptionCharged" || entry.kind === "SubscriptionCanceled"
      ? entry.event.subscriptionId
      : entry.event.paymentId
  ).toLowerCase();
}

export interface ReadGatewayEventsParameters {
  /** chains.id */
  chainId: number;
  networkId: number;
  gateways: Address[];
  fromBlock: bigint;
  toBlock: bigint;
  /**
   * The hash of `toBlock` when the range is that one block: read by its hash, so the logs are that block's
   * or the read fails (no separate check that the block is still the chain's).
   */
  blockHash?: Hex;
  /** Only PaymentCompleted events (the on-demand sync); default every kind. */
  paymentsOnly?: boolean;
  /**
   * Read each payment transaction's receipt and sum the token's Transfer logs to the recipient, so a
   * token that takes a cut on transfer shows up as a short payment (one receipt per transaction).
   * Default true.
   */
  checkTransfers?: boolean;
}

/** A gateway log as viem decodes it, from eth_getLogs or from a receipt. */
interface DecodedGatewayLog {
  eventName: string;
  args: unknown;
  address: Address;
  blockHash: Hex | null;
  blockNumber: bigint | null;
  transactionHash: Hex | null;
  logIndex: number | null;
}

/** A decoded gateway log as the event the lifecycle applies; none for a log not yet in a block. */
function decodedEvent(log: DecodedGatewayLog, chain: { chainId: number; networkId: number }): GatewayEvent[] {
  if (
    log.blockHash === null ||
    log.blockNumber === null ||
    log.transactionHash === null ||
    log.logIndex === null
  )
    return [];
  const where: EventLocation = {
    chainId: chain.chainId,
    networkId: chain.networkId,
    gateway: log.address,
    txHash: log.transactionHash,
    blockNumber: log.blockNumber,
    blockHash: log.blockHash,
    logIndex: log.logIndex,
  };
  if (log.eventName === "PaymentCompleted") {
    const args = log.args as Omit<PaymentCompletedEvent, keyof EventLocation | "recipientReceived">;
    return [{ kind: "PaymentCompleted", event: { ...where, ...args } }];
  }
  if (log.eventName === "SubscriptionCharged") {
    const args = log.args as Omit<SubscriptionChargedEvent, keyof EventLocation>;
    return [{ kind: "SubscriptionCharged", event: { ...where, ...args } }];
  }
  if (log.eventName === "SubscriptionCanceled") {
    const args = log.args as Omit<SubscriptionCanceledEvent, keyof EventLocation>;
    return [{ kind: "SubscriptionCanceled", event: { ...where, ...args } }];
  }
  const args = log.args as Omit<RefundCompletedEvent, keyof EventLocation>;
  return [{ kind: "RefundCompleted", event: { ...where, ...args } }];
}

/** The gateway's events in a block range, oldest first, decoded into what the lifecycle applies. */
export async function readGatewayEvents(
  client: PublicClient,
  params: ReadGatewayEventsParameters,
): Promise<GatewayEvent[]> {
  if (params.gateways.length === 0 || params.fromBlock > params.toBlock) return [];
  const events = params.paymentsOnly ? [paymentCompletedAbiItem] : gatewayEventAbiItems;
  const logs = await client.getLogs({
    address: params.gateways,
    events,
    ...(params.blockHash === undefined
      ? { fromBlock: params.fromBlock, toBlock: params.toBlock }
      : { blockHash: params.blockHash }),
    strict: true,
  });
  const decoded = logs.flatMap((log) => decodedEvent(log, params));
  decoded.sort((a, b) =>
    a.event.blockNumber === b.event.blockNumber
      ? a.event.logIndex - b.event.logIndex
      : a.event.blockNumber < b.event.blockNumber
        ? -1
        : 1,
  );
  if (params.checkTransfers ?? true) await addRecipientTransfers(client, decoded);
  return decoded;
}

/**
 * What the recipient's balance gained from a payment according to its transaction's receipt: the token's
 * Transfer logs to the recipient between the previous log of the same gateway in that transaction (a
 * forwarder batch can pay several times) and the payment's own event. The one fee-on-transfer rule, for the
 * watcher and the relay tracker alike.
 */
function recipientReceivedIn(receipt: TransactionReceipt, event: PaymentCompletedEvent): bigint | undefined {
  const gatewayLog = receipt.logs.find((log) => log.logIndex === event.logIndex);
  if (!gatewayLog) return undefined;
  const previousGatewayIndex = Math.max(
    -1,
    ...receipt.logs
      .filter(
        (log) =>
          log.logIndex < event.logIndex && log.address.toLowerCase() === gatewayLog.address.toLowerCase(),
      )
      .map((log) => log.logIndex),
  );
  const transfers = parseEventLogs({
    abi: erc20Abi,
    eventName: "Transfer",
    logs: receipt.logs.filter(
      (log) =>
        log.logIndex > previousGatewayIndex &&
        log.logIndex < event.logIndex &&
        log.address.toLowerCase() === event.token.toLowerCase(),
    ),
  });
  return transfers
    .filter((log) => log.args.to.toLowerCase() === event.recipient.toLowerCase())
    .reduce((sum, log) => sum + log.args.value, 0n);
}

/** Sets `recipientReceived` of each payment event from its transaction's receipt (recipientReceivedIn). */
export async function addRecipientTransfers(client: PublicClient, events: GatewayEvent[]): Promise<void> {
  const payments = events.flatMap((entry) => (entry.kind === "PaymentCompleted" ? [entry.event] : []));
  const receipts = new Map<Hex, Promise<TransactionReceipt>>();
  for (const event of payments) {
    if (!receipts.has(event.txHash)) {
      receipts.set(event.txHash, client.getTransactionReceipt({ hash: event.txHash }));
    }
  }
  for (const event of payments) {
    const receipt = await receipts.get(event.txHash);
    if (!receipt || receipt.blockHash !== event.blockHash) continue;
    const received = recipientReceivedIn(receipt, event);
    if (received !== undefined) event.recipientReceived = received;
  }
}

export interface GatewayEventsFromReceiptParameters {
  /** chains.id */
  chainId: number;
  networkId: number;
  /** The gateways whose logs count; the others' are ignored. */
  gateways: readonly string[];
}

/**
 * The gateway events of a transaction's receipt (its logs emitted by `gateways`), each payment with what the
 * recipient received (recipientReceivedIn): what a receipt says happened, as the same events a log read gives.
 */
export function gatewayEventsFromReceipt(
  receipt: TransactionReceipt,
  params: GatewayEventsFromReceiptParameters,
): GatewayEvent[] {
  const gateways = new Set(params.gateways.map((gateway) => gateway.toLowerCase()));
  const logs = parseEventLogs({
    abi: gatewayEventAbiItems,
    logs: receipt.logs.filter((log) => gateways.has(log.address.toLowerCase())),
  });
  const events = logs.flatMap((log) => decodedEvent(log, params));
  for (const entry of events) {
    if (entry.kind !== "PaymentCompleted") continue;
    const received = recipientReceivedIn(receipt, entry.event);
    if (received !== undefined) entry.event.recipientReceived = received;
  }
  return events;
}

/**
 * The PaymentCompleted event of `paymentId` in a transaction's receipt, emitted by `gateway`, with what the
 * recipient received; undefined when the transaction did not pay it.
 */
export function paymentCompletedFromReceipt(
  receipt: TransactionReceipt,
  params: { chainId: number; networkId: number; gateway: string; paymentId: string },
): PaymentCompletedEvent | undefined {
  const paid = gatewayEventsFromReceipt(receipt, { ...params, gateways: [params.gateway] }).find(
    (entry) =>
      entry.kind === "PaymentCompleted" &&
      entry.event.paymentId.toLowerCase() === params.paymentId.toLowerCase(),
  );
  return paid?.kind === "PaymentCompleted" ? paid.event : undefined;
}
