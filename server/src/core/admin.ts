import { maxFeeBps } from "@kassa/contracts";
import type { Address, Hex } from "viem";
import { z } from "zod";
import { splitRpcUrls, type ChainClients } from "../chain/clients.js";
import { sendMerchantFee } from "../chain/gatewayOwner.js";
import { checkExactTransfers, readTokenInfo } from "../chain/tokenInfo.js";
import {
  findChainById,
  findChainByNetworkId,
  insertChain,
  listChains as listChainRows,
  updateChainByNetworkId,
} from "../db/chains.js";
import { isUniqueViolation, type Db } from "../db/database.js";
import {
  findMerchantByKey,
  insertMerchant,
  listMerchants as listMerchantRows,
  updateMerchantByKey,
} from "../db/merchants.js";
import {
  findTokenByChainIdAndAddress,
  insertToken,
  listTokens as listTokenRows,
  setTokenEnabled as setTokenEnabledRow,
} from "../db/tokens.js";
import type { ChainRow, MerchantRow, MerchantUpdate } from "../db/types.js";
import {
  hashKey,
  newApiKey,
  newMerchantId,
  newMerchantKey,
  newPublicKey,
  newWebhookSecret,
} from "../domain/ids.js";
import { KassaError } from "../errors.js";
import type { Secret } from "../secret.js";
import * as merchants from "./merchants.js";
import { addressSchema, httpUrlSchema, MAX_URL_LENGTH, networkIdSchema, parseInput } from "./validation.js";
import {
  adminChain,
  adminMerchant,
  adminToken,
  type AdminChain,
  type AdminMerchant,
  type AdminToken,
  type PaymentMethodView,
} from "./views.js";

/**
 * Operator functions behind `kassa admin ...`. Inputs are validated here (VALIDATION_ERROR with
 * details), so the CLI only maps flags to these objects.
 */
export interface AdminDeps {
  db: Db;
  chains: ChainClients;
  /** GATEWAY_OWNER_PRIVATE_KEY: needed only to change a merchant's fee (`feeBps`), which is set on-chain. */
  gatewayOwnerKey?: Secret<Hex>;
}

async function requireChain(db: Db, networkId: number): Promise<ChainRow> {
  const chain = await findChainByNetworkId(db, networkId);
  if (!chain) throw new KassaError("CHAIN_NOT_FOUND", `no chain with network id ${networkId}`);
  return chain;
}

export async function requireMerchant(db: Db, merchantKey: string): Promise<MerchantRow> {
  const merchant = await findMerchantByKey(db, merchantKey);
  if (!merchant) throw new KassaError("NOT_FOUND", `no merchant ${merchantKey}`);
  return merchant;
}

async function networkIdOf(db: Db, merchant: MerchantRow): Promise<number | null> {
  return merchant.chain_id === null
    ? null
    : ((await findChainById(db, merchant.chain_id))?.network_id ?? null);
}

function isEmptyPatch(patch: object): boolean {
  return Object.values(patch).every((value) => value === undefined);
}

// Chains

const chainFields = {
  name: z.string().trim().min(1).max(200),
  isTestnet: z.boolean(),
  // Several URLs, separated by commas, are tried in order with failover.
  rpcUrl: z
    .string()
    .refine(
      (value) =>
        splitRpcUrls(value).length > 0 &&
        splitRpcUrls(value).every(
          (url) => url.length <= MAX_URL_LENGTH && URL.canParse(url) && /^(https?|wss?):\/\//.test(url),
        ),
      `must be an http(s) or ws(s) URL of at most ${MAX_URL_LENGTH} characters, or several separated by commas`,
    )
    .transform((value) => splitRpcUrls(value).join(","))
    .nullable(),
  gatewayAddress: addressSchema.nullable(),
  forwarderAddress: addressSchema.nullable(),
  confirmations: z.number().int().min(0).max(1000),
  finality: z.enum(["finalized", "safe", "depth"]),
};

export const addChainInputSchema = z.object({
  networkId: networkIdSchema,
  name: chainFields.name,
  isTestnet: chainFields.isTestnet,
  rpcUrl: chainFields.rpcUrl.optional(),
  gatewayAddress: chainFields.gatewayAddress.optional(),
  forwarderAddress: chainFields.forwarderAddress.optional(),
  confirmations: chainFields.confirmations.optional(),
  finality: chainFields.finality.optional(),
});
export type AddChainInput = z.input<typeof addChainInputSchema>;

export async function addChain(deps: AdminDeps, input: AddChainInput): Promise<AdminChain> {
  const chain = parseInput(addChainInputSchema, input);
  try {
    return adminChain(
      await insertChain(deps.db, {
        network_id: chain.networkId,
        name: chain.name,
        is_testnet: chain.isTestnet,
        rpc_url: chain.rpcUrl ?? null,
        gateway_address: chain.gatewayAddress ?? null,
        forwarder_address: chain.forwarderAddress ?? null,
        confirmations: chain.confirmations,
        finality: chain.finality,
      }),
    );
  } catch (error) {
    if (isUniqueViolation(error, "chains_network_id_key")) {
      throw new KassaError("INVALID_REQUEST", `chain ${chain.networkId} already exists; use chain update`);
    }
    throw error;
  }
}

export const updateChainInputSchema = z
  .object({
    name: chainFields.name,
    isTestnet: chainFields.isTestnet,
    rpcUrl: chainFields.rpcUrl,
    gatewayAddress: chainFields.gatewayAddress,
    forwarderAddress: chainFields.forwarderAddress,
    confirmations: chainFields.confirmations,
    finality: chainFields.finality,
  })
  .partial();
/** Omitted fields stay as they are; null clears an optional field. */
export type UpdateChainInput = z.input<typeof updateChainInputSchema>;

export async function updateChain(
  deps: AdminDeps,
  networkId: number,
  input: UpdateChainInput,
): Promise<AdminChain> {
  const patch = parseInput(updateChainInputSchema, input);
  const current = await requireChain(deps.db, networkId);
  if (isEmptyPatch(patch)) return adminChain(current);
  const updated = await updateChainByNetworkId(deps.db, networkId, {
    name: patch.name,
    is_testnet: patch.isTestnet,
    rpc_url: patch.rpcUrl,
    gateway_address: patch.gatewayAddress,
    forwarder_address: patch.forwarderAddress,
    confirmations: patch.confirmations,
    finality: patch.finality,
  });
  if (!updated) throw new KassaError("CHAIN_NOT_FOUND", `no chain with network id ${networkId}`);
  return adminChain(updated);
}

export async function listChains(deps: AdminDeps): Promise<AdminChain[]> {
  return (await listChainRows(deps.db)).map(adminChain);
}

// Tokens

export const addTokenInputSchema = z.object({
  networkId: networkIdSchema,
  address: addressSchema,
  /** When symbol, decimals and permitSupported are all given, the chain is not asked. */
  symbol: z.string().trim().min(1).max(32).optional(),
  decimals: z.number().int().min(0).max(77).optional(),
  permitSupported: z.boolean().optional(),
  enabled: z.boolean().default(true),
  /**
   * An account holding some of the token: a transfer from it is simulated and a token that delivers less
   * than it sends (fee-on-transfer) is refused with UNSUPPORTED_TOKEN. Omitted: the token is not probed.
   */
  probeHolder: addressSchema.optional(),
});
export type AddTokenInput = z.input<typeof addTokenInputSchema>;

/** Whitelists a token on a chain, reading symbol, decimals and permit support from the chain. */
export async function addToken(deps: AdminDeps, input: AddTokenInput): Promise<AdminToken> {
  const token = parseInput(addTokenInputSchema, input);
  const chain = await requireChain(deps.db, token.networkId);
  const info =
    token.symbol !== undefined && token.decimals !== undefined && token.permitSupported !== undefined
      ? { symbol: token.symbol, decimals: token.decimals, permitSupported: token.permitSupported }
      : await readTokenInfo(deps.chains.publicClient(chain), token.address);
  if (info.decimals > 77 || info.symbol.trim() === "") {
    throw new KassaError(
      "TOKEN_INFO_ERROR",
      `token ${token.address} reports symbol "${info.symbol}" and ${info.decimals} decimals`,
    );
  }
  if (token.probeHolder !== undefined) {
    await checkExactTransfers(
      deps.chains.publicClient(chain),
      token.address,
      token.probeHolder,
      info.decimals,
    );
  }
  try {
    const row = await insertToken(deps.db, {
      chain_id: chain.id,
      address: token.address,
      symbol: info.symbol.trim(),
      decimals: info.decimals,
      permit_supported: info.permitSupported,
      enabled: token.enabled,
    });
    return adminToken({ ...row, network_id: chain.network_id });
  } catch (error) {
    if (isUniqueViolation(error, "tokens_chain_id_address_key")) {
      throw new KassaError(
        "INVALID_REQUEST",
        `token ${token.address} is already whitelisted on chain ${chain.network_id}`,
      );
    }
    throw error;
  }
}

export async function listTokens(
  deps: AdminDeps,
  filter: { networkId?: number } = {},
): Promise<AdminToken[]> {
  const chain = filter.networkId === undefined ? undefined : await requireChain(deps.db, filter.networkId);
  return (await listTokenRows(deps.db, chain ? { chainId: chain.id } : {})).map(adminToken);
}

/** A disabled token stays whitelisted but payments with it fail with UNSUPPORTED_TOKEN. */
export async function setTokenEnabled(
  deps: AdminDeps,
  input: { networkId: number; address: string; enabled: boolean },
): Promise<AdminToken> {
  const address = parseInput(addressSchema, input.address);
  const chain = await requireChain(deps.db, input.networkId);
  const token = await findTokenByChainIdAndAddress(deps.db, chain.id, address);
  const updated = token && (await setTokenEnabledRow(deps.db, token.id, input.enabled));
  if (!updated)
    throw new KassaError(
      "TOKEN_NOT_FOUND",
      `token ${address} is not whitelisted on chain ${chain.network_id}`,
    );
  return adminToken({ ...updated, network_id: chain.network_id });
}

// Merchants

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
  })
  .partial();
/** Omitted fields stay as they are; null clears an optional field. */
export type UpdateMerchantInput = z.input<typeof updateMerchantInputSchema>;

export async function updateMerchant(
  deps: AdminDeps,
  merchantKey: string,
  input: UpdateMerchantInput,
): Promise<AdminMerchant> {
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
  };
  let chain: ChainRow | undefined;
  if (patch.networkId !== undefined) {
    chain = patch.networkId === null ? undefined : await requireChain(deps.db, patch.networkId);
    update.chain_id = chain?.id ?? null;
  } else if (patch.feeBps !== undefined && current.chain_id !== null) {
    chain = await findChainById(deps.db, current.chain_id);
  }
  if (patch.feeBps !== undefined) await setFeeOnChain(deps, current, chain, patch.feeBps);
  const row = await updateMerchantByKey(deps.db, merchantKey, update);
  if (!row) throw new KassaError("NOT_FOUND", `no merchant ${merchantKey}`);
  return adminMerchant(row, await networkIdOf(deps.db, row));
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

// Payment methods

export async function addPaymentMethod(
  deps: AdminDeps,
  merchantKey: string,
  input: { tokenAddress: string; isEnabled?: boolean },
): Promise<PaymentMethodView> {
  const merchant = await requireMerchant(deps.db, merchantKey);
  return merchants.addPaymentMethod(deps.db, merchant, {
    tokenAddress: input.tokenAddress,
    is_enabled: input.isEnabled ?? true,
  });
}

/** Enables or disables the merchant's payment method for a token of its chain. */
export async function setPaymentMethodEnabled(
  deps: AdminDeps,
  merchantKey: string,
  input: { tokenAddress: string; enabled: boolean },
): Promise<PaymentMethodView> {
  const merchant = await requireMerchant(deps.db, merchantKey);
  const address = parseInput(addressSchema, input.tokenAddress);
  const methods = await merchants.listPaymentMethods(deps.db, merchant);
  const method = methods.find((candidate) => candidate.tokenAddress === address);
  if (!method)
    throw new KassaError("NOT_FOUND", `merchant ${merchantKey} has no payment method for ${address}`);
  return merchants.setPaymentMethodEnabled(deps.db, merchant, method.id, input.enabled);
}
