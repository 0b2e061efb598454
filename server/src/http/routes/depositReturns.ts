import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  depositReturnViewSchema,
  returnExcess,
  type DepositReturnDeps,
} from "../../core/deposits/returns.js";
import { requireOwnPayment } from "../../core/payments/payments.js";
import { apiKeyRoutes, authenticatedMerchant, type AuthOptions } from "../auth.js";
import { errorResponses } from "../errors.js";
import { success, successBody } from "../schemas.js";

/** Returns from deposit addresses (payments by transfer), on the merchant's API key or dashboard session. */
export function depositReturnRoutes(deps: DepositReturnDeps, auth: AuthOptions): FastifyPluginAsyncZod {
  return async (app) => {
    const operation = apiKeyRoutes(app, auth, "Payments by transfer");

    app.post("/payments/:id/return-excess", {
      schema: operation({
        summary: "Return an overpayment's excess to its payer",
        description:
          "For a payment PAID by transfer with `overpaidAmount` above 0: Kassa's relayer sends the excess from the " +
          "payment's deposit address back to the payer (the sender of the transfer that settled it), on the " +
          "server signer's authority, which the gateway limits to what exceeds the payment's amount. Your " +
          "wallet signs and pays nothing. Idempotent: 202 with the return it started, then 200 with the same " +
          "return (its status SUBMITTED, RETURNED or FAILED; a FAILED one may be requested again).",
        params: z.object({ id: z.string().describe("paymentId") }),
        response: {
          200: successBody(depositReturnViewSchema, "The payment's excess return, recorded earlier"),
          202: successBody(depositReturnViewSchema, "The return was sent: SUBMITTED until it is mined"),
          ...errorResponses(
            "UNAUTHORIZED",
            "FORBIDDEN",
            "PAYMENT_NOT_FOUND",
            "NO_EXCESS_TO_RETURN",
            "NOTHING_TO_RETURN",
            "PAYER_ADDRESS_NOT_FOUND",
            "CONFLICT",
            "RELAYER_NOT_CONFIGURED",
            "SIGNING_SERVICE_ERROR",
          ),
        },
      }),
      handler: async (request, reply) => {
        const payment = await requireOwnPayment(
          deps.gasless.db,
          authenticatedMerchant(request),
          request.params.id,
        );
        const { created, view } = await returnExcess(deps, payment);
        return reply.code(created ? 202 : 200).send(success(view));
      },
    });
  };
}
