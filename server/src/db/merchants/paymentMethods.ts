import type { InsertQueryBuilder, QueryCreator, UpdateQueryBuilder } from "kysely";
import type { Db } from "../infra/database.js";
import type { Database } from "../schema/types.js";
import { type PaymentMethodRow, type TokenRow } from "../schema/rows.js";

/** A payment method with its token's fields. */
export type PaymentMethodWithToken = PaymentMethodRow &
  Pick<TokenRow, "address" | "symbol" | "decimals" | "permit_supported">;

/** The token's fields a PaymentMethodWithToken carries. */
const tokenFields = [
  "tokens.address",
  "tokens.symbol",
  "tokens.decimals",
  "tokens.permit_supported",
] as const;

type PaymentMethodWrite =
  | InsertQueryBuilder<Database, "payment_methods", PaymentMethodRow>
  | UpdateQueryBuilder<Database, "payment_methods", "payment_methods", PaymentMethodRow>;

function selectWithToken(db: Db) {
  return db
    .selectFrom("payment_methods")
    .innerJoin("tokens", "tokens.id", "payment_methods.token_id")
    .selectAll("payment_methods")
    .select(tokenFields);
}

/** The payment methods a statement (an insert or update ... RETURNING *) wrote, each with its token's fields. */
function withTokenOf(db: Db, write: (qb: QueryCreator<Database>) => PaymentMethodWrite) {
  return db
    .with("written", write)
    .selectFrom("written")
    .innerJoin("tokens", "tokens.id", "written.token_id")
    .selectAll("written")
    .select(tokenFields);
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
  return withTokenOf(db, (qb) =>
    qb
      .insertInto("payment_methods")
      .values({ merchant_id: method.merchantId, token_id: method.tokenId, is_enabled: method.isEnabled })
      .returningAll(),
  ).executeTakeFirstOrThrow();
}

/** Owner-guarded: a method of another merchant is not found. */
export function setPaymentMethodEnabledById(
  db: Db,
  merchantId: number,
  id: number,
  isEnabled: boolean,
): Promise<PaymentMethodWithToken | undefined> {
  return withTokenOf(db, (qb) =>
    qb
      .updateTable("payment_methods")
      .set({ is_enabled: isEnabled })
      .where("id", "=", id)
      .where("merchant_id", "=", merchantId)
      .returningAll(),
  ).executeTakeFirst();
}
