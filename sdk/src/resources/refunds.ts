import type { ApiClient } from "../api.js";
import { paginate } from "../paginate.js";
import type { RequestOptions } from "../transport.js";
import type { CreateRefundParams, ListRefundsParams, Refund, RefundPage } from "../types.js";

export class RefundsResource {
  constructor(private readonly api: ApiClient) {}

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

  /** GET /refunds: one page, newest first. */
  list(params: ListRefundsParams = {}, options?: RequestOptions): Promise<RefundPage> {
    return this.api.get("apiKey", "/refunds", options, { ...params });
  }

  /** Every refund matching `params`, newest first, fetching pages as the loop advances. */
  listAll(
    params: Omit<ListRefundsParams, "starting_after"> = {},
    options?: RequestOptions,
  ): AsyncGenerator<Refund, void, undefined> {
    return paginate((page) => this.list(page, options), params, "refunds", "id");
  }
}
