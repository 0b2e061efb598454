import {
  depositReturnTypes,
  gatewayDomainName,
  gatewayDomainVersion,
  type DepositReturn,
} from "@kassa/contracts";
import { getAddress, type Address, type Hex } from "viem";
import { z } from "zod";
import { readDepositHolding, verifyRecipientReturn } from "../../chain/deposits/returns.js";
import { findChainById } from "../../db/chains/chains.js";
import { findLateSender } from "../../db/deposits/returns.js";
import type { PaymentDetails } from "../../db/payments/payments.js";
import { paidStatuses, settleableStatuses } from "../../domain/paymentStatus.js";
import { KassaError } from "../../errors.js";
import { parseInput } from "../validation.js";
import {
  DEPOSIT_RETURN_DEADLINE_SECONDS,
  sendOnce,
  type DepositReturnDeps,
  type DepositReturnView,
} from "./returns.js";

/**
 * A late deposit goes back to its sender on the merchant's word: under the merchant's "return" setting, one after
 * the transfer window (the payment is still open); and anything that reached the address of a payment that takes
 * nothing more from it (swept, or paid with the gateway's `pay`), such as a payer paying twice after the sweep. The
 * gateway lets no key of Kassa's move what may be a payment's amount, so the merchant's recipient wallet signs
 * the `DepositReturn` Kassa prepares (to the sender of the last such transfer, all the address holds of the
 * token) and Kassa's relayer sends it, paying the gas. Its return id is the payment's own id (whose return bit no
 * refund uses): one late return per payment, never sent twice.
 */

const uint = z.string().regex(/^[0-9]{1,78}$/, "must be an integer in base 10");

const returnRequestSchema = z.object({
  deposit: z.string(),
  returnId: z.string(),
  tokenAddress: z.string(),
  to: z.string().describe("The sender of the last late transfer"),
  amount: uint.describe("All the deposit address holds of the payment's token, in base units"),
  deadline: uint.describe("Unix seconds: the signature is valid until then"),
});

export const lateReturnToSignSchema = z
  .object({
    request: returnRequestSchema,
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
  .describe("The return of a late deposit, for the merchant's recipient wallet to sign");
export type LateReturnToSign = z.infer<typeof lateReturnToSignSchema>;

export const lateReturnInputSchema = z.object({
  amount: uint.describe("The request's amount, as signed"),
  deadline: uint.describe("The request's deadline, as signed"),
  signature: z
    .string()
    .regex(/^0x[0-9a-fA-F]+$/, "must be 0x-prefixed hex")
    .describe("The recipient wallet's EIP-712 signature of the request"),
});

/** The late deposit's sender, or why the payment has none to return. */
async function lateSender(deps: DepositReturnDeps, payment: PaymentDetails): Promise<Address> {
  const open = settleableStatuses.includes(payment.status);
  const takesNoMore =
    paidStatuses.includes(payment.status) && (payment.paid_via !== "transfer" || payment.swept_at !== null);
  const from =
    payment.deposit_address !== null && (open || takesNoMore)
      ? await findLateSender(deps.gasless.db, payment.id, payment.token_address, open)
      : undefined;
  if (!from) {
    throw new KassaError(
      "NO_LATE_DEPOSIT",
      `payment ${payment.payment_id} holds no late deposit (it is ${payment.status}${payment.paid_via ? `, paid via ${payment.paid_via}` : ""}${payment.paid_via === "transfer" && payment.swept_at === null ? ", not swept yet: its excess goes back with return-excess" : ""})`,
    );
  }
  return getAddress(from);
}

function requestOf(payment: PaymentDetails, to: Address, amount: bigint, deadline: bigint): DepositReturn {
  return {
    deposit: getAddress(payment.deposit_address as string),
    returnId: payment.payment_id as Hex,
    tokenAddress: getAddress(payment.token_address),
    to,
    amount,
    deadline,
  };
}

/** The `DepositReturn` of a payment's late deposit, for its recipient wallet to sign. */
export async function lateReturnToSign(
  deps: DepositReturnDeps,
  payment: PaymentDetails,
): Promise<LateReturnToSign> {
  const to = await lateSender(deps, payment);
  const chain = await findChainById(deps.gasless.db, payment.chain_id);
  if (!chain) throw new KassaError("CHAIN_CONFIG_ERROR");
  const gateway = payment.gateway_address as Address;
  const { balance } = await readDepositHolding(deps.gasless.client(chain), {
    gateway,
    deposit: getAddress(payment.deposit_address as string),
    token: payment.token_address as Address,
  });
  if (balance === 0n)
    throw new KassaError("NOTHING_TO_RETURN", "the deposit address holds none of the token");
  const deadline = BigInt(Math.floor(deps.gasless.now().getTime() / 1000) + DEPOSIT_RETURN_DEADLINE_SECONDS);
  const request = requestOf(payment, to, balance, deadline);
  const message = { ...request, amount: request.amount.toString(), deadline: request.deadline.toString() };
  return {
    request: message,
    typedData: {
      domain: {
        name: gatewayDomainName,
        version: gatewayDomainVersion,
        chainId: payment.network_id,
        verifyingContract: gateway,
      },
      types: { DepositReturn: [...depositReturnTypes.DepositReturn] },
      primaryType: "DepositReturn",
      message,
    },
  };
}

/**
 * Sends a late deposit back to its sender on its recipient's signature (checked first: INVALID_SIGNATURE).
 * Idempotent as an excess return: `created` false answers the return recorded already.
 */
export async function returnLateDeposit(
  deps: DepositReturnDeps,
  payment: PaymentDetails,
  rawInput: unknown,
): Promise<{ created: boolean; view: DepositReturnView }> {
  const input = parseInput(lateReturnInputSchema, rawInput);
  const deadline = BigInt(input.deadline);
  const signature = input.signature as Hex;
  return sendOnce(
    deps,
    payment,
    "late",
    async () => {
      const to = await lateSender(deps, payment);
      const request = requestOf(payment, to, BigInt(input.amount), deadline);
      const chain = await findChainById(deps.gasless.db, payment.chain_id);
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
      return { token: request.tokenAddress, to, amount: request.amount };
    },
    { returnId: payment.payment_id as Hex, deadline, signature },
  );
}
