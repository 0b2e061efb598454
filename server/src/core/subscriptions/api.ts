import { randomBytes } from "node:crypto";
import { subscriptionDigest } from "@kassa/contracts";
import type { Address, Hex } from "viem";
import { z } from "zod";
import type { ChainClients } from "../../chain/clients.js";
import type { PaymentSigner } from "../../chain/signer.js";
import { verifySubscriptionSignature } from "../../chain/subscriptions.js";
import { findChainById } from "../../db/chains/chains.js";
import type { Db } from "../../db/infra/database.js";
import type { MerchantRow } from "../../db/schema/rows.js";
import {
  activateSubscription,
  cancelSubscriptionRow,
  findSubscriptionDetails,
  insertSubscription,
  listChargePayments,
  listSubscriptionDetails,
  type SubscriptionDetails,
} from "../../db/subscriptions/subscriptions.js";
import { decimalToUnits, numberToDecimalString } from "../../domain/amount.js";
import { maxFiatDecimals, parseCurrency } from "../../domain/fiat.js";
import { DEFAULT_SUBSCRIPTION_RETRIES, subscriptionStatuses } from "../../domain/subscriptions.js";
import { KassaError, validationError } from "../../errors.js";
import { requireChainToken, requireMerchantChain } from "../merchants/merchants.js";
import { createPaymentInputSchema } from "../payments/payments.js";
import { addressSchema, MAX_URL_LENGTH, parseInput } from "../validation.js";
import { recordSubscriptionEvent } from "./events.js";
import { scheduleOf } from "./schedule.js";
import {
  publicSubscriptionView,
  subscriptionView,
  type PublicSubscriptionView,
  type SubscriptionView,
} from "./views.js";

/**
 * Subscriptions through the API: the merchant creates a schedule (PENDING), the payer signs it (ACTIVE, with
 * the server's authorisation signed beside it), either side cancels. Charging is charge.ts's.
 */

export interface SubscriptionDeps {
  db: Db;
  chains: ChainClients;
  signer: PaymentSigner | undefined;
  now: () => Date;
  /** Kassa's public URL: the subscribe page's base; undefined: no page. */
  publicBaseUrl: string | undefined;
}

/** How far a payer-chosen start may be from the server's clock (seconds). */
const START_TOLERANCE_SECONDS = 900n;

const DAY = 86_400;

export const createSubscriptionInputSchema = z.object({
  orderId: z.string().min(1).max(200).describe("Merchant's id of the subscription, unique per merchant"),
  description: z
    .string()
    .trim()
    .min(1)
    .max(500)
    .optional()
    .describe("What the payer subscribes to, shown on the page"),
  tokenAddress: createPaymentInputSchema.shape.tokenAddress,
  amount: createPaymentInputSchema.shape.amount.describe(
    "Charged each period, in token units (fee included), or in `currency` units for a fiat plan",
  ),
  currency: createPaymentInputSchema.shape.currency.describe(
    "Fiat code (USD, KRW...): a fiat plan, `amount` its price per period, converted at each charge at the token's one-hour average price",
  ),
  maxAmount: createPaymentInputSchema.shape.amount
    .optional()
    .describe(
      "A fiat plan's most per charge, in token units: the payer signs it; a charge the price would take above it is refused (a failed attempt, retried)",
    ),
  periodSeconds: z
    .number()
    .int()
    .min(60)
    .max(3660 * DAY)
    .describe("Seconds between charges (e.g. 2592000 for 30 days)"),
  charges: z.number().int().min(1).max(10_000).describe("Number of charges"),
  startsAt: z
    .number()
    .int()
    .min(1)
    .max(2 ** 40)
    .optional()
    .describe("Unix seconds at which the first charge opens; default: when the payer signs"),
  retrySchedule: z
    .array(
      z
        .number()
        .int()
        .min(60)
        .max(30 * DAY),
    )
    .max(20)
    .optional()
    .describe("Seconds after each failed charge before the next attempt; default 1 h, 6 h, 24 h, 72 h"),
  onFailure: z
    .enum(["PAST_DUE", "CANCELED"])
    .default("PAST_DUE")
    .describe("What a charge that failed every retry leads to"),
  returnUrl: z
    .string()
    .max(MAX_URL_LENGTH)
    .refine((value) => URL.canParse(value) && /^https?:\/\//i.test(value), "must be an http(s) URL")
    .optional()
    .describe("Your page the subscribe page links back to once the payer subscribed"),
  payerAddress: addressSchema
    .optional()
    .describe(
      "The wallet the subscription is for: only it can sign the schedule. Without it, whoever holds the page's link signs it with their own wallet (the first signature wins)",
    ),
});

export const subscriptionListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20).describe("Page size, 1 to 100"),
  starting_after: z.string().optional().describe("id of the last subscription of the previous page"),
  status: z.enum(subscriptionStatuses).optional(),
});

export const authorizeSubscriptionInputSchema = z.object({
  payer: addressSchema.describe("The wallet that signed the schedule and pays each charge"),
  startsAt: z
    .number()
    .int()
    .min(1)
    .max(2 ** 40)
    .describe(
      "The schedule's startsAt as signed: the merchant's, or within 15 minutes of now when it set none",
    ),
  usePermit2: z.boolean().default(false).describe("Charges are taken through the payer's Permit2 allowance"),
  signature: z
    .string()
    .regex(/^0x([0-9a-fA-F]{2}){65,2048}$/, "must be a 0x-prefixed hex signature")
    .describe("The payer's EIP-712 signature of the Subscription (ECDSA, ERC-1271 or ERC-6492)"),
});

/** The API's view of a subscription, with its charges. */
export async function view(deps: SubscriptionDeps, row: SubscriptionDetails): Promise<SubscriptionView> {
  return subscriptionView(row, await listChargePayments(deps.db, row.id), deps.publicBaseUrl);
}

async function require(
  deps: SubscriptionDeps,
  id: string,
  merchantId?: number,
): Promise<SubscriptionDetails> {
  const row = /^sub_[0-9a-f]{32}$/.test(id)
    ? await findSubscriptionDetails(deps.db, id, merchantId)
    : undefined;
  if (!row) throw new KassaError("SUBSCRIPTION_NOT_FOUND");
  return row;
}

/** A fiat plan's price (`currency` given, with its `maxAmount`), checked; undefined for a plan in tokens. */
function fiatPlan(
  input: z.output<typeof createSubscriptionInputSchema>,
): { currency: string; fiatAmount: string } | undefined {
  if (input.currency === undefined) {
    if (input.maxAmount !== undefined) {
      throw validationError([{ path: ["maxAmount"], message: "only for a fiat plan (with currency)" }]);
    }
    return undefined;
  }
  const currency = parseCurrency(input.currency);
  if (!currency) throw new KassaError("INVALID_CURRENCY", `currency ${input.currency} is not supported`);
  if (input.maxAmount === undefined) {
    throw validationError([{ path: ["maxAmount"], message: "a fiat plan needs the most a charge may take" }]);
  }
  const fiatAmount = numberToDecimalString(input.amount);
  const decimals = maxFiatDecimals(currency);
  if ((fiatAmount.split(".")[1] ?? "").length > decimals) {
    throw validationError([
      { path: ["amount"], message: `${currency} amounts have at most ${decimals} decimal places` },
    ]);
  }
  return { currency, fiatAmount };
}

/** POST /subscriptions: a PENDING schedule for a payer to sign. */
export async function createSubscription(
  deps: SubscriptionDeps,
  merchant: MerchantRow,
  raw: unknown,
): Promise<SubscriptionView> {
  const input = parseInput(createSubscriptionInputSchema, raw);
  const chain = await requireMerchantChain(deps.db, merchant);
  if (!chain.gateway_address) {
    throw new KassaError(
      "UNSUPPORTED_CHAIN",
      `chain ${chain.network_id} (${chain.name}) has no gateway deployed`,
    );
  }
  if (!merchant.recipient_address) throw new KassaError("RECIPIENT_NOT_CONFIGURED");
  const token = await requireChainToken(deps.db, chain, input.tokenAddress);
  const fiat = fiatPlan(input);
  const tokens = fiat
    ? { path: "maxAmount", amount: input.maxAmount }
    : { path: "amount", amount: input.amount };
  let amount: bigint;
  try {
    amount = decimalToUnits(numberToDecimalString(tokens.amount ?? 0), token.decimals);
  } catch {
    throw validationError([
      { path: [tokens.path], message: `${token.symbol} has only ${token.decimals} decimals` },
    ]);
  }
  const id = `sub_${randomBytes(16).toString("hex")}`;
  const inserted = await insertSubscription(deps.db, {
    id,
    subscription_id: `0x${randomBytes(32).toString("hex")}`,
    merchant_id: merchant.id,
    order_id: input.orderId,
    description: input.description ?? null,
    chain_id: chain.id,
    token_id: token.id,
    gateway_address: chain.gateway_address,
    recipient_address: merchant.recipient_address,
    amount,
    currency: fiat?.currency ?? null,
    fiat_amount: fiat?.fiatAmount ?? null,
    period_seconds: BigInt(input.periodSeconds),
    starts_at: input.startsAt === undefined ? null : BigInt(input.startsAt),
    charges: input.charges,
    retry_schedule: input.retrySchedule ?? [...DEFAULT_SUBSCRIPTION_RETRIES],
    on_failure: input.onFailure,
    payer_address: input.payerAddress ?? null,
    return_url: input.returnUrl ?? null,
  });
  if (!inserted) throw new KassaError("DUPLICATE_ORDER", `orderId ${input.orderId} is already used`);
  return view(deps, await require(deps, id));
}

/** GET /subscriptions/:id: the merchant's view. */
export async function getSubscription(
  deps: SubscriptionDeps,
  merchant: MerchantRow,
  id: string,
): Promise<SubscriptionView> {
  return view(deps, await require(deps, id, merchant.id));
}

/** GET /public/subscriptions/:id: what the payer is asked to sign, for whoever holds the link. */
export async function getPublicSubscription(
  deps: SubscriptionDeps,
  id: string,
): Promise<PublicSubscriptionView> {
  return publicSubscriptionView(await require(deps, id));
}

/** GET /subscriptions. */
export async function listSubscriptions(
  deps: SubscriptionDeps,
  merchant: MerchantRow,
  query: z.output<typeof subscriptionListQuerySchema>,
) {
  const page = await listSubscriptionDetails(deps.db, {
    merchantId: merchant.id,
    limit: query.limit,
    startingAfter: query.starting_after,
    status: query.status,
  });
  if (!page) throw new KassaError("INVALID_REQUEST", "starting_after names no subscription of yours");
  return {
    subscriptions: await Promise.all(page.rows.map((row) => view(deps, row))),
    has_more: page.hasMore,
  };
}

/**
 * The payer's signature of the schedule: checked (locally, or by the chain for a smart wallet), then the
 * server signs its authorisation and the subscription is ACTIVE, its first charge due at startsAt.
 */
export async function authorizeSubscription(
  deps: SubscriptionDeps,
  id: string,
  raw: unknown,
): Promise<SubscriptionView> {
  const input = parseInput(authorizeSubscriptionInputSchema, raw);
  const row = await require(deps, id);
  if (row.status !== "PENDING") {
    throw new KassaError(
      "INVALID_SUBSCRIPTION_STATUS",
      `the subscription is ${row.status}, not waiting for a signature`,
    );
  }
  if (row.payer_address !== null && row.payer_address.toLowerCase() !== input.payer.toLowerCase()) {
    throw new KassaError(
      "FORBIDDEN",
      `this subscription is for wallet ${row.payer_address}: sign it with that wallet`,
    );
  }
  const startsAt = BigInt(input.startsAt);
  const nowSeconds = BigInt(Math.floor(deps.now().getTime() / 1000));
  if (row.starts_at !== null && startsAt !== BigInt(row.starts_at)) {
    throw validationError([
      { path: ["startsAt"], message: `must be the merchant's start, ${row.starts_at}` },
    ]);
  }
  if (
    row.starts_at === null &&
    (startsAt < nowSeconds - START_TOLERANCE_SECONDS || startsAt > nowSeconds + START_TOLERANCE_SECONDS)
  ) {
    throw validationError([{ path: ["startsAt"], message: "must be within 15 minutes of now" }]);
  }
  if (!deps.signer)
    throw new KassaError("SIGNING_SERVICE_ERROR", "no signer is configured (KASSA_SIGNER_PRIVATE_KEY)");
  const chain = await findChainById(deps.db, row.chain_id);
  if (!chain) throw new KassaError("CHAIN_NOT_FOUND");
  const onChain = {
    chainId: row.network_id,
    gateway: row.gateway_address as Address,
    subscription: scheduleOf(row, { payer: input.payer, startsAt, usePermit2: input.usePermit2 }),
  };
  const signature = input.signature.toLowerCase() as Hex;
  if (!(await verifySubscriptionSignature(deps.chains.publicClient(chain), { ...onChain, signature }))) {
    throw new KassaError(
      "INVALID_SIGNATURE",
      `the signature is not ${input.payer}'s signature of this schedule`,
    );
  }
  const serverSignature = await deps.signer.signSubscription(onChain);
  const now = deps.now();
  const activated = await deps.db.transaction().execute(async (trx) => {
    const moved = await activateSubscription(trx, row.id, {
      payerAddress: input.payer,
      startsAt,
      usePermit2: input.usePermit2,
      digest: subscriptionDigest(onChain),
      payerSignature: signature,
      serverSignature: serverSignature.toLowerCase(),
      nextChargeAt: new Date(Number(startsAt) * 1000),
    });
    if (moved) await recordSubscriptionEvent(trx, "subscription.created", row, moved, now);
    return moved;
  });
  if (!activated)
    throw new KassaError("INVALID_SUBSCRIPTION_STATUS", "the subscription was signed meanwhile");
  return view(deps, await require(deps, id));
}

/** POST /subscriptions/:id/cancel: no more charges (the worker then cancels the schedule on-chain). */
export async function cancelSubscription(
  deps: SubscriptionDeps,
  merchant: MerchantRow,
  id: string,
): Promise<SubscriptionView> {
  return cancelAs(deps, await require(deps, id, merchant.id), "merchant");
}

/**
 * Cancels `row` for the merchant or its payer: no more charges, `subscription.canceled`, and the worker then
 * cancels the schedule on-chain unless it was already (chainCancel.ts).
 */
export async function cancelAs(
  deps: SubscriptionDeps,
  row: SubscriptionDetails,
  by: "merchant" | "payer",
): Promise<SubscriptionView> {
  const now = deps.now();
  const canceled = await deps.db.transaction().execute(async (trx) => {
    const moved = await cancelSubscriptionRow(trx, row.id, by, now);
    if (moved) await recordSubscriptionEvent(trx, "subscription.canceled", row, moved, now);
    return moved;
  });
  if (!canceled)
    throw new KassaError("INVALID_SUBSCRIPTION_STATUS", `the subscription is already ${row.status}`);
  return view(deps, await require(deps, row.id));
}
