import type { FastifyRequest, onRequestAsyncHookHandler } from "fastify";
import { authenticateApiKey, authenticatePublicKey } from "../core/merchants.js";
import type { SharedReads } from "../db/sharedReads.js";
import type { MerchantRow } from "../db/types.js";
import { KassaError } from "../errors.js";

declare module "fastify" {
  interface FastifyRequest {
    /** Set by the auth hooks below; read it with authenticatedMerchant(). */
    kassaMerchant: MerchantRow | null;
  }
}

export function authenticatedMerchant(request: FastifyRequest): MerchantRow {
  if (!request.kassaMerchant) throw new KassaError("UNAUTHORIZED");
  return request.kassaMerchant;
}

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * SPEC.md section 5 rules 5 and 6, when ALLOWED_WIDGET_ORIGIN is set. Endpoints that require
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
  return async (request: FastifyRequest) => {
    request.kassaMerchant = await authenticateApiKey(reads, header(request, "x-api-key"));
  };
}

/** `x-public-key` (pk_) plus the Origin rules; `requireOrigin` for the endpoints of rule 6. */
export function publicKeyAuth(options: AuthOptions & { requireOrigin: boolean }): onRequestAsyncHookHandler {
  return async (request: FastifyRequest) => {
    request.kassaMerchant = await authenticatePublicKey(options.reads, header(request, "x-public-key"));
    checkOrigin(request, options.allowedWidgetOrigin, options.requireOrigin);
  };
}

/**
 * POST /payments: a merchant server authenticates with `x-api-key` and needs no Origin (the trusted
 * way); a browser uses `x-public-key` with the Origin rules.
 */
export function paymentCreatorAuth(options: AuthOptions): onRequestAsyncHookHandler {
  return async (request: FastifyRequest) => {
    const apiKey = header(request, "x-api-key");
    if (apiKey !== undefined) {
      request.kassaMerchant = await authenticateApiKey(options.reads, apiKey);
      return;
    }
    request.kassaMerchant = await authenticatePublicKey(options.reads, header(request, "x-public-key"));
    checkOrigin(request, options.allowedWidgetOrigin, true);
  };
}
