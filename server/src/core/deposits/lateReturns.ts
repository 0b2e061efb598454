import {
  depositReturnTypes,
  gatewayDomainName,
  gatewayDomainVersion,
  type DepositReturn,
} from "@kassa/contracts";
import { getAddress, type Address, type Hex } from "viem";
import { z } from "zod";
import { verifyRecipientReturn } from "../../chain/deposits/returns.js";
import { findChainById } from "../../db/chains/chains.js";
import { findDepositReturnByReturnId, type DepositReturnRow } from "../../db/deposits/returns.js";
import { getOrCreateServerKey } from "../../db/merchants/dashboardSessions.js";
import type { PaymentDetails } from "../../db/payments/payments.js";
import { checkReturnId, mintReturnId } from "../../domain/depositAllocation.js";
import { paidStatuses, settleableStatuses } from "../../domain/paymentStatus.js";
import { KassaError } from "../../errors.js";
import { parseInput } from "../validation.js";
import {
  depositReturnView,
  returnedTransferSchema,
  transfersById,
  type DepositReturnView,
} from "./returnViews.js";
import {
  DEPOSIT_RETURN_DEADLINE_SECONDS,
  sendDepositReturn,
  senderDebts,
  type DepositReturnDeps,
} from "./returns.js";

/**
 * A late deposit goes back to its senders on the merchant's word: what an open payment received once its transfer
 * window closed (under the merchant's "return" setting a late deposit is held; a short one will not be topped up in
 * time), and anything that reached the address of a payment that takes nothing more from it (swept, or paid with the
 * gateway's `pay`), such as a payer paying twice after the sweep. The gateway lets no key of Kassa's move what may be
 * a payment's amount, so the merchant's recipient wallet signs each `DepositReturn` Kassa prepares, one per sender:
 * to that sender, what they are owed of their own recorded transfers (holdings.ts), never all the address holds.
 * Kassa's relayer sends it, paying the gas. Its return id is a fresh sequence Kassa marks as its own for that payment
 * and sender (mintReturnId), so a signed request names the only id Kassa will send it under.
 */

const uint = z.string().regex(/^[0-9]{1,78}$/, "must be an integer in base 10");
const address = z.string().regex(/^0x[0-9a-fA-F]{40}$/, "must be a 0x-prefixed address");

const returnRequestSchema = z.object({
  deposit: z.string(),
  returnId: z.string().describe("A return id Kassa made for this payment and sender (bytes32)"),
  tokenAddress: z.string(),
  to: z.string().describe("The sender of `transfers`: the only address their money goes back to"),
  amount: uint.describe("What that sender is owed of them, in base units"),
  deadline: uint.describe("Unix seconds: the signature is valid until then"),
});

export const lateReturnToSignSchema = z
  .object({
    request: returnRequestSchema,
    transfers: z
      .array(returnedTransferSchema)
      .describe("The sender's recorded transfers whose money this returns, oldest first"),
    typedData: z
      .object({
        domain: z.object({
          name: z.string(),
          version: z.string(),
          chainId: z.number(),
          verifyingContract: z.string(),
        }),
        types: z.record(z.string(), z.array(z.object({ name: z.string(), type: z.string() }))),
        primaryType: z.literal("DepositReturn"),
        message: returnRequestSchema,
      })
      .describe("EIP-712 typed data for eth_signTypedData_v4 by the payment's recipient wallet"),
  })
  .describe("The return of one sender's late deposit, for the merchant's recipient wallet to sign");
export type LateReturnToSign = z.infer<typeof lateReturnToSignSchema>;

export const lateReturnsToSignSchema = z
  .object({
    returns: z
      .array(lateReturnToSignSchema)
      .describe("One per sender owed something, in the order of their first transfer"),
  })
  .describe("The returns of a payment's late deposits, one per sender");

export const lateReturnInputSchema = z.object({
  returnId: z
    .string()
    .regex(/^0x[0-9a-fA-F]{64}$/, "must be a bytes32")
    .describe("The request's returnId"),
  to: address.describe("The request's to"),
  amount: uint.describe("The request's amount, as signed"),
  deadline: uint.describe("The request's deadline, as signed"),
  signature: z
    .string()
    .regex(/^0x[0-9a-fA-F]+$/, "must be 0x-prefixed hex")
    .describe("The recipient wallet's EIP-712 signature of the request"),
});

/** The key that marks Kassa's return ids (mintReturnId), made once per database. */
const returnIdKey = (deps: DepositReturnDeps) => getOrCreateServerKey(deps.gasless.db, "deposit-return-ids");

/** Throws NO_LATE_DEPOSIT unless the payment's senders may be paid back on the recipient's signature now. */
function requireLateReturnable(payment: PaymentDetails, now: Date): void {
  if (payment.deposit_address === null) {
    throw new KassaError("NO_LATE_DEPOSIT", `payment ${payment.payment_id} has no deposit address`);
  }
  if (settleableStatuses.includes(payment.status)) {
    const closes = payment.transfer_expires_at;
    if (closes !== null && now.getTime() > closes.getTime()) return;
    throw new KassaError(
      "NO_LATE_DEPOSIT",
      `payment ${payment.payment_id} is ${payment.status} and its transfer window is open until ${closes?.toISOString()}: what arrived may still settle it`,
    );
  }
  const takesNoMore =
    paidStatuses.includes(payment.status) && (payment.paid_via !== "transfer" || payment.swept_at !== null);
  if (takesNoMore) return;
  throw new KassaError(
    "NO_LATE_DEPOSIT",
    `payment ${payment.payment_id} holds no late deposit (it is ${payment.status}${payment.paid_via ? `, paid via ${payment.paid_via}` : ""}${payment.paid_via === "transfer" && payment.swept_at === null ? ", not swept yet: its excess goes back with return-excess" : ""})`,
  );
}

function requestOf(
  payment: PaymentDetails,
  entry: { returnId: Hex; to: Address; amount: bigint; deadline: bigint },
): DepositReturn {
  return {
    deposit: getAddress(payment.deposit_address as string),
    returnId: entry.returnId,
    tokenAddress: getAddress(payment.token_address),
    to: entry.to,
    amount: entry.amount,
    deadline: entry.deadline,
  };
}

/** The `DepositReturn` of each sender's late deposit (one per sender owed), for the recipient wallet to sign. */
export async function lateReturnsToSign(
  deps: DepositReturnDeps,
  payment: PaymentDetails,
): Promise<{ returns: LateReturnToSign[] }> {
  const { db } = deps.gasless;
  const now = deps.gasless.now();
  requireLateReturnable(payment, now);
  const debts = await senderDebts(db, payment, payment.token_address, now);
  if (debts.length === 0) {
    throw new KassaError(
      "NO_LATE_DEPOSIT",
      `no sender to payment ${payment.payment_id}'s deposit address is owed anything`,
    );
  }
  const [key, transfers] = await Promise.all([returnIdKey(deps), transfersById(db, payment.id)]);
  const deadline = BigInt(Math.floor(now.getTime() / 1000) + DEPOSIT_RETURN_DEADLINE_SECONDS);
  const returns: LateReturnToSign[] = [];
  for (const debt of debts) {
    const sequence = await deps.nextPaymentSequence({
      chainId: payment.chain_id,
      gatewayAddress: payment.gateway_address,
    });
    const request = requestOf(payment, {
      returnId: mintReturnId(key, sequence, payment.payment_id, debt.to) as Hex,
      to: getAddress(debt.to),
      amount: debt.amount,
      deadline,
    });
    const message = { ...request, amount: request.amount.toString(), deadline: request.deadline.toString() };
    returns.push({
      request: message,
      transfers: debt.transferIds.flatMap((id) => {
        const transfer = transfers.get(id);
        return transfer
          ? [{ txHash: transfer.tx_hash, logIndex: transfer.log_index, amount: transfer.amount }]
          : [];
      }),
      typedData: {
        domain: {
          name: gatewayDomainName,
          version: gatewayDomainVersion,
          chainId: payment.network_id,
          verifyingContract: payment.gateway_address,
        },
        types: { DepositReturn: [...depositReturnTypes.DepositReturn] },
        primaryType: "DepositReturn",
        message,
      },
    });
  }
  return { returns };
}

/** A return as the API answers it. */
async function viewOf(deps: DepositReturnDeps, payment: PaymentDetails, row: DepositReturnRow) {
  const transfers = await transfersById(deps.gasless.db, payment.id);
  return depositReturnView(row, payment.payment_id, transfers, deps.gasless.now());
}

/**
 * Sends one sender's late deposit back on the recipient's signature of the request lateReturnsToSign gave (checked
 * first: INVALID_SIGNATURE). Idempotent: a return already recorded under that return id is answered (`created`
 * false).
 */
export async function returnLateDeposit(
  deps: DepositReturnDeps,
  payment: PaymentDetails,
  rawInput: unknown,
): Promise<{ created: boolean; view: DepositReturnView }> {
  const { db } = deps.gasless;
  const input = parseInput(lateReturnInputSchema, rawInput);
  const returnId = input.returnId.toLowerCase() as Hex;
  const to = getAddress(input.to);
  const recorded = async () => {
    const row = await findDepositReturnByReturnId(db, returnId);
    return row && row.payment_id === payment.id && row.status !== "FAILED" ? row : undefined;
  };
  const before = await recorded();
  if (before) return { created: false, view: await viewOf(deps, payment, before) };
  if (!checkReturnId(await returnIdKey(deps), returnId, payment.payment_id, to)) {
    throw new KassaError(
      "VALIDATION_ERROR",
      `returnId ${returnId} is not one Kassa gave for payment ${payment.payment_id} and ${to}: GET /payments/${payment.payment_id}/late-return again`,
    );
  }
  const now = deps.gasless.now();
  requireLateReturnable(payment, now);
  const amount = BigInt(input.amount);
  const debt = (await senderDebts(db, payment, payment.token_address, now)).find(
    (entry) => entry.to === to.toLowerCase(),
  );
  if (!debt || debt.amount < amount || amount === 0n) {
    throw new KassaError(
      "NOTHING_TO_RETURN",
      `${to} is owed ${debt?.amount ?? 0n} by the deposit address of payment ${payment.payment_id}; ${amount} asked`,
    );
  }
  const deadline = BigInt(input.deadline);
  const signature = input.signature as Hex;
  const request = requestOf(payment, { returnId, to, amount, deadline });
  const chain = await findChainById(db, payment.chain_id);
  const signed =
    chain !== undefined &&
    (await verifyRecipientReturn(deps.gasless.client(chain), {
      recipient: payment.recipient_address as Address,
      chainId: payment.network_id,
      gateway: payment.gateway_address as Address,
      request,
      signature,
    }));
  if (!signed) {
    throw new KassaError(
      "INVALID_SIGNATURE",
      `not the recipient ${payment.recipient_address}'s signature of this return (sign the typed data GET gives, unchanged)`,
    );
  }
  const sent = await sendDepositReturn(
    deps,
    payment,
    { kind: "late", token: request.tokenAddress, to, amount, transferIds: debt.transferIds },
    { returnId, deadline, signature },
  );
  if (sent) return { created: true, view: await viewOf(deps, payment, sent) };
  // Another request recorded it between the check and the send.
  const raced = await recorded();
  if (!raced) throw new KassaError("CONFLICT", "another return to this sender is under way");
  return { created: false, view: await viewOf(deps, payment, raced) };
}
