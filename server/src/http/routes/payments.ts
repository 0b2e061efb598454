import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { createPayment, createPaymentInputSchema, getPayment } from "../../core/payments/payments.js";
import { createdPaymentViewSchema, paymentViewSchema } from "../../core/payments/views.js";
import { authenticatedMerchant, paymentCreatorAuth, publicKeyAuth } from "../auth.js";
import { errorResponses } from "../errors.js";
import type { RouteContext } from "../context.js";
import { success, successBody, withExample } from "../schemas.js";
import { paymentStatusStreamExample, requestExamples } from "../schemaExamples.js";
import { MAX_STREAMS_PER_CLIENT } from "../statusStream.js";

export function paymentRoutes(context: RouteContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post("/payments", {
      onRequest: paymentCreatorAuth(context.auth),
      schema: {
        tags: ["Payments"],
        summary: "Create a payment",
        description:
          "Returns what the payer's wallet needs for PaymentGateway.pay(), signed by the server. " +
          "Browser: x-public-key plus Origin. Merchant server (trusted, no Origin needed): x-api-key.",
        security: [{ publicKey: [] }, { apiKey: [] }],
        body: withExample(
          createPaymentInputSchema,
          requestExamples.createPayment,
          "35,000 KRW, paid in USDC",
        ),
        response: {
          201: successBody(createdPaymentViewSchema, "Payment created"),
          ...errorResponses(
            "VALIDATION_ERROR",
            "INVALID_REQUEST",
            "UNSUPPORTED_CHAIN",
            "CHAIN_NOT_CONFIGURED",
            "RECIPIENT_NOT_CONFIGURED",
            "CHAIN_MISMATCH",
            "UNSUPPORTED_TOKEN",
            "TOKEN_NOT_ENABLED",
            "PRICE_SERVICE_NOT_CONFIGURED",
            "INVALID_CURRENCY",
            "UNAUTHORIZED",
            "FORBIDDEN",
            "TOKEN_NOT_FOUND",
            "DUPLICATE_ORDER",
            "SIGNING_SERVICE_ERROR",
          ),
        },
      },
      handler: async (request, reply) => {
        const data = await createPayment(context.payments, authenticatedMerchant(request), request.body);
        return reply.code(201).send(success(data));
      },
    });

    app.get("/payments/:id", {
      onRequest: publicKeyAuth({ ...context.auth, requireOrigin: false }),
      schema: {
        tags: ["Payments"],
        summary: "Get a payment with its status",
        description: "Behind a proxy, x-origin may replace Origin on this GET.",
        security: [{ publicKey: [] }],
        params: z.object({ id: z.string().describe("paymentId") }),
        response: {
          200: successBody(paymentViewSchema, "The payment with its current status"),
          ...errorResponses("UNAUTHORIZED", "FORBIDDEN", "PAYMENT_NOT_FOUND", "NOT_FOUND"),
        },
      },
      handler: async (request) => {
        const merchant = authenticatedMerchant(request);
        let data = await getPayment(context.reads, merchant, request.params.id);
        // A read syncs a CREATED payment with the chain (rate-limited per payment).
        if (data.status === "CREATED" && (await context.paymentSync?.syncForRead(data.paymentId))) {
          data = await getPayment(context.reads, merchant, request.params.id, { fresh: true });
        }
        return success(data);
      },
    });

    app.get("/payments/:id/events", {
      onRequest: publicKeyAuth({ ...context.auth, requireOrigin: false }),
      schema: {
        tags: ["Payments"],
        summary: "Follow a payment's status (server-sent events)",
        description:
          "A `text/event-stream` for the payer's page, instead of polling GET /payments/:id: an `event: status` " +
          "whose `data` is the payment (the `data` of GET /payments/:id) at once, then one at each status " +
          "change; the stream ends after the event that leaves CREATED (the payer's wait is over), or after " +
          `15 minutes. A comment line (\`: keep-alive\`) every 15 s. At most ${MAX_STREAMS_PER_CLIENT} open ` +
          "streams per client (an IPv4 address, or an IPv6 /64), and at most STATUS_STREAMS_MAX in each API " +
          "process (429 RATE_LIMITED: poll instead). Counts as one request against the rate limit, however " +
          "long it stays open.",
        security: [{ publicKey: [] }],
        params: z.object({ id: z.string().describe("paymentId") }),
        response: {
          200: {
            description: "`event: status` events, each with a Payment (as in GET /payments/:id) as `data`",
            content: {
              "text/event-stream": { schema: z.string().meta({ examples: [paymentStatusStreamExample] }) },
            },
          },
          ...errorResponses("UNAUTHORIZED", "FORBIDDEN", "PAYMENT_NOT_FOUND", "NOT_FOUND", "RATE_LIMITED"),
        },
      },
      handler: async (request, reply) => {
        const merchant = authenticatedMerchant(request);
        const first = await getPayment(context.reads, merchant, request.params.id);
        context.statusStreams.open(request, reply, merchant, first);
        return reply;
      },
    });
  };
}
