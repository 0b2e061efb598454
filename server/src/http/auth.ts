import type { FastifyRequest, onRequestAsyncHookHandler } from "fastify";
import { authenticateApiKey, authenticatePublicKey } from "../core/merchants.js";
import type { SharedReads } from "../db/sharedReads.js";
import type { MerchantRow } from "../db/types.js";
import { KassaError, isKassaError } from "../errors.js";

declare module "fastify" {
  interface FastifyRequest {
    /** Set by the auth hooks below; read it with authenticatedMerchant(). */
    kassaMerchant: MerchantRow | null;
    /** Which key authenticated kassaMerchant; the rate limit keys its bucket on it. */
    kassaKeyKind: "apiKey" | "publicKey" | null;
    /** An auth hook's refusal, held until the rate limit has counted the request (throwAuthFailure). */
    kassaAuthFailure: KassaError | null;
  }
}

export function authenticatedMerchant(request: FastifyRequest): MerchantRow {
  if (!request.kassaMerchant) throw new KassaError("UNAUTHORIZED");
  return request.kassaMerchant;
}

/**
 * The rate-limit bucket of a request, by verified identity only: a valid public key per (merchant,
 * client IP), so one client cannot spend the merchant's payers' budget; a valid API key per merchant;
 * anything else (no key, an unknown key, a refused Origin) per client IP, so a new random key per
 * request does not buy a new bucket.
 */
export function rateLimitBucket(request: FastifyRequest): string {
  const merchant = request.kassaMerchant;
  if (merchant === null || request.kassaAuthFailure !== null) return `ip:${request.ip}`;
  return request.kassaKeyKind === "apiKey" ? `sk:${merchant.id}` : `pk:${merchant.id}:${request.ip}`;
}

/**
 * Runs after the rate limit (app.ts appends it behind it): an auth refusal is answered only once the
 * request has been counted in its client IP's bucket.
 */
export async function throwAuthFailure(request: FastifyRequest): Promise<void> {
  if (request.kassaAuthFailure) throw request.kassaAuthFailure;
}

/** An auth hook whose refusal (UNAUTHORIZED, FORBIDDEN) is held for throwAuthFailure. */
function authHook(check: (request: FastifyRequest) => Promise<void>): onRequestAsyncHookHandler {
  return async (request: FastifyRequest) => {
    try {
      await check(request);
    } catch (error) {
      if (!isKassaError(error)) throw error;
      request.kassaMerchant = null;
      request.kassaKeyKind = null;
      request.kassaAuthFailure = error;
    }
  };
}

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * The Origin rules, when ALLOWED_WIDGET_ORIGIN is set. Endpoints that require
 * Origin (the POSTs) refuse a missing or different one. On GET the Origin is optional (a same-origin
 * page or a server polling status sends none), but when present it must match; `x-origin` replaces
 * `Origin` on GET for callers behind a proxy, and is ignored on other methods.
 */
export function checkOrigin(
  request: FastifyRequest,
  allowedOrigin: string | undefined,
  required: boolean,
): void {
  if (allowedOrigin === undefined) return;
  const presented =
    (request.method === "GET" ? header(request, "x-origin") : undefined) ?? header(request, "origin");
  if (presented === undefined && !required) return;
  if (presented !== allowedOrigin) {
    throw new KassaError(
      "FORBIDDEN",
      presented === undefined ? "the Origin header is required" : "the Origin is not allowed",
    );
  }
}

export interface AuthOptions {
  reads: SharedReads;
  allowedWidgetOrigin: string | undefined;
}

/** `x-api-key` (sk_), for the merchant's server. */
export function apiKeyAuth({ reads }: AuthOptions): onRequestAsyncHookHandler {
  return authHook(async (request) => {
    request.kassaMerchant = await authenticateApiKey(reads, header(request, "x-api-key"));
    request.kassaKeyKind = "apiKey";
  });
}

/** `x-public-key` (pk_) plus the Origin rules; `requireOrigin` for the endpoints of rule 6. */
export function publicKeyAuth(options: AuthOptions & { requireOrigin: boolean }): onRequestAsyncHookHandler {
  return authHook(async (request) => {
    request.kassaMerchant = await authenticatePublicKey(options.reads, header(request, "x-public-key"));
    request.kassaKeyKind = "publicKey";
    checkOrigin(request, options.allowedWidgetOrigin, options.requireOrigin);
  });
}

/**
 * POST /payments: a merchant server authenticates with `x-api-key` and needs no Origin (the trusted
 * way); a browser uses `x-public-key` with the Origin rules.
 */
export function paymentCreatorAuth(options: AuthOptions): onRequestAsyncHookHandler {
  return authHook(async (request) => {
    const apiKey = header(request, "x-api-key");
    if (apiKey !== undefined) {
      request.kassaMerchant = await authenticateApiKey(options.reads, apiKey);
      request.kassaKeyKind = "apiKey";
      return;
    }
    request.kassaMerchant = await authenticatePublicKey(options.reads, header(request, "x-public-key"));
    request.kassaKeyKind = "publicKey";
    checkOrigin(request, options.allowedWidgetOrigin, true);
  });
}
