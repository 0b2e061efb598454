import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorResponses } from "./errors.js";
import { success, successBody, withExample } from "./schemas.js";

/**
 * What the two wallet sign-ins (the dashboard's, the payer page's) share over HTTP: the nonce route, the
 * sign-in route, the signed message's fields and their examples, and the session cookie.
 */

export const EXAMPLE_SIGN_IN_ADDRESS = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
export const EXAMPLE_SIGN_IN_SIGNATURE = `0x${"ab".repeat(65)}`;

/** An example EIP-4361 message whose statement is `statement`. */
export function exampleSignInMessage(statement: string): string {
  return `pay.example.com wants you to sign in with your Ethereum account:\n${EXAMPLE_SIGN_IN_ADDRESS}\n\n${statement}\n\nURI: https://pay.example.com\nVersion: 1\nChain ID: 31337\nNonce: 692a9c4e0f3b5d7a9c1e3f5a7b9d1f3a5c7e9b1d3f5a7c9e1b3d5f7a\nIssued At: 2026-11-24T10:00:00.000Z`;
}

export const signInNonceSchema = z.object({
  nonce: z.string().meta({ examples: ["692a9c4e0f3b5d7a9c1e3f5a7b9d1f3a5c7e9b1d3f5a7c9e1b3d5f7a"] }),
  expiresAt: z.iso.datetime().meta({ examples: ["2026-11-24T10:10:00.000Z"] }),
  domain: z.string().meta({ description: "The EIP-4361 message's domain", examples: ["pay.example.com"] }),
  uri: z.string().meta({ description: "The EIP-4361 message's URI", examples: ["https://pay.example.com"] }),
  chainIds: z.array(z.number().int()).meta({
    description: "The chains Kassa serves (EIP-155 ids): the message's Chain ID must be one of them",
    examples: [[80002]],
  }),
});

/** The body's signed message (issued with a nonce of `nonceRoute`) and its signature. */
export function signInMessageFields(nonceRoute: string, exampleMessage: string) {
  return {
    message: z
      .string()
      .min(1)
      .max(4096)
      .meta({
        description: `The EIP-4361 message the wallet signed, with the nonce of ${nonceRoute}`,
        examples: [exampleMessage],
      }),
    signature: z
      .string()
      .regex(/^0x[0-9a-fA-F]+$/)
      .max(4096)
      .meta({ examples: [EXAMPLE_SIGN_IN_SIGNATURE] }),
  };
}

/** The answer to a nonce request: the nonce, and the domain and URI the message must name (Kassa's origin). */
export function signInNonceAnswer(
  issued: { nonce: string; expiresAt: Date; chainIds: number[] },
  origin: string,
) {
  return success({
    nonce: issued.nonce,
    expiresAt: issued.expiresAt.toISOString(),
    domain: new URL(origin).host,
    uri: origin,
    chainIds: issued.chainIds,
  });
}

/** Sets (or, with an empty value and 0 s, clears) an HttpOnly, SameSite=Strict session cookie; Secure over https. */
export function sessionCookieSetter(cookieName: string, origin: string | undefined) {
  const secure = origin?.startsWith("https:") ? "; Secure" : "";
  return (reply: FastifyReply, value: string, maxAgeSeconds: number) =>
    reply.header(
      "set-cookie",
      `${cookieName}=${value}; Path=/; HttpOnly; SameSite=Strict; Max-Age=${maxAgeSeconds}${secure}`,
    );
}

/** One wallet sign-in's issuer of nonces and of sessions. */
interface SignInSessions<Body, Session> {
  issueNonce(): Promise<{ nonce: string; expiresAt: Date; chainIds: number[] }>;
  signIn(body: Body): Promise<Session & { token: string }>;
}

/**
 * Registers a wallet sign-in's two routes: `GET <nonceUrl>` (a nonce, with the domain and URI the message must
 * name) and `POST <sessionUrl>` (the signed message, answered with `view` of the session and its cookie, set
 * for `ttlMs`). `enabled` throws NOT_FOUND where the sign-in is not configured.
 */
export function signInRoutes<Body extends { message: string; signature: string }, Session, View>(
  app: Parameters<FastifyPluginAsyncZod>[0],
  spec: {
    tag: string;
    nonceUrl: string;
    nonceSummary: string;
    sessionUrl: string;
    sessionSummary: string;
    sessionDescription: string;
    /** The signed message and its signature (signInMessageFields), and what else the sign-in takes. */
    body: z.ZodType<Body>;
    exampleMessage: string;
    sessionSchema: z.ZodType<View>;
    ttlMs: number;
    setCookie: ReturnType<typeof sessionCookieSetter>;
    /** The sign-in's sessions, and Kassa's origin its messages must name. */
    enabled: () => { sessions: SignInSessions<Body, Session>; origin: string };
    view: (session: Session) => View;
  },
) {
  app.get(spec.nonceUrl, {
    schema: {
      tags: [spec.tag],
      summary: spec.nonceSummary,
      response: {
        200: successBody(signInNonceSchema, "A nonce, with the domain and URI the message must name"),
        ...errorResponses("NOT_FOUND"),
      },
    },
    handler: async () => {
      const { sessions, origin } = spec.enabled();
      return signInNonceAnswer(await sessions.issueNonce(), origin);
    },
  });

  app.post(spec.sessionUrl, {
    schema: {
      tags: [spec.tag],
      summary: spec.sessionSummary,
      description: spec.sessionDescription,
      body: withExample(spec.body, { message: spec.exampleMessage, signature: EXAMPLE_SIGN_IN_SIGNATURE }),
      response: {
        200: successBody(spec.sessionSchema, "Signed in; the cookie is set"),
        ...errorResponses("VALIDATION_ERROR", "UNAUTHORIZED", "NOT_FOUND", "CHAIN_UNAVAILABLE"),
      },
    },
    handler: async (request, reply) => {
      // The type provider's body is UndefinedToUnknown<Body>, which TypeScript cannot resolve for a generic Body;
      // a Body is an object, never undefined.
      const session = await spec.enabled().sessions.signIn(request.body as Body);
      spec.setCookie(reply, session.token, Math.floor(spec.ttlMs / 1000));
      return success(spec.view(session));
    },
  });
}
