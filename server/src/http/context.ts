import type { PaymentDeps } from "../core/payments.js";
import type { PaymentSync } from "../core/paymentSync.js";
import type { RefundDeps } from "../core/refunds.js";
import type { Db } from "../db/database.js";
import type { SharedReads } from "../db/sharedReads.js";
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
  /** PUBLIC_BASE_URL: where the hosted pages are (else the origin a request came to). */
  publicBaseUrl: string | undefined;
  /** WEBHOOK_ALLOW_PRIVATE: PATCH /merchant accepts a webhook URL at a local address. */
  webhookAllowPrivate: boolean;
}
