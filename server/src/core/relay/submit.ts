import { type Address } from "viem";
import { readForwarderNonce, simulateForwardRequest } from "../../chain/forwarder.js";
import { gaslessChainError, type GaslessRuntime } from "../../chain/gasless.js";
import { type Db } from "../../db/infra/database.js";
import { findRelayRequestByPaymentRowId } from "../../db/gasless/relays.js";
import { type MerchantRow } from "../../db/schema/rows.js";
import { KassaError } from "../../errors.js";
import { requireOwnPayment } from "../payments/payments.js";
import { parseInput } from "../validation.js";
import { checkRelayRequest, invalid } from "./checks.js";
import { acceptedGasLimit, requireGasBudget, TRANSACTION_BASE_GAS } from "./gasBudget.js";
import { queueRelay } from "./queue.js";
import { checkSignedRelay, type RelayClient } from "./signed.js";
import {
  relayInputSchema,
  type ParsedRelayInput,
  type RelayInput,
  type RelaySubmitted,
  type RelayView,
  relayView,
  type SignedRelayKind,
} from "./views.js";

/**
 * POST /payments/:id/relay: checks the ForwardRequest against the payment, reads the forwarder nonce,
 * simulates the call at the fees the relayer will pay (a call that would revert, or cost more gas than its bound,
 * is refused and costs nothing), then queues it (queue.ts) within the budgets of gas at risk (gasBudget.ts).
 * The gateway's one-signature kinds (permit2, authorization, intent) are checked by signed.ts.
 */
export async function submitRelay(
  runtime: GaslessRuntime,
  merchant: MerchantRow,
  paymentId: string,
  rawInput: RelayInput,
  client: RelayClient,
): Promise<RelaySubmitted> {
  const { db } = runtime;
  const input = parseInput(relayInputSchema, rawInput);
  if (input.kind !== "forward")
    return submitSignedRelay(runtime, merchant, paymentId, { ...input, kind: input.kind }, client);
  const { payment, chain, forwarder, request } = await checkRelayRequest(runtime, merchant, paymentId, input);
  const relayer = runtime.relayer(chain);
  if (!relayer) throw new KassaError("RELAYER_NOT_CONFIGURED");
  const clients = {
    networkId: payment.network_id,
    merchantId: merchant.id,
    payer: request.from,
    clientNetwork: client.network,
  };
  await requireGasBudget(runtime, db, clients, TRANSACTION_BASE_GAS);
  const chainClient = runtime.client(chain);

  let currentNonce: bigint;
  let simulation;
  try {
    currentNonce = await readForwarderNonce(chainClient, { forwarder, owner: request.from });
    if (currentNonce !== request.nonce) {
      // A copy of this payment's own relay, slower than its mining: the payment's rule says it best.
      if (await findRelayRequestByPaymentRowId(db, payment.id))
        throw new KassaError("RELAY_ALREADY_SUBMITTED");
      throw invalid(
        ["forwardRequest", "nonce"],
        `must be the forwarder's current nonce for ${request.from}: ${currentNonce}`,
      );
    }
    simulation = await simulateForwardRequest(chainClient, {
      forwarder,
      relayer: relayer.addresses[0] as Address,
      request,
      fees: await relayer.fees(),
    });
  } catch (error) {
    throw gaslessChainError(error, "the relayer could not check the request on the chain");
  }
  const gasLimit = acceptedGasLimit(runtime, payment.network_id, "relay_forward", simulation);

  await queueRelay(runtime, payment, {
    kind: "forward",
    forwarderAddress: forwarder,
    from: request.from,
    to: request.to,
    gas: request.gas,
    forwarderNonce: request.nonce,
    permit2Nonce: null,
    deadline: request.deadline,
    data: request.data,
    signature: request.signature,
    clientNetwork: client.network,
    gasLimit,
  });
  return submitted;
}

const submitted: RelaySubmitted = {
  status: "submitted",
  message: "The payment is queued for relay; GET /payments/:id/relay follows it to CONFIRMED or FAILED",
};

/** The gateway's one-signature paths: checked and simulated (signed.ts), then queued the same way. */
async function submitSignedRelay(
  runtime: GaslessRuntime,
  merchant: MerchantRow,
  paymentId: string,
  input: ParsedRelayInput & { kind: SignedRelayKind },
  client: RelayClient,
): Promise<RelaySubmitted> {
  const { payment, relay } = await checkSignedRelay(runtime, merchant, paymentId, input, client);
  await queueRelay(runtime, payment, relay);
  return submitted;
}
/** GET /payments/:id/relay. */
export async function getRelay(db: Db, merchant: MerchantRow, paymentId: string): Promise<RelayView> {
  const payment = await requireOwnPayment(db, merchant, paymentId);
  const relay = await findRelayRequestByPaymentRowId(db, payment.id);
  if (!relay) throw new KassaError("RELAY_NOT_FOUND");
  return relayView(relay);
}
