import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  PAYER_SESSION_TTL_MS,
  type PayerPage,
  type PayerSession,
} from "../../core/subscriptions/payerPage.js";
import { payerSubscriptionViewSchema } from "../../core/subscriptions/views.js";
import { KassaError } from "../../errors.js";
import { cookieValue } from "../auth.js";
import { errorResponses } from "../errors.js";
import {
  EXAMPLE_SIGN_IN_ADDRESS,
  exampleSignInMessage,
  sessionCookieSetter,
  signInMessageFields,
  signInRoutes,
} from "../signIn.js";
import { success, successBody } from "../schemas.js";

const EXAMPLE_MESSAGE = exampleSignInMessage("Sign in to see your subscriptions.");

const sessionSchema = z.object({
  address: z
    .string()
    .meta({ description: "The payer's wallet that signed in", examples: [EXAMPLE_SIGN_IN_ADDRESS] }),
  expiresAt: z.iso.datetime().meta({ examples: ["2026-11-24T10:30:00.000Z"] }),
});

const signInBodySchema = z.object({
  ...signInMessageFields("GET /public/payer/nonce", EXAMPLE_MESSAGE),
});

const params = z.object({ id: z.string().describe("sub_ subscription id") });

/**
 * The cookie of a payer's session (HttpOnly, SameSite=Strict): not the dashboard's, so it never authenticates
 * a merchant route. `__Host-` where Kassa is served over https.
 */
function payerCookieName(origin: string): string {
  return origin.startsWith("https:") ? "__Host-kassa_payer" : "kassa_payer";
}

/**
 * The payer's subscriptions page's API, public (no key; the payer signs in with their wallet): a nonce, a
 * session from the signed EIP-4361 message, the session's subscriptions, and cancelling one. Every route is
 * under the public rate limit of the client's address.
 */
export function payerSubscriptionRoutes(
  page: { payer: PayerPage; origin: string } | undefined,
): FastifyPluginAsyncZod {
  return async (app) => {
    const cookieName = payerCookieName(page?.origin ?? "");
    const setCookie = sessionCookieSetter(cookieName, page?.origin);
    const enabled = () => {
      if (!page) throw new KassaError("NOT_FOUND", "the payer page is not configured: set PUBLIC_BASE_URL");
      return page;
    };
    /** The request's payer session; a change also needs Kassa's own Origin (the cookie is SameSite=Strict too). */
    const session = async (request: FastifyRequest): Promise<PayerSession> => {
      const { payer, origin } = enabled();
      if (request.method !== "GET" && request.headers.origin !== origin) {
        throw new KassaError("FORBIDDEN", "the Origin is not allowed");
      }
      const token = cookieValue(request, cookieName);
      const found = token === undefined ? undefined : await payer.authenticate(token);
      if (!found) throw new KassaError("UNAUTHORIZED", "no payer session, or it expired: sign in again");
      return found;
    };

    signInRoutes(app, {
      tag: "Public",
      nonceUrl: "/public/payer/nonce",
      nonceSummary: "A nonce for a payer's sign-in message (EIP-4361)",
      sessionUrl: "/public/payer/session",
      sessionSummary: "Sign in as a payer with a signed EIP-4361 message",
      sessionDescription:
        "Any wallet (EOA, ERC-1271 smart account, ERC-6492 before deployment). Sets a 30-minute session cookie that " +
        "shows and cancels only the subscriptions this wallet signed as payer; it is no merchant's session.",
      body: signInBodySchema,
      exampleMessage: EXAMPLE_MESSAGE,
      sessionSchema,
      ttlMs: PAYER_SESSION_TTL_MS,
      setCookie,
      enabled: () => {
        const { payer, origin } = enabled();
        return { sessions: payer, origin };
      },
      view: (signedIn) => ({ address: signedIn.address, expiresAt: signedIn.expiresAt.toISOString() }),
    });

    app.delete("/public/payer/session", {
      schema: {
        tags: ["Public"],
        summary: "Sign the payer out",
        response: {
          200: successBody(z.object({ signedOut: z.literal(true) }), "Signed out; the cookie is cleared"),
          ...errorResponses("UNAUTHORIZED", "FORBIDDEN", "NOT_FOUND"),
        },
      },
      handler: async (request, reply) => {
        await session(request);
        await enabled().payer.signOut(cookieValue(request, cookieName) as string);
        setCookie(reply, "", 0);
        return success({ signedOut: true as const });
      },
    });

    app.get("/public/payer/subscriptions", {
      schema: {
        tags: ["Public"],
        summary: "The signed-in payer's subscriptions",
        description: "Those whose payer is the session's wallet, newest first (at most 100).",
        response: {
          200: successBody(
            sessionSchema.extend({ subscriptions: z.array(payerSubscriptionViewSchema) }),
            "The session and its subscriptions",
          ),
          ...errorResponses("UNAUTHORIZED", "NOT_FOUND"),
        },
      },
      handler: async (request) => {
        const signedIn = await session(request);
        return success({
          address: signedIn.address,
          expiresAt: signedIn.expiresAt.toISOString(),
          subscriptions: await enabled().payer.list(signedIn),
        });
      },
    });

    app.post("/public/payer/subscriptions/:id/cancel", {
      schema: {
        tags: ["Public"],
        summary: "Cancel one of the signed-in payer's subscriptions",
        description:
          "No further charges; `subscription.canceled` (canceledBy `payer`) follows, and Kassa cancels the schedule " +
          "on-chain unless the payer already did (the page calls the gateway's `cancelSubscription` from the wallet " +
          "first). Needs Kassa's own Origin. Another wallet's subscription is SUBSCRIPTION_NOT_FOUND.",
        params,
        response: {
          200: successBody(payerSubscriptionViewSchema, "The canceled subscription"),
          ...errorResponses(
            "UNAUTHORIZED",
            "FORBIDDEN",
            "NOT_FOUND",
            "SUBSCRIPTION_NOT_FOUND",
            "INVALID_SUBSCRIPTION_STATUS",
          ),
        },
      },
      handler: async (request) =>
        success(await enabled().payer.cancel(await session(request), request.params.id)),
    });
  };
}
