import { sql, type ExpressionBuilder } from "kysely";
import type { Db } from "../infra/database.js";
import { updateWhere } from "../infra/lookups.js";
import { readPage } from "../infra/pages.js";
import type { PaymentLinkRow } from "../schema/rows.js";
import type { Database, PaymentLinksTable } from "../schema/types.js";
import type { Insertable, Updateable } from "kysely";
import { paidStatuses } from "../../domain/paymentStatus.js";

/** A payment link with its token, how many of its payments were paid and how many are under way. */
export type PaymentLinkDetails = PaymentLinkRow & {
  token_address: string;
  token_symbol: string;
  token_decimals: number;
  /** Its payments that were paid (`paidStatuses`). */
  uses: number;
  /** Its payments started and open at the time asked (CREATED, unexpired or seen paid): each holds a use. */
  reserved: number;
};

/** A link payment that holds a use at `now`: CREATED and unexpired, or its pay transaction seen mined. */
function holdsUse(eb: ExpressionBuilder<Database, "payments">, now: Date) {
  return eb.and([
    eb("payments.status", "=", "CREATED"),
    eb.or([eb("payments.expires_at", ">", now), eb("payments.seen_at", "is not", null)]),
  ]);
}

/** A count of the payments that hold a use at `now`, narrowed by the caller (`whereRef` to its link...). */
function openPaymentCount(eb: ExpressionBuilder<Database, "payment_links" | "tokens">, now: Date) {
  return eb
    .selectFrom("payments")
    .select(sql<number>`count(*)::int`.as("n"))
    .where((inner) => holdsUse(inner, now));
}

function selectPaymentLinkDetails(db: Db, now: Date) {
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
        .where("payments.status", "in", paidStatuses)
        .as("uses"),
      openPaymentCount(eb, now).whereRef("payments.payment_link_id", "=", "payment_links.id").as("reserved"),
    ])
    .$narrowType<{ uses: number; reserved: number }>();
}

export async function insertPaymentLink(db: Db, link: Insertable<PaymentLinksTable>): Promise<void> {
  await db.insertInto("payment_links").values(link).execute();
}

/** The link if it exists, its reservations counted at `now`; with `merchantId`, only if it is that merchant's. */
export function findPaymentLinkDetails(
  db: Db,
  id: string,
  now: Date,
  merchantId?: number,
): Promise<PaymentLinkDetails | undefined> {
  let select = selectPaymentLinkDetails(db, now).where("payment_links.id", "=", id);
  if (merchantId !== undefined) select = select.where("payment_links.merchant_id", "=", merchantId);
  return select.executeTakeFirst();
}

/** A page of the merchant's links, newest first; "unknown-cursor" when `startingAfter` is not its link. */
export async function listPaymentLinkDetails(
  db: Db,
  filter: { merchantId: number; now: Date; limit: number; startingAfter?: string | undefined },
): Promise<{ links: PaymentLinkDetails[]; hasMore: boolean } | "unknown-cursor"> {
  const select = selectPaymentLinkDetails(db, filter.now).where(
    "payment_links.merchant_id",
    "=",
    filter.merchantId,
  );
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
    return (await findPaymentLinkDetails(db, id, new Date(), merchantId)) !== undefined;
  }
  return updateWhere(db, "payment_links", { id, merchant_id: merchantId }, changes);
}

/**
 * The link, locked until the caller's transaction ends (payments of one link start one at a time, so
 * their count against its limits holds), with the payments under way it counts them against: the link's
 * own (`reserved`), those started from `clientNetwork`, and those of all the merchant's links.
 */
export async function lockPaymentLinkToStart(
  db: Db,
  id: string,
  now: Date,
  clientNetwork: string,
): Promise<(PaymentLinkDetails & { from_client_network: number; merchant_open: number }) | undefined> {
  return selectPaymentLinkDetails(db, now)
    .select((eb) => [
      openPaymentCount(eb, now)
        .whereRef("payments.payment_link_id", "=", "payment_links.id")
        .where("payments.link_client_network", "=", clientNetwork)
        .as("from_client_network"),
      openPaymentCount(eb, now)
        .whereRef("payments.merchant_id", "=", "payment_links.merchant_id")
        .where("payments.payment_link_id", "is not", null)
        .as("merchant_open"),
    ])
    .$narrowType<{ from_client_network: number; merchant_open: number }>()
    .where("payment_links.id", "=", id)
    .forUpdate("payment_links")
    .executeTakeFirst();
}

/**
 * The open payment a client (the SHA-256 of its browser token) started from the link and can still pay
 * until at least `payableUntil`, newest first: pressing Pay again gives it back instead of a new one.
 */
export function findOpenLinkPaymentOfClient(
  db: Db,
  filter: { linkId: string; linkClient: string; payableUntil: Date },
): Promise<{ payment_id: string; amount: string } | undefined> {
  return db
    .selectFrom("payments")
    .select(["payment_id", "amount"])
    .where("payment_link_id", "=", filter.linkId)
    .where("status", "=", "CREATED")
    .where("link_client", "=", filter.linkClient)
    .where("expires_at", ">", filter.payableUntil)
    .orderBy("created_at", "desc")
    .limit(1)
    .executeTakeFirst();
}
