import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  changePaymentLink,
  createPaymentLink,
  createPaymentLinkInputSchema,
  getPaymentLink,
  listPaymentLinks,
  paymentLinkListQuerySchema,
  paymentLinkPageSchema,
  paymentLinkViewSchema,
  updatePaymentLinkInputSchema,
  type PaymentLinkDeps,
} from "../../core/paymentLinks/paymentLinks.js";
import { KassaError } from "../../errors.js";
import { apiKeyRoutes, authenticatedMerchant } from "../auth.js";
import type { RouteContext } from "../context.js";
import { errorResponses } from "../errors.js";
import { success, successBody, withExample } from "../schemas.js";
import { requestExamples } from "../schemaExamples.js";

/**
 * Payment links (API key, or the dashboard's session). A link's `url` is on Kassa's configured public URL,
 * never on the Host a request names: without one, the endpoints answer NOT_FOUND.
 */
export function paymentLinkRoutes(context: RouteContext): FastifyPluginAsyncZod {
  const deps = (): PaymentLinkDeps => {
    if (context.publicBaseUrl === undefined) {
      throw new KassaError(
        "NOT_FOUND",
        "payment links need Kassa's public URL for their pages: set PUBLIC_BASE_URL",
      );
    }
    return {
      payments: context.payments,
      now: context.now,
      publicBaseUrl: context.publicBaseUrl,
      limits: context.paymentLinkLimits,
    };
  };
  const params = z.object({ id: z.string().describe("pl_ payment link id") });
  return async (app) => {
    const operation = apiKeyRoutes(app, context.auth, "Payment links");

    app.post("/payment-links", {
      schema: operation({
        summary: "Create a payment link",
        description:
          "A hosted page (`url`) where each payer pays a payment of their own: a fixed `amount` of " +
          "`tokenAddress` (or of `currency`, converted when the payer starts), or an amount the payer types " +
          "between `minAmount` and `maxAmount`.",
        body: withExample(createPaymentLinkInputSchema, requestExamples.createPaymentLink),
        response: {
          201: successBody(paymentLinkViewSchema, "The link; share `url`"),
          ...errorResponses(
            "VALIDATION_ERROR",
            "CHAIN_NOT_CONFIGURED",
            "TOKEN_NOT_ENABLED",
            "UNAUTHORIZED",
            "TOKEN_NOT_FOUND",
            "NOT_FOUND",
          ),
        },
      }),
      handler: async (request, reply) => {
        const data = await createPaymentLink(deps(), authenticatedMerchant(request), request.body);
        return reply.code(201).send(success(data));
      },
    });

    app.get("/payment-links", {
      schema: operation({
        summary: "List payment links",
        description: "Newest first, paginated with limit and starting_after.",
        querystring: paymentLinkListQuerySchema,
        response: {
          200: successBody(paymentLinkPageSchema, "A page of payment links, newest first"),
          ...errorResponses("VALIDATION_ERROR", "INVALID_REQUEST", "UNAUTHORIZED", "NOT_FOUND"),
        },
      }),
      handler: async (request) =>
        success(await listPaymentLinks(deps(), authenticatedMerchant(request), request.query)),
    });

    app.get("/payment-links/:id", {
      schema: operation({
        summary: "A payment link",
        params,
        response: {
          200: successBody(paymentLinkViewSchema, "The link"),
          ...errorResponses("UNAUTHORIZED", "PAYMENT_LINK_NOT_FOUND", "NOT_FOUND"),
        },
      }),
      handler: async (request) =>
        success(await getPaymentLink(deps(), authenticatedMerchant(request), request.params.id)),
    });

    app.patch("/payment-links/:id", {
      schema: operation({
        summary: "Change a payment link's title, redirects, expiry, use limit, or turn it off",
        description: "A link's amount and token never change: create another link instead.",
        params,
        body: withExample(updatePaymentLinkInputSchema, requestExamples.updatePaymentLink),
        response: {
          200: successBody(paymentLinkViewSchema, "The changed link"),
          ...errorResponses("VALIDATION_ERROR", "UNAUTHORIZED", "PAYMENT_LINK_NOT_FOUND", "NOT_FOUND"),
        },
      }),
      handler: async (request) =>
        success(
          await changePaymentLink(deps(), authenticatedMerchant(request), request.params.id, request.body),
        ),
    });
  };
}
