import { getAddress, type Address, type Hex } from "viem";
import { z } from "zod";
import {
  depositReturnedFromReceipt,
  encodeReturnDeposit,
  readDepositHolding,
} from "../../chain/deposits/returns.js";
import { readDepositAuthorizations } from "../../chain/deposits/accounts.js";
import type { GaslessRuntime } from "../../chain/gasless.js";
import type { SenderOutcome } from "../../chain/sender/owner.js";
import type { PaymentSigner } from "../../chain/signer.js";
import { estimateCall } from "../../chain/subscriptions.js";
import { findChainById } from "../../db/chains/chains.js";
import {
  findDepositReturnBySenderTransaction,
  findOnceReturn,
  finishDepositReturn,
  insertDepositReturn,
  listDepositReturns,
  type DepositReturnRow,
} from "../../db/deposits/returns.js";
import type { DepositReturnKind } from "../../db/deposits/tables.js";
import { listDepositTransfers } from "../../db/deposits/transfers.js";
import type { PaymentSequencer } from "../../db/payments/paymentSequences.js";
import { findPaymentDetailsByPaymentId, type PaymentDetails } from "../../db/payments/payments.js";
import type { SenderTransactionRow } from "../../db/schema/rows.js";
import { isBytes32, newPaymentId } from "../../domain/ids.js";
import { KassaError } from "../../errors.js";
import { recordPaymentEvent } from "../webhooks/outbox.js";
import { storedDepositTerms } from "./terms.js";

/**
 * Returns from deposit addresses (payments by transfer), sent by the chain's relayer as the gateway's
 * `returnDeposit` with a `DepositReturn` of the server's signer, which the gateway lets move only what is not
 * the payment's: of its token what exceeds the amount (or all that is left once the address settled its payment
 * with an excess), any other token, native coin. The merchant's wallet is never asked for anything.
 *
 * - an overpayment's excess goes back to the payer (the sender of the transfer that settled it), once: a second
 *   request answers the return already recorded (a failed one may be requested again);
 * - another token or native coin goes to the sender of that token's transfer, the merchant's recipient, or an
 *   address the operator names (`kassa admin deposit recover`).
 *
 * The return's row is inserted in the transaction that takes the relayer's nonce and stores the signed
 * transaction (the sender's `link`), so a worker killed at any point sends it at most once, and the gateway
 * spends its return id once anyway (per deposit address). The relayer's tracker settles it (`onDepositReturnFinished`).
 */

/** How long the signed `DepositReturn` is valid: the relayer's replacements land well within it. */
export const DEPOSIT_RETURN_DEADLINE_SECONDS = 3600;

export interface DepositReturnDeps {
  gasless: GaslessRuntime;
  signer: PaymentSigner | undefined;
  /** A return id takes a sequence of the payments' counter, like a refund id. */
  nextPaymentSequence: PaymentSequencer;
}

export const depositReturnViewSchema = z
  .object({
    returnId: z.string().describe("The return's id on the gateway (bytes32, spent once)"),
    paymentId: z.string(),
    kind: z
      .enum(["excess", "late", "recovery"])
      .describe(
        "excess: an overpayment's; late: a late deposit (the recipient signed it); recovery: another token or native coin",
      ),
    tokenAddress: z.string().describe("The token returned; the zero address for native coin"),
    to: z.string().describe("Where it goes: the payer for an excess"),
    amount: z.string().describe("Base units"),
    status: z.enum(["SUBMITTED", "RETURNED", "FAILED"]),
    txHash: z.string().nullable().describe("The relayer's transaction (the mined one once RETURNED)"),
    reason: z.string().nullable().describe("Why it FAILED"),
    createdAt: z.string(),
    finishedAt: z.string().nullable(),
  })
  .describe("A return from a payment's deposit address, sent by Kassa's relayer");
export type DepositReturnView = z.infer<typeof depositReturnViewSchema>;

export function depositReturnView(row: DepositReturnRow, paymentId: string): DepositReturnView {
  return {
    returnId: row.chain_return_id,
    paymentId,
    kind: row.kind,
    tokenAddress: getAddress(row.token_address),
    to: getAddress(row.to_address),
    amount: row.amount,
    status: row.status,
    txHash: row.tx_hash,
    reason: row.reason,
    createdAt: row.created_at.toISOString(),
    finishedAt: row.finished_at?.toISOString() ?? null,
  };
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

/** The payment's returns, oldest first. */
export async function listPaymentReturns(
  deps: Pick<DepositReturnDeps, "gasless">,
  payment: PaymentDetails,
): Promise<DepositReturnView[]> {
  const rows = await listDepositReturns(deps.gasless.db, payment.id);
  return rows.map((row) => depositReturnView(row, payment.payment_id));
}

/**
 * Returns an overpayment's excess to its payer. Idempotent: `created` is false when the payment's excess return
 * was recorded already (under way or done), which it answers.
 */
export async function returnExcess(
  deps: DepositReturnDeps,
  payment: PaymentDetails,
): Promise<{ created: boolean; view: DepositReturnView }> {
  return sendOnce(deps, payment, "excess", () => {
    const excess = BigInt(payment.overpaid_amount);
    if (payment.paid_via !== "transfer" || payment.deposit_address === null || excess === 0n) {
      throw new KassaError(
        "NO_EXCESS_TO_RETURN",
        `payment ${payment.payment_id} has no excess to return (paid via ${payment.paid_via ?? "nothing yet"}, overpaid ${excess})`,
      );
    }
    if (!payment.payer_address) throw new KassaError("PAYER_ADDRESS_NOT_FOUND");
    return { token: payment.token_address as Address, to: payment.payer_address as Address, amount: excess };
  });
}

/**
 * A return sent at most once per payment and kind (an excess, a late deposit): the one recorded (under way or
 * done) is answered with `created` false; else `request` says what to send (or throws why not).
 */
export async function sendOnce(
  deps: DepositReturnDeps,
  payment: PaymentDetails,
  kind: "excess" | "late",
  request: () =>
    | { token: Address; to: Address; amount: bigint }
    | Promise<{ token: Address; to: Address; amount: bigint }>,
  authority?: RecipientAuthority,
): Promise<{ created: boolean; view: DepositReturnView }> {
  const existing = await findOnceReturn(deps.gasless.db, payment.id, kind);
  if (existing) return { created: false, view: depositReturnView(existing, payment.payment_id) };
  const sent = await sendDepositReturn(deps, payment, { kind, ...(await request()) }, authority);
  if (sent) return { created: true, view: depositReturnView(sent, payment.payment_id) };
  // Another request recorded it between the check and the send.
  const raced = await findOnceReturn(deps.gasless.db, payment.id, kind);
  if (!raced) throw new KassaError("CONFLICT", "another return of this deposit address is under way");
  return { created: false, view: depositReturnView(raced, payment.payment_id) };
}

/** Where a recovery goes: the sender of the token's transfer, the merchant's recipient, or an address. */
export type RecoveryDestination = "sender" | "merchant" | Address;

/**
 * Sends what a deposit address holds of a token that is not the payment's (the zero address: native coin),
 * all of it, to `to`.
 */
export async function recoverDeposit(
  deps: DepositReturnDeps,
  payment: PaymentDetails,
  input: { token: Address; to: RecoveryDestination },
): Promise<DepositReturnView> {
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
  let to: Address;
  if (input.to === "merchant") to = payment.recipient_address as Address;
  else if (input.to === "sender") {
    const transfers = await listDepositTransfers(deps.gasless.db, payment.id);
    const last = transfers.filter((row) => row.token_address === token.toLowerCase()).at(-1);
    if (!last) {
      throw new KassaError(
        "VALIDATION_ERROR",
        `no transfer of ${token} to the deposit address was recorded (native coin has none): name the destination`,
      );
    }
    to = last.from_address as Address;
  } else to = getAddress(input.to);
  const sent = await sendDepositReturn(deps, payment, { kind: "recovery", token, to, amount: undefined });
  if (!sent) throw new KassaError("CONFLICT", `a return of ${token} from this deposit address is under way`);
  return depositReturnView(sent, payment.payment_id);
}

/** A `DepositReturn` the merchant's recipient signed: it may move anything the address holds. */
export interface RecipientAuthority {
  returnId: Hex;
  deadline: bigint;
  signature: Hex;
}

/**
 * Sends one return through the chain's relayer, signed by the server's signer (or by the recipient:
 * `authority`), the row inserted with the signed transaction; undefined when the row could not be inserted (a
 * return of the same kind or token recorded meanwhile). `amount` undefined: everything the address holds of the
 * token.
 */
async function sendDepositReturn(
  deps: DepositReturnDeps,
  payment: PaymentDetails,
  request: { kind: DepositReturnKind; token: Address; to: Address; amount?: bigint | undefined },
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
  const amount = request.amount ?? available;
  if (amount === 0n || amount > available) {
    // The gateway counts a payment's amount as principal at an address that did not settle with an excess.
    const recipientOnly =
      holding.balance > available
        ? `; the rest moves only on the recipient's signature (GET /payments/${payment.payment_id}/late-return)`
        : "";
    throw new KassaError(
      "NOTHING_TO_RETURN",
      `the deposit address ${deposit} holds ${holding.balance} of ${request.token}, of which Kassa may return ${available}; ${amount} asked${recipientOnly}`,
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
  const estimate = await estimateCall(client, {
    from: relayer.addresses[0] as Address,
    to: gateway,
    data,
    authorizationList,
  });
  if (!estimate.ok)
    throw new KassaError("NOTHING_TO_RETURN", `the gateway refuses the return: ${estimate.reason}`);
  let row: DepositReturnRow | undefined;
  const result = await relayer.send({
    purpose: "deposit_return",
    to: gateway,
    value: 0n,
    data,
    gasLimit: (estimate.gas * 13n) / 10n,
    authorizationList,
    link: async (trx, tx, txHash) => {
      row = await insertDepositReturn(trx, {
        payment_id: payment.id,
        kind: request.kind,
        chain_return_id: returnId,
        token_address: request.token,
        to_address: request.to,
        amount,
        deadline,
        sender_transaction_id: tx.id,
        tx_hash: txHash,
        reason: null,
      });
      return row !== undefined;
    },
  });
  if (result.outcome === "abandoned") return undefined;
  gasless.logger?.info(
    { paymentId: payment.payment_id, kind: request.kind, token: request.token, outcome: result.outcome },
    "deposit return sent",
  );
  // A refused send was finished already (the hook marked the row FAILED): read it back.
  return (await findDepositReturnBySenderTransaction(gasless.db, result.tx.id)) ?? row;
}

/** The relayer's transaction of a return ended: RETURNED with the gateway's `DepositReturned`, else FAILED. */
export async function onDepositReturnFinished(
  runtime: GaslessRuntime,
  tx: SenderTransactionRow,
  outcome: SenderOutcome,
): Promise<void> {
  const row = await findDepositReturnBySenderTransaction(runtime.db, tx.id);
  if (row?.status !== "SUBMITTED") return;
  const gateway = tx.to_address;
  const event =
    outcome.status === "CONFIRMED"
      ? depositReturnedFromReceipt(outcome.receipt, { gateway, returnId: row.chain_return_id })
      : undefined;
  const at = runtime.now();
  if (event && outcome.status === "CONFIRMED") {
    const txHash = outcome.receipt.transactionHash;
    await runtime.db.transaction().execute(async (trx) => {
      const done = await finishDepositReturn(trx, row.id, { status: "RETURNED", txHash, reason: null, at });
      if (!done) return;
      const view = depositReturnView(done, row.payment_key);
      await recordPaymentEvent(trx, "payment.deposit_returned", row.payment_key, at, {
        depositReturn: {
          returnId: view.returnId,
          kind: view.kind,
          tokenAddress: view.tokenAddress,
          to: view.to,
          amount: view.amount,
          txHash,
        },
      });
    });
    return;
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
