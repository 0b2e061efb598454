import type { ApiClient } from "../api.js";
import type { RequestOptions } from "../transport.js";
import type { ExportPaymentsParams, ExportRow } from "../types.js";

export class ExportsResource {
  constructor(private readonly api: ApiClient) {}

  /**
   * GET /exports/payments?format=json: the settled payments and completed refunds of a time range
   * (`from`, `to`) or a block range (`chainId`, `fromBlock`, `toBlock`), oldest first. Amounts are exact
   * decimal strings in token units; refunds are negative. For very large ranges, download the CSV
   * (format=csv) with your HTTP client instead: it streams.
   */
  payments(params: ExportPaymentsParams, options?: RequestOptions): Promise<ExportRow[]> {
    return this.api.get("apiKey", "/exports/payments", options, { ...params, format: "json" });
  }
}
