import { type Address } from "viem";
import {
  readForwarderNonce,
  simulateForwardRequest,
  SimulationUnavailableError,
} from "../../chain/forwarder.js";
import type { GaslessRuntime } from "../../chain/gasless.js";
import { isUniqueViolation, type Db } from "../../db/infra/database.js";
import { enqueueJob } from "../../db/infra/jobQueue.js";
import { findPaymentDetailsByPaymentId } from "../../db/payments/payments.js";
import {
  findRelayRequestByPaymentRowId,
  insertRelayRequestForCreatedPayment,
  RELAY_FORWARDER_NONCE_UNIQUE,
  RELAY_PAYMENT_UNIQUE,
} from "../../db/gasless/relays.js";
import { type MerchantRow } from "../../db/schema/rows.js";
import { TASKS } from "../../domain/tasks.js";
import { KassaError } from "../../errors.js";
import { requireOwnPayment } from "../payments/payments.js";
import { checkRelayRequest, invalid, nonceTaken, requireRelayable, revertError } from "./checks.js";
import { type RelayInput, type RelaySubmitted, type RelayView, relayView } from "./views.js";

/**
 * POST /payments/:id/relay: checks the ForwardRequest against the payment, reads the forwarder nonce,
 * simulates the call (a call that would revert is refused and costs nothing), then queues it: one
 * INSERT, guarded by the payment's status, whose UNIQUE (payment) decides between concurrent
 * submissions, with the job that sends it in the same transaction.
 */
export async function submitRelay(
  runtime: GaslessRuntime,
  merchant: MerchantRow,
  paymentId: string,
  rawInput: RelayInput,
): Promise<RelaySubmitted> {
  const { db } = runtime;
  const { payment, chain, forwarder, request } = await checkRelayRequest(
    runtime,
    merchant,
    paymentId,
    rawInput,
  );
  const relayer = runtime.relayer(chain);
  if (!relayer) throw new KassaError("RELAYER_NOT_CONFIGURED");
  const client = runtime.client(chain);

  let currentNonce: bigint;
  let simulation;
  try {
    currentNonce = await readForwarderNonce(client, { forwarder, owner: request.from });
    if (currentNonce !== request.nonce) {
      // A copy of this payment's own relay, slower than its mining: the payment's rule says it best.
      if (await findRelayRequestByPaymentRowId(db, payment.id))
        throw new KassaError("RELAY_ALREADY_SUBMITTED");
      throw invalid(
        ["forwardRequest", "nonce"],
        `must be the forwarder's current nonce for ${request.from}: ${currentNonce}`,
      );
    }
    simulation = await simulateForwardRequest(client, {
      forwarder,
      relayer: relayer.addresses[0] as Address,
      request,
    });
  } catch (error) {
    if (error instanceof KassaError) throw error;
    if (error instanceof SimulationUnavailableError || error instanceof Error) {
      throw new KassaError("RELAYER_ERROR", `the chain node did not answer: ${error.message}`, {
        cause: error,
      });
    }
    throw error;
  }
  if (!simulation.ok) throw revertError(simulation.revert);

  try {
    const relay = await db.transaction().execute(async (trx) => {
      const inserted = await insertRelayRequestForCreatedPayment(trx, {
        paymentRowId: payment.id,
        networkId: payment.network_id,
        forwarderAddress: forwarder,
        from: request.from,
        to: request.to,
        gas: request.gas,
        forwarderNonce: request.nonce,
        deadline: request.deadline,
        data: request.data,
        signature: request.signature,
      });
      if (inserted) {
        await enqueueJob(trx, TASKS.submitRelay, { relayRequestId: inserted.id }, { maxAttempts: 10 });
      }
      return inserted;
    });
    if (!relay) {
      // The payment moved on since it was read: say how.
      const latest = await findPaymentDetailsByPaymentId(db, payment.payment_id);
      requireRelayable(latest ?? payment, runtime.now());
      throw new KassaError("INVALID_PAYMENT_STATUS", "the payment can no longer be relayed");
    }
  } catch (error) {
    if (isUniqueViolation(error, RELAY_PAYMENT_UNIQUE)) throw new KassaError("RELAY_ALREADY_SUBMITTED");
    if (isUniqueViolation(error, RELAY_FORWARDER_NONCE_UNIQUE)) {
      // Either key may be checked first when the same request races itself: name the payment's rule then.
      const samePayment = await findRelayRequestByPaymentRowId(db, payment.id);
      throw samePayment ? new KassaError("RELAY_ALREADY_SUBMITTED") : nonceTaken(request.nonce);
    }
    throw error;
  }
  return {
    status: "submitted",
    message: "The payment is queued for relay; GET /payments/:id/relay follows it to CONFIRMED or FAILED",
  };
}

/** GET /payments/:id/relay. */
export async function getRelay(db: Db, merchant: MerchantRow, paymentId: string): Promise<RelayView> {
  const payment = await requireOwnPayment(db, merchant, paymentId);
  const relay = await findRelayRequestByPaymentRowId(db, payment.id);
  if (!relay) throw new KassaError("RELAY_NOT_FOUND");
  return relayView(relay);
}
