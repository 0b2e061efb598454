import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { DASHBOARD_SESSION_TTL_MS, type DashboardSession } from "../../core/dashboard/session.js";
import { KassaError } from "../../errors.js";
import {
  apiKeyAuth,
  authenticatedMerchant,
  sessionCookieName,
  sessionToken,
  type AuthOptions,
} from "../auth.js";
import { errorResponses } from "../errors.js";
import {
  EXAMPLE_SIGN_IN_ADDRESS,
  exampleSignInMessage,
  sessionCookieSetter,
  signInMessageFields,
  signInRoutes,
} from "../signIn.js";
import { success, successBody } from "../schemas.js";

const EXAMPLE_MESSAGE = exampleSignInMessage("Sign in to the Kassa dashboard.");

const sessionSchema = z.object({
  merchant: z.object({
    merchantId: z.string().meta({ examples: ["mch_6bb0d38a6779cad8"] }),
    name: z.string().meta({ examples: ["Demo Shop"] }),
  }),
  address: z.string().meta({ description: "The wallet that signed in", examples: [EXAMPLE_SIGN_IN_ADDRESS] }),
  expiresAt: z.iso.datetime().meta({ examples: ["2026-11-24T22:00:00.000Z"] }),
  csrfToken: z.string().meta({
    description: "Send it in x-kassa-csrf on every change",
    examples: ["5f0c9a1e3b7d2c4a6e8f0b1d3c5a7e9f"],
  }),
});

const signInBodySchema = z.object({
  ...signInMessageFields("GET /dashboard/nonce", EXAMPLE_MESSAGE),
  merchantId: z
    .string()
    .max(64)
    .optional()
    .meta({
      description: "Which merchant, when the wallet is registered for several",
      examples: ["mch_6bb0d38a6779cad8"],
    }),
});

function sessionView(session: DashboardSession): z.infer<typeof sessionSchema> {
  return {
    merchant: { merchantId: session.merchant.merchant_key, name: session.merchant.name },
    address: session.address,
    expiresAt: session.expiresAt.toISOString(),
    csrfToken: session.csrfToken,
  };
}

/**
 * Sign-in with Ethereum for the merchant dashboard: a nonce, a session from the signed message (an
 * HttpOnly, SameSite=Strict cookie), the session, and logout. The session then stands for the merchant's
 * API key on the merchant endpoints (auth.ts), so the key never reaches the browser.
 */
export function dashboardSessionRoutes(auth: AuthOptions): FastifyPluginAsyncZod {
  return async (app) => {
    const dashboard = auth.dashboard;
    const cookieName = sessionCookieName(dashboard?.origin ?? "");
    const setCookie = sessionCookieSetter(cookieName, dashboard?.origin);
    const enabled = () => {
      if (!dashboard)
        throw new KassaError("NOT_FOUND", "the dashboard is not configured: set PUBLIC_BASE_URL");
      return dashboard;
    };

    signInRoutes(app, {
      tag: "Dashboard",
      nonceUrl: "/dashboard/nonce",
      nonceSummary: "A nonce for a dashboard sign-in message (EIP-4361)",
      sessionUrl: "/dashboard/session",
      sessionSummary: "Sign in to the dashboard with a signed EIP-4361 message",
      sessionDescription:
        "The wallet must be the merchant's recipient address or one added with `kassa admin merchant add-wallet`. EOAs and ERC-1271 smart accounts. Sets the session cookie.",
      body: signInBodySchema,
      exampleMessage: EXAMPLE_MESSAGE,
      sessionSchema,
      ttlMs: DASHBOARD_SESSION_TTL_MS,
      setCookie,
      enabled: () => {
        const { auth: sessions, origin } = enabled();
        return { sessions, origin };
      },
      view: sessionView,
    });

    app.get("/dashboard/session", {
      onRequest: apiKeyAuth(auth),
      schema: {
        tags: ["Dashboard"],
        summary: "The signed-in dashboard session",
        response: {
          200: successBody(sessionSchema, "The session"),
          ...errorResponses("UNAUTHORIZED", "NOT_FOUND"),
        },
      },
      handler: async (request) => {
        authenticatedMerchant(request);
        const { auth: sessions, origin } = enabled();
        const token = sessionToken(request, origin);
        const session = token === undefined ? undefined : await sessions.authenticate(token);
        if (!session) throw new KassaError("UNAUTHORIZED", "no dashboard session: sign in");
        return success(sessionView(session));
      },
    });

    app.delete("/dashboard/session", {
      onRequest: apiKeyAuth(auth),
      schema: {
        tags: ["Dashboard"],
        summary: "Sign out of the dashboard",
        response: {
          200: successBody(z.object({ signedOut: z.literal(true) }), "Signed out; the cookie is cleared"),
          ...errorResponses("UNAUTHORIZED", "FORBIDDEN", "NOT_FOUND"),
        },
      },
      handler: async (request, reply) => {
        authenticatedMerchant(request);
        const { auth: sessions, origin } = enabled();
        const token = sessionToken(request, origin);
        if (request.kassaKeyKind !== "session" || token === undefined) {
          throw new KassaError("UNAUTHORIZED", "no dashboard session: sign in");
        }
        await sessions.signOut(token);
        setCookie(reply, "", 0);
        return success({ signedOut: true as const });
      },
    });
  };
}
