import type { PaymentLinkLimits } from "../config/paymentLinks.js";
import type { PaymentDeps } from "../core/payments/payments.js";
import type { PaymentSync } from "../core/payments/paymentSync.js";
import type { RefundDeps } from "../core/refunds/refunds.js";
import type { Db } from "../db/infra/database.js";
import type { SharedReads } from "../db/sharedReads/sharedReads.js";
import type { PriceQueryDeps } from "../core/prices/service.js";
import type { AuthOptions } from "./auth.js";
import type { StatusStreams } from "./statusStream.js";

/** What route plugins need; built once by buildApp. */
export interface RouteContext {
  db: Db;
  /** The hot endpoints' reads, shared while in flight. */
  reads: SharedReads;
  payments: PaymentDeps;
  /** GET /prices. */
  prices: PriceQueryDeps;
  auth: AuthOptions;
  now: () => Date;
  /** POST/GET /refunds. */
  refunds: RefundDeps;
  /** On-demand chain sync of GET /payments/:id; undefined when disabled. */
  paymentSync: PaymentSync | undefined;
  /** GET /payments/:id/events. */
  statusStreams: StatusStreams;
  /** Kassa's public URL (kassaPublicUrl): where the hosted pages are; undefined: not configured. */
  publicBaseUrl: string | undefined;
  /** How many payments started from payment links may be open at once. */
  paymentLinkLimits: PaymentLinkLimits;
  /** WEBHOOK_ALLOW_PRIVATE: PATCH /merchant accepts a webhook URL at a local address. */
  webhookAllowPrivate: boolean;
}
