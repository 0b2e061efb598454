import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  PAYER_SESSION_TTL_MS,
  type PayerPage,
  type PayerSession,
} from "../../core/subscriptions/payerPage.js";
import { subscriptionViewSchema } from "../../core/subscriptions/views.js";
import { KassaError } from "../../errors.js";
import { cookieValue } from "../auth.js";
import { errorResponses } from "../errors.js";
import { success, successBody, withExample } from "../schemas.js";

const EXAMPLE_ADDRESS = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
const EXAMPLE_MESSAGE = `pay.example.com wants you to sign in with your Ethereum account:\n${EXAMPLE_ADDRESS}\n\nSign in to see your subscriptions.\n\nURI: https://pay.example.com\nVersion: 1\nChain ID: 31337\nNonce: 692a9c4e0f3b5d7a9c1e3f5a7b9d1f3a5c7e9b1d3f5a7c9e1b3d5f7a\nIssued At: 2026-11-24T10:00:00.000Z`;
const EXAMPLE_SIGNATURE = `0x${"ab".repeat(65)}`;

const nonceSchema = z.object({
  nonce: z.string().meta({ examples: ["692a9c4e0f3b5d7a9c1e3f5a7b9d1f3a5c7e9b1d3f5a7c9e1b3d5f7a"] }),
  expiresAt: z.iso.datetime().meta({ examples: ["2026-11-24T10:10:00.000Z"] }),
  domain: z.string().meta({ description: "The EIP-4361 message's domain", examples: ["pay.example.com"] }),
  uri: z.string().meta({ description: "The EIP-4361 message's URI", examples: ["https://pay.example.com"] }),
  chainIds: z.array(z.number().int()).meta({
    description: "The chains Kassa serves (EIP-155 ids): the message's Chain ID must be one of them",
    examples: [[80002]],
  }),
});

const sessionSchema = z.object({
  address: z.string().meta({ description: "The payer's wallet that signed in", examples: [EXAMPLE_ADDRESS] }),
  expiresAt: z.iso.datetime().meta({ examples: ["2026-11-24T10:30:00.000Z"] }),
});

const signInBodySchema = z.object({
  message: z
    .string()
    .min(1)
    .max(4096)
    .meta({
      description: "The EIP-4361 message the wallet signed, with the nonce of GET /public/payer/nonce",
      examples: [EXAMPLE_MESSAGE],
    }),
  signature: z
    .string()
    .regex(/^0x[0-9a-fA-F]+$/)
    .max(4096)
    .meta({ examples: [EXAMPLE_SIGNATURE] }),
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
    const secure = page?.origin.startsWith("https:") ? "; Secure" : "";
    const enabled = () => {
      if (!page) throw new KassaError("NOT_FOUND", "the payer page is not configured: set PUBLIC_BASE_URL");
      return page;
    };
    const setCookie = (reply: FastifyReply, value: string, maxAgeSeconds: number) =>
      reply.header(
        "set-cookie",
        `${cookieName}=${value}; Path=/; HttpOnly; SameSite=Strict; Max-Age=${maxAgeSeconds}${secure}`,
      );
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

    app.get("/public/payer/nonce", {
      schema: {
        tags: ["Public"],
        summary: "A nonce for a payer's sign-in message (EIP-4361)",
        response: {
          200: successBody(nonceSchema, "A nonce, with the domain and URI the message must name"),
          ...errorResponses("NOT_FOUND"),
        },
      },
      handler: async () => {
        const { payer, origin } = enabled();
        const { nonce, expiresAt, chainIds } = await payer.issueNonce();
        return success({
          nonce,
          expiresAt: expiresAt.toISOString(),
          domain: new URL(origin).host,
          uri: origin,
          chainIds,
        });
      },
    });

    app.post("/public/payer/session", {
      schema: {
        tags: ["Public"],
        summary: "Sign in as a payer with a signed EIP-4361 message",
        description:
          "Any wallet (EOA, ERC-1271 smart account, ERC-6492 before deployment). Sets a 30-minute session cookie that " +
          "shows and cancels only the subscriptions this wallet signed as payer; it is no merchant's session.",
        body: withExample(signInBodySchema, { message: EXAMPLE_MESSAGE, signature: EXAMPLE_SIGNATURE }),
        response: {
          200: successBody(sessionSchema, "Signed in; the cookie is set"),
          ...errorResponses("VALIDATION_ERROR", "UNAUTHORIZED", "NOT_FOUND"),
        },
      },
      handler: async (request, reply) => {
        const signedIn = await enabled().payer.signIn(request.body);
        setCookie(reply, signedIn.token, Math.floor(PAYER_SESSION_TTL_MS / 1000));
        return success({ address: signedIn.address, expiresAt: signedIn.expiresAt.toISOString() });
      },
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
            sessionSchema.extend({ subscriptions: z.array(subscriptionViewSchema) }),
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
          200: successBody(subscriptionViewSchema, "The canceled subscription"),
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
