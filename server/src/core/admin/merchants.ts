import { maxFeeBps } from "@kassa/contracts";
import type { Address, Hex } from "viem";
import { z } from "zod";
import { sendMerchantFee } from "../../chain/gatewayOwner.js";
import { findChainById, listChains as listChainRows } from "../../db/chains/chains.js";
import {
  insertMerchant,
  listMerchants as listMerchantRows,
  updateMerchantByKey,
} from "../../db/merchants/merchants.js";
import { type ChainRow, type MerchantRow, type MerchantUpdate } from "../../db/schema/rows.js";
import { depositSettingsInputFields, depositSettingsUpdate } from "../deposits/settings.js";
import {
  hashKey,
  newApiKey,
  newMerchantId,
  newMerchantKey,
  newPublicKey,
  newWebhookSecret,
} from "../../domain/ids.js";
import { KassaError } from "../../errors.js";
import { addressSchema, httpUrlSchema, networkIdSchema, parseInput } from "../validation.js";
import { adminMerchant, type AdminMerchant } from "./views.js";
import * as merchants from "../merchants/merchants.js";
import { revokeApiKeyIssuedBy } from "../../db/merchants/dashboardSessions.js";
import { type AdminDeps, isEmptyPatch, networkIdOf, requireChain, requireMerchant } from "./shared.js";

/** Merchants, their keys and their fee. */

export const createMerchantInputSchema = z.object({
  name: z.string().trim().min(1).max(200),
  networkId: networkIdSchema.optional(),
  recipientAddress: addressSchema.optional(),
  webhookUrl: httpUrlSchema.optional(),
  faucetEnabled: z.boolean().default(false),
  /** A merchant created disabled refuses every request until `merchant update --enable`. */
  isEnabled: z.boolean().default(true),
});
export type CreateMerchantInput = z.input<typeof createMerchantInputSchema>;

/** The only time the secrets are available: they are stored hashed (webhook secret excepted). */
export interface MerchantCredentials {
  apiKey: string;
  publicKey: string;
  webhookSecret: string;
}

export interface CreatedMerchant extends MerchantCredentials {
  merchant: AdminMerchant;
}

export async function createMerchant(deps: AdminDeps, input: CreateMerchantInput): Promise<CreatedMerchant> {
  const merchant = parseInput(createMerchantInputSchema, input);
  const chain =
    merchant.networkId === undefined ? undefined : await requireChain(deps.db, merchant.networkId);
  const apiKey = newApiKey();
  const publicKey = newPublicKey();
  const webhookSecret = newWebhookSecret();
  const row = await insertMerchant(deps.db, {
    merchant_key: newMerchantKey(),
    merchant_id: newMerchantId(),
    name: merchant.name,
    chain_id: chain?.id ?? null,
    recipient_address: merchant.recipientAddress ?? null,
    webhook_url: merchant.webhookUrl ?? null,
    webhook_secret: webhookSecret,
    faucet_enabled: merchant.faucetEnabled,
    is_enabled: merchant.isEnabled,
    fee_bps: null,
    api_key_hash: hashKey(apiKey),
    public_key: publicKey,
    public_key_hash: hashKey(publicKey),
  });
  return { merchant: adminMerchant(row, chain?.network_id ?? null), apiKey, publicKey, webhookSecret };
}

export const updateMerchantInputSchema = z
  .object({
    name: z.string().trim().min(1).max(200),
    networkId: networkIdSchema.nullable(),
    recipientAddress: addressSchema.nullable(),
    webhookUrl: httpUrlSchema.nullable(),
    faucetEnabled: z.boolean(),
    isEnabled: z.boolean(),
    /** The merchant's fee override on its chain's gateway (null: clear it); sent from the gateway owner. */
    feeBps: z.number().int().min(0).max(maxFeeBps).nullable(),
    ...depositSettingsInputFields,
  })
  .partial();
/** Omitted fields stay as they are; null clears an optional field. */
export type UpdateMerchantInput = z.input<typeof updateMerchantInputSchema>;

/**
 * Changes a merchant. A new recipient takes the old one's dashboard access (unless it was added as a
 * wallet too) and, with it, a secret key one of its sessions issued: `secretKeyRevoked` says so.
 */
export async function updateMerchant(
  deps: AdminDeps,
  merchantKey: string,
  input: UpdateMerchantInput,
): Promise<AdminMerchant & { secretKeyRevoked?: true }> {
  const patch = parseInput(updateMerchantInputSchema, input);
  const current = await requireMerchant(deps.db, merchantKey);
  if (isEmptyPatch(patch)) return adminMerchant(current, await networkIdOf(deps.db, current));
  const update: MerchantUpdate = {
    name: patch.name,
    recipient_address: patch.recipientAddress,
    webhook_url: patch.webhookUrl,
    faucet_enabled: patch.faucetEnabled,
    is_enabled: patch.isEnabled,
    fee_bps: patch.feeBps,
    ...depositSettingsUpdate(patch),
  };
  let chain: ChainRow | undefined;
  if (patch.networkId !== undefined) {
    chain = patch.networkId === null ? undefined : await requireChain(deps.db, patch.networkId);
    update.chain_id = chain?.id ?? null;
  } else if (patch.feeBps !== undefined && current.chain_id !== null) {
    chain = await findChainById(deps.db, current.chain_id);
  }
  if (patch.feeBps !== undefined) await setFeeOnChain(deps, current, chain, patch.feeBps);
  const oldRecipient = current.recipient_address;
  const { row, secretKeyRevoked } = await deps.db.transaction().execute(async (trx) => {
    const updated = await updateMerchantByKey(trx, merchantKey, update);
    if (!updated) throw new KassaError("NOT_FOUND", `no merchant ${merchantKey}`);
    const revoked =
      oldRecipient !== null &&
      (await revokeApiKeyIssuedBy(trx, updated.id, oldRecipient, merchants.unusableApiKeyHash()));
    return { row: revoked ? await requireMerchant(trx, merchantKey) : updated, secretKeyRevoked: revoked };
  });
  const view = adminMerchant(row, await networkIdOf(deps.db, row));
  return secretKeyRevoked ? { ...view, secretKeyRevoked: true } : view;
}

/**
 * The fee override lives in the gateway (the merchant's fee in the database mirrors it): the owner's
 * transaction is mined before the row changes, so a refused or failed change leaves both as they were.
 */
async function setFeeOnChain(
  deps: AdminDeps,
  merchant: MerchantRow,
  chain: ChainRow | undefined,
  feeBps: number | null,
): Promise<void> {
  if (!chain?.gateway_address) {
    throw new KassaError(
      "CHAIN_CONFIG_ERROR",
      "the merchant's fee is set on its chain's gateway: give the merchant a chain with a gateway first",
    );
  }
  if (!deps.gatewayOwnerKey) {
    throw new KassaError(
      "CHAIN_CONFIG_ERROR",
      `set GATEWAY_OWNER_PRIVATE_KEY to the gateway owner's key, or have the owner call ${
        feeBps === null ? "clearMerchantFee" : "setMerchantFee"
      } for merchant id ${merchant.merchant_id} on ${chain.gateway_address}`,
    );
  }
  await sendMerchantFee({
    client: deps.chains.publicClient(chain),
    ownerKey: deps.gatewayOwnerKey,
    gateway: chain.gateway_address as Address,
    merchantId: merchant.merchant_id as Hex,
    feeBps,
  });
}

export async function listMerchants(deps: AdminDeps): Promise<AdminMerchant[]> {
  const [rows, chains] = await Promise.all([listMerchantRows(deps.db), listChainRows(deps.db)]);
  const networkIds = new Map(chains.map((chain) => [chain.id, chain.network_id]));
  return rows.map((row) =>
    adminMerchant(row, row.chain_id === null ? null : (networkIds.get(row.chain_id) ?? null)),
  );
}

export interface RotatedMerchantKeys {
  apiKey: string;
  publicKey: string;
  /** Only when asked for: merchants verify webhooks with it, so rotating it is a coordinated step. */
  webhookSecret?: string;
}

/** Issues a new API key and public key (and optionally webhook secret); the old ones stop working at once. */
export function rotateMerchantKeys(
  deps: AdminDeps,
  merchantKey: string,
  options: { webhookSecret?: boolean } = {},
): Promise<RotatedMerchantKeys> {
  return merchants.issueMerchantKeys(
    deps.db,
    merchantKey,
    options.webhookSecret ? ["apiKey", "publicKey", "webhookSecret"] : ["apiKey", "publicKey"],
  );
}
