import type { GaslessRuntime } from "../../chain/gasless.js";
import { isUniqueViolation } from "../../db/infra/database.js";
import { enqueueJob } from "../../db/infra/jobQueue.js";
import { findPaymentDetailsByPaymentId, type PaymentDetails } from "../../db/payments/payments.js";
import {
  findRelayRequestByPaymentRowId,
  insertRelayRequestForCreatedPayment,
  RELAY_FORWARDER_NONCE_UNIQUE,
  RELAY_PAYMENT_UNIQUE,
  RELAY_PERMIT2_NONCE_UNIQUE,
} from "../../db/gasless/relays.js";
import { TASKS } from "../../domain/tasks.js";
import { KassaError } from "../../errors.js";
import { lockMerchantRelayBudget } from "../../db/gasless/relayerGas.js";
import { nonceTaken, requireRelayable } from "./checks.js";
import { requireGasBudget } from "./gasBudget.js";
import { permit2NonceTaken, type NewRelay } from "./signed.js";

/**
 * Queues a checked relay: one INSERT, guarded by the payment's status, whose UNIQUE keys (the payment, the
 * payer's forwarder or Permit2 nonce in flight) decide between concurrent submissions, with the job that sends
 * it in the same transaction. The transaction first takes the merchant's budget lock and checks that the relay's
 * gas limit fits the merchant's, the payer's and the client's budgets of gas at risk (gasBudget.ts): relays
 * accepted at once are counted one after the other.
 */
export async function queueRelay(runtime: GaslessRuntime, payment: PaymentDetails, relay: NewRelay) {
  const { db } = runtime;
  try {
    const queued = await db.transaction().execute(async (trx) => {
      await lockMerchantRelayBudget(trx, payment.merchant_id);
      await requireGasBudget(
        runtime,
        trx,
        {
          networkId: payment.network_id,
          merchantId: payment.merchant_id,
          payer: relay.from,
          clientNetwork: relay.clientNetwork,
        },
        relay.gasLimit,
      );
      const inserted = await insertRelayRequestForCreatedPayment(trx, {
        ...relay,
        paymentRowId: payment.id,
        networkId: payment.network_id,
      });
      if (inserted) {
        await enqueueJob(trx, TASKS.submitRelay, { relayRequestId: inserted.id }, { maxAttempts: 10 });
      }
      return inserted;
    });
    if (!queued) {
      // The payment moved on since it was read: its own relay (accepted meanwhile, mined already), or say how.
      if (await findRelayRequestByPaymentRowId(db, payment.id))
        throw new KassaError("RELAY_ALREADY_SUBMITTED");
      const latest = await findPaymentDetailsByPaymentId(db, payment.payment_id);
      requireRelayable(latest ?? payment, runtime.now());
      throw new KassaError("INVALID_PAYMENT_STATUS", "the payment can no longer be relayed");
    }
  } catch (error) {
    if (isUniqueViolation(error, RELAY_PAYMENT_UNIQUE)) throw new KassaError("RELAY_ALREADY_SUBMITTED");
    const nonceKey = isUniqueViolation(error, RELAY_FORWARDER_NONCE_UNIQUE)
      ? nonceTaken(relay.forwarderNonce ?? 0n)
      : isUniqueViolation(error, RELAY_PERMIT2_NONCE_UNIQUE)
        ? permit2NonceTaken(relay.permit2Nonce ?? 0n)
        : undefined;
    if (nonceKey) {
      // Either key may be checked first when the same request races itself: name the payment's rule then.
      const samePayment = await findRelayRequestByPaymentRowId(db, payment.id);
      throw samePayment ? new KassaError("RELAY_ALREADY_SUBMITTED") : nonceKey;
    }
    throw error;
  }
}
