import type { ApiClient } from "../api.js";
import { pageParams, paginate } from "../paginate.js";
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
    return this.api.request("apiKey", { method: "POST", path: "/payment-links", body: params }, options);
  }

  /** GET /payment-links/:id. */
  retrieve(id: string, options?: RequestOptions): Promise<PaymentLink> {
    return this.api.request(
      "apiKey",
      { method: "GET", path: `/payment-links/${encodeURIComponent(id)}` },
      options,
    );
  }

  /** GET /payment-links: one page, newest first. */
  list(params: ListPaymentLinksParams = {}, options?: RequestOptions): Promise<PaymentLinkPage> {
    return this.api.request(
      "apiKey",
      { method: "GET", path: "/payment-links", query: { ...params } },
      options,
    );
  }

  /** Every link, newest first, fetching pages as the loop advances. */
  listAll(
    params: Omit<ListPaymentLinksParams, "starting_after"> = {},
    options?: RequestOptions,
  ): AsyncGenerator<PaymentLink, void, undefined> {
    return paginate((startingAfter) => this.list(pageParams(params, startingAfter), options), "links", "id");
  }

  /** PATCH /payment-links/:id: title, redirects, expiry, use limit, or `active: false`; never the amount. */
  update(id: string, params: UpdatePaymentLinkParams, options?: RequestOptions): Promise<PaymentLink> {
    return this.api.request(
      "apiKey",
      { method: "PATCH", path: `/payment-links/${encodeURIComponent(id)}`, body: params },
      options,
    );
  }
}
