import type { Db } from "../infra/database.js";
import { findAllBy, findOneBy, updateOneBy } from "../infra/lookups.js";
import { type MerchantRow, type MerchantUpdate, type NewMerchantRow } from "../schema/rows.js";

export function insertMerchant(db: Db, merchant: NewMerchantRow): Promise<MerchantRow> {
  return db.insertInto("merchants").values(merchant).returningAll().executeTakeFirstOrThrow();
}

export function updateMerchantByKey(
  db: Db,
  merchantKey: string,
  update: MerchantUpdate,
): Promise<MerchantRow | undefined> {
  return updateOneBy(db, "merchants", { merchant_key: merchantKey }, update);
}

export function findMerchantByKey(db: Db, merchantKey: string): Promise<MerchantRow | undefined> {
  return findOneBy(db, "merchants", { merchant_key: merchantKey });
}

export function findMerchantById(db: Db, id: number): Promise<MerchantRow | undefined> {
  return findOneBy(db, "merchants", { id });
}

export function findMerchantByApiKeyHash(db: Db, apiKeyHash: string): Promise<MerchantRow | undefined> {
  return findOneBy(db, "merchants", { api_key_hash: apiKeyHash });
}

export function findMerchantByPublicKeyHash(db: Db, publicKeyHash: string): Promise<MerchantRow | undefined> {
  return findOneBy(db, "merchants", { public_key_hash: publicKeyHash });
}

export function listMerchants(db: Db): Promise<MerchantRow[]> {
  return findAllBy(db, "merchants", {}, ["id"]);
}
