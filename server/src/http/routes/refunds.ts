import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  createRefund,
  createRefundInputSchema,
  getRefund,
  listRefunds,
  refundListQuerySchema,
  refundPageSchema,
  refundViewSchema,
} from "../../core/refunds.js";
import { apiKeyAuth, authenticatedMerchant } from "../auth.js";
import type { RouteContext } from "../context.js";
import { errorResponses } from "../errors.js";
import { apiKeySecurity, successBody, withExample } from "../schemas.js";
import { requestExamples } from "../schemaExamples.js";

/** Non-custodial refunds, sent by the merchant's wallet with a server signature. */
export function refundRoutes(context: RouteContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook("onRequest", apiKeyAuth(context.auth));

    app.post("/refunds", {
      schema: {
        tags: ["Refunds"],
        summary: "Start a refund of a PAID payment",
        description:
          "Moves the payment to REFUND_SUBMITTED and returns the transaction the merchant's recipient wallet " +
          "must send (after approving the gateway for `amount`) before `deadline`. The payment becomes REFUNDED " +
          "when the transaction is confirmed (payment.refunded webhook), or PAID again if it is not sent in time.",
        security: apiKeySecurity,
        body: withExample(createRefundInputSchema, requestExamples.createRefund),
        response: {
          201: successBody(refundViewSchema, "Refund started: send `transaction` before `deadline`"),
          ...errorResponses(
            "VALIDATION_ERROR",
            "UNAUTHORIZED",
            "FORBIDDEN",
            "PAYMENT_NOT_FOUND",
            "PAYMENT_NOT_PAID",
            "PAYMENT_ALREADY_REFUNDED",
            "REFUND_IN_PROGRESS",
            "CONFLICT",
            "SIGNING_SERVICE_ERROR",
          ),
        },
      },
      handler: async (request, reply) => {
        const data = await createRefund(context.refunds, authenticatedMerchant(request), request.body);
        return reply.code(201).send({ success: true, data });
      },
    });

    app.get("/refunds", {
      schema: {
        tags: ["Refunds"],
        summary: "List refunds",
        description: "Newest first, paginated with limit and starting_after, optionally of one payment.",
        security: apiKeySecurity,
        querystring: refundListQuerySchema,
        response: {
          200: successBody(refundPageSchema, "A page of refunds, newest first"),
          ...errorResponses("VALIDATION_ERROR", "INVALID_REQUEST", "UNAUTHORIZED"),
        },
      },
      handler: async (request) => ({
        success: true as const,
        data: await listRefunds(context.db, authenticatedMerchant(request), request.query),
      }),
    });

    app.get("/refunds/:id", {
      schema: {
        tags: ["Refunds"],
        summary: "Get a refund",
        security: apiKeySecurity,
        params: z.object({ id: z.string().describe("rf_ refund id") }),
        response: {
          200: successBody(refundViewSchema, "The refund"),
          ...errorResponses("UNAUTHORIZED", "REFUND_NOT_FOUND"),
        },
      },
      handler: async (request) => ({
        success: true as const,
        data: await getRefund(context.db, authenticatedMerchant(request), request.params.id),
      }),
    });
  };
}
