import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from "fastify";
import type { DashboardAuth } from "../core/dashboard/session.js";
import { authenticateApiKey, authenticatePublicKey } from "../core/merchants/merchants.js";
import type { SharedReads } from "../db/sharedReads/sharedReads.js";
import { type MerchantRow } from "../db/schema/rows.js";
import { clientNetwork } from "../domain/clientNetwork.js";
import { KassaError, isKassaError } from "../errors.js";
import { apiKeySecurity } from "./schemas.js";

declare module "fastify" {
  interface FastifyRequest {
    /** Set by the auth hooks below; read it with authenticatedMerchant(). */
    kassaMerchant: MerchantRow | null;
    /** Which key authenticated kassaMerchant (a dashboard session stands for the API key); the rate limit keys its bucket on it. */
    kassaKeyKind: "apiKey" | "publicKey" | "session" | null;
    /** An auth hook's refusal, held until the rate limit has counted the request (throwAuthFailure). */
    kassaAuthFailure: KassaError | null;
    /** The dashboard session that authenticated kassaMerchant, when one did. */
    kassaSession: { tokenHash: string; address: string } | null;
  }
}

export function authenticatedMerchant(request: FastifyRequest): MerchantRow {
  if (!request.kassaMerchant) throw new KassaError("UNAUTHORIZED");
  return request.kassaMerchant;
}

/**
 * The rate-limit bucket of a request, by verified identity only: a valid public key per (merchant,
 * client), so one client cannot spend the merchant's payers' budget; a valid API key per merchant;
 * anything else (no key, an unknown key, a refused Origin) per client, so a new random key per request
 * does not buy a new bucket. A client is its network (clientNetwork): an IPv4 address, or an IPv6 /64,
 * whose every address its subscriber can use.
 */
export function rateLimitBucket(request: FastifyRequest): string {
  const merchant = request.kassaMerchant;
  const client = clientNetwork(request.ip);
  if (merchant === null || request.kassaAuthFailure !== null) return `ip:${client}`;
  return request.kassaKeyKind === "publicKey" ? `pk:${merchant.id}:${client}` : `sk:${merchant.id}`;
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
  /** The merchant dashboard's sessions, and Kassa's own origin that serves it; absent: no dashboard. */
  dashboard?: { auth: DashboardAuth; origin: string } | undefined;
}

/**
 * The cookie that carries a dashboard session's token (HttpOnly, SameSite=Strict). Where Kassa is served
 * over https it has the `__Host-` prefix: browsers then accept it only Secure, for the whole site and from
 * Kassa's own host, so a sibling subdomain cannot plant or shadow it.
 */
export function sessionCookieName(origin: string): string {
  return origin.startsWith("https:") ? "__Host-kassa_session" : "kassa_session";
}

/** The value of the request's cookie `wanted`, if it sent one. */
export function cookieValue(request: FastifyRequest, wanted: string): string | undefined {
  for (const part of (header(request, "cookie") ?? "").split(";")) {
    const [name, ...value] = part.trim().split("=");
    if (name === wanted && value.length > 0) return value.join("=");
  }
  return undefined;
}

/** The dashboard session token of the request's cookie (the name sessionCookieName gives `origin`), if any. */
export function sessionToken(request: FastifyRequest, origin: string): string | undefined {
  return cookieValue(request, sessionCookieName(origin));
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * A dashboard session in place of the API key. A change (any method but GET/HEAD) also needs the page's
 * own Origin and the session's CSRF token in `x-kassa-csrf`: the cookie is SameSite=Strict already, and
 * the token, readable only by a page of Kassa's origin, stops whatever slips past that.
 */
async function authenticateSession(
  request: FastifyRequest,
  dashboard: NonNullable<AuthOptions["dashboard"]>,
  token: string,
): Promise<void> {
  const session = await dashboard.auth.authenticate(token);
  if (!session) throw new KassaError("UNAUTHORIZED", "the dashboard session expired or ended: sign in again");
  if (!SAFE_METHODS.has(request.method)) {
    if (header(request, "origin") !== dashboard.origin)
      throw new KassaError("FORBIDDEN", "the Origin is not allowed");
    if (!(await dashboard.auth.csrfMatches(session.tokenHash, header(request, "x-kassa-csrf")))) {
      throw new KassaError("FORBIDDEN", "the x-kassa-csrf header is missing or wrong");
    }
  }
  request.kassaMerchant = session.merchant;
  request.kassaKeyKind = "session";
  request.kassaSession = { tokenHash: session.tokenHash, address: session.address };
}

/** `x-api-key` (sk_), for the merchant's server; or, without one, the merchant dashboard's session cookie. */
export function apiKeyAuth({ reads, dashboard }: AuthOptions): onRequestAsyncHookHandler {
  return authHook(async (request) => {
    const apiKey = header(request, "x-api-key");
    const token = apiKey === undefined && dashboard ? sessionToken(request, dashboard.origin) : undefined;
    if (token !== undefined && dashboard) return authenticateSession(request, dashboard, token);
    request.kassaMerchant = await authenticateApiKey(reads, apiKey);
    request.kassaKeyKind = "apiKey";
  });
}

/**
 * Puts a plugin's routes behind apiKeyAuth; returns what completes each of their schemas: the plugin's
 * OpenAPI tag and the API key security.
 */
export function apiKeyRoutes(app: Pick<FastifyInstance, "addHook">, auth: AuthOptions, tag: string) {
  app.addHook("onRequest", apiKeyAuth(auth));
  return <S extends object>(schema: S) => ({ tags: [tag], ...schema, security: apiKeySecurity });
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
