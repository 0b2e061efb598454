import type { PaymentDeps } from "../core/payments.js";
import type { Db } from "../db/database.js";
import type { AuthOptions } from "./auth.js";

/** What route plugins need; built once by buildApp. */
export interface RouteContext {
  db: Db;
  payments: PaymentDeps;
  auth: AuthOptions;
  now: () => Date;
}
