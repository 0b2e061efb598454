import { KassaError } from "../../errors.js";

export interface PriceQuery {
  networkId: number;
  tokenAddress: string;
  /** ISO 4217 code, upper case. */
  currency: string;
}

/**
 * The price seam of payment creation: createPriceService (service.ts) reads the stored hourly averages;
 * `noPriceService`, for an API without prices, answers every fiat request with PRICE_SERVICE_NOT_CONFIGURED.
 */
export interface PriceService {
  /**
   * Mean price of one whole token over the previous full hour, in `currency` units, as a positive
   * decimal string. Throws INVALID_CURRENCY for an unsupported currency and
   * PRICE_SERVICE_NOT_CONFIGURED when no price is available.
   */
  hourlyAveragePrice(query: PriceQuery): Promise<string>;
}

export const noPriceService: PriceService = {
  hourlyAveragePrice: () => Promise.reject(new KassaError("PRICE_SERVICE_NOT_CONFIGURED")),
};
