import type { Db } from "./database.js";
import { type MerchantRow, type MerchantUpdate, type NewMerchantRow } from "./rows.js";

export function insertMerchant(db: Db, merchant: NewMerchantRow): Promise<MerchantRow> {
  return db.insertInto("merchants").values(merchant).returningAll().executeTakeFirstOrThrow();
}

export function updateMerchantByKey(
  db: Db,
  merchantKey: string,
  update: MerchantUpdate,
): Promise<MerchantRow | undefined> {
  return db
    .updateTable("merchants")
    .set(update)
    .where("merchant_key", "=", merchantKey)
    .returningAll()
    .executeTakeFirst();
}

export function findMerchantByKey(db: Db, merchantKey: string): Promise<MerchantRow | undefined> {
  return db.selectFrom("merchants").selectAll().where("merchant_key", "=", merchantKey).executeTakeFirst();
}

export function findMerchantById(db: Db, id: number): Promise<MerchantRow | undefined> {
  return db.selectFrom("merchants").selectAll().where("id", "=", id).executeTakeFirst();
}

export function findMerchantByApiKeyHash(db: Db, apiKeyHash: string): Promise<MerchantRow | undefined> {
  return db.selectFrom("merchants").selectAll().where("api_key_hash", "=", apiKeyHash).executeTakeFirst();
}

export function findMerchantByPublicKeyHash(db: Db, publicKeyHash: string): Promise<MerchantRow | undefined> {
  return db
    .selectFrom("merchants")
    .selectAll()
    .where("public_key_hash", "=", publicKeyHash)
    .executeTakeFirst();
}

export function listMerchants(db: Db): Promise<MerchantRow[]> {
  return db.selectFrom("merchants").selectAll().orderBy("id").execute();
}
