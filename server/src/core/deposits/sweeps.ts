import type { Address } from "viem";
import { releaseSweptPayments } from "../../db/payments/paymentDeposits.js";
import { readDepositAuthorizations } from "../../chain/deposits/accounts.js";
import { encodeSweep } from "../../chain/deposits/sweep.js";
import type { GaslessRuntime } from "../../chain/gasless.js";
import type { SenderOutcome } from "../../chain/sender/owner.js";
import type { TransactionSender } from "../../chain/sender/transactionSender.js";
import type { PaymentSigner } from "../../chain/signer.js";
import { findChainById } from "../../db/chains/chains.js";
import {
  findDepositSweepBySenderTransaction,
  findSweptPayments,
  findUnsweptDepositChainIds,
  findUnsweptDeposits,
  finishDepositSweep,
  insertDepositSweep,
  recordSweepRefusal,
} from "../../db/deposits/sweeps.js";
import type { PaymentDetails } from "../../db/payments/payments.js";
import type { ChainRow, SenderTransactionRow } from "../../db/schema/rows.js";
import { BaseError } from "../../domain/baseError.js";
import { recordDepositMovesFromReceipt } from "./moves.js";
import { storedDepositTerms } from "./terms.js";

/**
 * Sweeps: once a transfer has settled a payment (PAID on final transfers, detection.ts), the relayer moves its
 * amount from the deposit address to the merchant's recipient and the treasury with the gateway's `sweepDeposit`,
 * or `sweepDeposits` for up to SWEEP_BATCH_LIMIT deposits of a chain at once, paid from the relayer like relays
 * and subscription charges (same sender, nonce ledger, fee replacement). The sweep's record is inserted, and takes
 * its payments, in the transaction that stores the signed transaction (the sender's `link`), so a payment is in
 * one sweep under way at most and a worker killed after the broadcast leaves the record for the relayer's tracker
 * to finish (`onSweepFinished`): confirmed, each payment records its `DepositSwept`; failed, the payments are let
 * go and the next run sweeps them again. The gateway refuses a second sweep of a payment anyway (its paid bit). The
 * watcher reads every `DepositSwept` too (moves.ts), whoever sent it, and a reorg that removes one makes its
 * payment unswept again, for the next run.
 */

/** Most deposits in one `sweepDeposits`: about 50k gas each, well inside any block. */
export const SWEEP_BATCH_LIMIT = 20;
/** Most batches per chain in one run (the rest wait for the next run). */
const BATCHES_PER_RUN = 10;
/**
 * A deposit whose sweep would revert (its token blocks the address, or is paused) is tried again after a minute,
 * then after twice the previous delay each time, at most six hours: a blocked address costs a few estimates a day,
 * and such deposits never fill a run ahead of the others.
 */
export const SWEEP_RETRY_FIRST_MS = 60_000;
export const SWEEP_RETRY_MAX_MS = 6 * 60 * 60_000;

export type SweepResult = "sent" | "in-flight" | "not-sweepable";

/** The node refused a sweep: the chain's run stops there (each further sweep would be refused too). */
class SweepRefused extends BaseError {}

/** Sweeps every chain's settled deposits no sweep holds; resolves how many deposits were sent. */
export async function sweepSettledDeposits(
  runtime: GaslessRuntime,
  signer: PaymentSigner | undefined,
  batchLimit = SWEEP_BATCH_LIMIT,
): Promise<number> {
  if (!signer) return 0;
  let sent = 0;
  for (const chainId of await findUnsweptDepositChainIds(runtime.db)) {
    const chain = await findChainById(runtime.db, chainId);
    const relayer = chain && runtime.relayer(chain);
    if (!chain || !relayer) continue;
    try {
      sent += await sweepChain(runtime, signer, chain, relayer, batchLimit);
    } catch (error) {
      // A node that did not answer, or refused the relayer: the deposits stay unswept for the next run.
      runtime.logger?.warn({ chainId: chain.network_id, err: error }, "deposit sweeps stopped for this run");
    }
  }
  return sent;
}

async function sweepChain(
  runtime: GaslessRuntime,
  signer: PaymentSigner,
  chain: ChainRow,
  relayer: TransactionSender,
  batchLimit: number,
): Promise<number> {
  const due = await findUnsweptDeposits(runtime.db, chain.id, batchLimit * BATCHES_PER_RUN, runtime.now());
  // One gateway per call (a chain's payments may span a redeployed gateway), at most batchLimit deposits each.
  const byGateway = new Map<string, PaymentDetails[]>();
  for (const payment of due) {
    byGateway.set(payment.gateway_address, [...(byGateway.get(payment.gateway_address) ?? []), payment]);
  }
  let sent = 0;
  for (const payments of byGateway.values()) {
    for (let i = 0; i < payments.length; i += batchLimit) {
      sent += await sweepGroup(runtime, signer, chain, relayer, payments.slice(i, i + batchLimit));
    }
  }
  return sent;
}

/** Sends one sweep of `group`, or, when the batch would revert, one per deposit (skipping those that would). */
async function sweepGroup(
  runtime: GaslessRuntime,
  signer: PaymentSigner,
  chain: ChainRow,
  relayer: TransactionSender,
  group: PaymentDetails[],
): Promise<number> {
  const result = await sweepDeposits(runtime, signer, chain, relayer, group);
  if (result === "sent") return group.length;
  if (result === "in-flight" || group.length === 1) return 0;
  let sent = 0;
  for (const payment of group) {
    if ((await sweepDeposits(runtime, signer, chain, relayer, [payment])) === "sent") sent++;
  }
  return sent;
}

/**
 * One sweep transaction of `payments` (one gateway's), if the node says it would go through. A single deposit that
 * cannot be swept is put off (SWEEP_RETRY_FIRST_MS, doubling); a batch that cannot is left to the caller, which
 * tries its deposits one by one.
 */
export async function sweepDeposits(
  runtime: GaslessRuntime,
  signer: PaymentSigner,
  chain: ChainRow,
  relayer: TransactionSender,
  payments: PaymentDetails[],
): Promise<SweepResult> {
  const terms = payments.map(storedDepositTerms).filter((entry) => entry !== undefined);
  const [first] = payments;
  if (!first) return "not-sweepable";
  if (terms.length !== payments.length) {
    await putOff(runtime, chain, payments, "the payment has no deposit terms");
    return "not-sweepable";
  }
  const gateway = first.gateway_address as Address;
  const signature = await signer.signDepositSweep({ chainId: chain.network_id, gateway, terms });
  const data = encodeSweep(terms, signature);
  // A version-3 deposit account moved for the first time: the transaction carries its public authorization.
  const authorizationList = await readDepositAuthorizations(runtime.client(chain), {
    chainId: chain.network_id,
    gateway,
    terms,
  });
  const result = await relayer.estimateAndSend({
    purpose: "deposit_sweep",
    items: payments.length,
    to: gateway,
    data,
    authorizationList,
    link: (trx, tx) =>
      insertDepositSweep(trx, {
        chainId: chain.id,
        senderTransactionId: tx.id,
        paymentIds: payments.map((payment) => payment.id),
      }),
  });
  if (result.outcome === "would-revert") {
    await putOff(runtime, chain, payments, result.reason);
    return "not-sweepable";
  }
  if (result.outcome === "abandoned" || result.outcome === "held") return "in-flight";
  // The node will not take the relayer's transactions (most often: no funds for the gas); the next run tries again.
  if (result.outcome === "refused") throw new SweepRefused(result.reason);
  runtime.logger?.info(
    { chainId: chain.network_id, deposits: payments.length, outcome: result.outcome },
    "deposit sweep sent",
  );
  return "sent";
}

/** Says that the sweep of `payments` would revert; one deposit's next try is put off (recordSweepRefusal). */
async function putOff(
  runtime: GaslessRuntime,
  chain: ChainRow,
  payments: PaymentDetails[],
  reason: string,
): Promise<void> {
  const [payment] = payments;
  const retry =
    payment && payments.length === 1
      ? await recordSweepRefusal(runtime.db, payment.id, {
          reason,
          now: runtime.now(),
          firstDelayMs: SWEEP_RETRY_FIRST_MS,
          maxDelayMs: SWEEP_RETRY_MAX_MS,
        })
      : undefined;
  runtime.logger?.warn(
    { chainId: chain.network_id, payments: payments.map((p) => p.payment_id), reason, ...retry },
    "deposit sweep would revert: not sent",
  );
}

/**
 * The relayer's transaction of a sweep ended (told until it is recorded, so this is idempotent). Confirmed: each
 * `DepositSwept` of the receipt is recorded as the watcher records it (moves.ts: the payment is swept); a payment
 * without one (none, unless the gateway changed or someone else's sweep came first) is let go. Failed: the sweep is
 * FAILED and lets go of every payment it held that no other sweep moved.
 */
export async function onSweepFinished(
  runtime: GaslessRuntime,
  tx: SenderTransactionRow,
  outcome: SenderOutcome,
): Promise<void> {
  const { db } = runtime;
  const sweep = await findDepositSweepBySenderTransaction(db, tx.id);
  if (!sweep || sweep.status !== "PENDING") return;
  const now = runtime.now();
  const payments = await findSweptPayments(db, sweep.id);
  const receipt = outcome.receipt;
  const swept =
    outcome.status === "CONFIRMED" && receipt
      ? (
          await recordDepositMovesFromReceipt(db, {
            chainId: sweep.chain_id,
            gateway: tx.to_address,
            receipt,
            now,
          })
        ).sweptPaymentIds
      : [];
  await db.transaction().execute(async (trx) => {
    const finished = await finishDepositSweep(trx, sweep.id, {
      status: outcome.status,
      txHash: receipt?.transactionHash ?? null,
      blockNumber: receipt?.blockNumber ?? null,
      gasUsed: receipt?.gasUsed ?? null,
      errorMessage: outcome.status === "FAILED" ? outcome.reason : null,
      now,
    });
    if (!finished) return;
    const unswept = payments.filter((payment) => !swept.includes(payment.payment_id.toLowerCase()));
    await releaseSweptPayments(
      trx,
      sweep.id,
      unswept.map((payment) => payment.id),
    );
  });
  runtime.logger?.info(
    { chainId: sweep.network_id, sweep: sweep.id, status: outcome.status, swept: swept.length },
    "deposit sweep finished",
  );
}
