import type { Hex } from "viem";
import { type ChainClients } from "../../chain/clients.js";
import { findChainById, findChainByNetworkId } from "../../db/chains/chains.js";
import { type Db } from "../../db/infra/database.js";
import { findMerchantByKey } from "../../db/merchants/merchants.js";
import { type ChainRow, type MerchantRow } from "../../db/schema/rows.js";
import { KassaError } from "../../errors.js";
import type { Secret } from "../../secret.js";

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

export async function requireChain(db: Db, networkId: number): Promise<ChainRow> {
  const chain = await findChainByNetworkId(db, networkId);
  if (!chain) throw new KassaError("CHAIN_NOT_FOUND", `no chain with network id ${networkId}`);
  return chain;
}

export async function requireMerchant(db: Db, merchantKey: string): Promise<MerchantRow> {
  const merchant = await findMerchantByKey(db, merchantKey);
  if (!merchant) throw new KassaError("NOT_FOUND", `no merchant ${merchantKey}`);
  return merchant;
}

export async function networkIdOf(db: Db, merchant: MerchantRow): Promise<number | null> {
  return merchant.chain_id === null
    ? null
    : ((await findChainById(db, merchant.chain_id))?.network_id ?? null);
}

export function isEmptyPatch(patch: object): boolean {
  return Object.values(patch).every((value) => value === undefined);
}
