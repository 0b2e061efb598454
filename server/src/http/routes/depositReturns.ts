import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  depositReturnViewSchema,
  returnExcess,
  type DepositReturnDeps,
  type DepositReturnView,
} from "../../core/deposits/returns.js";
import {
  lateReturnInputSchema,
  lateReturnToSign,
  lateReturnToSignSchema,
  returnLateDeposit,
} from "../../core/deposits/lateReturns.js";
import { requireOwnPayment } from "../../core/payments/payments.js";
import { apiKeyRoutes, authenticatedMerchant, type AuthOptions } from "../auth.js";
import { errorResponses } from "../errors.js";
import { lateReturnExample } from "../depositReturnExamples.js";
import { success, successBody, withExample } from "../schemas.js";

/** Returns from deposit addresses (payments by transfer), on the merchant's API key or dashboard session. */
export function depositReturnRoutes(deps: DepositReturnDeps, auth: AuthOptions): FastifyPluginAsyncZod {
  return async (app) => {
    const operation = apiKeyRoutes(app, auth, "Payments by transfer");
    const params = z.object({ id: z.string().describe("paymentId") });
    /** The merchant's own payment of the path (else PAYMENT_NOT_FOUND or FORBIDDEN). */
    const own = (request: FastifyRequest) =>
      requireOwnPayment(
        deps.gasless.db,
        authenticatedMerchant(request),
        (request.params as z.infer<typeof params>).id,
      );
    /** 202 with a return just sent, 200 with the one recorded before. */
    const answer = (reply: FastifyReply, result: { created: boolean; view: DepositReturnView }) =>
      reply.code(result.created ? 202 : 200).send(success(result.view));

    app.post("/payments/:id/return-excess", {
      schema: operation({
        summary: "Return an overpayment's excess to its payer",
        description:
          "For a payment PAID by transfer with `overpaidAmount` above 0: Kassa's relayer sends the excess from the " +
          "payment's deposit address back to the payer (the sender of the transfer that settled it), on the " +
          "server signer's authority, which the gateway limits to what exceeds the payment's amount. Your " +
          "wallet signs and pays nothing. Idempotent: 202 with the return it started, then 200 with the same " +
          "return (its status SUBMITTED, RETURNED or FAILED; a FAILED one may be requested again).",
        params,
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
      handler: async (request, reply) => answer(reply, await returnExcess(deps, await own(request))),
    });

    app.get("/payments/:id/late-return", {
      schema: operation({
        summary: "The return of a late deposit, for your recipient wallet to sign",
        description:
          "For a payment whose deposit arrived after its transfer window under your `return` setting (it is " +
          "recorded, not settled), or that received more after it took its amount (swept, or paid with the " +
          "gateway's `pay`: a payer paying twice): the gateway's `DepositReturn` of everything its deposit address holds of the " +
          "token to the sender of the last such transfer, as EIP-712 typed data for the payment's recipient " +
          "wallet to sign (eth_signTypedData_v4). The gateway lets no key of Kassa's move a payment's amount, " +
          "so this one needs your signature; Kassa's relayer then sends it and pays its gas.",
        params,
        response: {
          200: successBody(lateReturnToSignSchema, "The request and its typed data, valid for an hour"),
          ...errorResponses(
            "UNAUTHORIZED",
            "FORBIDDEN",
            "PAYMENT_NOT_FOUND",
            "NO_LATE_DEPOSIT",
            "NOTHING_TO_RETURN",
          ),
        },
      }),
      handler: async (request) => success(await lateReturnToSign(deps, await own(request))),
    });

    app.post("/payments/:id/late-return", {
      schema: operation({
        summary: "Send a late deposit back to its sender, on your recipient wallet's signature",
        description:
          "Takes the `amount` and `deadline` of the request GET /payments/{id}/late-return gave and the recipient " +
          "wallet's signature of it; Kassa checks the signature and its relayer sends the return. Idempotent as " +
          "POST /payments/{id}/return-excess: 202 with the return it sent, then 200 with that same return.",
        params,
        body: withExample(lateReturnInputSchema, lateReturnExample),
        response: {
          200: successBody(depositReturnViewSchema, "The payment's late return, recorded earlier"),
          202: successBody(depositReturnViewSchema, "The return was sent: SUBMITTED until it is mined"),
          ...errorResponses(
            "VALIDATION_ERROR",
            "UNAUTHORIZED",
            "FORBIDDEN",
            "PAYMENT_NOT_FOUND",
            "NO_LATE_DEPOSIT",
            "INVALID_SIGNATURE",
            "NOTHING_TO_RETURN",
            "CONFLICT",
            "RELAYER_NOT_CONFIGURED",
          ),
        },
      }),
      handler: async (request, reply) =>
        answer(reply, await returnLateDeposit(deps, await own(request), request.body)),
    });
  };
}
