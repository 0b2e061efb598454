import { paymentGatewayAbi } from "@kassa/contracts";
import {
  erc20Abi,
  getAbiItem,
  parseEventLogs,
  type Address,
  type Hex,
  type PublicClient,
  type TransactionReceipt,
} from "viem";

/** A decoded `PaymentCompleted` log, with where it was read. */
export interface PaymentCompletedEvent {
  networkId: number;
  paymentId: Hex;
  merchantId: Hex;
  payer: Address;
  recipient: Address;
  token: Address;
  /** Paid amount, fee included. */
  amount: bigint;
  fee: bigint;
  txHash: Hex;
  blockNumber: bigint;
  blockHash: Hex;
  logIndex: number;
  /**
   * What the recipient's balance gained from this payment according to the token's `Transfer` logs of
   * the transaction, when the reader checked them. Less than `amount - fee` means the token took a cut
   * (a fee-on-transfer switch turned on after whitelisting): the payment is INVALID, not PAID.
   */
  recipientReceived?: bigint;
}

/** A decoded `RefundCompleted` log. */
export interface RefundCompletedEvent {
  networkId: number;
  paymentId: Hex;
  /** The refund's id on the gateway (`chain_refund_id`). */
  refundId: Hex;
  /** The merchant wallet that sent the refund. */
  recipient: Address;
  payer: Address;
  token: Address;
  amount: bigint;
  txHash: Hex;
  blockNumber: bigint;
  blockHash: Hex;
  logIndex: number;
}

/** Where an event was read: the fields of an event that its log's arguments do not carry. */
type EventLocation = "networkId" | "txHash" | "blockNumber" | "blockHash" | "logIndex";

export const paymentCompletedAbiItem = getAbiItem({ abi: paymentGatewayAbi, name: "PaymentCompleted" });
export const refundCompletedAbiItem = getAbiItem({ abi: paymentGatewayAbi, name: "RefundCompleted" });

export type GatewayEvent =
  | { kind: "PaymentCompleted"; event: PaymentCompletedEvent }
  | { kind: "RefundCompleted"; event: RefundCompletedEvent };

export interface ReadGatewayEventsParameters {
  networkId: number;
  gateways: Address[];
  fromBlock: bigint;
  toBlock: bigint;
  /** Only PaymentCompleted events (the on-demand sync); default both kinds. */
  paymentsOnly?: boolean;
  /**
   * Read each payment transaction's receipt and sum the token's Transfer logs to the recipient, so a
   * token that takes a cut on transfer shows up as a short payment (one receipt per transaction).
   * Default true.
   */
  checkTransfers?: boolean;
}

/** The gateway's events in a block range, oldest first, decoded into what the lifecycle applies. */
export async function readGatewayEvents(
  client: PublicClient,
  params: ReadGatewayEventsParameters,
): Promise<GatewayEvent[]> {
  if (params.gateways.length === 0 || params.fromBlock > params.toBlock) return [];
  const logs = await client.getLogs({
    address: params.gateways,
    events: params.paymentsOnly
      ? [paymentCompletedAbiItem]
      : [paymentCompletedAbiItem, refundCompletedAbiItem],
    fromBlock: params.fromBlock,
    toBlock: params.toBlock,
    strict: true,
  });
  const events: GatewayEvent[] = [];
  for (const log of logs) {
    if (log.blockHash === null || log.transactionHash === null || log.logIndex === null) continue;
    const where = {
      networkId: params.networkId,
      txHash: log.transactionHash,
      blockNumber: log.blockNumber,
      blockHash: log.blockHash,
      logIndex: log.logIndex,
    };
    if (log.eventName === "PaymentCompleted") {
      const args = log.args as Omit<PaymentCompletedEvent, EventLocation | "recipientReceived">;
      events.push({ kind: "PaymentCompleted", event: { ...where, ...args } });
    } else {
      const args = log.args as Omit<RefundCompletedEvent, EventLocation>;
      events.push({ kind: "RefundCompleted", event: { ...where, ...args } });
    }
  }
  events.sort((a, b) =>
    a.event.blockNumber === b.event.blockNumber
      ? a.event.logIndex - b.event.logIndex
      : a.event.blockNumber < b.event.blockNumber
        ? -1
        : 1,
  );
  if (params.checkTransfers ?? true) await addRecipientTransfers(client, events);
  return events;
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

export interface PaymentCompletedFromReceiptParameters {
  networkId: number;
  gateway: string;
  paymentId: string;
}

/**
 * The PaymentCompleted event of `paymentId` in a transaction's receipt, emitted by `gateway`, with what the
 * recipient received (recipientReceivedIn); undefined when the transaction did not pay it.
 */
export function paymentCompletedFromReceipt(
  receipt: TransactionReceipt,
  params: PaymentCompletedFromReceiptParameters,
): PaymentCompletedEvent | undefined {
  const logs = parseEventLogs({
    abi: [paymentCompletedAbiItem],
    logs: receipt.logs.filter((log) => log.address.toLowerCase() === params.gateway.toLowerCase()),
  });
  const log = logs.find((entry) => entry.args.paymentId.toLowerCase() === params.paymentId.toLowerCase());
  if (!log) return undefined;
  const event: PaymentCompletedEvent = {
    networkId: params.networkId,
    ...log.args,
    txHash: receipt.transactionHash,
    blockNumber: receipt.blockNumber,
    blockHash: receipt.blockHash,
    logIndex: log.logIndex,
  };
  const received = recipientReceivedIn(receipt, event);
  return received === undefined ? event : { ...event, recipientReceived: received };
}
