import type { ApiClient } from "../api.js";
import type { RequestOptions } from "../transport.js";
import type {
  CreateSubscriptionParams,
  ListSubscriptionsParams,
  Subscription,
  SubscriptionPage,
} from "../types.js";
import { PagedResource } from "./paged.js";

const listing = { path: "/subscriptions", key: "subscriptions", idKey: "id" } as const;

/** Subscriptions; `list()` and `listAll()` read GET /subscriptions. */
export class SubscriptionsResource extends PagedResource<
  ListSubscriptionsParams,
  SubscriptionPage,
  typeof listing
> {
  constructor(api: ApiClient) {
    super(api, listing);
  }

  /** POST /subscriptions: a schedule the payer signs once at `url`; Kassa charges it each period. Sent once. */
  create(params: CreateSubscriptionParams, options?: RequestOptions): Promise<Subscription> {
    return this.api.send("apiKey", "POST", "/subscriptions", options, params);
  }

  /** GET /subscriptions/:id, with its charges. */
  retrieve(id: string, options?: RequestOptions): Promise<Subscription> {
    return this.api.get("apiKey", `/subscriptions/${encodeURIComponent(id)}`, options);
  }

  /** POST /subscriptions/:id/cancel: no further charges. */
  cancel(id: string, options?: RequestOptions): Promise<Subscription> {
    return this.api.send("apiKey", "POST", `/subscriptions/${encodeURIComponent(id)}/cancel`, options);
  }
}
