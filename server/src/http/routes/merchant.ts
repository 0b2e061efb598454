import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  addPaymentMethod,
  addPaymentMethodInputSchema,
  getMerchantOverview,
  listPaymentMethods,
  merchantOverviewSchema,
  setPaymentMethodEnabled,
} from "../../core/merchants/merchants.js";
import {
  merchantSettingsInputSchema,
  rotatedKeySchema,
  rotateKeyInputSchema,
  rotateMerchantKey,
  updateMerchantSettings,
} from "../../core/dashboard/settings.js";
import { paymentMethodViewSchema } from "../../core/merchants/views.js";
import { apiKeyRoutes, authenticatedMerchant } from "../auth.js";
import type { RouteContext } from "../context.js";
import { errorResponses } from "../errors.js";
import { success, successBody, withExample } from "../schemas.js";
import { requestExamples } from "../schemaExamples.js";

export function merchantRoutes(context: RouteContext): FastifyPluginAsyncZod {
  return async (app) => {
    const operation = apiKeyRoutes(app, context.auth, "Merchant");

    app.get("/merchant", {
      schema: operation({
        summary: "The authenticated merchant, its payment methods and its chain's tokens",
        response: {
          200: successBody(
            merchantOverviewSchema,
            "The merchant, its payment methods and its chain's tokens",
          ),
          ...errorResponses("UNAUTHORIZED"),
        },
      }),
      handler: async (request) =>
        success(await getMerchantOverview(context.db, authenticatedMerchant(request))),
    });

    app.patch("/merchant", {
      schema: operation({
        summary: "Set the merchant's webhook URL",
        description:
          "An https URL (http too for localhost and private addresses when the operator sets WEBHOOK_ALLOW_PRIVATE), or null to stop webhooks. Answers what GET /merchant answers.",
        body: withExample(merchantSettingsInputSchema, {
          webhook_url: "https://shop.acme-coffee.example/webhooks/kassa",
        }),
        response: {
          200: successBody(merchantOverviewSchema, "The merchant, as GET /merchant answers"),
          ...errorResponses("VALIDATION_ERROR", "UNAUTHORIZED", "FORBIDDEN"),
        },
      }),
      handler: async (request) =>
        success(await updateMerchantSettings(context, authenticatedMerchant(request), request.body)),
    });

    app.post("/merchants/me/keys/rotate", {
      schema: operation({
        summary: "Issue a new public or secret key",
        description:
          "The new key is shown once; the old one stops at once, and so do the merchant's dashboard sessions but the one that asks. A secret key a dashboard session issues ends when that session's wallet may no longer sign in.",
        body: withExample(rotateKeyInputSchema, { key: "public" }),
        response: {
          200: successBody(rotatedKeySchema, "The new key ({ publicKey } or { apiKey }); the old one stops"),
          ...errorResponses("VALIDATION_ERROR", "UNAUTHORIZED", "FORBIDDEN"),
        },
      }),
      handler: async (request) =>
        success(
          await rotateMerchantKey(
            context.db,
            authenticatedMerchant(request),
            request.body,
            request.kassaSession,
          ),
        ),
    });

    app.get("/merchant/payment-methods", {
      schema: operation({
        summary: "List payment methods",
        response: {
          200: successBody(
            z.object({ payment_methods: z.array(paymentMethodViewSchema) }),
            "The merchant's payment methods",
          ),
          ...errorResponses("UNAUTHORIZED"),
        },
      }),
      handler: async (request) =>
        success({ payment_methods: await listPaymentMethods(context.db, authenticatedMerchant(request)) }),
    });

    app.post("/merchant/payment-methods", {
      schema: operation({
        summary: "Enable a whitelisted token of the merchant's chain for payments",
        body: withExample(addPaymentMethodInputSchema, requestExamples.addPaymentMethod),
        response: {
          201: successBody(paymentMethodViewSchema, "Payment method added"),
          ...errorResponses(
            "VALIDATION_ERROR",
            "CHAIN_NOT_CONFIGURED",
            "CHAIN_MISMATCH",
            "UNSUPPORTED_TOKEN",
            "UNAUTHORIZED",
            "TOKEN_NOT_FOUND",
            "PAYMENT_METHOD_EXISTS",
          ),
        },
      }),
      handler: async (request, reply) => {
        const data = await addPaymentMethod(context.db, authenticatedMerchant(request), request.body);
        return reply.code(201).send(success(data));
      },
    });

    app.patch("/merchant/payment-methods/:id", {
      schema: operation({
        summary: "Enable or disable a payment method",
        params: z.object({ id: z.coerce.number().int().positive() }),
        body: withExample(z.object({ is_enabled: z.boolean() }), requestExamples.setPaymentMethodEnabled),
        response: {
          200: successBody(paymentMethodViewSchema, "Payment method updated"),
          ...errorResponses("VALIDATION_ERROR", "UNAUTHORIZED", "NOT_FOUND"),
        },
      }),
      handler: async (request) =>
        success(
          await setPaymentMethodEnabled(
            context.db,
            authenticatedMerchant(request),
            request.params.id,
            request.body.is_enabled,
          ),
        ),
    });
  };
}
