import type { ApiClient } from "../api.js";
import { KassaError } from "../errors.js";
import type { RequestOptions } from "../transport.js";
import type {
  ListMerchantPaymentsParams,
  MerchantPaymentPage,
  MerchantPaymentRecord,
  PaymentTimeline,
  PaymentTotals,
  PaymentTotalsParams,
} from "../types.js";
import { PagedResource } from "./paged.js";

const listing = { path: "/merchants/me/payments", key: "payments", idKey: "paymentId" } as const;

/** The merchant's payments; `list()` and `listAll()` read GET /merchants/me/payments (searched and filtered). */
export class MerchantPaymentsResource extends PagedResource<
  ListMerchantPaymentsParams,
  MerchantPaymentPage,
  typeof listing
> {
  constructor(api: ApiClient) {
    super(api, listing);
  }

  /** GET /merchants/me/payments/:id: the record to verify a payment with. */
  retrieve(paymentId: string, options?: RequestOptions): Promise<MerchantPaymentRecord> {
    return this.api.get("apiKey", `/merchants/me/payments/${encodeURIComponent(paymentId)}`, options);
  }

  /**
   * GET /merchants/me/payments/totals: counts and exact base-unit sums per token over a period (default
   * the last 30 days, at most 366), with the filters of list().
   */
  totals(params: PaymentTotalsParams = {}, options?: RequestOptions): Promise<PaymentTotals> {
    return this.api.get("apiKey", "/merchants/me/payments/totals", options, { ...params });
  }

  /** GET /merchants/me/payments/:id/timeline: status changes, amounts, relay and refunds of a payment. */
  timeline(paymentId: string, options?: RequestOptions): Promise<PaymentTimeline> {
    return this.api.get(
      "apiKey",
      `/merchants/me/payments/${encodeURIComponent(paymentId)}/timeline`,
      options,
    );
  }

  /** GET /merchants/me/payments?orderId=: the order's payment (KassaNotFoundError if none). */
  retrieveByOrderId(orderId: string, options?: RequestOptions): Promise<MerchantPaymentRecord> {
    return retrieveByOrderId(this.api, orderId, options);
  }
}

export async function retrieveByOrderId(
  api: ApiClient,
  orderId: string,
  options?: RequestOptions,
): Promise<MerchantPaymentRecord> {
  const data = await api.request<MerchantPaymentRecord | MerchantPaymentPage>(
    "apiKey",
    { method: "GET", path: "/merchants/me/payments", query: { orderId } },
    options,
  );
  if ("paymentId" in data) return data;
  throw new KassaError({
    code: "INVALID_RESPONSE",
    message: "GET /merchants/me/payments?orderId= answered a list instead of one payment",
  });
}
