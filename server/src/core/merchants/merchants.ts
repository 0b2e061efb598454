import { z } from "zod";
import { findChainById } from "../../db/chains/chains.js";
import { isUniqueViolation, type Db } from "../../db/infra/database.js";
import {
  insertPaymentMethod,
  listPaymentMethodsByMerchantId,
  setPaymentMethodEnabledById,
} from "../../db/merchants/paymentMethods.js";
import { findTokenByChainIdAndAddress, findTokensByAddress, listTokens } from "../../db/tokens/tokens.js";
import type { SharedReads } from "../../db/sharedReads/sharedReads.js";
import { type ChainRow, type MerchantRow, type MerchantUpdate, type TokenRow } from "../../db/schema/rows.js";
import { updateMerchantByKey } from "../../db/merchants/merchants.js";
import { hashKey, keyMatchesHash, newApiKey, newPublicKey, newWebhookSecret } from "../../domain/ids.js";
import { KassaError } from "../../errors.js";
import { addressSchema, parseInput } from "../validation.js";
import { tokenView, tokenViewSchema } from "../chains/views.js";
import { merchantView, merchantViewSchema, paymentMethodView, type PaymentMethodView } from "./views.js";

async function authenticate(
  key: string | undefined,
  prefix: "sk_" | "pk_",
  find: (hash: string) => Promise<MerchantRow | undefined>,
  storedHash: (merchant: MerchantRow) => string,
): Promise<MerchantRow> {
  if (!key || !key.startsWith(prefix)) throw new KassaError("UNAUTHORIZED");
  const merchant = await find(hashKey(key));
  // The row was found by its hash; the constant-time check keeps the final comparison free of
  // early exits should the lookup ever change (a prefix index, a cache keyed by something else).
  if (!merchant || !keyMatchesHash(key, storedHash(merchant)) || !merchant.is_enabled) {
    throw new KassaError("UNAUTHORIZED");
  }
  return merchant;
}

/** A secret key nobody is given: its hash replaces a revoked key's (the column holds a key's hash always). */
export function unusableApiKeyHash(): string {
  return hashKey(newApiKey());
}

/** The merchant owning an `sk_` API key; UNAUTHORIZED when missing, unknown or the merchant is disabled. */
export function authenticateApiKey(
  reads: Pick<SharedReads, "merchantByApiKeyHash">,
  apiKey: string | undefined,
): Promise<MerchantRow> {
  return authenticate(apiKey, "sk_", reads.merchantByApiKeyHash, (m) => m.api_key_hash);
}

/** The merchant owning a `pk_` public key; UNAUTHORIZED when missing, unknown or the merchant is disabled. */
export function authenticatePublicKey(
  reads: Pick<SharedReads, "merchantByPublicKeyHash">,
  publicKey: string | undefined,
): Promise<MerchantRow> {
  return authenticate(publicKey, "pk_", reads.merchantByPublicKeyHash, (m) => m.public_key_hash);
}

/** The merchant's chain; CHAIN_NOT_CONFIGURED when it has none. */
export async function requireMerchantChain(db: Db, merchant: MerchantRow): Promise<ChainRow> {
  const chain = merchant.chain_id === null ? undefined : await findChainById(db, merchant.chain_id);
  if (!chain) throw new KassaError("CHAIN_NOT_CONFIGURED");
  return chain;
}

/**
 * The whitelisted token at `address` on `chain`, with the most useful error when there is none:
 * CHAIN_MISMATCH when it is whitelisted on another chain, TOKEN_NOT_FOUND when nowhere,
 * UNSUPPORTED_TOKEN when whitelisted but disabled.
 */
export async function requireChainToken(db: Db, chain: ChainRow, address: string): Promise<TokenRow> {
  return checkChainToken(db, chain, address, await findTokenByChainIdAndAddress(db, chain.id, address));
}

/** {@link requireChainToken} for a token already looked up (`found`: the token at `address` on `chain`). */
export async function checkChainToken(
  db: Db,
  chain: ChainRow,
  address: string,
  found: TokenRow | undefined,
): Promise<TokenRow> {
  if (!found) {
    const elsewhere = await findTokensByAddress(db, address);
    if (elsewhere.length > 0) {
      throw new KassaError(
        "CHAIN_MISMATCH",
        `token ${address} is not on the merchant's chain ${chain.network_id}`,
      );
    }
    throw new KassaError(
      "TOKEN_NOT_FOUND",
      `token ${address} is not whitelisted on chain ${chain.network_id}`,
    );
  }
  if (!found.enabled) {
    throw new KassaError(
      "UNSUPPORTED_TOKEN",
      `token ${address} is not supported on chain ${chain.network_id}`,
    );
  }
  return found;
}

export const merchantOverviewSchema = z.object({
  merchant: merchantViewSchema,
  chainTokens: z.array(tokenViewSchema).describe("Enabled whitelisted tokens of the merchant's chain"),
});
export type MerchantOverview = z.infer<typeof merchantOverviewSchema>;

/** GET /merchant: the merchant with its payment methods, and the tokens its chain offers. */
export async function getMerchantOverview(db: Db, merchant: MerchantRow): Promise<MerchantOverview> {
  const [chain, methods, tokens] = await Promise.all([
    merchant.chain_id === null ? undefined : findChainById(db, merchant.chain_id),
    listPaymentMethodsByMerchantId(db, merchant.id),
    merchant.chain_id === null ? [] : listTokens(db, { chainId: merchant.chain_id, enabledOnly: true }),
  ]);
  return { merchant: merchantView(merchant, chain, methods), chainTokens: tokens.map(tokenView) };
}

export async function listPaymentMethods(db: Db, merchant: MerchantRow): Promise<PaymentMethodView[]> {
  return (await listPaymentMethodsByMerchantId(db, merchant.id)).map(paymentMethodView);
}

export const addPaymentMethodInputSchema = z.object({
  tokenAddress: addressSchema,
  is_enabled: z.boolean().default(true),
});
export type AddPaymentMethodInput = z.input<typeof addPaymentMethodInputSchema>;

/** Enables a whitelisted token of the merchant's chain for payments. PAYMENT_METHOD_EXISTS if already there. */
export async function addPaymentMethod(
  db: Db,
  merchant: MerchantRow,
  input: AddPaymentMethodInput,
): Promise<PaymentMethodView> {
  const { tokenAddress, is_enabled } = parseInput(addPaymentMethodInputSchema, input);
  const chain = await requireMerchantChain(db, merchant);
  const token = await requireChainToken(db, chain, tokenAddress);
  try {
    return paymentMethodView(
      await insertPaymentMethod(db, { merchantId: merchant.id, tokenId: token.id, isEnabled: is_enabled }),
    );
  } catch (error) {
    if (isUniqueViolation(error, "payment_methods_merchant_id_token_id_key")) {
      throw new KassaError("PAYMENT_METHOD_EXISTS", `a payment method for ${tokenAddress} already exists`);
    }
    throw error;
  }
}

/** Turns one of the merchant's own payment methods on or off; NOT_FOUND for anyone else's. */
export async function setPaymentMethodEnabled(
  db: Db,
  merchant: MerchantRow,
  paymentMethodId: number,
  isEnabled: boolean,
): Promise<PaymentMethodView> {
  const method = await setPaymentMethodEnabledById(db, merchant.id, paymentMethodId, isEnabled);
  if (!method) throw new KassaError("NOT_FOUND", `payment method ${paymentMethodId} not found`);
  return paymentMethodView(method);
}

/** How each of a merchant's keys is issued: its new value, and the columns that store it (hashed, but the webhook secret, which signs). */
const keyIssuers = {
  apiKey: () => {
    const apiKey = newApiKey();
    return { value: apiKey, columns: { api_key_hash: hashKey(apiKey) } };
  },
  publicKey: () => {
    const publicKey = newPublicKey();
    return { value: publicKey, columns: { public_key: publicKey, public_key_hash: hashKey(publicKey) } };
  },
  webhookSecret: () => {
    const webhookSecret = newWebhookSecret();
    return { value: webhookSecret, columns: { webhook_secret: webhookSecret } };
  },
} satisfies Record<string, () => { value: string; columns: MerchantUpdate }>;
export type MerchantKeyName = keyof typeof keyIssuers;

/**
 * Issues new `keys` for the merchant in one UPDATE: the old ones stop working at once, and so do the
 * merchant's dashboard sessions (a new API or public key moves its session epoch). The new values are
 * returned this once (Kassa keeps only the hashes of the API and public keys). `issuedBy`: the wallet whose
 * dashboard session asks, recorded with a new API key so that the key ends with that wallet's access.
 */
export async function issueMerchantKeys<K extends MerchantKeyName>(
  db: Db,
  merchantKey: string,
  keys: readonly K[],
  options: { issuedBy?: string } = {},
): Promise<Record<K, string>> {
  const issued = keys.map((key) => [key, keyIssuers[key]()] as const);
  const columns = Object.assign({}, ...issued.map(([, { columns }]) => columns)) as MerchantUpdate;
  if (columns.api_key_hash !== undefined) columns.api_key_issued_by = options.issuedBy?.toLowerCase() ?? null;
  const row = await updateMerchantByKey(db, merchantKey, columns);
  if (!row) throw new KassaError("NOT_FOUND", `no merchant ${merchantKey}`);
  return Object.fromEntries(issued.map(([key, { value }]) => [key, value])) as Record<K, string>;
}
