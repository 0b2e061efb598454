import type { ApiClient } from "../api.js";
import type { RequestOptions } from "../transport.js";
import type { MerchantOverview } from "../types.js";

export class MerchantResource {
  constructor(private readonly api: ApiClient) {}

  /** GET /merchant: the merchant, its payment methods and its chain's enabled tokens. */
  retrieve(options?: RequestOptions): Promise<MerchantOverview> {
    return this.api.request("apiKey", { method: "GET", path: "/merchant" }, options);
  }
}
