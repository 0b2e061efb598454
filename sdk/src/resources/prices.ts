import type { ApiClient } from "../api.js";
import type { RequestOptions } from "../transport.js";
import type { RetrievePriceParams, TokenPrice } from "../types.js";

export class PricesResource {
  constructor(private readonly api: ApiClient) {}

  /** GET /prices: the current or previous-hour average price of a whitelisted token. */
  retrieve(params: RetrievePriceParams, options?: RequestOptions): Promise<TokenPrice> {
    return this.api.get("apiKey", "/prices", options, { ...params });
  }
}
