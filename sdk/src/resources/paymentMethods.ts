import type { ApiClient } from "../api.js";
import type { RequestOptions } from "../transport.js";
import type { AddPaymentMethodParams, PaymentMethod, UpdatePaymentMethodParams } from "../types.js";

export class PaymentMethodsResource {
  constructor(private readonly api: ApiClient) {}

  /** GET /merchant/payment-methods. */
  async list(options?: RequestOptions): Promise<PaymentMethod[]> {
    const data = await this.api.get<{ payment_methods: PaymentMethod[] }>(
      "apiKey",
      "/merchant/payment-methods",
      options,
    );
    return data.payment_methods;
  }

  /** POST /merchant/payment-methods: enables a whitelisted token of the merchant's chain. */
  create(params: AddPaymentMethodParams, options?: RequestOptions): Promise<PaymentMethod> {
    return this.api.send("apiKey", "POST", "/merchant/payment-methods", options, params);
  }

  /** PATCH /merchant/payment-methods/:id: enables or disables it. */
  update(id: number, params: UpdatePaymentMethodParams, options?: RequestOptions): Promise<PaymentMethod> {
    return this.api.send(
      "apiKey",
      "PATCH",
      `/merchant/payment-methods/${encodeURIComponent(String(id))}`,
      options,
      params,
    );
  }
}
