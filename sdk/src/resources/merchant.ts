import type { ApiClient } from "../api.js";
import type { RequestOptions } from "../transport.js";
import type { MerchantOverview, RotatedKey, RotateKeyParams, UpdateMerchantParams } from "../types.js";

export class MerchantResource {
  constructor(private readonly api: ApiClient) {}

  /** GET /merchant: the merchant, its payment methods and its chain's enabled tokens. */
  retrieve(options?: RequestOptions): Promise<MerchantOverview> {
    return this.api.get("apiKey", "/merchant", options);
  }

  /** PATCH /merchant: sets the webhook URL (null stops webhooks); resolves to what retrieve() does. */
  update(params: UpdateMerchantParams, options?: RequestOptions): Promise<MerchantOverview> {
    return this.api.send("apiKey", "PATCH", "/merchant", options, params);
  }

  /**
   * POST /merchants/me/keys/rotate: a new public key (`{ publicKey }`) or secret key (`{ apiKey }`), shown
   * once; the old one stops at once, so a client built with the old secret key fails from then on.
   */
  rotateKey(params: RotateKeyParams, options?: RequestOptions): Promise<RotatedKey> {
    return this.api.send("apiKey", "POST", "/merchants/me/keys/rotate", options, params);
  }
}
