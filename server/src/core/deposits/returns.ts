import { getAddress, zeroAddress, type Address, type Hex } from "viem";
import { readDepositAuthorizations } from "../../chain/deposits/accounts.js";
import { encodeReturnDeposit, readDepositHolding } from "../../chain/deposits/returns.js";
import type { GaslessRuntime } from "../../chain/gasless.js";
import type { SenderOutcome } from "../../chain/sender/owner.js";
import type { PaymentSigner } from "../../chain/signer.js";
import { findChainById } from "../../db/chains/chains.js";
import {
  findDepositReturnBySenderTransaction,
  finishDepositReturn,
  hasDepositReturnInFlight,
  insertDepositReturn,
  type DepositReturnRow,
} from "../../db/deposits/returns.js";
import type { DepositReturnKind } from "../../db/schema/depositTables.js";
import { lockDepositPayment } from "../../db/deposits/transfers.js";
import type { Db } from "../../db/infra/database.js";
import type { PaymentSequencer } from "../../db/payments/paymentSequences.js";
import { findPaymentDetailsByPaymentId, type PaymentDetails } from "../../db/payments/payments.js";
import type { SenderTransactionRow } from "../../db/schema/rows.js";
import type { SenderDebt } from "../../domain/depositAllocation.js";
import { isBytes32, newPaymentId } from "../../domain/ids.js";
import { KassaError } from "../../errors.js";
import { allocationOf, readDepositHoldings, takenFrom } from "./holdings.js";
import { recordDepositMovesFromReceipt } from "./moves.js";
import { listPaymentReturns, type DepositReturnView } from "./returnViews.js";
import { storedDepositTerms } from "./terms.js";

/**
 * Returns from deposit addresses (payments by transfer), sent by the chain's relayer as the gateway's
 * `returnDeposit`. Money goes back only to whoever sent it, and only what they sent: each return names the recorded
 * transfers it sends back (transfer_ids), all from its one `to`, and its amount is at most what that sender is owed
 * (holdings.ts, domain/depositAllocation.ts), checked again under the payment's row lock in the transaction that
 * records it. 0-value transfers, dust and transfers from the address itself were never recorded, so no stranger is
 * ever a destination.
 *
 * - an overpayment's excess goes back to the sender of each transfer beyond the amount (usually the payer alone) on
 *   the server signer's authority, which the gateway limits to what is not the payment's; asked again, the returns
 *   already recorded are answered and only what is newly owed is sent;
 * - a late deposit goes back to its senders on the merchant's recipient's signature (lateReturns.ts);
 * - another token goes back to each of its senders, and an operator may send what no recorded transfer brought
 *   (native coin, which has no transfer logs) to the merchant's recipient or an address (`kassa admin deposit
 *   recover`).
 *
 * A return's row is inserted in the transaction that takes the relayer's nonce and stores the signed transaction
 * (the sender's `link`), so a worker killed at any point sends it at most once, and the gateway spends its return id
 * once anyway (per deposit address). The relayer's tracker settles it (`onDepositReturnFinished`), and so does the
 * watcher, which reads every `DepositReturned` (moves.ts).
 */

/** How long the signed `DepositReturn` is valid: the relayer's replacements land well within it. */
export const DEPOSIT_RETURN_DEADLINE_SECONDS = 3600;

export interface DepositReturnDeps {
  gasless: GaslessRuntime;
  signer: PaymentSigner | undefined;
  /** A return id takes a sequence of the payments' counter, like a refund id. */
  nextPaymentSequence: PaymentSequencer;
}

/** Any merchant's payment, for the operator's commands. */
export async function findReturnPayment(
  deps: Pick<DepositReturnDeps, "gasless">,
  paymentId: string,
): Promise<PaymentDetails> {
  const payment = isBytes32(paymentId)
    ? await findPaymentDetailsByPaymentId(deps.gasless.db, paymentId)
    : undefined;
  if (!payment) throw new KassaError("PAYMENT_NOT_FOUND", `payment ${paymentId} not found`);
  return payment;
}

/**
 * What each sender of `token` to the payment's deposit address is owed now: what they sent less what the payment
 * keeps of it (of its own token) and what went back to them already.
 */
export async function senderDebts(
  db: Db,
  payment: PaymentDetails,
  token: string,
  now: Date,
): Promise<SenderDebt[]> {
  const holdings = await readDepositHoldings(db, payment.id, token, now);
  const ofPayment = token.toLowerCase() === payment.token_address.toLowerCase();
  return allocationOf(holdings, ofPayment ? takenFrom(payment, holdings.net) : 0n).debts;
}

/** The returns sent and all the payment's returns of `kind`; `created` says whether this call sent any. */
export interface ReturnsAnswer {
  created: boolean;
  returns: DepositReturnView[];
}

/**
 * Returns an overpayment's excess: what each sender sent beyond what the payment keeps (usually the payer alone), one
 * return per sender, on the server signer's authority. Idempotent: what was returned already is owed no more, so
 * asking again sends nothing new (`created` false) and answers the excess returns recorded.
 */
export async function returnExcess(deps: DepositReturnDeps, payment: PaymentDetails): Promise<ReturnsAnswer> {
  const { db } = deps.gasless;
  const now = deps.gasless.now();
  if (payment.paid_via !== "transfer" || payment.deposit_address === null) {
    throw new KassaError(
      "NO_EXCESS_TO_RETURN",
      `payment ${payment.payment_id} has no excess to return (paid via ${payment.paid_via ?? "nothing yet"})`,
    );
  }
  const debts = await senderDebts(db, payment, payment.token_address, now);
  const created = await sendToSenders(deps, payment, "excess", payment.token_address as Address, debts);
  const returns = await listPaymentReturns(db, payment, now, "excess");
  if (!created && returns.length === 0) {
    throw new KassaError(
      "NO_EXCESS_TO_RETURN",
      `payment ${payment.payment_id} has no excess to return (overpaid ${payment.overpaid_amount}, nothing owed to a sender)`,
    );
  }
  return { created, returns };
}

/**
 * One return per debt on the server signer's authority; a refusal (the gateway's bound, a return under way) stops
 * there and is thrown only when nothing was sent. Resolves whether any was sent.
 */
async function sendToSenders(
  deps: DepositReturnDeps,
  payment: PaymentDetails,
  kind: DepositReturnKind,
  token: Address,
  debts: readonly SenderDebt[],
): Promise<boolean> {
  let sent = 0;
  for (const debt of debts) {
    try {
      const row = await sendDepositReturn(deps, payment, {
        kind,
        token,
        to: getAddress(debt.to),
        amount: debt.amount,
        transferIds: debt.transferIds,
      });
      if (!row) throw new KassaError("CONFLICT", "another return from this deposit address is under way");
      sent++;
    } catch (error) {
      if (sent === 0) throw error;
      deps.gasless.logger?.warn({ paymentId: payment.payment_id, err: error }, "deposit return not sent");
      break;
    }
  }
  return sent > 0;
}

/** Where a recovery goes: each sender of the token, the merchant's recipient, or an address. */
export type RecoveryDestination = "sender" | "merchant" | Address;

/**
 * Sends what a deposit address holds of a token that is not the payment's (the zero address: native coin). To
 * `sender`: each sender what they sent (named transfers). To the merchant or an address: only what no recorded
 * transfer brought (native coin; a token's balance beyond its senders' due), so no one's transfer is redirected.
 */
export async function recoverDeposit(
  deps: DepositReturnDeps,
  payment: PaymentDetails,
  input: { token: Address; to: RecoveryDestination },
): Promise<DepositReturnView[]> {
  const { db } = deps.gasless;
  const now = deps.gasless.now();
  const token = getAddress(input.token);
  if (payment.deposit_address === null) {
    throw new KassaError("VALIDATION_ERROR", `payment ${payment.payment_id} has no deposit address`);
  }
  if (token.toLowerCase() === payment.token_address.toLowerCase()) {
    throw new KassaError(
      "VALIDATION_ERROR",
      "that is the payment's own token: only its excess goes back (return-excess); the rest is the merchant's",
    );
  }
  const debts = token === zeroAddress ? [] : await senderDebts(db, payment, token, now);
  const before = new Set((await listPaymentReturns(db, payment, now, "recovery")).map((r) => r.returnId));
  if (input.to === "sender") {
    if (debts.length === 0) {
      throw new KassaError(
        "NOTHING_TO_RETURN",
        `no sender of ${token} to the deposit address is owed anything (native coin has no recorded transfers): --to merchant or an address`,
      );
    }
    await sendToSenders(deps, payment, "recovery", token, debts);
  } else {
    const to = input.to === "merchant" ? getAddress(payment.recipient_address) : getAddress(input.to);
    const owed = debts.reduce((sum, debt) => sum + debt.amount, 0n);
    const sent = await sendDepositReturn(deps, payment, {
      kind: "recovery",
      token,
      to,
      unattributedBeyond: owed,
    });
    if (!sent)
      throw new KassaError("CONFLICT", `a return of ${token} from this deposit address is under way`);
  }
  return (await listPaymentReturns(db, payment, now, "recovery")).filter((r) => !before.has(r.returnId));
}

/** A `DepositReturn` the merchant's recipient signed: it may move anything the address holds. */
export interface RecipientAuthority {
  returnId: Hex;
  deadline: bigint;
  signature: Hex;
}

/**
 * What one return sends: to a sender, `amount` of what they are owed from `transferIds` (checked again when it is
 * recorded); or, for the operator's recovery to the merchant or an address, all the address holds beyond
 * `unattributedBeyond` (what its senders are owed).
 */
export type ReturnRequest = { kind: DepositReturnKind; token: Address; to: Address } & (
  { amount: bigint; transferIds: string[] } | { unattributedBeyond: bigint }
);

/**
 * Whether `to` is still owed `amount` of `token` by the payment's deposit address, read under the payment's row
 * lock (the caller's transaction): two returns to one sender can never both be recorded for the same money.
 */
async function stillOwed(
  trx: Db,
  payment: PaymentDetails,
  request: { token: Address; to: Address; amount: bigint },
  now: Date,
): Promise<boolean> {
  const current = await lockDepositPayment(trx, { rowId: payment.id });
  if (!current) return false;
  const debts = await senderDebts(trx, current, request.token, now);
  const debt = debts.find((entry) => entry.to === request.to.toLowerCase());
  return debt !== undefined && debt.amount >= request.amount;
}

/**
 * Sends one return through the chain's relayer, signed by the server's signer (or by the recipient:
 * `authority`), the row inserted with the signed transaction; undefined when it could not be recorded (its sender is
 * owed less by then, or, a recovery to an address, another return of the token is in flight).
 */
export async function sendDepositReturn(
  deps: DepositReturnDeps,
  payment: PaymentDetails,
  request: ReturnRequest,
  authority?: RecipientAuthority,
): Promise<DepositReturnRow | undefined> {
  const { gasless, signer } = deps;
  const terms = storedDepositTerms(payment);
  if (!terms || payment.deposit_address === null) throw new KassaError("NO_EXCESS_TO_RETURN");
  if (!authority && !signer)
    throw new KassaError("SIGNING_SERVICE_ERROR", "no server signing key is configured");
  const chain = await findChainById(gasless.db, payment.chain_id);
  const relayer = chain && gasless.relayer(chain);
  if (!chain || !relayer) throw new KassaError("RELAYER_NOT_CONFIGURED");
  const gateway = payment.gateway_address as Address;
  const deposit = getAddress(payment.deposit_address);
  const client = gasless.client(chain);
  const holding = await readDepositHolding(client, { gateway, deposit, token: request.token });
  const ofPayment = request.token.toLowerCase() === payment.token_address.toLowerCase();
  const available =
    ofPayment && !holding.settledWithExcess && !authority
      ? holding.balance > terms.amount
        ? holding.balance - terms.amount
        : 0n
      : holding.balance;
  const amount =
    "amount" in request
      ? request.amount
      : holding.balance > request.unattributedBeyond
        ? holding.balance - request.unattributedBeyond
        : 0n;
  if (amount === 0n || amount > available) {
    // The gateway counts a payment's amount as principal at an address that did not settle with an excess.
    const recipientOnly =
      holding.balance > available
        ? `; the rest moves only on the recipient's signature (GET /payments/${payment.payment_id}/late-return)`
        : "";
    throw new KassaError(
      "NOTHING_TO_RETURN",
      `the deposit address ${deposit} holds ${holding.balance} of ${request.token}, of which Kassa may return ${available}${"amount" in request ? "" : ` and no sender is owed ${amount}`}; ${amount} asked${recipientOnly}`,
    );
  }
  const deadline =
    authority?.deadline ??
    BigInt(Math.floor(gasless.now().getTime() / 1000) + DEPOSIT_RETURN_DEADLINE_SECONDS);
  const returnId =
    authority?.returnId ??
    newPaymentId(
      await deps.nextPaymentSequence({ chainId: payment.chain_id, gatewayAddress: payment.gateway_address }),
    );
  const signed = { deposit, returnId, tokenAddress: request.token, to: request.to, amount, deadline };
  let signature: Hex;
  try {
    signature =
      authority?.signature ??
      (await (signer as PaymentSigner).signDepositReturn({
        chainId: payment.network_id,
        gateway,
        request: signed,
      }));
  } catch (error) {
    throw new KassaError("SIGNATURE_ERROR", undefined, { cause: error });
  }
  const data = encodeReturnDeposit({ terms, request: signed, signature });
  // A version-3 deposit account moved for the first time: the transaction carries its public authorization.
  const authorizationList = await readDepositAuthorizations(client, {
    chainId: payment.network_id,
    gateway,
    terms: [terms],
  });
  const transferIds = "transferIds" in request ? request.transferIds : [];
  let row: DepositReturnRow | undefined;
  const result = await relayer.estimateAndSend({
    purpose: "deposit_return",
    to: gateway,
    data,
    authorizationList,
    link: async (trx, tx, txHash) => {
      // A recovery of what no sender is owed, not while a return of the token is in flight: the address still holds
      // what that return sends, which its sender is no longer owed (returnedByAddress).
      const recordable =
        "transferIds" in request
          ? await stillOwed(trx, payment, { ...request, amount }, gasless.now())
          : (await lockDepositPayment(trx, { rowId: payment.id })) !== undefined &&
            !(await hasDepositReturnInFlight(trx, payment.id, request.token, gasless.now()));
      if (!recordable) return false;
      row = await insertDepositReturn(trx, {
        payment_id: payment.id,
        kind: request.kind,
        chain_return_id: returnId,
        token_address: request.token,
        to_address: request.to,
        amount,
        transfer_ids: transferIds,
        deadline,
        sender_transaction_id: tx.id,
        tx_hash: txHash,
        reason: null,
      });
      return row !== undefined;
    },
  });
  if (result.outcome === "would-revert")
    throw new KassaError("NOTHING_TO_RETURN", `the gateway refuses the return: ${result.reason}`);
  if (result.outcome === "abandoned" || result.outcome === "held") return undefined;
  gasless.logger?.info(
    { paymentId: payment.payment_id, kind: request.kind, token: request.token, outcome: result.outcome },
    "deposit return sent",
  );
  // A refused send was finished already (the hook marked the row FAILED): read it back.
  return (await findDepositReturnBySenderTransaction(gasless.db, result.tx.id)) ?? row;
}

/**
 * The relayer's transaction of a return ended: confirmed, its receipt's `DepositReturned` is recorded as the watcher
 * records it (moves.ts: RETURNED, `payment.deposit_returned`); otherwise, or without that event, FAILED.
 */
export async function onDepositReturnFinished(
  runtime: GaslessRuntime,
  tx: SenderTransactionRow,
  outcome: SenderOutcome,
): Promise<void> {
  const row = await findDepositReturnBySenderTransaction(runtime.db, tx.id);
  if (row?.status !== "SUBMITTED") return;
  const at = runtime.now();
  if (outcome.status === "CONFIRMED") {
    const payment = await findPaymentDetailsByPaymentId(runtime.db, row.payment_key);
    const recorded =
      payment &&
      (await recordDepositMovesFromReceipt(runtime.db, {
        chainId: payment.chain_id,
        gateway: tx.to_address,
        receipt: outcome.receipt,
        now: at,
      }));
    if (recorded?.returnIds.includes(row.chain_return_id)) return;
  }
  const reason =
    outcome.status === "FAILED"
      ? outcome.reason
      : `transaction ${outcome.receipt.transactionHash} returned nothing`;
  await finishDepositReturn(runtime.db, row.id, {
    status: "FAILED",
    txHash: outcome.receipt?.transactionHash ?? row.tx_hash,
    reason,
    at,
  });
}
