import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  listWebhookDeliveries,
  redeliverWebhook,
  redeliveryViewSchema,
  rotatedWebhookSecretSchema,
  rotateWebhookSecret,
  webhookDeliveryListQuerySchema,
  webhookDeliveryPageSchema,
} from "../../core/webhooks/merchantApi.js";
import { sendTestWebhook } from "../../core/dashboard/webhookTest.js";
import { apiKeyRoutes, authenticatedMerchant } from "../auth.js";
import type { RouteContext } from "../context.js";
import { errorResponses } from "../errors.js";
import { success, successBody } from "../schemas.js";

/** The merchant's webhook delivery log, redelivery and secret rotation (API key). */
export function webhookRoutes(context: RouteContext): FastifyPluginAsyncZod {
  return async (app) => {
    const operation = apiKeyRoutes(app, context.auth, "Webhooks");

    app.get("/merchants/me/webhook-deliveries", {
      schema: operation({
        summary: "List webhook deliveries with their attempts",
        description: "Newest first, paginated with limit and starting_after, optionally of one payment.",
        querystring: webhookDeliveryListQuerySchema,
        response: {
          200: successBody(webhookDeliveryPageSchema, "A page of webhook deliveries, newest first"),
          ...errorResponses("VALIDATION_ERROR", "INVALID_REQUEST", "UNAUTHORIZED"),
        },
      }),
      handler: async (request) =>
        success(await listWebhookDeliveries(context.db, authenticatedMerchant(request), request.query)),
    });

    app.post("/merchants/me/webhook-deliveries/:id/redeliver", {
      schema: operation({
        summary: "Send a delivery's event again",
        description: "Creates a new delivery of the same event (same webhook-id) and sends it at once.",
        params: z.object({ id: z.string().describe("whd_ delivery id") }),
        response: {
          202: successBody(redeliveryViewSchema, "Redelivery queued"),
          ...errorResponses("UNAUTHORIZED", "NOT_FOUND", "INVALID_REQUEST"),
        },
      }),
      handler: async (request, reply) => {
        const data = await redeliverWebhook(
          { db: context.db, now: context.now },
          authenticatedMerchant(request),
          request.params.id,
        );
        return reply.code(202).send(success(data));
      },
    });

    app.post("/merchants/me/webhook-test", {
      schema: operation({
        summary: "Send a signed webhook.test event to the webhook URL",
        description:
          "A new event and delivery, sent, logged and retried like any other, so it shows in the delivery log.",
        response: {
          202: successBody(redeliveryViewSchema, "Test delivery queued"),
          ...errorResponses("UNAUTHORIZED", "FORBIDDEN", "INVALID_REQUEST"),
        },
      }),
      handler: async (request, reply) => {
        const data = await sendTestWebhook(
          { db: context.db, now: context.now },
          authenticatedMerchant(request),
        );
        return reply.code(202).send(success(data));
      },
    });

    app.post("/merchants/me/webhook-secret/rotate", {
      schema: operation({
        summary: "Issue a new webhook signing secret",
        description: "The new whsec_ secret signs every attempt from now on; the old one stops at once.",
        response: {
          200: successBody(rotatedWebhookSecretSchema, "New webhook secret; the old one stops working"),
          ...errorResponses("UNAUTHORIZED"),
        },
      }),
      handler: async (request) =>
        success(await rotateWebhookSecret(context.db, authenticatedMerchant(request))),
    });
  };
}
