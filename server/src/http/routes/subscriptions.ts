import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  authorizeSubscription,
  authorizeSubscriptionInputSchema,
  cancelSubscription,
  createSubscription,
  createSubscriptionInputSchema,
  getPublicSubscription,
  getSubscription,
  listSubscriptions,
  subscriptionListQuerySchema,
  type SubscriptionDeps,
} from "../../core/subscriptions/api.js";
import {
  publicSubscriptionViewSchema,
  subscriptionPageSchema,
  subscriptionViewSchema,
} from "../../core/subscriptions/views.js";
import { apiKeyRoutes, authenticatedMerchant, type AuthOptions } from "../auth.js";
import { errorResponses } from "../errors.js";
import { success, successBody, withExample } from "../schemas.js";
import { subscriptionRequestExamples as requestExamples } from "../subscriptionExamples.js";

const params = z.object({ id: z.string().describe("sub_ subscription id") });

/** The merchant's subscriptions (API key): create a schedule for a payer to sign, list, show, cancel. */
export function subscriptionRoutes(deps: SubscriptionDeps, auth: AuthOptions): FastifyPluginAsyncZod {
  return async (app) => {
    const operation = apiKeyRoutes(app, auth, "Subscriptions");

    app.post("/subscriptions", {
      schema: operation({
        summary: "Create a subscription",
        description:
          "A schedule (`amount` of `tokenAddress` every `periodSeconds`, `charges` times) for a payer to sign once " +
          "on the hosted page (`url`) or through POST /public/subscriptions/{id}/authorize; Kassa then charges each " +
          "period through the gateway, retrying a failed charge on `retrySchedule`.",
        body: withExample(createSubscriptionInputSchema, requestExamples.createSubscription),
        response: {
          201: successBody(subscriptionViewSchema, "The subscription, PENDING until the payer signs"),
          ...errorResponses(
            "VALIDATION_ERROR",
            "CHAIN_NOT_CONFIGURED",
            "UNSUPPORTED_CHAIN",
            "RECIPIENT_NOT_CONFIGURED",
            "TOKEN_NOT_FOUND",
            "CHAIN_MISMATCH",
            "UNSUPPORTED_TOKEN",
            "UNAUTHORIZED",
            "DUPLICATE_ORDER",
          ),
        },
      }),
      handler: async (request, reply) =>
        reply
          .code(201)
          .send(success(await createSubscription(deps, authenticatedMerchant(request), request.body))),
    });

    app.get("/subscriptions", {
      schema: operation({
        summary: "List subscriptions",
        description: "Newest first, paginated with limit and starting_after; `status` filters.",
        querystring: subscriptionListQuerySchema,
        response: {
          200: successBody(subscriptionPageSchema, "A page of subscriptions, newest first"),
          ...errorResponses("VALIDATION_ERROR", "INVALID_REQUEST", "UNAUTHORIZED"),
        },
      }),
      handler: async (request) =>
        success(await listSubscriptions(deps, authenticatedMerchant(request), request.query)),
    });

    app.get("/subscriptions/:id", {
      schema: operation({
        summary: "A subscription, with its charges",
        params,
        response: {
          200: successBody(subscriptionViewSchema, "The subscription"),
          ...errorResponses("UNAUTHORIZED", "SUBSCRIPTION_NOT_FOUND"),
        },
      }),
      handler: async (request) =>
        success(await getSubscription(deps, authenticatedMerchant(request), request.params.id)),
    });

    app.post("/subscriptions/:id/cancel", {
      schema: operation({
        summary: "Cancel a subscription",
        description:
          "No further charges are sent (a charge already under way still lands). `subscription.canceled` follows.",
        params,
        response: {
          200: successBody(subscriptionViewSchema, "The canceled subscription"),
          ...errorResponses("UNAUTHORIZED", "SUBSCRIPTION_NOT_FOUND", "INVALID_SUBSCRIPTION_STATUS"),
        },
      }),
      handler: async (request) =>
        success(await cancelSubscription(deps, authenticatedMerchant(request), request.params.id)),
    });
  };
}

/** What the payer's side reads and sends, without a key: the schedule to sign, and the signature. */
export function publicSubscriptionRoutes(deps: SubscriptionDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get("/public/subscriptions/:id", {
      schema: {
        tags: ["Public"],
        summary: "A subscription's schedule, for the payer to sign",
        description:
          "No key: whoever holds the link reads what the payer is asked to sign and who asks, never the merchant's " +
          "bookkeeping (order id, charges, errors) nor, once signed, the payer's address.",
        params,
        response: {
          200: successBody(publicSubscriptionViewSchema, "The schedule to sign"),
          ...errorResponses("SUBSCRIPTION_NOT_FOUND"),
        },
      },
      handler: async (request) => success(await getPublicSubscription(deps, request.params.id)),
    });

    app.post("/public/subscriptions/:id/authorize", {
      schema: {
        tags: ["Public"],
        summary: "Sign a subscription (the payer)",
        description:
          "The payer's EIP-712 signature of the schedule (`Subscription` on the gateway's domain, with the payer " +
          "and `startsAt` as signed). The wallet must allow the gateway (approve, or Permit2 with `usePermit2`) " +
          "at least one charge before each period opens. The subscription becomes ACTIVE; its first charge is due at `startsAt`. " +
          "When the merchant named the payer's wallet (`payerAddress`), only that wallet may sign (403 FORBIDDEN otherwise).",
        params,
        body: withExample(authorizeSubscriptionInputSchema, requestExamples.authorizeSubscription),
        response: {
          200: successBody(subscriptionViewSchema, "The ACTIVE subscription"),
          ...errorResponses(
            "VALIDATION_ERROR",
            "SUBSCRIPTION_NOT_FOUND",
            "INVALID_SUBSCRIPTION_STATUS",
            "INVALID_SIGNATURE",
            "CHAIN_UNAVAILABLE",
            "FORBIDDEN",
            "SIGNING_SERVICE_ERROR",
          ),
        },
      },
      handler: async (request) => success(await authorizeSubscription(deps, request.params.id, request.body)),
    });
  };
}
