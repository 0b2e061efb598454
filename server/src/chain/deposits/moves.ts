import { paymentGatewayAbi } from "@kassa/contracts";
import { getAbiItem, parseEventLogs, type Address, type Hex, type TransactionReceipt } from "viem";

/**
 * What left a deposit address, as the gateway says it: `DepositSwept` (a payment's amount to the merchant's
 * recipient and the treasury) and `DepositReturned` (money back to `to`), whoever sent the transaction. The watcher
 * reads them with the tokens' transfers (transfers.ts), the relayer's hooks from their receipts; core decides.
 */
export interface DepositMove {
  kind: "swept" | "returned";
  /** chains.id */
  chainId: number;
  gateway: Address;
  paymentId: Hex;
  deposit: Address;
  /** returned: the gateway's return id. */
  returnId: Hex | null;
  /** The zero address for native coin. */
  token: Address;
  /** swept: the recipient; returned: where it went. */
  to: Address;
  amount: bigint;
  /** swept: the treasury's part of `amount`; returned: 0. */
  fee: bigint;
  txHash: Hex;
  logIndex: number;
  blockNumber: bigint;
  blockHash: Hex;
}

export const depositSweptAbiItem = getAbiItem({ abi: paymentGatewayAbi, name: "DepositSwept" });
export const depositReturnedAbiItem = getAbiItem({ abi: paymentGatewayAbi, name: "DepositReturned" });
const depositMoveAbiItems = [depositSweptAbiItem, depositReturnedAbiItem];

interface DecodedMoveLog {
  eventName: string;
  args: unknown;
  address: Address;
  transactionHash: Hex | null;
  logIndex: number | null;
  blockNumber: bigint | null;
  blockHash: Hex | null;
}

/** A decoded DepositSwept or DepositReturned log as a move; none for a log not yet in a block. */
export function depositMoveOf(log: DecodedMoveLog, chainId: number): DepositMove[] {
  if (log.transactionHash === null || log.logIndex === null) return [];
  if (log.blockNumber === null || log.blockHash === null) return [];
  const where = {
    chainId,
    gateway: log.address,
    txHash: log.transactionHash,
    logIndex: log.logIndex,
    blockNumber: log.blockNumber,
    blockHash: log.blockHash,
  };
  if (log.eventName === "DepositSwept") {
    const args = log.args as {
      paymentId: Hex;
      deposit: Address;
      recipient: Address;
      token: Address;
      amount: bigint;
      fee: bigint;
    };
    return [
      {
        ...where,
        kind: "swept",
        paymentId: args.paymentId,
        deposit: args.deposit,
        returnId: null,
        token: args.token,
        to: args.recipient,
        amount: args.amount,
        fee: args.fee,
      },
    ];
  }
  if (log.eventName !== "DepositReturned") return [];
  const args = log.args as {
    paymentId: Hex;
    deposit: Address;
    returnId: Hex;
    token: Address;
    to: Address;
    amount: bigint;
  };
  return [
    {
      ...where,
      kind: "returned",
      paymentId: args.paymentId,
      deposit: args.deposit,
      returnId: args.returnId,
      token: args.token,
      to: args.to,
      amount: args.amount,
      fee: 0n,
    },
  ];
}

/** The moves of a receipt, emitted by one of `gateways`. */
export function depositMovesFromReceipt(
  receipt: TransactionReceipt,
  params: { chainId: number; gateways: readonly string[] },
): DepositMove[] {
  const gateways = new Set(params.gateways.map((gateway) => gateway.toLowerCase()));
  return parseEventLogs({
    abi: depositMoveAbiItems,
    logs: receipt.logs.filter((log) => gateways.has(log.address.toLowerCase())),
    strict: true,
  }).flatMap((log) => depositMoveOf(log, params.chainId));
}
