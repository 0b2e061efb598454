import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  getMerchantPayment,
  getMerchantPaymentByOrderId,
  listMerchantPayments,
  merchantPaymentPageSchema,
  paymentListQuerySchema,
} from "../../core/payments/payments.js";
import {
  getPaymentTimeline,
  getPaymentTotals,
  paymentTimelineSchema,
  paymentTotalsQuerySchema,
  paymentTotalsSchema,
} from "../../core/dashboard/payments.js";
import { merchantPaymentRecordSchema } from "../../core/payments/views.js";
import { apiKeyRoutes, authenticatedMerchant } from "../auth.js";
import type { RouteContext } from "../context.js";
import { errorResponses } from "../errors.js";
import { success, successBody } from "../schemas.js";

const listQuerySchema = paymentListQuerySchema.extend({
  orderId: z
    .string()
    .min(1)
    .max(255)
    .optional()
    .describe("When given, the response is that order's one payment record (404 PAYMENT_NOT_FOUND if none)"),
});

/**
 * The recommended `/merchants/me/payments` pair and the legacy `/merchant/payments` pair; the totals and
 * a payment's timeline (the dashboard's payments pages) under the recommended path only.
 */
export function merchantPaymentRoutes(context: RouteContext): FastifyPluginAsyncZod {
  return async (app) => {
    const operation = apiKeyRoutes(app, context.auth, "Merchant payments");

    app.get("/merchants/me/payments/totals", {
      schema: operation({
        summary: "Count and add up the merchant's payments, per token",
        description:
          "Over `from` to `to` (default: the last 30 days; at most 366 days), with the filters of GET " +
          "/merchants/me/payments. gross, fee and net are exact base-unit sums over the paid payments " +
          "(PAID, REFUND_SUBMITTED, REFUNDED); net = gross - fee.",
        querystring: paymentTotalsQuerySchema,
        response: {
          200: successBody(paymentTotalsSchema, "The totals, per token"),
          ...errorResponses("VALIDATION_ERROR", "UNAUTHORIZED"),
        },
      }),
      handler: async (request) =>
        success(await getPaymentTotals(context, authenticatedMerchant(request), request.query)),
    });

    app.get("/merchants/me/payments/:id/timeline", {
      schema: operation({
        summary: "What happened to a payment: status changes, amounts, relay, refunds",
        params: z.object({ id: z.string().describe("paymentId") }),
        response: {
          200: successBody(paymentTimelineSchema, "The payment's timeline"),
          ...errorResponses("UNAUTHORIZED", "PAYMENT_NOT_FOUND"),
        },
      }),
      handler: async (request) =>
        success(await getPaymentTimeline(context.db, authenticatedMerchant(request), request.params.id)),
    });

    for (const [base, deprecated] of [
      ["/merchants/me/payments", false],
      ["/merchant/payments", true],
    ] as const) {
      app.get(base, {
        schema: operation({
          summary: deprecated
            ? "Legacy form of GET /merchants/me/payments"
            : "Find a payment by orderId, or list payments",
          description:
            "With orderId: that order's payment record. Without: the merchant's payments, newest first, " +
            "paginated with limit and starting_after, optionally searched (q) and filtered by status, token " +
            "and creation time.",
          deprecated,
          querystring: listQuerySchema,
          response: {
            200: successBody(
              z.union([merchantPaymentRecordSchema, merchantPaymentPageSchema]),
              "With orderId: that payment; otherwise a page of payments, newest first",
            ),
            ...errorResponses("VALIDATION_ERROR", "INVALID_REQUEST", "UNAUTHORIZED", "PAYMENT_NOT_FOUND"),
          },
        }),
        handler: async (request) => {
          const merchant = authenticatedMerchant(request);
          const { orderId, ...page } = request.query;
          return success(
            orderId === undefined
              ? await listMerchantPayments(context.db, merchant, page)
              : await getMerchantPaymentByOrderId(context.db, merchant, orderId),
          );
        },
      });

      app.get(`${base}/:id`, {
        schema: operation({
          summary: deprecated ? "Legacy form of GET /merchants/me/payments/:id" : "Get one payment record",
          deprecated,
          params: z.object({ id: z.string().describe("paymentId") }),
          response: {
            200: successBody(merchantPaymentRecordSchema, "The payment record"),
            ...errorResponses("UNAUTHORIZED", "FORBIDDEN", "PAYMENT_NOT_FOUND"),
          },
        }),
        handler: async (request) =>
          success(await getMerchantPayment(context.db, authenticatedMerchant(request), request.params.id)),
      });
    }
  };
}
