import type { ApiClient } from "../api.js";
import type { RequestOptions } from "../transport.js";
import type {
  CreatePaymentLinkParams,
  ListPaymentLinksParams,
  PaymentLink,
  PaymentLinkPage,
  UpdatePaymentLinkParams,
} from "../types.js";
import { PagedResource } from "./paged.js";

const listing = { path: "/payment-links", key: "links", idKey: "id" } as const;

/** Payment links; `list()` and `listAll()` read GET /payment-links. */
export class PaymentLinksResource extends PagedResource<
  ListPaymentLinksParams,
  PaymentLinkPage,
  typeof listing
> {
  constructor(api: ApiClient) {
    super(api, listing);
  }

  /** POST /payment-links: a hosted page (`url`) where each payer pays a payment of their own. Sent once. */
  create(params: CreatePaymentLinkParams, options?: RequestOptions): Promise<PaymentLink> {
    return this.api.send("apiKey", "POST", "/payment-links", options, params);
  }

  /** GET /payment-links/:id. */
  retrieve(id: string, options?: RequestOptions): Promise<PaymentLink> {
    return this.api.get("apiKey", `/payment-links/${encodeURIComponent(id)}`, options);
  }

  /** PATCH /payment-links/:id: title, redirects, expiry, use limit, or `active: false`; never the amount. */
  update(id: string, params: UpdatePaymentLinkParams, options?: RequestOptions): Promise<PaymentLink> {
    return this.api.send("apiKey", "PATCH", `/payment-links/${encodeURIComponent(id)}`, options, params);
  }
}
