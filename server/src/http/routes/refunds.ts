import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Address } from "viem";
import { z } from "zod";
import {
  createRefund,
  createRefundInputSchema,
  getRefund,
  listRefunds,
  refundListQuerySchema,
  refundPageSchema,
  refundViewSchema,
} from "../../core/refunds/refunds.js";
import { apiKeyRoutes, authenticatedMerchant } from "../auth.js";
import type { RouteContext } from "../context.js";
import { errorResponses } from "../errors.js";
import { success, successBody, withExample } from "../schemas.js";
import { requestExamples } from "../schemaExamples.js";

/** The wallet a dashboard session signed in with (the auth hook read it with the session): it sends the refunds it starts. */
function sessionWallet(request: FastifyRequest): Address | undefined {
  return request.kassaSession?.address as Address | undefined;
}

/** Non-custodial refunds, sent by the merchant's wallet with a server signature. */
export function refundRoutes(context: RouteContext): FastifyPluginAsyncZod {
  return async (app) => {
    const operation = apiKeyRoutes(app, context.auth, "Refunds");

    app.post("/refunds", {
      schema: operation({
        summary: "Start a refund of a PAID payment",
        description:
          "Moves the payment to REFUND_SUBMITTED and returns the transaction the merchant's recipient wallet " +
          "must send (after approving the gateway for `amount`) before `deadline`. The payment becomes REFUNDED " +
          "when the transaction is confirmed (payment.refunded webhook), or PAID again if it is not sent in time. " +
          "From the dashboard (a session in place of the API key), the signed-in wallet will send it: Kassa first " +
          "checks on the chain that it is the payment's recipient (else FORBIDDEN), holds `amount` and the fees' " +
          "coin (else INSUFFICIENT_TOKEN_BALANCE) and may approve the gateway (else FORBIDDEN), and records nothing " +
          "when it cannot.",
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
            "INSUFFICIENT_TOKEN_BALANCE",
            "SIGNING_SERVICE_ERROR",
            "CHAIN_CONFIG_ERROR",
          ),
        },
      }),
      handler: async (request, reply) => {
        const merchant = authenticatedMerchant(request);
        const data = await createRefund(context.refunds, merchant, request.body, {
          sender: sessionWallet(request),
        });
        return reply.code(201).send(success(data));
      },
    });

    app.get("/refunds", {
      schema: operation({
        summary: "List refunds",
        description: "Newest first, paginated with limit and starting_after, optionally of one payment.",
        querystring: refundListQuerySchema,
        response: {
          200: successBody(refundPageSchema, "A page of refunds, newest first"),
          ...errorResponses("VALIDATION_ERROR", "INVALID_REQUEST", "UNAUTHORIZED"),
        },
      }),
      handler: async (request) =>
        success(await listRefunds(context.db, authenticatedMerchant(request), request.query)),
    });

    app.get("/refunds/:id", {
      schema: operation({
        summary: "Get a refund",
        params: z.object({ id: z.string().describe("rf_ refund id") }),
        response: {
          200: successBody(refundViewSchema, "The refund"),
          ...errorResponses("UNAUTHORIZED", "REFUND_NOT_FOUND"),
        },
      }),
      handler: async (request) =>
        success(await getRefund(context.db, authenticatedMerchant(request), request.params.id)),
    });
  };
}
