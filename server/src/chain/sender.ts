import {
  keccak256,
  TransactionReceiptNotFoundError,
  type Address,
  type Hex,
  type LocalAccount,
  type PublicClient,
  type TransactionReceipt,
} from "viem";
import type {
  SenderOutcome,
  SenderCounters,
  TransactionSenderOptions,
  SendRequest,
  SendResult,
} from "./senderTypes.js";
import {
  advanceSenderNonce,
  cancelSenderTransaction,
  finishSenderTransaction,
  insertBroadcast,
  insertSenderTransaction,
  listBroadcastsBySenderTransactionId,
  listOpenSenderTransactions,
  lockOpenSenderTransaction,
  lockSenderAccount,
  markBroadcast,
  syncSenderAccount,
} from "../db/senders.js";
import { type SenderBroadcastRow, type SenderTransactionRow } from "../db/rows.js";
import { type SenderRole } from "../domain/records.js";
import { bumpFees, estimateFees, highestFee, type FeeQuote } from "./fees.js";
import { classifySendError, errorText, type SendErrorKind } from "./sendErrors.js";
import { BaseError } from "../domain/baseError.js";

const FILLER_GAS = 21_000n;
const FEE_CACHE_MS = 1_000;
const TRACK_CONCURRENCY = 10;

function quoteOf(broadcast: SenderBroadcastRow): FeeQuote {
  return broadcast.gas_price !== null
    ? { type: "legacy", gasPrice: BigInt(broadcast.gas_price) }
    : {
        type: "eip1559",
        maxFeePerGas: BigInt(broadcast.max_fee_per_gas ?? 0),
        maxPriorityFeePerGas: BigInt(broadcast.max_priority_fee_per_gas ?? 0),
      };
}

/** Thrown inside a send's transaction when its owner abandons it, to roll the transaction back. */
class AbandonedSend extends BaseError {}

/**
 * Sends transactions from a set of keys on one chain with a nonce ledger in PostgreSQL: many in
 * flight per key, every signed version stored before it is sent, stuck ones replaced with the same
 * nonce and higher fees, refused ones filled with a zero-value transfer so later nonces still land.
 */
export class TransactionSender {
  readonly networkId: number;
  readonly role: SenderRole;
  readonly counters: SenderCounters = { sent: 0, replaced: 0, nonceErrors: 0, refused: 0 };
  readonly #options: TransactionSenderOptions;
  readonly #accounts: Map<string, LocalAccount>;
  #synced: Promise<void> | undefined;
  #fees: { at: number; quote: Promise<FeeQuote> } | undefined;

  constructor(options: TransactionSenderOptions) {
    this.#options = options;
    this.networkId = options.networkId;
    this.role = options.role;
    this.#accounts = new Map(options.accounts.map((account) => [account.address, account]));
  }

  get addresses(): Address[] {
    return [...this.#accounts.keys()] as Address[];
  }

  get client(): PublicClient {
    return this.#options.client;
  }

  #now(): Date {
    return this.#options.now?.() ?? new Date();
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
    const { db, client } = this.#options;
    for (const address of this.#accounts.keys()) {
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
      const quote = estimateFees(this.#options.client);
      this.#fees = { at: now, quote };
      quote.catch(() => {
        if (this.#fees?.quote === quote) this.#fees = undefined;
      });
    }
    return this.#fees.quote;
  }

  async #sign(
    account: LocalAccount,
    fields: { nonce: number; to: Address; value: bigint; data: Hex; gas: bigint },
    quote: FeeQuote,
  ): Promise<Hex> {
    if (!account.signTransaction) throw new Error(`account ${account.address} cannot sign transactions`);
    const base = { chainId: this.networkId, ...fields };
    return quote.type === "eip1559"
      ? account.signTransaction({
          ...base,
          type: "eip1559",
          maxFeePerGas: quote.maxFeePerGas,
          maxPriorityFeePerGas: quote.maxPriorityFeePerGas,
        })
      : account.signTransaction({ ...base, type: "legacy", gasPrice: quote.gasPrice });
  }

  async #broadcast(raw: Hex): Promise<{ ok: true } | { ok: false; kind: SendErrorKind; message: string }> {
    try {
      await this.#options.client.request({ method: "eth_sendRawTransaction", params: [raw] });
      return { ok: true };
    } catch (error) {
      const kind = classifySendError(error);
      return kind === "known" ? { ok: true } : { ok: false, kind, message: errorText(error) };
    }
  }

  /**
   * Takes a nonce, signs, stores the signed bytes and lets the owner link itself, all in one database
   * transaction; then sends. A refused first send cancels the payload (a filler takes the nonce later).
   */
  async send(request: SendRequest): Promise<SendResult> {
    await this.ensureSynced();
    const quote = await this.fees();
    const { db } = this.#options;
    let recorded;
    try {
      recorded = await db.transaction().execute(async (trx) => {
        const account = await lockSenderAccount(trx, this.networkId, this.addresses);
        const signer = this.#accounts.get(account.address) as LocalAccount;
        const raw = await this.#sign(
          signer,
          {
            nonce: account.next_nonce,
            to: request.to,
            value: request.value,
            data: request.data,
            gas: request.gasLimit,
          },
          quote,
        );
        const txHash = keccak256(raw);
        const tx = await insertSenderTransaction(trx, {
          networkId: this.networkId,
          senderAddress: account.address,
          nonce: account.next_nonce,
          purpose: request.purpose,
          to: request.to,
          value: request.value,
          data: request.data,
          gasLimit: request.gasLimit,
        });
        const broadcast = await insertBroadcast(trx, {
          senderTransactionId: tx.id,
          txHash,
          rawTransaction: raw,
          isFiller: false,
          maxFeePerGas: quote.type === "eip1559" ? quote.maxFeePerGas : null,
          maxPriorityFeePerGas: quote.type === "eip1559" ? quote.maxPriorityFeePerGas : null,
          gasPrice: quote.type === "legacy" ? quote.gasPrice : null,
        });
        await advanceSenderNonce(trx, this.networkId, account.address);
        // The owner no longer wants it (another process took the request): roll back, so no nonce is
        // taken and no signed version is left for the tracker to send.
        if (!(await request.link(trx, tx, txHash))) throw new AbandonedSend("abandoned by its owner");
        return { tx, broadcast, raw, txHash };
      });
    } catch (error) {
      if (error instanceof AbandonedSend) return { outcome: "abandoned" };
      throw error;
    }
    const { tx, broadcast, raw, txHash } = recorded;

    const result = await this.#broadcast(raw);
    if (result.ok) {
      this.counters.sent++;
      await markBroadcast(db, broadcast.id, "SENT");
      return { outcome: "sent", tx, txHash };
    }
    if (result.kind === "unreachable") return { outcome: "unknown", tx, txHash };
    if (result.kind === "nonce-used") {
      // The ledger was behind the chain: the key is used outside Kassa. Catch up; this payload never landed.
      this.counters.nonceErrors++;
      await markBroadcast(db, broadcast.id, "REJECTED", result.message);
      await this.sync();
      const reason = `relayer nonce ${tx.nonce} was already used by another transaction`;
      await this.#finish(tx, { status: "FAILED", receipt: undefined, reason, payloadLanded: false });
      return { outcome: "refused", tx, txHash, reason };
    }
    this.counters.refused++;
    await markBroadcast(db, broadcast.id, "REJECTED", result.message);
    await cancelSenderTransaction(db, tx.id, result.message);
    const reason = `the node refused the transaction: ${result.message}`;
    await this.#options.hooks.onFinished(tx, {
      status: "FAILED",
      receipt: undefined,
      reason,
      payloadLanded: false,
    });
    return { outcome: "refused", tx, txHash, reason };
  }

  async #receipt(hash: string): Promise<TransactionReceipt | undefined> {
    try {
      return await this.#options.client.getTransactionReceipt({ hash: hash as Hex });
    } catch (error) {
      if (error instanceof TransactionReceiptNotFoundError) return undefined;
      throw error;
    }
  }

  async #finish(tx: SenderTransactionRow, outcome: SenderOutcome): Promise<void> {
    await this.#options.hooks.onFinished(tx, outcome);
    await finishSenderTransaction(this.#options.db, tx.id, {
      status: outcome.status,
      minedHash: outcome.receipt?.transactionHash ?? null,
      blockNumber: outcome.receipt ? Number(outcome.receipt.blockNumber) : null,
      errorMessage: outcome.status === "FAILED" ? outcome.reason : null,
    });
  }

  /**
   * Looks for a mined version of `tx`; records the outcome once it is `confirmations` deep. Returns
   * whether the transaction is finished.
   */
  async observe(
    tx: SenderTransactionRow,
    latestBlock?: bigint,
  ): Promise<{ finished: boolean; mined: boolean }> {
    const broadcasts = await listBroadcastsBySenderTransactionId(this.#options.db, tx.id);
    for (const broadcast of broadcasts) {
      if (broadcast.status === "REJECTED") continue;
      const receipt = await this.#receipt(broadcast.tx_hash);
      if (!receipt) continue;
      const latest = latestBlock ?? (await this.#options.client.getBlockNumber({ cacheTime: 0 }));
      if (receipt.blockNumber + BigInt(this.#options.confirmations) > latest) {
        return { finished: false, mined: true };
      }
      if (broadcast.is_filler) {
        await this.#finish(tx, {
          status: "FAILED",
          receipt,
          reason: tx.error_message ?? "the transaction was cancelled",
          payloadLanded: false,
        });
      } else if (receipt.status === "success") {
        await this.#finish(tx, { status: "CONFIRMED", receipt });
      } else {
        await this.#finish(tx, {
          status: "FAILED",
          receipt,
          reason: `transaction ${receipt.transactionHash} reverted`,
          payloadLanded: true,
        });
      }
      return { finished: true, mined: true };
    }
    return { finished: false, mined: false };
  }

  /**
   * One step of tracking for an open transaction: finish it when mined, otherwise send again what
   * may not have reached the node, replace it when stuck, or fill its nonce when it was cancelled.
   */
  async reconcile(tx: SenderTransactionRow, latestBlock: bigint): Promise<void> {
    const { db, stuckAfterMs, feeBumpPercent } = this.#options;
    const seen = await this.observe(tx, latestBlock);
    if (seen.finished || seen.mined) return;

    const next = await db.transaction().execute(async (trx) => {
      // One process at a time decides on a new version of a transaction.
      const locked = await lockOpenSenderTransaction(trx, tx.id);
      if (!locked) return undefined;
      const broadcasts = await listBroadcastsBySenderTransactionId(trx, tx.id);
      const live = broadcasts.filter((b) => b.status !== "REJECTED");
      const latest = live.at(-1);
      const needsFiller = locked.cancelled && !latest?.is_filler;
      if (!needsFiller && latest?.status === "PENDING") return { resend: latest };
      const stuck =
        latest !== undefined && this.#now().getTime() - latest.created_at.getTime() > stuckAfterMs;
      if (!needsFiller && !stuck) return undefined;

      let filler = locked.cancelled;
      const refusal = filler ? undefined : await this.#options.hooks.beforeReplace?.(tx);
      if (refusal !== undefined) filler = await cancelSenderTransaction(trx, tx.id, refusal);
      const current = await this.fees();
      const previous = highestFee(broadcasts.map(quoteOf));
      const quote = previous ? bumpFees(previous, current, feeBumpPercent) : current;
      const signer = this.#accounts.get(tx.sender_address);
      if (!signer) return undefined;
      const raw = await this.#sign(
        signer,
        filler
          ? { nonce: tx.nonce, to: signer.address, value: 0n, data: "0x", gas: FILLER_GAS }
          : {
              nonce: tx.nonce,
              to: tx.to_address as Address,
              value: BigInt(tx.value),
              data: tx.data as Hex,
              gas: BigInt(tx.gas_limit),
            },
        quote,
      );
      const broadcast = await insertBroadcast(trx, {
        senderTransactionId: tx.id,
        txHash: keccak256(raw),
        rawTransaction: raw,
        isFiller: filler,
        maxFeePerGas: quote.type === "eip1559" ? quote.maxFeePerGas : null,
        maxPriorityFeePerGas: quote.type === "eip1559" ? quote.maxPriorityFeePerGas : null,
        gasPrice: quote.type === "legacy" ? quote.gasPrice : null,
      });
      return { resend: broadcast, replacement: !filler };
    });
    if (!next) return;

    const result = await this.#broadcast(next.resend.raw_transaction as Hex);
    if (result.ok) {
      if (next.replacement) this.counters.replaced++;
      await markBroadcast(db, next.resend.id, "SENT");
      if (!next.resend.is_filler) await this.#options.hooks.onBroadcast?.(tx, next.resend.tx_hash);
      return;
    }
    if (result.kind === "unreachable") return;
    await markBroadcast(db, next.resend.id, "REJECTED", result.message);
    if (result.kind === "nonce-used") {
      // Mined in the meantime, by one of ours (found now or on the next step) or by someone else.
      const again = await this.observe(tx);
      if (again.mined) return;
      this.counters.nonceErrors++;
      await this.#finish(tx, {
        status: "FAILED",
        receipt: undefined,
        reason: `nonce ${tx.nonce} was used by a transaction Kassa did not send`,
        payloadLanded: false,
      });
    }
  }

  /** One tracking pass over every open transaction of every key. */
  async track(): Promise<void> {
    await this.ensureSynced();
    const latest = await this.#options.client.getBlockNumber({ cacheTime: 0 });
    for (const address of this.#accounts.keys()) {
      const open = await listOpenSenderTransactions(this.#options.db, this.networkId, address);
      // A few at a time: each step is a few RPC and database round trips, independent of the others.
      for (let i = 0; i < open.length; i += TRACK_CONCURRENCY) {
        await Promise.all(open.slice(i, i + TRACK_CONCURRENCY).map((tx) => this.reconcile(tx, latest)));
      }
    }
  }

  /** Native balances of the keys. */
  async balances(): Promise<{ address: Address; balance: bigint }[]> {
    return Promise.all(
      this.addresses.map(async (address) => ({
        address,
        balance: await this.#options.client.getBalance({ address }),
      })),
    );
  }
}
