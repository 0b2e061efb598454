import { randomBytes } from "node:crypto";
import { paymentGatewayAbi } from "@kassa/contracts";
import { encodeFunctionData, type Address, type Hex } from "viem";
import { z } from "zod";
import type { ChainClients } from "../../chain/clients.js";
import type { PaymentSigner } from "../../chain/signer.js";
import type { Db } from "../../db/infra/database.js";
import { movePaymentStatus } from "../../db/payments/paymentStatus.js";
import type { PaymentSequencer } from "../../db/payments/paymentSequences.js";
import {
  findRefundDetails,
  insertRefund,
  listRefundDetails,
  lockPaymentForRefund,
  RowLockedError,
  type RefundDetails,
} from "../../db/refunds/refunds.js";
import { newPaymentId } from "../../domain/ids.js";
import { type MerchantRow } from "../../db/schema/rows.js";
import { requireOwnPayment } from "../payments/payments.js";
import { KassaError } from "../../errors.js";
import { enqueueJob } from "../../db/infra/jobQueue.js";
import { parseInput } from "../validation.js";
import { checkRefundSender } from "./refundSender.js";
import { recordPaymentEvent, refundSender } from "../webhooks/outbox.js";
import { TASKS } from "../../domain/tasks.js";

/** How long the merchant wallet has to send the refund transaction. */
export const REFUND_DEADLINE_SECONDS = 3600;

export interface RefundDeps {
  db: Db;
  /** Reads the wallet a dashboard refund is sent from (refundSender.ts). */
  chains: ChainClients;
  signer: PaymentSigner | undefined;
  now: () => Date;
  /** The payments' sequencer: a refund's id on the gateway takes a sequence of the same counter. */
  nextPaymentSequence: PaymentSequencer;
  /** Default REFUND_DEADLINE_SECONDS. */
  refundDeadlineSeconds?: number;
}

function newRefundId(): string {
  return `rf_${randomBytes(16).toString("hex")}`;
}

export const createRefundInputSchema = z.object({
  paymentId: z.string().regex(/^0x[0-9a-f]{64}$/, "must be a paymentId (lowercase 0x + 64 hex)"),
  amount: z
    .string()
    .regex(/^[1-9][0-9]{0,77}$/, "must be a positive integer amount in base units (wei)")
    .optional()
    .describe(
      "Base units to send back; default (and at most) what is left to refund: the paid amount, fee included, less earlier refunds",
    ),
  reason: z.string().trim().min(1).max(500).optional(),
});
export type CreateRefundInput = z.input<typeof createRefundInputSchema>;

const refundStatusNames = {
  SUBMITTED: "REFUND_SUBMITTED",
  REFUNDED: "REFUNDED",
  EXPIRED: "EXPIRED",
} as const;

export const refundViewSchema = z
  .object({
    id: z.string().describe("rf_ refund id"),
    paymentId: z.string(),
    orderId: z.string(),
    status: z
      .enum(["REFUND_SUBMITTED", "REFUNDED", "EXPIRED"])
      .describe(
        "REFUND_SUBMITTED until the refund transaction is confirmed; EXPIRED when its deadline passed unsent",
      ),
    amount: z.string().describe("Base units (wei) sent back to the payer"),
    chainRefundId: z
      .string()
      .describe("The refund's id on the gateway (bytes32), in its RefundCompleted event"),
    tokenAddress: z.string(),
    payerAddress: z.string(),
    reason: z.string().nullable(),
    deadline: z.string().describe("Unix seconds; the transaction must be mined by then"),
    txHash: z.string().nullable(),
    senderAddress: z
      .string()
      .nullable()
      .describe(
        "The wallet that sent the refund transaction (its tokens went back); null until it completes",
      ),
    sentByRecipient: z
      .boolean()
      .nullable()
      .describe(
        "false: a wallet other than the payment's recipient sent it, with its own tokens (nothing left the merchant's wallet); null until it completes",
      ),
    createdAt: z.string(),
    refundedAt: z.string().nullable(),
    transaction: z
      .object({
        chainId: z.number(),
        to: z.string().describe("The payment gateway"),
        data: z.string().describe("Encoded PaymentGateway.refund(...) call"),
        value: z.literal("0"),
      })
      .describe("What the merchant's recipient wallet must send, after approving the gateway for `amount`"),
    serverSignature: z.string(),
  })
  .meta({ id: "Refund" });
export type RefundView = z.infer<typeof refundViewSchema>;

export function refundView(refund: RefundDetails): RefundView {
  const data = encodeFunctionData({
    abi: paymentGatewayAbi,
    functionName: "refund",
    args: [
      refund.payment_public_id as Hex,
      refund.chain_refund_id as Hex,
      refund.token_address as Address,
      refund.payer_address as Address,
      BigInt(refund.amount),
      BigInt(refund.deadline),
      refund.server_signature as Hex,
    ],
  });
  return {
    id: refund.id,
    paymentId: refund.payment_public_id,
    orderId: refund.order_id,
    status: refundStatusNames[refund.status],
    amount: refund.amount,
    chainRefundId: refund.chain_refund_id,
    tokenAddress: refund.token_address,
    payerAddress: refund.payer_address ?? "",
    reason: refund.reason,
    deadline: String(refund.deadline),
    txHash: refund.tx_hash,
    ...refundSender(refund.sender_address, refund.recipient_address),
    createdAt: refund.created_at.toISOString(),
    refundedAt: refund.refunded_at?.toISOString() ?? null,
    transaction: { chainId: refund.network_id, to: refund.gateway_address, data, value: "0" },
    serverSignature: refund.server_signature,
  };
}

function statusError(status: string): KassaError {
  if (status === "REFUND_SUBMITTED") return new KassaError("REFUND_IN_PROGRESS");
  if (status === "REFUNDED") return new KassaError("PAYMENT_ALREADY_REFUNDED");
  return new KassaError("PAYMENT_NOT_PAID", `the payment is ${status}, not PAID`);
}

/**
 * POST /refunds. In one transaction: lock the payment (a concurrent request gets CONFLICT rather than
 * waiting), check it is PAID and that the amount fits in what is left to refund, sign the RefundRequest under
 * a refund id of its own, record the refund, PAID -> REFUND_SUBMITTED, and schedule the expiry check at the
 * deadline. The merchant's wallet then sends the returned transaction; the watcher's RefundCompleted makes the
 * refund REFUNDED and the payment REFUNDED (all of it sent back) or PAID again (a part). `sender`: the wallet
 * that will send it, when Kassa knows it (the dashboard's signed-in wallet), checked first (refundSender.ts).
 */
export async function createRefund(
  deps: RefundDeps,
  merchant: MerchantRow,
  rawInput: CreateRefundInput,
  options: { sender?: Address | undefined } = {},
): Promise<RefundView> {
  const input = parseInput(createRefundInputSchema, rawInput);
  const payment = await requireOwnPayment(deps.db, merchant, input.paymentId);
  if (payment.status !== "PAID") throw statusError(payment.status);
  if (!payment.payer_address) throw new KassaError("PAYER_ADDRESS_NOT_FOUND");
  const signer = deps.signer;
  if (!signer) throw new KassaError("SIGNING_SERVICE_ERROR", "no server signing key is configured");
  if (options.sender) {
    // What is left now; the amount is checked again under the payment's lock below.
    const left = BigInt(payment.amount) - BigInt(payment.refunded_amount);
    await checkRefundSender(
      deps,
      payment,
      options.sender,
      input.amount === undefined ? left : BigInt(input.amount),
    );
  }
  const now = deps.now();
  const deadline = Math.floor(now.getTime() / 1000) + (deps.refundDeadlineSeconds ?? REFUND_DEADLINE_SECONDS);

  let refund;
  try {
    refund = await deps.db.transaction().execute(async (trx) => {
      const locked = await lockPaymentForRefund(trx, payment.id);
      if (locked?.status !== "PAID") throw statusError(locked?.status ?? "UNKNOWN");
      const refundable = BigInt(payment.amount) - BigInt(locked.refunded_amount);
      const amount = input.amount === undefined ? refundable : BigInt(input.amount);
      if (refundable <= 0n) throw new KassaError("PAYMENT_ALREADY_REFUNDED");
      if (amount > refundable) {
        throw new KassaError("VALIDATION_ERROR", undefined, {
          details: [
            {
              path: ["amount"],
              message: `must not exceed what is left to refund, ${refundable} (paid ${payment.amount}, refunded ${locked.refunded_amount})`,
            },
          ],
        });
      }
      // A sequence of the payments' counter (taken from memory; a refill commits on its own): one left
      // unused by a failed request is a gap, never a reuse.
      const chainRefundId = newPaymentId(
        await deps.nextPaymentSequence({
          chainId: payment.chain_id,
          gatewayAddress: payment.gateway_address,
        }),
      );
      let serverSignature: Hex;
      try {
        serverSignature = await signer.signRefundRequest({
          chainId: payment.network_id,
          gateway: payment.gateway_address as Address,
          request: {
            paymentId: payment.payment_id as Hex,
            refundId: chainRefundId,
            tokenAddress: payment.token_address as Address,
            payerAddress: payment.payer_address as Address,
            amount,
            deadline: BigInt(deadline),
          },
        });
      } catch (error) {
        throw new KassaError("SIGNATURE_ERROR", undefined, { cause: error });
      }
      const row = await insertRefund(trx, {
        id: newRefundId(),
        payment_id: payment.id,
        merchant_id: merchant.id,
        chain_refund_id: chainRefundId,
        amount,
        reason: input.reason ?? null,
        deadline,
        server_signature: serverSignature,
        payer_address: payment.payer_address,
      });
      if (!row) throw new KassaError("REFUND_IN_PROGRESS");
      // The row is locked and PAID: the move cannot lose.
      const submitted = await movePaymentStatus(trx, {
        payment: { rowId: payment.id },
        from: "PAID",
        to: "REFUND_SUBMITTED",
      });
      if (!submitted) throw new Error(`payment ${payment.payment_id} left PAID while locked`);
      await recordPaymentEvent(trx, "payment.refund_submitted", submitted, now, {
        refund: { refundId: row.id, amount: row.amount, txHash: null, ...refundSender(null, "") },
      });
      await enqueueJob(
        trx,
        TASKS.expireRefund,
        { refundId: row.id },
        { runAt: new Date(deadline * 1000 + 1000), jobKey: `expire-refund:${row.id}` },
      );
      return row;
    });
  } catch (error) {
    if (error instanceof RowLockedError) {
      throw new KassaError("CONFLICT", "another request is processing a refund of this payment");
    }
    throw error;
  }
  return refundView({
    ...refund,
    payment_public_id: payment.payment_id,
    order_id: payment.order_id,
    recipient_address: payment.recipient_address,
    gateway_address: payment.gateway_address,
    token_address: payment.token_address,
    network_id: payment.network_id,
  });
}

export const refundListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20).describe("Page size, 1 to 100"),
  starting_after: z
    .string()
    .regex(/^rf_[0-9a-f]{32}$/, "must be a refund id")
    .optional()
    .describe("id of the last refund of the previous page"),
  paymentId: z
    .string()
    .regex(/^0x[0-9a-f]{64}$/, "must be a paymentId")
    .optional()
    .describe("Only refunds of this payment"),
});
export type RefundListQuery = z.output<typeof refundListQuerySchema>;

export const refundPageSchema = z.object({
  refunds: z.array(refundViewSchema).describe("Newest first"),
  has_more: z.boolean(),
});
export type RefundPage = z.infer<typeof refundPageSchema>;

/** GET /refunds: the merchant's refunds, newest first, optionally of one payment. */
export async function listRefunds(
  db: Db,
  merchant: MerchantRow,
  query: RefundListQuery,
): Promise<RefundPage> {
  const page = await listRefundDetails(db, {
    merchantId: merchant.id,
    limit: query.limit,
    paymentId: query.paymentId,
    startingAfter: query.starting_after,
  });
  if (page === "unknown-cursor") {
    throw new KassaError("INVALID_REQUEST", "starting_after does not name a refund of this merchant");
  }
  return { refunds: page.refunds.map(refundView), has_more: page.hasMore };
}

/** GET /refunds/:id. */
export async function getRefund(db: Db, merchant: MerchantRow, refundId: string): Promise<RefundView> {
  const refund = /^rf_[0-9a-f]{32}$/.test(refundId)
    ? await findRefundDetails(db, merchant.id, refundId)
    : undefined;
  if (!refund) throw new KassaError("REFUND_NOT_FOUND", `refund ${refundId} not found`);
  return refundView(refund);
}
