import { PAYMENT_SIGNATURE_LIFETIME } from "@kassa/contracts/paymentId";
import type { Address, Hex } from "viem";
import { z } from "zod";
import type { PaymentSigner } from "../../chain/signer.js";
import type { Db } from "../../db/infra/database.js";
import {
  findPaymentDetailsByMerchantIdAndOrderId,
  findPaymentDetailsByPaymentId,
  listPaymentDetailsByMerchantId,
  type PaymentInserter,
  type PaymentDetails,
} from "../../db/payments/payments.js";
import type { PaymentSequencer } from "../../db/payments/paymentSequences.js";
import type { SharedReads } from "../../db/sharedReads/sharedReads.js";
import { type MerchantRow } from "../../db/schema/rows.js";
import {
  AMOUNT_MAX_DECIMALS,
  amountProblemMessages,
  checkAmount,
  decimalToUnits,
  MIN_AMOUNT,
  numberToDecimalString,
} from "../../domain/amount.js";
import { convertFiatToToken, parseCurrency } from "../../domain/fiat.js";
import { isBytes32, newPaymentId } from "../../domain/ids.js";
import { paymentStatuses } from "../../domain/paymentStatus.js";
import { KassaError } from "../../errors.js";
import { paymentFilterOf, paymentFilterQueryFields } from "./paymentFilters.js";
import { checkChainToken } from "../merchants/merchants.js";
import type { PriceService } from "../prices/service.js";
import { addressSchema, MAX_URL_LENGTH, parseInput } from "../validation.js";
import { newDepositColumns, type DepositFeeReader } from "../deposits/terms.js";
import {
  createdPaymentView,
  merchantPaymentRecord,
  merchantPaymentRecordSchema,
  paymentView,
  type CreatedPaymentView,
  type MerchantPaymentRecord,
  type PaymentView,
} from "./views.js";

/**
 * The server signature deadline and the payment lifetime. The gateway prices a payment
 * at the fee in effect at `deadline - SIGNATURE_LIFETIME`, so the deadline is always signing time + this.
 */
export const SIGNATURE_DEADLINE_SECONDS = PAYMENT_SIGNATURE_LIFETIME;
export const PAYMENT_LIFETIME_MS = 5 * 60 * 1000;
/** Redirect URL value for payments with no page to return to. */
export const NO_REDIRECT = "service:none";

export interface PaymentDeps {
  db: Db;
  reads: SharedReads;
  /** createPaymentInserter(db): the batched INSERT. */
  insertPayment: PaymentInserter;
  /** createPaymentSequencer(db): the payment's sequence on its gateway, from ranges taken in PostgreSQL. */
  nextPaymentSequence: PaymentSequencer;
  /**
   * The transfer path: the merchant's fee on the gateway, fixed in each payment's deposit terms, where the chain
   * offers it (createDepositFeeReader); unset, payments have no transfer path.
   */
  depositFee?: DepositFeeReader;
  /** Absent: creation fails with SIGNING_SERVICE_ERROR (no KASSA_SIGNER_PRIVATE_KEY). */
  signer: PaymentSigner | undefined;
  prices: PriceService;
  now: () => Date;
}

const redirectUrlSchema = z
  .string()
  .max(MAX_URL_LENGTH)
  .refine(
    (value) => value === NO_REDIRECT || (URL.canParse(value) && /^https?:\/\//i.test(value)),
    `must be an http(s) URL or ${NO_REDIRECT}`,
  );

export const createPaymentInputSchema = z.object({
  orderId: z.string().min(1).max(255).describe("Merchant order id, unique per merchant"),
  amount: z
    .number()
    .superRefine((value, ctx) => {
      const problem = checkAmount(value);
      if (problem) ctx.addIssue({ code: "custom", message: amountProblemMessages[problem] });
    })
    .describe(
      `Token units, or fiat units when currency is given; at most ${AMOUNT_MAX_DECIMALS} decimals, minimum ${MIN_AMOUNT}`,
    ),
  tokenAddress: addressSchema.describe(
    "ERC-20 token, whitelisted on the merchant's chain and enabled for the merchant",
  ),
  successUrl: redirectUrlSchema.describe(`Redirect URL on success, or ${NO_REDIRECT}`),
  failUrl: redirectUrlSchema.describe(`Redirect URL on failure, or ${NO_REDIRECT}`),
  currency: z
    .string()
    .regex(/^[A-Za-z]{3}$/, "must be a 3-letter ISO 4217 code")
    .transform((value) => value.toUpperCase())
    .optional()
    .describe(
      "Fiat code (USD, KRW...): amount is then a fiat amount converted at the one-hour average price",
    ),
});
export type CreatePaymentInput = z.input<typeof createPaymentInputSchema>;

/**
 * POST /payments. Checks run in the order that gives the most useful error: merchant chain, chain
 * support, recipient, token whitelist, payment method, price; then the (batched) INSERT, where
 * UNIQUE (merchant, order_id) turns any race between identical requests into DUPLICATE_ORDER.
 */
/** Where a payment comes from when a payer starts it from a payment link (startLinkPayment). */
export interface LinkPaymentOrigin {
  paymentLinkId: string;
  /** The SHA-256 of the payer's browser token, and its client network. */
  linkClient: string;
  linkClientNetwork: string;
  /** The link's expiry: the payment expires by then at the latest. */
  expiresBy?: Date;
}

export async function createPayment(
  deps: PaymentDeps,
  merchant: MerchantRow,
  rawInput: CreatePaymentInput,
  origin?: LinkPaymentOrigin,
): Promise<CreatedPaymentView> {
  const input = parseInput(createPaymentInputSchema, rawInput);
  const { db } = deps;

  // One shared read for the checks of the common path; the error paths may ask more.
  const found =
    merchant.chain_id === null
      ? undefined
      : await deps.reads.chainTokenForMerchant({
          chainId: merchant.chain_id,
          address: input.tokenAddress,
          merchantId: merchant.id,
        });
  if (!found) throw new KassaError("CHAIN_NOT_CONFIGURED");
  const { chain } = found;
  if (!chain.gateway_address) {
    throw new KassaError(
      "UNSUPPORTED_CHAIN",
      `chain ${chain.network_id} (${chain.name}) has no gateway deployed`,
    );
  }
  if (!merchant.recipient_address) throw new KassaError("RECIPIENT_NOT_CONFIGURED");
  const token = await checkChainToken(db, chain, input.tokenAddress, found.token);
  if (!found.methodEnabled) {
    throw new KassaError("TOKEN_NOT_ENABLED", `token ${token.address} is not enabled for this merchant`);
  }

  const requested = numberToDecimalString(input.amount);
  let amount: bigint;
  let fiat: { currency: string; fiatAmount: string; tokenPrice: string } | undefined;
  if (input.currency === undefined) {
    try {
      amount = decimalToUnits(requested, token.decimals);
    } catch {
      throw amountError(`${token.symbol} has only ${token.decimals} decimals`);
    }
  } else {
    const tokenPrice = await deps.prices.hourlyAveragePrice({
      networkId: chain.network_id,
      tokenAddress: token.address,
      currency: input.currency,
    });
    const currency = parseCurrency(input.currency);
    if (!currency) throw new KassaError("INVALID_CURRENCY", `currency ${input.currency} is not supported`);
    const conversion = convertFiatToToken({
      fiatAmount: requested,
      currency,
      price: tokenPrice,
      tokenDecimals: token.decimals,
    });
    if (!conversion.ok) {
      if (conversion.problem.kind === "invalid-price") {
        throw new KassaError(
          "INTERNAL_ERROR",
          `price service returned an unusable price: ${conversion.problem.message}`,
        );
      }
      throw amountError(conversion.problem.message);
    }
    amount = conversion.amountWei;
    fiat = { currency, fiatAmount: requested, tokenPrice };
  }

  if (!deps.signer) throw new KassaError("SIGNING_SERVICE_ERROR", "no server signing key is configured");
  const gateway = chain.gateway_address as Address;
  const [sequence, depositGateway] = await Promise.all([
    deps.nextPaymentSequence({ chainId: chain.id, gatewayAddress: chain.gateway_address }),
    deps.depositFee?.(chain, gateway, merchant.merchant_id as Hex),
  ]);
  const now = deps.now();
  const paymentId = newPaymentId(sequence);
  const deadline = Math.floor(now.getTime() / 1000) + SIGNATURE_DEADLINE_SECONDS;
  let serverSignature: Hex;
  try {
    serverSignature = await deps.signer.signPaymentRequest({
      chainId: chain.network_id,
      gateway,
      request: {
        paymentId,
        tokenAddress: token.address as Address,
        amount,
        recipientAddress: merchant.recipient_address as Address,
        merchantId: merchant.merchant_id as Hex,
        deadline: BigInt(deadline),
      },
    });
  } catch (error) {
    throw new KassaError("SIGNATURE_ERROR", undefined, { cause: error });
  }

  const row = await deps.insertPayment({
    payment_id: paymentId,
    merchant_id: merchant.id,
    order_id: input.orderId,
    chain_id: chain.id,
    token_id: token.id,
    amount,
    recipient_address: merchant.recipient_address,
    gateway_address: chain.gateway_address,
    forwarder_address: chain.forwarder_address,
    deadline,
    expires_at: new Date(
      Math.min(now.getTime() + PAYMENT_LIFETIME_MS, origin?.expiresBy?.getTime() ?? Number.POSITIVE_INFINITY),
    ),
    currency: fiat?.currency ?? null,
    fiat_amount: fiat?.fiatAmount ?? null,
    token_price: fiat?.tokenPrice ?? null,
    success_url: input.successUrl,
    fail_url: input.failUrl,
    server_signature: serverSignature,
    // Where transfers are not offered, or the chain did not answer, the payment has no deposit address: pay() only.
    ...(depositGateway === undefined
      ? {}
      : newDepositColumns({
          networkId: chain.network_id,
          gateway,
          paymentId,
          tokenAddress: token.address as Address,
          amount,
          recipientAddress: merchant.recipient_address as Address,
          merchant,
          ...depositGateway,
          now,
        })),
    ...(origin
      ? {
          payment_link_id: origin.paymentLinkId,
          link_client: origin.linkClient,
          link_client_network: origin.linkClientNetwork,
        }
      : {}),
  });
  if (!row) {
    throw new KassaError("DUPLICATE_ORDER", `orderId ${input.orderId} is already used by this merchant`);
  }
  return createdPaymentView({
    ...row,
    token_address: token.address,
    token_symbol: token.symbol,
    token_decimals: token.decimals,
    token_permit_supported: token.permit_supported,
    network_id: chain.network_id,
    merchant_bytes32_id: merchant.merchant_id,
    merchant_faucet_enabled: merchant.faucet_enabled,
    merchant_name: merchant.name,
    merchant_has_webhook: merchant.webhook_url !== null,
  });
}

function amountError(message: string): KassaError {
  return new KassaError("VALIDATION_ERROR", undefined, { details: [{ path: ["amount"], message }] });
}

/** The payment if it exists and belongs to `merchant`. */
export function requireOwnPayment(db: Db, merchant: MerchantRow, paymentId: string): Promise<PaymentDetails> {
  return ownPayment(merchant, paymentId, (id) => findPaymentDetailsByPaymentId(db, id));
}

async function ownPayment(
  merchant: MerchantRow,
  paymentId: string,
  find: (paymentId: string) => Promise<PaymentDetails | undefined>,
): Promise<PaymentDetails> {
  const payment = isBytes32(paymentId) ? await find(paymentId) : undefined;
  if (!payment) throw new KassaError("PAYMENT_NOT_FOUND", `payment ${paymentId} not found`);
  if (payment.merchant_id !== merchant.id) {
    throw new KassaError("FORBIDDEN", "the payment does not belong to this merchant");
  }
  return payment;
}

/**
 * GET /payments/:id (public key): the full payment with status. Polled, so read through the shared reads;
 * `fresh` after a change the caller made, which a read already running could predate.
 */
export async function getPayment(
  reads: SharedReads,
  merchant: MerchantRow,
  paymentId: string,
  options: { fresh?: boolean } = {},
): Promise<PaymentView> {
  const find = options.fresh ? reads.paymentDetails.fresh : reads.paymentDetails;
  return paymentView(await ownPayment(merchant, paymentId, find));
}

/** GET /merchants/me/payments/:id (API key). */
export async function getMerchantPayment(
  db: Db,
  merchant: MerchantRow,
  paymentId: string,
): Promise<MerchantPaymentRecord> {
  return merchantPaymentRecord(await requireOwnPayment(db, merchant, paymentId));
}

/** GET /merchants/me/payments?orderId= (API key): the one payment of that order. */
export async function getMerchantPaymentByOrderId(
  db: Db,
  merchant: MerchantRow,
  orderId: string,
): Promise<MerchantPaymentRecord> {
  const payment = await findPaymentDetailsByMerchantIdAndOrderId(db, merchant.id, orderId);
  if (!payment) throw new KassaError("PAYMENT_NOT_FOUND", `no payment for orderId ${orderId}`);
  return merchantPaymentRecord(payment);
}

export const paymentListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20).describe("Page size, 1 to 100"),
  starting_after: z
    .string()
    .regex(/^0x[0-9a-f]{64}$/, "must be a paymentId")
    .optional()
    .describe("paymentId of the last item of the previous page"),
  status: z.enum(paymentStatuses).optional().describe("Only payments in this status"),
  ...paymentFilterQueryFields,
});
export type PaymentListQuery = z.output<typeof paymentListQuerySchema>;

export const merchantPaymentPageSchema = z.object({
  payments: z.array(merchantPaymentRecordSchema).describe("Newest first"),
  has_more: z.boolean().describe("More payments follow; pass the last paymentId as starting_after"),
});
export type MerchantPaymentPage = z.infer<typeof merchantPaymentPageSchema>;

/** GET /merchants/me/payments without orderId: newest first, cursor-paginated, searched and filtered. */
export async function listMerchantPayments(
  db: Db,
  merchant: MerchantRow,
  query: PaymentListQuery,
): Promise<MerchantPaymentPage> {
  const page = await listPaymentDetailsByMerchantId(db, {
    ...paymentFilterOf(query),
    merchantId: merchant.id,
    limit: query.limit,
    startingAfter: query.starting_after,
    status: query.status,
  });
  if (!page) {
    throw new KassaError("INVALID_REQUEST", "starting_after does not name a payment of this merchant");
  }
  return { payments: page.payments.map(merchantPaymentRecord), has_more: page.hasMore };
}
