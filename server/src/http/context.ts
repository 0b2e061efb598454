import type { PaymentDeps } from "../core/payments.js";
import type { Db } from "../db/database.js";
import type { PriceQueryDeps } from "../prices/service.js";
import type { AuthOptions } from "./auth.js";

/** What route plugins need; built once by buildApp. */
export interface RouteContext {
  db: Db;
  payments: PaymentDeps;
  /** GET /prices. */
  prices: PriceQueryDeps;
  auth: AuthOptions;
  now: () => Date;
}
