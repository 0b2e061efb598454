import { sql } from "kysely";
import type { Db } from "./database.js";
import { updateWhere } from "./lookups.js";
import { readPage } from "./pages.js";
import type { PaymentLinkRow } from "./rows.js";
import type { PaymentLinksTable } from "./types.js";
import type { Insertable, Updateable } from "kysely";

/** A payment link with its token and how many of its payments were paid. */
export type PaymentLinkDetails = PaymentLinkRow & {
  token_address: string;
  token_symbol: string;
  token_decimals: number;
  /** Its payments that were paid (PAID, REFUND_SUBMITTED, REFUNDED). */
  uses: number;
};

function selectPaymentLinkDetails(db: Db) {
  return db
    .selectFrom("payment_links")
    .innerJoin("tokens", "tokens.id", "payment_links.token_id")
    .selectAll("payment_links")
    .select((eb) => [
      "tokens.address as token_address",
      "tokens.symbol as token_symbol",
      "tokens.decimals as token_decimals",
      eb
        .selectFrom("payments")
        .select(sql<number>`count(*)::int`.as("n"))
        .whereRef("payments.payment_link_id", "=", "payment_links.id")
        .where("payments.status", "in", ["PAID", "REFUND_SUBMITTED", "REFUNDED"])
        .as("uses"),
    ])
    .$narrowType<{ uses: number }>();
}

export async function insertPaymentLink(db: Db, link: Insertable<PaymentLinksTable>): Promise<void> {
  await db.insertInto("payment_links").values(link).execute();
}

/** The link if it exists; with `merchantId`, only if it is that merchant's. */
export function findPaymentLinkDetails(
  db: Db,
  id: string,
  merchantId?: number,
): Promise<PaymentLinkDetails | undefined> {
  let select = selectPaymentLinkDetails(db).where("payment_links.id", "=", id);
  if (merchantId !== undefined) select = select.where("payment_links.merchant_id", "=", merchantId);
  return select.executeTakeFirst();
}

/** A page of the merchant's links, newest first; "unknown-cursor" when `startingAfter` is not its link. */
export async function listPaymentLinkDetails(
  db: Db,
  filter: { merchantId: number; limit: number; startingAfter?: string | undefined },
): Promise<{ links: PaymentLinkDetails[]; hasMore: boolean } | "unknown-cursor"> {
  const select = selectPaymentLinkDetails(db).where("payment_links.merchant_id", "=", filter.merchantId);
  const page = await readPage(db, select, "payment_links", "id", filter);
  return page ? { links: page.rows, hasMore: page.hasMore } : "unknown-cursor";
}

/** Changes the merchant's link; false when it is not the merchant's. */
export async function updatePaymentLink(
  db: Db,
  id: string,
  merchantId: number,
  changes: Updateable<PaymentLinksTable>,
): Promise<boolean> {
  if (Object.keys(changes).length === 0) {
    return (await findPaymentLinkDetails(db, id, merchantId)) !== undefined;
  }
  return updateWhere(db, "payment_links", { id, merchant_id: merchantId }, changes);
}
