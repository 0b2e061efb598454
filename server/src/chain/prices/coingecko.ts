import { numberToDecimalString } from "../../domain/amount.js";
import type { Currency } from "../../domain/fiat.js";
import { PriceSourceError, type PriceAssetRef, type PriceQuote, type PriceSource } from "./source.js";

export const COINGECKO_PUBLIC_BASE_URL = "https://api.coingecko.com/api/v3";
export const COINGECKO_PRO_BASE_URL = "https://pro-api.coingecko.com/api/v3";

export interface CoinGeckoOptions {
  /** API root without a trailing slash; tests point it at a local server. */
  baseUrl?: string;
  /** Sent as `x-cg-demo-api-key` (plan `demo`, the default) or `x-cg-pro-api-key` (plan `pro`). */
  apiKey?: string | null;
  plan?: "demo" | "pro";
  /** Per request, including reading the body. */
  timeoutMs?: number;
  /** Further attempts after a 429 or a 5xx. */
  maxRetries?: number;
  /** Upper bound on a single wait between attempts, whatever `Retry-After` asks for. */
  maxRetryDelayMs?: number;
  fetch?: typeof globalThis.fetch;
  sleep?: (ms: number) => Promise<void>;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** `Retry-After` in milliseconds, from delta-seconds or an HTTP date; null when absent or unreadable. */
function retryAfterMs(header: string | null, now: number): number | null {
  if (header === null) return null;
  if (/^\d+$/.test(header.trim())) return Number(header.trim()) * 1000;
  const date = Date.parse(header);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

/**
 * Prices from CoinGecko's `/simple/price`. The asset ref is the CoinGecko coin id (`usd-coin`,
 * `ethereum`); every supported fiat currency is a CoinGecko `vs_currency`, so no FX is needed.
 *
 * A 429 or 5xx is retried up to `maxRetries` times, waiting what `Retry-After` asks (capped) or an
 * exponential backoff; after that the error is `RATE_LIMITED`/`HTTP_ERROR` and the collector moves on.
 */
export function createCoinGeckoPriceSource(options: CoinGeckoOptions = {}): PriceSource {
  const baseUrl = (
    options.baseUrl ?? (options.plan === "pro" ? COINGECKO_PRO_BASE_URL : COINGECKO_PUBLIC_BASE_URL)
  ).replace(/\/+$/, "");
  const timeoutMs = options.timeoutMs ?? 10_000;
  const maxRetries = options.maxRetries ?? 2;
  const maxRetryDelayMs = options.maxRetryDelayMs ?? 5_000;
  const fetchImpl = options.fetch ?? globalThis.fetch;
  const sleep = options.sleep ?? defaultSleep;
  const headers: Record<string, string> = { accept: "application/json" };
  if (options.apiKey)
    headers[options.plan === "pro" ? "x-cg-pro-api-key" : "x-cg-demo-api-key"] = options.apiKey;

  async function getJson(url: string): Promise<unknown> {
    for (let attempt = 0; ; attempt++) {
      let response: Response;
      let body: string;
      try {
        response = await fetchImpl(url, { headers, signal: AbortSignal.timeout(timeoutMs) });
        body = await response.text();
      } catch (cause) {
        const timedOut =
          cause instanceof Error && (cause.name === "TimeoutError" || cause.name === "AbortError");
        if (timedOut) {
          throw new PriceSourceError("coingecko", "TIMEOUT", `no answer within ${timeoutMs} ms`, { cause });
        }
        throw new PriceSourceError("coingecko", "UNAVAILABLE", "request failed", { cause });
      }
      if (response.ok) {
        try {
          return JSON.parse(body) as unknown;
        } catch (cause) {
          throw new PriceSourceError("coingecko", "BAD_RESPONSE", "response is not JSON", { cause });
        }
      }
      const retryable = response.status === 429 || response.status >= 500;
      if (retryable && attempt < maxRetries) {
        const asked = retryAfterMs(response.headers.get("retry-after"), Date.now());
        await sleep(Math.min(asked ?? 500 * 2 ** attempt, maxRetryDelayMs));
        continue;
      }
      if (response.status === 429) {
        throw new PriceSourceError(
          "coingecko",
          "RATE_LIMITED",
          `rate limited (429) after ${attempt + 1} attempts`,
        );
      }
      throw new PriceSourceError("coingecko", "HTTP_ERROR", `HTTP ${response.status}: ${body.slice(0, 200)}`);
    }
  }

  return {
    kind: "coingecko",
    async quote(asset: PriceAssetRef, currencies: readonly Currency[]): Promise<PriceQuote[]> {
      if (currencies.length === 0) return [];
      const query = new URLSearchParams({
        ids: asset.ref,
        vs_currencies: currencies.map((currency) => currency.toLowerCase()).join(","),
        include_last_updated_at: "true",
        precision: "full",
      });
      const json = await getJson(`${baseUrl}/simple/price?${query}`);
      const entry =
        typeof json === "object" && json !== null ? (json as Record<string, unknown>)[asset.ref] : undefined;
      if (entry === undefined) {
        throw new PriceSourceError("coingecko", "NOT_FOUND", `no price for coin id ${asset.ref}`);
      }
      if (typeof entry !== "object" || entry === null) {
        throw new PriceSourceError("coingecko", "BAD_RESPONSE", `unexpected entry for ${asset.ref}`);
      }
      const fields = entry as Record<string, unknown>;
      const updatedAt = fields["last_updated_at"];
      const observedAt = typeof updatedAt === "number" && updatedAt > 0 ? new Date(updatedAt * 1000) : null;
      const quotes: PriceQuote[] = [];
      for (const currency of currencies) {
        const value = fields[currency.toLowerCase()];
        if (value === undefined || value === null) continue;
        if (typeof value !== "number" || !(value > 0)) {
          throw new PriceSourceError(
            "coingecko",
            "BAD_RESPONSE",
            `price of ${asset.ref} in ${currency} is not a positive number: ${JSON.stringify(value)}`,
          );
        }
        quotes.push({ currency, price: numberToDecimalString(value), observedAt, source: "coingecko" });
      }
      return quotes;
    },
  };
}
