import { keccak256, type Address, type Hex, type LocalAccount, type SignedAuthorizationList } from "viem";
import type { DbTransaction } from "../../db/infra/database.js";
import {
  advanceSenderNonce,
  cancelSenderTransaction,
  insertBroadcast,
  insertSenderTransaction,
  lockSenderAccount,
  markBroadcast,
} from "../../db/senders/senders.js";
import { type SenderTransactionRow } from "../../db/schema/rows.js";
import { BaseError } from "../../domain/baseError.js";
import { gasBound, senderPurposeOf, type GasPurpose } from "../../domain/gasPurposes.js";
import { broadcastRaw, feeColumns, signAtFees, type SenderContext } from "./context.js";
import { type FeeQuote } from "./fees.js";
import { countNonceError } from "./metrics.js";
import { finishTransaction } from "./track.js";

export interface SendRequest {
  /** Why it is sent: decides the most gas it may be sent with (domain/gasPurposes.ts). */
  purpose: GasPurpose;
  /** How many items it carries, for a purpose bounded per item (the deposits of a sweep); default 1. */
  items?: number;
  to: Address;
  value: bigint;
  data: Hex;
  /** At most the purpose's bound: a larger one is refused before a nonce is taken. */
  gasLimit: bigint;
  /** EIP-7702 authorizations to carry (a version-3 deposit account's first move), kept for the replacements. */
  authorizationList?: SignedAuthorizationList | undefined;
  /** The fees it was simulated at, to send it at exactly those; default the sender's current quote. */
  fees?: FeeQuote;
  /**
   * Runs inside the transaction that takes the nonce and stores the signed bytes: the owner records
   * its link to the transaction here. Returning false abandons everything (nothing is sent).
   */
  link(trx: DbTransaction, tx: SenderTransactionRow, txHash: Hex): Promise<boolean>;
}

export type SendResult =
  | { outcome: "abandoned" }
  | { outcome: "sent" | "unknown"; tx: SenderTransactionRow; txHash: Hex }
  | { outcome: "refused"; tx: SenderTransactionRow; txHash: Hex; reason: string };

/** Thrown inside a send's transaction when its owner abandons it, to roll the transaction back. */
class AbandonedSend extends BaseError {}

/** A request whose gas limit is above its purpose's bound: a caller's bug, never signed. */
export class GasBoundError extends BaseError {
  override readonly name = "GasBoundError";
}

/**
 * Sends a new transaction: takes a nonce, signs, stores the signed bytes and lets the owner link itself,
 * all in one database transaction; then hands it to the node. A refused first send cancels the payload (a
 * filler takes the nonce later); a node that had seen the nonce used moves the ledger up to the chain.
 */
export async function sendTransaction(context: SenderContext, request: SendRequest): Promise<SendResult> {
  const bound = gasBound(request.purpose, request.items);
  if (request.gasLimit > bound || request.gasLimit <= 0n) {
    throw new GasBoundError(
      `a ${request.purpose} transaction may be sent with at most ${bound} gas, not ${request.gasLimit}`,
    );
  }
  await context.ensureSynced();
  const quote = request.fees ?? (await context.fees());
  const { db } = context.options;
  const networkId = context.networkId;
  let recorded;
  try {
    recorded = await db.transaction().execute(async (trx) => {
      const account = await lockSenderAccount(trx, networkId, [...context.accounts.keys()]);
      const signer = context.accounts.get(account.address) as LocalAccount;
      const raw = await signAtFees(
        context,
        signer,
        {
          nonce: account.next_nonce,
          to: request.to,
          value: request.value,
          data: request.data,
          gas: request.gasLimit,
          authorizationList: request.authorizationList,
        },
        quote,
      );
      const txHash = keccak256(raw);
      const tx = await insertSenderTransaction(trx, {
        networkId,
        senderAddress: account.address,
        nonce: account.next_nonce,
        purpose: senderPurposeOf(request.purpose),
        to: request.to,
        value: request.value,
        data: request.data,
        gasLimit: request.gasLimit,
        authorizationList: request.authorizationList?.map((authorization) => ({
          chainId: authorization.chainId,
          address: authorization.address,
          nonce: authorization.nonce,
          r: authorization.r,
          s: authorization.s,
          yParity: authorization.yParity ?? Number((authorization.v ?? 27n) - 27n),
        })),
      });
      const broadcast = await insertBroadcast(trx, {
        senderTransactionId: tx.id,
        txHash,
        rawTransaction: raw,
        isFiller: false,
        ...feeColumns(quote),
      });
      await advanceSenderNonce(trx, networkId, account.address);
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

  const result = await broadcastRaw(context, raw);
  if (result.ok) {
    context.counters.sent++;
    await markBroadcast(db, broadcast.id, "SENT");
    return { outcome: "sent", tx, txHash };
  }
  if (result.kind === "unreachable") return { outcome: "unknown", tx, txHash };
  if (result.kind === "nonce-used") {
    // The ledger was behind the chain: the key is used outside Kassa. Catch up; this payload never landed.
    countNonceError(context);
    await markBroadcast(db, broadcast.id, "REJECTED", result.message);
    await context.sync();
    const reason = `relayer nonce ${tx.nonce} was already used by another transaction`;
    await finishTransaction(context, tx, {
      status: "FAILED",
      receipt: undefined,
      reason,
      payloadLanded: false,
    });
    return { outcome: "refused", tx, txHash, reason };
  }
  context.counters.refused++;
  await markBroadcast(db, broadcast.id, "REJECTED", result.message);
  await cancelSenderTransaction(db, tx.id, result.message);
  const reason = `the node refused the transaction: ${result.message}`;
  await context.options.hooks.onFinished(tx, {
    status: "FAILED",
    receipt: undefined,
    reason,
    payloadLanded: false,
  });
  return { outcome: "refused", tx, txHash, reason };
}
