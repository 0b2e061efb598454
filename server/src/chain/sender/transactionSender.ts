import { type Address, type LocalAccount, type PublicClient } from "viem";
import { syncSenderAccount } from "../../db/senders/senders.js";
import { type SenderTransactionRow } from "../../db/schema/rows.js";
import { type SenderRole } from "../../domain/records.js";
import { type SenderContext, type SenderCounters, type TransactionSenderOptions } from "./context.js";
import { estimateWithinBound } from "./estimate.js";
import { estimateFees, type FeeQuote } from "./fees.js";
import { sendTransaction, type SendRequest, type SendResult } from "./send.js";
import { observeTransaction, trackTransactions } from "./track.js";

const FEE_CACHE_MS = 1_000;

/** A call of no value to estimate and send (`estimateAndSend`). */
export interface EstimateAndSendRequest extends Omit<SendRequest, "value" | "gasLimit" | "fees"> {
  /** Between the estimate and the send, with the gas limit it would be sent with: false holds it back. */
  admit?(gasLimit: bigint): Promise<boolean>;
}

export type EstimateAndSendResult =
  SendResult | { outcome: "would-revert"; reason: string } | { outcome: "held" };

/**
 * Sends transactions from a set of keys on one chain with a nonce ledger in PostgreSQL: many in
 * flight per key, every signed version stored before it is sent (send.ts), stuck ones replaced with the
 * same nonce and higher fees, refused ones filled with a zero-value transfer so later nonces still land
 * (track.ts). The class binds those actions to one chain's keys, client and fee quote.
 */
export class TransactionSender implements SenderContext {
  readonly networkId: number;
  readonly role: SenderRole;
  readonly counters: SenderCounters = { sent: 0, replaced: 0, nonceErrors: 0, refused: 0 };
  readonly options: TransactionSenderOptions;
  readonly accounts: ReadonlyMap<string, LocalAccount>;
  #synced: Promise<void> | undefined;
  #fees: { at: number; quote: Promise<FeeQuote> } | undefined;

  constructor(options: TransactionSenderOptions) {
    this.options = options;
    this.networkId = options.networkId;
    this.role = options.role;
    this.accounts = new Map(options.accounts.map((account) => [account.address, account]));
  }

  get addresses(): Address[] {
    return [...this.accounts.keys()] as Address[];
  }

  get client(): PublicClient {
    return this.options.client;
  }

  now(): Date {
    return this.options.now?.() ?? new Date();
  }

  /** Registers the keys in the ledger, moving it up to the node's pending nonce (once per process). */
  ensureSynced(): Promise<void> {
    this.#synced ??= this.sync().catch((error: unknown) => {
      this.#synced = undefined;
      throw error;
    });
    return this.#synced;
  }

  async sync(): Promise<void> {
    const { db, client } = this.options;
    for (const address of this.accounts.keys()) {
      const chainNonce = await client.getTransactionCount({
        address: address as Address,
        blockTag: "pending",
      });
      await syncSenderAccount(db, { networkId: this.networkId, address, role: this.role, chainNonce });
    }
  }

  /** Current fees, shared for a second between concurrent sends. */
  fees(): Promise<FeeQuote> {
    const now = Date.now();
    if (!this.#fees || now - this.#fees.at > FEE_CACHE_MS) {
      const quote = estimateFees(this.options.client);
      this.#fees = { at: now, quote };
      quote.catch(() => {
        if (this.#fees?.quote === quote) this.#fees = undefined;
      });
    }
    return this.#fees.quote;
  }

  /**
   * Estimates the call from the first key at the current fees and sends it, as simulated, with the gas limit its
   * purpose allows (estimate.ts): the one way Kassa's own transactions (sweeps, returns, subscription charges and
   * cancels) are sent. Not sent when the node says it would revert or needs more gas than the bound
   * (`would-revert`), nor when `admit` holds it back (`held`). A node that does not answer throws.
   */
  async estimateAndSend(request: EstimateAndSendRequest): Promise<EstimateAndSendResult> {
    const { admit, ...call } = request;
    const fees = await this.fees();
    const estimate = await estimateWithinBound(this.client, {
      from: this.addresses[0] as Address,
      fees,
      purpose: call.purpose,
      items: call.items,
      to: call.to,
      data: call.data,
      authorizationList: call.authorizationList,
    });
    if (!estimate.ok) return { outcome: "would-revert", reason: estimate.reason };
    if (admit && !(await admit(estimate.gasLimit))) return { outcome: "held" };
    return sendTransaction(this, { ...call, value: 0n, gasLimit: estimate.gasLimit, fees });
  }

  send(request: SendRequest): Promise<SendResult> {
    return sendTransaction(this, request);
  }

  observe(tx: SenderTransactionRow, latestBlock?: bigint): Promise<{ finished: boolean; mined: boolean }> {
    return observeTransaction(this, tx, latestBlock);
  }

  /** One tracking pass over every open transaction of every key. */
  track(): Promise<void> {
    return trackTransactions(this);
  }

  /** Native balances of the keys. */
  async balances(): Promise<{ address: Address; balance: bigint }[]> {
    return Promise.all(
      this.addresses.map(async (address) => ({
        address,
        balance: await this.options.client.getBalance({ address }),
      })),
    );
  }
}
