import type { Db } from "./database.js";
import { type PaymentMethodRow, type TokenRow } from "./rows.js";

/** A payment method with its token's fields. */
export type PaymentMethodWithToken = PaymentMethodRow &
  Pick<TokenRow, "address" | "symbol" | "decimals" | "permit_supported">;

function selectWithToken(db: Db) {
  return db
    .selectFrom("payment_methods")
    .innerJoin("tokens", "tokens.id", "payment_methods.token_id")
    .selectAll("payment_methods")
    .select(["tokens.address", "tokens.symbol", "tokens.decimals", "tokens.permit_supported"]);
}

export function listPaymentMethodsByMerchantId(
  db: Db,
  merchantId: number,
): Promise<PaymentMethodWithToken[]> {
  return selectWithToken(db)
    .where("payment_methods.merchant_id", "=", merchantId)
    .orderBy("payment_methods.id")
    .execute();
}

export function insertPaymentMethod(
  db: Db,
  method: { merchantId: number; tokenId: number; isEnabled: boolean },
): Promise<PaymentMethodWithToken> {
  return db
    .with("inserted", (qb) =>
      qb
        .insertInto("payment_methods")
        .values({ merchant_id: method.merchantId, token_id: method.tokenId, is_enabled: method.isEnabled })
        .returningAll(),
    )
    .selectFrom("inserted")
    .innerJoin("tokens", "tokens.id", "inserted.token_id")
    .selectAll("inserted")
    .select(["tokens.address", "tokens.symbol", "tokens.decimals", "tokens.permit_supported"])
    .executeTakeFirstOrThrow();
}

/** Owner-guarded: a method of another merchant is not found. */
export function setPaymentMethodEnabledById(
  db: Db,
  merchantId: number,
  id: number,
  isEnabled: boolean,
): Promise<PaymentMethodWithToken | undefined> {
  return db
    .with("updated", (qb) =>
      qb
        .updateTable("payment_methods")
        .set({ is_enabled: isEnabled })
        .where("id", "=", id)
        .where("merchant_id", "=", merchantId)
        .returningAll(),
    )
    .selectFrom("updated")
    .innerJoin("tokens", "tokens.id", "updated.token_id")
    .selectAll("updated")
    .select(["tokens.address", "tokens.symbol", "tokens.decimals", "tokens.permit_supported"])
    .executeTakeFirst();
}
