import type { Insertable, Selectable, Updateable } from "kysely";
import type {
  ChainCursorsTable,
  ChainsTable,
  DashboardSessionsTable,
  MerchantWalletsTable,
  MerchantsTable,
  PaymentMethodsTable,
  PaymentLinksTable,
  PaymentsTable,
  PriceSamplesTable,
  RefundsTable,
  TokenPriceSourcesTable,
  TokensTable,
  WebhookAttemptsTable,
  WebhookDeliveriesTable,
  WebhookEventsTable,
} from "./types.js";
import type {
  GasGrantsTable,
  RelayRequestsTable,
  SenderBroadcastsTable,
  SenderTransactionsTable,
} from "./gaslessTables.js";

/** The rows the queries read and write, by table (`types.ts`). */
export type ChainRow = Selectable<ChainsTable>;
export type NewChainRow = Insertable<ChainsTable>;
export type ChainUpdate = Updateable<ChainsTable>;
export type TokenRow = Selectable<TokensTable>;
export type NewTokenRow = Insertable<TokensTable>;
export type MerchantRow = Selectable<MerchantsTable>;
export type NewMerchantRow = Insertable<MerchantsTable>;
export type MerchantUpdate = Updateable<MerchantsTable>;
export type PaymentMethodRow = Selectable<PaymentMethodsTable>;
export type PaymentRow = Selectable<PaymentsTable>;
export type NewPaymentRow = Insertable<PaymentsTable>;
export type MerchantWalletRow = Selectable<MerchantWalletsTable>;
export type DashboardSessionRow = Selectable<DashboardSessionsTable>;
export type WebhookEventRow = Selectable<WebhookEventsTable>;
export type WebhookDeliveryRow = Selectable<WebhookDeliveriesTable>;
export type WebhookAttemptRow = Selectable<WebhookAttemptsTable>;
export type RefundRow = Selectable<RefundsTable>;
export type NewRefundRow = Insertable<RefundsTable>;
export type ChainCursorRow = Selectable<ChainCursorsTable>;
export type RelayRequestRow = Selectable<RelayRequestsTable>;
export type GasGrantRow = Selectable<GasGrantsTable>;
export type TokenPriceSourceRow = Selectable<TokenPriceSourcesTable>;
export type NewTokenPriceSourceRow = Insertable<TokenPriceSourcesTable>;
export type PriceSampleRow = Selectable<PriceSamplesTable>;
export type NewPriceSampleRow = Insertable<PriceSamplesTable>;
export type SenderTransactionRow = Selectable<SenderTransactionsTable>;
export type SenderBroadcastRow = Selectable<SenderBroadcastsTable>;
export type PaymentLinkRow = Selectable<PaymentLinksTable>;
