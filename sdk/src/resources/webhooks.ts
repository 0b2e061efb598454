import type { ApiClient } from "../api.js";
import { paginate } from "../paginate.js";
import type { RequestOptions } from "../transport.js";
import type {
  ListWebhookDeliveriesParams,
  Redelivery,
  RotatedWebhookSecret,
  WebhookDelivery,
  WebhookDeliveryPage,
} from "../types.js";

export class WebhooksResource {
  constructor(private readonly api: ApiClient) {}

  /** GET /merchants/me/webhook-deliveries: one page of deliveries with their attempts, newest first. */
  listDeliveries(
    params: ListWebhookDeliveriesParams = {},
    options?: RequestOptions,
  ): Promise<WebhookDeliveryPage> {
    return this.api.get("apiKey", "/merchants/me/webhook-deliveries", options, { ...params });
  }

  /** Every delivery matching `params`, newest first. */
  listAllDeliveries(
    params: Omit<ListWebhookDeliveriesParams, "starting_after"> = {},
    options?: RequestOptions,
  ): AsyncGenerator<WebhookDelivery, void, undefined> {
    return paginate((page) => this.listDeliveries(page, options), params, "deliveries", "id");
  }

  /** POST /merchants/me/webhook-deliveries/:id/redeliver: sends the event again (same webhook-id). */
  redeliver(deliveryId: string, options?: RequestOptions): Promise<Redelivery> {
    return this.api.send(
      "apiKey",
      "POST",
      `/merchants/me/webhook-deliveries/${encodeURIComponent(deliveryId)}/redeliver`,
      options,
    );
  }

  /**
   * POST /merchants/me/webhook-test: sends a signed `webhook.test` event to the webhook URL, as a delivery
   * of the log (follow it with listDeliveries()).
   */
  sendTest(options?: RequestOptions): Promise<Redelivery> {
    return this.api.send("apiKey", "POST", "/merchants/me/webhook-test", options);
  }

  /**
   * POST /merchants/me/webhook-secret/rotate: a new whsec_ secret signs every attempt from now on and
   * the old one stops at once; store the returned secret before anything else.
   */
  rotateSecret(options?: RequestOptions): Promise<RotatedWebhookSecret> {
    return this.api.send("apiKey", "POST", "/merchants/me/webhook-secret/rotate", options);
  }
}
