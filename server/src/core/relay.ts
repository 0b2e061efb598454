import {
  encodePay,
  erc2771ForwarderAbi,
  forwarderDomain,
  forwardRequestTypes,
  paymentGatewayAbi,
  type ForwardRequestData,
} from "@kassa/contracts";
import {
  decodeFunctionData,
  getAddress,
  isAddress,
  recoverTypedDataAddress,
  zeroAddress,
  type Address,
  type Hex,
} from "viem";
import { z } from "zod";
import {
  encodeExecute,
  simulateForwardRequest,
  SimulationUnavailableError,
  type DecodedRevert,
} from "../chain/forwarder.js";
import { finalBlockNumber } from "../chain/finality.js";
import type { SenderOutcome } from "../chain/sender.js";
import { findChainById, findChainByNetworkId } from "../db/chains.js";
import { isUniqueViolation, type Db } from "../db/database.js";
import {
  findPaymentDetailsByPaymentId,
  findPaymentStateByRowId,
  type PaymentDetails,
} from "../db/payments.js";
import {
  findRelayRequestById,
  findRelayRequestByPaymentRowId,
  findRelayRequestBySenderTransactionId,
  findRelayRevertAtLimit,
  findUnfinishedRelayByForwarderNonce,
  finishRelayRequest,
  insertRelayRequestForCreatedPayment,
  markRelaySubmitted,
  RELAY_FORWARDER_NONCE_UNIQUE,
  RELAY_PAYMENT_UNIQUE,
  recordRelayRevert,
  relayStatuses,
  setRelayTransactionHash,
  type RelayRequestRow,
} from "../db/relays.js";
import type { SenderTransactionRow } from "../db/senders.js";
import type { ChainRow, MerchantRow } from "../db/types.js";
import { requireOwnPayment } from "./payments.js";
import { KassaError, type ErrorCode } from "../errors.js";
import type { GaslessRuntime } from "../chain/gasless.js";
import { enqueueJob } from "../db/jobQueue.js";
import { paymentCompletedFromReceipt } from "../chain/gatewayEvents.js";
import { applyPaymentCompletedIn, failPayment } from "./settlement.js";
import { parseInput } from "./validation.js";
import { TASKS } from "../domain/tasks.js";

const uint = z
  .union([
    z.string().regex(/^\d+$/, "must be a decimal integer string"),
    z.number().int().nonnegative(),
    z.bigint().nonnegative(),
  ])
  .transform((value) => BigInt(value));

export const relayInputSchema = z.object({
  paymentId: z.string().describe("Must equal the paymentId of the path"),
  forwarderAddress: z.string().describe("The payment's forwarderAddress"),
  forwardRequest: z.object({
    from: z.string().optional().describe("Payer wallet"),
    to: z.string().describe("The payment's gatewayAddress"),
    value: uint.describe("Always 0"),
    gas: uint.describe("Gas for the pay() call; 200000 recommended"),
    nonce: uint.describe("The payer's current nonce on the forwarder"),
    deadline: uint.describe("Unix seconds: signature expiry"),
    data: z
      .string()
      .regex(/^0x([0-9a-fA-F]{2})*$/, "must be 0x-prefixed hex bytes")
      .describe("The encoded pay(...) call"),
    signature: z.string().describe("EIP-712 signature of the ForwardRequest, 0x-prefixed"),
  }),
});
export type RelayInput = z.input<typeof relayInputSchema>;

export const relaySubmittedSchema = z.object({
  status: z.literal("submitted"),
  message: z.string(),
});
export type RelaySubmitted = z.infer<typeof relaySubmittedSchema>;

/** A gasless relay request, as the API shows it. */
export const relayViewSchema = z
  .object({
    status: z.enum(relayStatuses),
    transactionHash: z.string().nullable().describe("Latest transaction hash; the mined one once CONFIRMED"),
    errorMessage: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: "RelayRequest" });
export type RelayView = z.infer<typeof relayViewSchema>;

export function relayView(relay: RelayRequestRow): RelayView {
  return {
    status: relay.status,
    transactionHash: relay.transaction_hash,
    errorMessage: relay.error_message,
    createdAt: relay.created_at.toISOString(),
    updatedAt: relay.updated_at.toISOString(),
  };
}

function invalid(path: string[], message: string, code: ErrorCode = "VALIDATION_ERROR"): KassaError {
  return code === "VALIDATION_ERROR"
    ? new KassaError(code, message, { details: [{ path, message }] })
    : new KassaError(code, message);
}

function requireRelayable(payment: PaymentDetails, now: Date): void {
  if (payment.status !== "CREATED") {
    throw new KassaError("INVALID_PAYMENT_STATUS", `the payment is ${payment.status}, not CREATED`);
  }
  if (payment.expires_at.getTime() <= now.getTime()) {
    throw new KassaError("PAYMENT_EXPIRED", `the payment expired at ${payment.expires_at.toISOString()}`);
  }
}

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** The reason a simulated forward request would revert, as the error the payer can act on. */
export function revertError(revert: DecodedRevert): KassaError {
  const [a, b, c] = revert.args;
  switch (revert.errorName) {
    case "PaymentAlreadyProcessed":
      return new KassaError("INVALID_PAYMENT_STATUS", "the payment is already paid on-chain");
    case "PaymentRequestExpired":
      return new KassaError("PAYMENT_EXPIRED", "the payment's signature deadline has passed on-chain");
    case "ERC2771ForwarderInvalidSigner":
      return new KassaError(
        "INVALID_SIGNATURE",
        `the forwarder recovers ${String(a)}, not ${String(b)}: the request was signed for another ` +
          "forwarder nonce (one already used), or a field changed after signing",
      );
    case "ERC2771ForwarderExpiredRequest":
      return invalid(["forwardRequest", "deadline"], "the forward request deadline has passed");
    case "ERC20InsufficientBalance":
      return new KassaError(
        "INSUFFICIENT_TOKEN_BALANCE",
        `the payer holds ${String(b)} base units of the token, the payment needs ${String(c)}`,
      );
    case "ERC20InsufficientAllowance":
      return invalid(
        ["forwardRequest", "data"],
        `the gateway may spend ${String(b)} base units of the payer's token, the payment needs ${String(c)}: ` +
          "approve the gateway first or include an EIP-2612 permit in pay()",
      );
    case "OutOfGas":
      return invalid(["forwardRequest", "gas"], revert.description);
    case "InvalidServerSignature":
    case "ERC2771UntrustfulTarget":
      return new KassaError("CHAIN_CONFIG_ERROR", `the contracts refuse the payment: ${revert.description}`);
    case "EnforcedPause":
      return new KassaError("INVALID_REQUEST", "the payment gateway is paused");
    default:
      return new KassaError(
        "INVALID_REQUEST",
        `the forwarded pay() call would revert: ${revert.description}`,
      );
  }
}

interface CheckedRelay {
  payment: PaymentDetails;
  chain: ChainRow;
  forwarder: Address;
  request: ForwardRequestData & { nonce: bigint };
}

/** Checks of POST /payments/:id/relay that need no chain, in the order that gives the most useful error. */
async function checkRelayRequest(
  runtime: GaslessRuntime,
  merchant: MerchantRow,
  paymentId: string,
  rawInput: RelayInput,
): Promise<CheckedRelay> {
  const { db } = runtime;
  const input = parseInput(relayInputSchema, rawInput);
  const fr = input.forwardRequest;
  if (input.paymentId !== paymentId) {
    throw invalid(["paymentId"], "must equal the paymentId of the path");
  }
  const payment = await requireOwnPayment(db, merchant, paymentId);
  const now = runtime.now();
  requireRelayable(payment, now);
  if (await findRelayRequestByPaymentRowId(db, payment.id)) {
    throw new KassaError("RELAY_ALREADY_SUBMITTED");
  }
  const chain = await findChainById(db, payment.chain_id);
  if (!chain || !runtime.relayer(chain)) {
    throw new KassaError(
      "RELAYER_NOT_CONFIGURED",
      `no relayer is configured for chain ${payment.network_id}`,
    );
  }
  if (!payment.forwarder_address) {
    throw new KassaError(
      "RELAYER_NOT_CONFIGURED",
      "gasless payment is not available: the chain has no forwarder",
    );
  }
  if (
    !isAddress(input.forwarderAddress, { strict: false }) ||
    !same(input.forwarderAddress, payment.forwarder_address)
  ) {
    throw invalid(
      ["forwarderAddress"],
      `must be the payment's forwarderAddress ${payment.forwarder_address}`,
    );
  }
  if (!isAddress(fr.to, { strict: false }) || !same(fr.to, payment.gateway_address)) {
    throw invalid(
      ["forwardRequest", "to"],
      `must be the payment's gatewayAddress ${payment.gateway_address}`,
    );
  }
  if (
    fr.from === undefined ||
    fr.from === "" ||
    (isAddress(fr.from, { strict: false }) && same(fr.from, zeroAddress))
  ) {
    throw new KassaError("PAYER_ADDRESS_NOT_FOUND", "forwardRequest.from must be the payer's wallet address");
  }
  if (!isAddress(fr.from, { strict: false })) {
    throw invalid(["forwardRequest", "from"], "must be a 0x-prefixed 20-byte address");
  }
  const from = getAddress(fr.from);
  if (fr.value !== 0n) throw invalid(["forwardRequest", "value"], "must be 0: pay() takes no native token");
  if (fr.gas === 0n || fr.gas > runtime.settings.maxForwardGas) {
    throw invalid(
      ["forwardRequest", "gas"],
      `must be at most ${runtime.settings.maxForwardGas}, what pay() needs with headroom (200000 is recommended)`,
    );
  }

  let call;
  try {
    call = decodeFunctionData({ abi: paymentGatewayAbi, data: fr.data as Hex });
  } catch {
    throw invalid(["forwardRequest", "data"], "must be an encoded PaymentGateway.pay(...) call");
  }
  if (call.functionName !== "pay") {
    throw invalid(["forwardRequest", "data"], `must call pay(...), not ${call.functionName}(...)`);
  }
  const [callPaymentId, token, amount, recipient, merchantId, deadline, serverSignature] = call.args;
  if (!same(callPaymentId, payment.payment_id)) {
    throw invalid(["forwardRequest", "data"], "pay() is for another paymentId");
  }
  if (amount !== BigInt(payment.amount)) {
    throw new KassaError(
      "AMOUNT_MISMATCH",
      `pay() carries amount ${amount}, the payment's amount is ${payment.amount}`,
    );
  }
  const mismatched = [
    !same(token, payment.token_address) && "tokenAddress",
    !same(recipient, payment.recipient_address) && "recipientAddress",
    !same(merchantId, payment.merchant_bytes32_id) && "merchantId",
    deadline !== BigInt(payment.deadline) && "deadline",
    !same(serverSignature, payment.server_signature) && "serverSignature",
  ].filter(Boolean);
  if (mismatched.length > 0) {
    throw invalid(["forwardRequest", "data"], `pay() differs from the payment in ${mismatched.join(", ")}`);
  }
  // The decoder ignores bytes after the arguments and tolerates unusual offsets; the relayer would pay
  // for every such byte. Only the one canonical encoding of this payment's pay() is relayed.
  const expected = encodePay(
    {
      paymentId: payment.payment_id,
      tokenAddress: payment.token_address,
      amount: payment.amount,
      recipientAddress: payment.recipient_address,
      merchantId: payment.merchant_bytes32_id,
      deadline: String(payment.deadline),
      serverSignature: payment.server_signature,
    },
    call.args[7],
  );
  if (expected.toLowerCase() !== fr.data.toLowerCase()) {
    throw invalid(
      ["forwardRequest", "data"],
      `must be exactly the ABI encoding of pay(...) for this payment (${(expected.length - 2) / 2} bytes), ` +
        `not ${(fr.data.length - 2) / 2} bytes`,
    );
  }

  if (fr.deadline > 2n ** 48n - 1n) throw invalid(["forwardRequest", "deadline"], "must fit in uint48");
  if (fr.deadline <= BigInt(Math.floor(now.getTime() / 1000))) {
    throw invalid(["forwardRequest", "deadline"], "the signature deadline has passed");
  }
  const forwarder = getAddress(payment.forwarder_address);
  const request = {
    from,
    to: getAddress(fr.to),
    value: fr.value,
    gas: fr.gas,
    nonce: fr.nonce,
    deadline: Number(fr.deadline),
    data: fr.data as Hex,
    signature: fr.signature as Hex,
  };
  if (!/^0x[0-9a-fA-F]{130}$/.test(fr.signature)) {
    throw new KassaError("INVALID_SIGNATURE", "the signature must be 65 bytes of hex starting with 0x");
  }
  let signer: Address;
  try {
    signer = await recoverTypedDataAddress({
      domain: forwarderDomain(payment.network_id, forwarder),
      types: forwardRequestTypes,
      primaryType: "ForwardRequest",
      message: request,
      signature: request.signature,
    });
  } catch {
    throw new KassaError("INVALID_SIGNATURE", "the signature cannot be recovered");
  }
  if (!same(signer, from)) {
    throw new KassaError(
      "INVALID_SIGNATURE",
      `the ForwardRequest is signed by ${signer}, not by forwardRequest.from (check the domain, chain id and every field)`,
    );
  }
  await requirePayerInGoodStanding(runtime, payment.network_id, from);
  const nonceKey = {
    networkId: payment.network_id,
    forwarderAddress: forwarder,
    from,
    forwarderNonce: request.nonce,
  };
  const holder = await findUnfinishedRelayByForwarderNonce(db, nonceKey);
  if (holder) {
    throw holder.payment_id === payment.id
      ? new KassaError("RELAY_ALREADY_SUBMITTED")
      : nonceTaken(request.nonce);
  }
  return { payment, chain, forwarder, request };
}

/** A forwarder nonce that another unfinished relay of the payer holds (at most one can be executed). */
function nonceTaken(nonce: bigint): KassaError {
  return invalid(
    ["forwardRequest", "nonce"],
    `forwarder nonce ${nonce} is already taken by another relay of this wallet that is still in flight; ` +
      "wait until it is CONFIRMED or FAILED, then sign with the forwarder's current nonce",
  );
}

/**
 * Refuses a payer whose relays reverted on-chain RELAYER_PAYER_REVERT_LIMIT times within the window:
 * each cost the relayer gas for nothing. The refusal ends when the oldest of them leaves the window.
 */
async function requirePayerInGoodStanding(
  runtime: GaslessRuntime,
  networkId: number,
  payer: Address,
): Promise<void> {
  const { payerRevertLimit: limit, payerRevertWindowSeconds: windowSeconds } = runtime.settings;
  const windowMs = windowSeconds * 1000;
  const atLimit = await findRelayRevertAtLimit(runtime.db, {
    networkId,
    payer,
    since: new Date(runtime.now().getTime() - windowMs),
    limit,
  });
  if (atLimit) {
    const until = new Date(atLimit.getTime() + windowMs);
    throw new KassaError(
      "RATE_LIMITED",
      `relays from ${payer} reverted on-chain ${limit} times within ${windowSeconds} s; gasless payment ` +
        `is refused for this wallet until ${until.toISOString()} (it can still pay with its own gas)`,
    );
  }
}

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
    currentNonce = await client.readContract({
      address: forwarder,
      abi: erc2771ForwarderAbi,
      functionName: "nonces",
      args: [request.from],
    });
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

/** The stored request as the forwarder takes it (the nonce is the forwarder's own, not an argument). */
function forwardRequestOf(relay: RelayRequestRow): ForwardRequestData {
  return {
    from: relay.from_address as Address,
    to: relay.to_address as Address,
    value: 0n,
    gas: BigInt(relay.gas),
    deadline: relay.deadline,
    data: relay.data as Hex,
    signature: relay.signature as Hex,
  };
}

/**
 * The job of a queued relay: simulate again (the chain moved since the request), then sign and send
 * through the relayer, which records the transaction before it leaves. Idempotent: a relay that is no
 * longer QUEUED is left to the tracker.
 */
export async function processQueuedRelay(runtime: GaslessRuntime, relayRequestId: number): Promise<void> {
  const { db } = runtime;
  const relay = await findRelayRequestById(db, relayRequestId);
  if (relay?.status !== "QUEUED") return;
  const fail = (message: string) =>
    finishRelayRequest(db, relay.id, ["QUEUED"], { status: "FAILED", errorMessage: message });

  const payment = await findPaymentStateByRowId(db, relay.payment_id);
  if (payment.status !== "CREATED") {
    await fail(`the payment became ${payment.status} before the relay was sent`);
    return;
  }
  const chain = await findChainById(db, payment.chain_id);
  const relayer = chain && runtime.relayer(chain);
  if (!chain || !relayer) {
    await fail(`no relayer is configured for chain ${relay.network_id}`);
    return;
  }
  const request = forwardRequestOf(relay);
  const forwarder = relay.forwarder_address as Address;
  const simulation = await simulateForwardRequest(runtime.client(chain), {
    forwarder,
    relayer: relayer.addresses[0] as Address,
    request,
  });
  if (!simulation.ok) {
    await fail(`not sent, the call would revert: ${revertError(simulation.revert).message}`);
    return;
  }
  const result = await relayer.send({
    purpose: "relay",
    to: forwarder,
    value: 0n,
    data: encodeExecute(request),
    // The estimate is exact for the current state; a margin covers state that changes before mining.
    gasLimit: (simulation.gas * 13n) / 10n,
    link: (trx, tx, txHash) => markRelaySubmitted(trx, relay.id, tx.id, txHash),
  });
  if (result.outcome === "sent" || result.outcome === "unknown") {
    runtime.logger?.info(
      {
        relayRequestId: relay.id,
        txHash: result.txHash,
        nonce: result.tx.nonce,
        sender: result.tx.sender_address,
      },
      "relay sent",
    );
  }
}

/**
 * The relayer's transaction for a relay ended. Confirmed: the payment settles through the lifecycle
 * (PAID, or INVALID when the event disagrees) in the transaction that marks the relay CONFIRMED, when its
 * block is already final (else the watcher settles it when it is).
 * Reverted on-chain: the relay and the payment are FAILED. Never sent: the relay is FAILED.
 */
export async function onRelayTransactionFinished(
  runtime: GaslessRuntime,
  tx: SenderTransactionRow,
  outcome: SenderOutcome,
): Promise<void> {
  const { db } = runtime;
  const relay = await findRelayRequestBySenderTransactionId(db, tx.id);
  if (!relay) return;
  const payment = await findPaymentStateByRowId(db, relay.payment_id);
  if (outcome.status === "CONFIRMED") {
    const { receipt } = outcome;
    const event = paymentCompletedFromReceipt(receipt, {
      networkId: relay.network_id,
      gateway: relay.to_address,
      paymentId: payment.payment_id,
    });
    if (event) {
      // PAID only once the block is final for the chain (its `finalized`/`safe` block can trail the relayer's
      // confirmation depth); until then the relay is CONFIRMED and the watcher settles the payment later.
      const chain = await findChainByNetworkId(db, relay.network_id);
      const final = chain ? await finalBlockNumber(runtime.client(chain), chain).catch(() => -1n) : -1n;
      await db.transaction().execute(async (trx) => {
        if (receipt.blockNumber <= final) await applyPaymentCompletedIn(trx, event, runtime.now());
        await finishRelayRequest(trx, relay.id, ["QUEUED", "SUBMITTED"], {
          status: "CONFIRMED",
          transactionHash: receipt.transactionHash,
        });
      });
      return;
    }
    // The forwarder executed nothing for this payment (no PaymentCompleted): treat it as a revert.
    outcome = {
      status: "FAILED",
      receipt: outcome.receipt,
      reason: `transaction ${outcome.receipt.transactionHash} emitted no PaymentCompleted`,
      payloadLanded: true,
    };
  }
  const { receipt, reason, payloadLanded } = outcome;
  const failed = await db.transaction().execute(async (trx) => {
    const moved = await finishRelayRequest(trx, relay.id, ["QUEUED", "SUBMITTED"], {
      status: "FAILED",
      transactionHash: receipt?.transactionHash ?? relay.transaction_hash,
      errorMessage: reason,
    });
    // Mined and reverted: the relayer paid for nothing. Held against the payer for the next relays.
    if (payloadLanded && receipt) await recordRelayRevert(trx, relay.id, receipt);
    return moved;
  });
  if (payloadLanded) {
    await failPayment(db, payment.payment_id as Hex, `gasless relay failed: ${reason}`, {
      now: runtime.now,
    });
  }
  if (failed) {
    runtime.logger?.warn(
      {
        relayRequestId: relay.id,
        payer: relay.from_address,
        gasUsed: receipt?.gasUsed.toString(),
        reason,
      },
      payloadLanded ? "relay reverted on-chain" : "relay failed",
    );
  }
}

/**
 * Before a stuck relay is sent again with higher fees, it is simulated again: the reason not to send
 * it when it would now revert (the payer moved its tokens, used its forwarder nonce, paid directly).
 */
export async function relayReplacementRefusal(
  runtime: GaslessRuntime,
  tx: SenderTransactionRow,
): Promise<string | undefined> {
  const relay = await findRelayRequestBySenderTransactionId(runtime.db, tx.id);
  const chain = relay && (await findChainByNetworkId(runtime.db, relay.network_id));
  if (!relay || !chain) return undefined;
  const simulation = await simulateForwardRequest(runtime.client(chain), {
    forwarder: relay.forwarder_address as Address,
    relayer: tx.sender_address as Address,
    request: forwardRequestOf(relay),
  });
  return simulation.ok
    ? undefined
    : `not sent again, the call would now revert: ${revertError(simulation.revert).message}`;
}

/** A replacement reached the node: the relay shows the hash to look for. */
export async function onRelayBroadcast(runtime: GaslessRuntime, tx: SenderTransactionRow, txHash: string) {
  const relay = await findRelayRequestBySenderTransactionId(runtime.db, tx.id);
  if (relay) await setRelayTransactionHash(runtime.db, relay.id, txHash);
}
