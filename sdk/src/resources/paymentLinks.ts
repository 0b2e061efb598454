import type { ApiClient } from "../api.js";
import { paginate } from "../paginate.js";
import type { RequestOptions } from "../transport.js";
import type {
  CreatePaymentLinkParams,
  ListPaymentLinksParams,
  PaymentLink,
  PaymentLinkPage,
  UpdatePaymentLinkParams,
} from "../types.js";

export class PaymentLinksResource {
  constructor(private readonly api: ApiClient) {}

  /** POST /payment-links: a hosted page (`url`) where each payer pays a payment of their own. Sent once. */
  create(params: CreatePaymentLinkParams, options?: RequestOptions): Promise<PaymentLink> {
    return this.api.send("apiKey", "POST", "/payment-links", options, params);
  }

  /** GET /payment-links/:id. */
  retrieve(id: string, options?: RequestOptions): Promise<PaymentLink> {
    return this.api.get("apiKey", `/payment-links/${encodeURIComponent(id)}`, options);
  }

  /** GET /payment-links: one page, newest first. */
  list(params: ListPaymentLinksParams = {}, options?: RequestOptions): Promise<PaymentLinkPage> {
    return this.api.get("apiKey", "/payment-links", options, { ...params });
  }

  /** Every link, newest first, fetching pages as the loop advances. */
  listAll(
    params: Omit<ListPaymentLinksParams, "starting_after"> = {},
    options?: RequestOptions,
  ): AsyncGenerator<PaymentLink, void, undefined> {
    return paginate((page) => this.list(page, options), params, "links", "id");
  }

  /** PATCH /payment-links/:id: title, redirects, expiry, use limit, or `active: false`; never the amount. */
  update(id: string, params: UpdatePaymentLinkParams, options?: RequestOptions): Promise<PaymentLink> {
    return this.api.send("apiKey", "PATCH", `/payment-links/${encodeURIComponent(id)}`, options, params);
  }
}
