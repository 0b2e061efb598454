import { Webhook } from "standardwebhooks";
import { KassaWebhookVerificationError, type KassaClientErrorCode } from "./errors.js";
import type { components } from "./generated/openapi.js";

type Schemas = components["schemas"];

/**
 * The body of a Kassa webhook, told apart by `type` (`payment.paid`, `payment.refunded`, ...): the
 * payment as it was when the event happened (paymentId, orderId, status, txHash, amount in base units,
 * token, chain, payer, paidAt, paidAfterExpiry), the envelope (`eventId`, also the `webhook-id` header:
 * deduplicate on it; `createdAt`) and what the event is about (`reason`, `refund`, `reorged`). Generated
 * from the `webhooks` section of Kassa's OpenAPI document.
 */
export type KassaWebhookEvent = Schemas["WebhookEvent"];
/** The webhook event of one type, e.g. `KassaWebhookEventOf<"payment.refunded">` with its `refund`. */
export type KassaWebhookEventOf<T extends KassaWebhookEvent["type"]> = Extract<
  KassaWebhookEvent,
  { type: T }
>;

/** Request headers as Node (`req.headers`), fetch (`Headers`) or a plain object gives them. */
export type WebhookHeaders =
  { get(name: string): string | null } | Record<string, string | string[] | undefined>;

export interface VerifyWebhookOptions {
  /** How far `webhook-timestamp` may be from now, either way. Default 300 s (Standard Webhooks). */
  toleranceSeconds?: number;
  /** The current time; for tests. */
  now?: Date;
}

export const DEFAULT_WEBHOOK_TOLERANCE_SECONDS = 300;

/**
 * Verifies a Kassa webhook (Standard Webhooks: `webhook-id`, `webhook-timestamp` and
 * `webhook-signature: v1,<base64 HMAC-SHA256 of "id.timestamp.body">`, secret `whsec_...`) and
 * returns the parsed event. Throws KassaWebhookVerificationError when a header is missing, the
 * timestamp is outside the tolerance window (replays), or no signature matches (compared in constant
 * time). Several signatures separated by spaces are accepted, as during a secret rotation.
 *
 * `rawBody` must be the request body exactly as received, as a string or bytes: a body that was
 * parsed and serialised again does not carry the same bytes, so a parsed object is refused.
 *
 * Even a verified webhook is only a hint: fetch the payment with the API key (verifyPayment)
 * before fulfilling the order (the verification step of docs/api.md).
 */
export function verifyWebhook(
  rawBody: string | Uint8Array,
  headers: WebhookHeaders,
  secret: string,
  options: VerifyWebhookOptions = {},
): KassaWebhookEvent {
  const body = rawBodyText(rawBody);
  if (typeof secret !== "string" || !secret.startsWith("whsec_")) {
    throw failure("WEBHOOK_SECRET_INVALID", "the webhook secret must be the whsec_... value Kassa issued");
  }
  const id = header(headers, "webhook-id");
  const timestampText = header(headers, "webhook-timestamp");
  const signatures = header(headers, "webhook-signature");
  if (!id || !timestampText || !signatures) {
    throw failure(
      "WEBHOOK_HEADERS_MISSING",
      "webhook-id, webhook-timestamp and webhook-signature headers are required",
    );
  }
  if (!/^\d+$/.test(timestampText)) {
    throw failure("WEBHOOK_TIMESTAMP_INVALID", "webhook-timestamp must be Unix seconds");
  }
  const timestamp = Number(timestampText);
  const now = Math.floor((options.now ?? new Date()).getTime() / 1000);
  const tolerance = options.toleranceSeconds ?? DEFAULT_WEBHOOK_TOLERANCE_SECONDS;
  if (Math.abs(now - timestamp) > tolerance) {
    throw failure(
      "WEBHOOK_TIMESTAMP_OUT_OF_TOLERANCE",
      `webhook-timestamp is ${now - timestamp} s from now, beyond the ${tolerance} s tolerance`,
    );
  }

  let expected: string;
  try {
    expected = new Webhook(secret).sign(id, new Date(timestamp * 1000), body).slice("v1,".length);
  } catch (error) {
    throw failure("WEBHOOK_SECRET_INVALID", "the webhook secret is not valid base64", error);
  }
  const matched = signatures
    .split(" ")
    .map((entry) => entry.split(","))
    .some(
      ([version, signature]) =>
        version === "v1" && signature !== undefined && constantTimeEqual(signature, expected),
    );
  if (!matched) throw failure("WEBHOOK_SIGNATURE_INVALID", "no webhook-signature matches the body");

  let event: unknown;
  try {
    event = JSON.parse(body);
  } catch (error) {
    throw failure("WEBHOOK_BODY_INVALID", "the signed webhook body is not JSON", error);
  }
  if (typeof event !== "object" || event === null || Array.isArray(event)) {
    throw failure("WEBHOOK_BODY_INVALID", "the signed webhook body is not a JSON object");
  }
  return event as KassaWebhookEvent;
}

function rawBodyText(rawBody: unknown): string {
  if (typeof rawBody === "string") return rawBody;
  if (rawBody instanceof Uint8Array) {
    try {
      return new TextDecoder("utf-8", { fatal: true }).decode(rawBody);
    } catch (error) {
      throw failure("WEBHOOK_BODY_INVALID", "the webhook body is not UTF-8", error);
    }
  }
  if (rawBody instanceof ArrayBuffer) return rawBodyText(new Uint8Array(rawBody));
  throw failure(
    "WEBHOOK_BODY_PARSED",
    `verifyWebhook needs the raw request body (a string or bytes) exactly as received, got ${
      rawBody === null ? "null" : typeof rawBody
    }: read the body before any JSON parser runs (e.g. express.raw({ type: "application/json" }))`,
  );
}

function header(headers: WebhookHeaders, name: string): string | undefined {
  if (typeof (headers as { get?: unknown }).get === "function") {
    return (headers as { get(name: string): string | null }).get(name) ?? undefined;
  }
  const record = headers as Record<string, string | string[] | undefined>;
  const key = Object.keys(record).find((candidate) => candidate.toLowerCase() === name);
  const value = key === undefined ? undefined : record[key];
  return Array.isArray(value) ? value.join(" ") : value;
}

/** Compares in time independent of where the strings differ (only their lengths leak). */
function constantTimeEqual(a: string, b: string): boolean {
  const length = Math.max(a.length, b.length);
  let difference = a.length ^ b.length;
  for (let i = 0; i < length; i++) {
    difference |= (a.charCodeAt(i) || 0) ^ (b.charCodeAt(i) || 0);
  }
  return difference === 0;
}

function failure(
  code: KassaClientErrorCode,
  message: string,
  cause?: unknown,
): KassaWebhookVerificationError {
  return new KassaWebhookVerificationError({ code, message, cause });
}
