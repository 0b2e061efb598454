import {
  erc20Abi,
  getAbiItem,
  type Address,
  type Hex,
  type PublicClient,
  type TransactionReceipt,
} from "viem";
import { parseEventLogs } from "viem";
import { depositMoveOf, depositReturnedAbiItem, depositSweptAbiItem, type DepositMove } from "./moves.js";

/**
 * Token transfers as the watcher reads them for payments by transfer: every `Transfer` of the chain's enabled
 * tokens in a range, in one eth_getLogs whatever the number of open deposit addresses (the logs do not filter
 * on the recipient; core keeps the transfers to the addresses it knows, by an indexed lookup), with the gateways'
 * sweeps and returns. The chain layer reports them; core decides what they do.
 */
export interface TokenTransfer {
  /** chains.id */
  chainId: number;
  token: Address;
  from: Address;
  to: Address;
  amount: bigint;
  txHash: Hex;
  logIndex: number;
  blockNumber: bigint;
  blockHash: Hex;
}

const transferAbiItem = getAbiItem({ abi: erc20Abi, name: "Transfer" });

type TransferLog = {
  address: Address;
  args: { from: Address; to: Address; value: bigint };
  transactionHash: Hex | null;
  logIndex: number | null;
  blockNumber: bigint | null;
  blockHash: Hex | null;
};

function transferOf(log: TransferLog, chainId: number): TokenTransfer[] {
  if (log.transactionHash === null || log.logIndex === null) return [];
  if (log.blockNumber === null || log.blockHash === null) return [];
  return [
    {
      chainId,
      token: log.address,
      from: log.args.from,
      to: log.args.to,
      amount: log.args.value,
      txHash: log.transactionHash,
      logIndex: log.logIndex,
      blockNumber: log.blockNumber,
      blockHash: log.blockHash,
    },
  ];
}

export interface ReadDepositLogsParameters {
  chainId: number;
  tokens: readonly Address[];
  /** The gateways whose DepositSwept and DepositReturned are read with the transfers. */
  gateways: readonly Address[];
  fromBlock: bigint;
  toBlock: bigint;
  /** The one block of the range, read by its hash (as readGatewayEvents). */
  blockHash?: Hex;
}

/**
 * The enabled tokens' Transfer logs of a range and the gateways' DepositSwept and DepositReturned (moves.ts), in one
 * eth_getLogs, oldest first. None when no token is enabled for transfers.
 */
export async function readDepositLogs(
  client: PublicClient,
  params: ReadDepositLogsParameters,
): Promise<{ transfers: TokenTransfer[]; moves: DepositMove[] }> {
  if (params.tokens.length === 0 || params.fromBlock > params.toBlock) return { transfers: [], moves: [] };
  const logs = await client.getLogs({
    address: [...params.tokens, ...params.gateways],
    events: [transferAbiItem, depositSweptAbiItem, depositReturnedAbiItem],
    ...(params.blockHash === undefined
      ? { fromBlock: params.fromBlock, toBlock: params.toBlock }
      : { blockHash: params.blockHash }),
    strict: true,
  });
  const tokens = new Set(params.tokens.map((token) => token.toLowerCase()));
  const gateways = new Set(params.gateways.map((gateway) => gateway.toLowerCase()));
  const transfers: TokenTransfer[] = [];
  const moves: DepositMove[] = [];
  for (const log of logs) {
    const from = log.address.toLowerCase();
    if (log.eventName === "Transfer" && tokens.has(from)) {
      transfers.push(...transferOf(log as TransferLog, params.chainId));
    } else if (log.eventName !== "Transfer" && gateways.has(from)) {
      moves.push(...depositMoveOf(log, params.chainId));
    }
  }
  return { transfers, moves };
}

/** The Transfer logs of `tokens` in a receipt (a transaction mined again elsewhere). */
export function tokenTransfersFromReceipt(
  receipt: TransactionReceipt,
  params: { chainId: number; tokens: readonly Address[] },
): TokenTransfer[] {
  const tokens = new Set(params.tokens.map((token) => token.toLowerCase()));
  return parseEventLogs({ abi: [transferAbiItem], logs: receipt.logs, strict: true })
    .filter((log) => tokens.has(log.address.toLowerCase()))
    .flatMap((log) => transferOf(log, params.chainId));
}
