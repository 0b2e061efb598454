import type { ApiClient } from "../api.js";
import type { RequestOptions } from "../transport.js";
import type { CreateRefundParams, ListRefundsParams, Refund, RefundPage } from "../types.js";
import { PagedResource } from "./paged.js";

const listing = { path: "/refunds", key: "refunds", idKey: "id" } as const;

/** Refunds; `list()` and `listAll()` read GET /refunds (optionally of one payment). */
export class RefundsResource extends PagedResource<ListRefundsParams, RefundPage, typeof listing> {
  constructor(api: ApiClient) {
    super(api, listing);
  }

  /**
   * POST /refunds: starts a refund of a PAID payment (all that is left to refund, or `amount` of it) and
   * returns the transaction the merchant's recipient wallet must send. A payment can be refunded in
   * several parts, one at a time. Sent once, never retried: a repeat answers REFUND_IN_PROGRESS.
   */
  create(params: CreateRefundParams, options?: RequestOptions): Promise<Refund> {
    return this.api.send("apiKey", "POST", "/refunds", options, params);
  }

  /** GET /refunds/:id. */
  retrieve(refundId: string, options?: RequestOptions): Promise<Refund> {
    return this.api.get("apiKey", `/refunds/${encodeURIComponent(refundId)}`, options);
  }
}
