import {
  type Address,
  type Hex,
  type LocalAccount,
  type PublicClient,
  type SignedAuthorizationList,
} from "viem";
import type { Db } from "../../db/infra/database.js";
import { type SenderRole } from "../../domain/records.js";
import { dynamicFeeFields, type FeeQuote } from "./fees.js";
import { classifySendError, errorText, type SendErrorKind } from "./nodeErrors.js";
import { type SenderHooks } from "./owner.js";

/**
 * What a transaction sender's actions (send.ts, track.ts) share: its keys on one chain, the nonce ledger,
 * the owner's hooks, its counters and a short-lived fee quote. TransactionSender builds it and binds the
 * actions to it.
 */

export interface TransactionSenderOptions {
  db: Db;
  client: PublicClient;
  networkId: number;
  role: SenderRole;
  accounts: readonly LocalAccount[];
  /** Blocks on top of the receipt's before the outcome counts. */
  confirmations: number;
  /** A sent transaction not mined after this long is replaced with higher fees. */
  stuckAfterMs: number;
  /** Replacement fee increase, percent (>= 10). */
  feeBumpPercent: number;
  hooks: SenderHooks;
  now?: () => Date;
}

export interface SenderCounters {
  sent: number;
  replaced: number;
  /** "nonce too low" answers to a first send, and nonces found used by another transaction. */
  nonceErrors: number;
  refused: number;
}

export interface SenderContext {
  readonly options: TransactionSenderOptions;
  readonly networkId: number;
  /** The keys by address. */
  readonly accounts: ReadonlyMap<string, LocalAccount>;
  readonly counters: SenderCounters;
  /** Registers the keys in the ledger once per process (sync). */
  ensureSynced(): Promise<void>;
  /** Moves the ledger up to the node's pending nonce of each key. */
  sync(): Promise<void>;
  /** Current fees, shared for a second between concurrent sends. */
  fees(): Promise<FeeQuote>;
  now(): Date;
}

/** The fields of a transaction the sender signs, besides its chain and fees. */
export interface SignedFields {
  nonce: number;
  to: Address;
  value: bigint;
  data: Hex;
  gas: bigint;
  /** EIP-7702 authorizations (a deposit account's first move): the transaction is then of type 4. */
  authorizationList?: SignedAuthorizationList | undefined;
}

/**
 * Signs a transaction of the sender's chain at the fees of `quote` (EIP-1559 or legacy). One that carries
 * authorizations is of type 4 (EIP-7702), which has EIP-1559's fee fields: a legacy price is both its cap and its tip.
 */
export async function signAtFees(
  context: SenderContext,
  account: LocalAccount,
  fields: SignedFields,
  quote: FeeQuote,
): Promise<Hex> {
  if (!account.signTransaction) throw new Error(`account ${account.address} cannot sign transactions`);
  const { authorizationList, ...rest } = fields;
  const base = { chainId: context.networkId, ...rest };
  if (authorizationList?.length) {
    return account.signTransaction({
      ...base,
      type: "eip7702",
      ...dynamicFeeFields(quote),
      authorizationList,
    });
  }
  return quote.type === "eip1559"
    ? account.signTransaction({
        ...base,
        type: "eip1559",
        maxFeePerGas: quote.maxFeePerGas,
        maxPriorityFeePerGas: quote.maxPriorityFeePerGas,
      })
    : account.signTransaction({ ...base, type: "legacy", gasPrice: quote.gasPrice });
}

/** Hands signed bytes to the node; an "already known" answer counts as sent (nodeErrors.ts). */
export async function broadcastRaw(
  context: SenderContext,
  raw: Hex,
): Promise<{ ok: true } | { ok: false; kind: SendErrorKind; message: string }> {
  try {
    await context.options.client.request({ method: "eth_sendRawTransaction", params: [raw] });
    return { ok: true };
  } catch (error) {
    const kind = classifySendError(error);
    return kind === "known" ? { ok: true } : { ok: false, kind, message: errorText(error) };
  }
}

/** The columns of a broadcast that record its fees. */
export function feeColumns(quote: FeeQuote) {
  return {
    maxFeePerGas: quote.type === "eip1559" ? quote.maxFeePerGas : null,
    maxPriorityFeePerGas: quote.type === "eip1559" ? quote.maxPriorityFeePerGas : null,
    gasPrice: quote.type === "legacy" ? quote.gasPrice : null,
  };
}
