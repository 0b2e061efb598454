import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { returnExcess, type DepositReturnDeps } from "../../core/deposits/returns.js";
import { depositReturnViewSchema, type DepositReturnView } from "../../core/deposits/returnViews.js";
import {
  lateReturnInputSchema,
  lateReturnsToSign,
  lateReturnsToSignSchema,
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
    const excessReturns = z
      .object({ returns: z.array(depositReturnViewSchema).describe("Oldest first") })
      .describe("The payment's excess returns");

    app.post("/payments/:id/return-excess", {
      schema: operation({
        summary: "Return an overpayment's excess to whoever sent it",
        description:
          "For a payment PAID by transfer with `overpaidAmount` above 0: Kassa's relayer sends what each sender " +
          "sent beyond what the payment keeps back to that sender (usually the payer alone; a stranger's own " +
          "transfer after the payer's goes back to the stranger, never the payer's money), one return per sender " +
          "naming their recorded transfers, on the server signer's authority, which the gateway limits to what " +
          "exceeds the payment's amount. Your wallet signs and pays nothing. Idempotent: 202 with the returns when " +
          "it sent any, else 200 with the excess returns recorded before (each SUBMITTED, RETURNED or FAILED; what " +
          "a FAILED one did not move is owed again and goes with the next call).",
        params,
        response: {
          200: successBody(
            excessReturns,
            "Nothing newly owed: the payment's excess returns, recorded earlier",
          ),
          202: successBody(excessReturns, "Returns were sent: each SUBMITTED until it is mined"),
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
        const result = await returnExcess(deps, await own(request));
        return reply.code(result.created ? 202 : 200).send(success({ returns: result.returns }));
      },
    });

    app.get("/payments/:id/late-return", {
      schema: operation({
        summary: "The returns of late deposits, for your recipient wallet to sign",
        description:
          "For a payment still open once its transfer window closed (a late deposit held under your `return` " +
          "setting, or a short one not topped up), or that received more after it took its amount (swept, or paid " +
          "with the gateway's `pay`: a payer paying twice): one gateway `DepositReturn` per sender owed something, " +
          "to that sender, of what they are owed of their own recorded transfers (named in `transfers`), as EIP-712 " +
          "typed data for the payment's recipient wallet to sign (eth_signTypedData_v4). Nobody's money goes to " +
          "another sender. The gateway lets no key of Kassa's move a payment's amount, so these need your " +
          "signature; Kassa's relayer then sends each and pays its gas.",
        params,
        response: {
          200: successBody(lateReturnsToSignSchema, "The requests and their typed data, valid for an hour"),
          ...errorResponses(
            "UNAUTHORIZED",
            "FORBIDDEN",
            "PAYMENT_NOT_FOUND",
            "NO_LATE_DEPOSIT",
            "NOTHING_TO_RETURN",
          ),
        },
      }),
      handler: async (request) => success(await lateReturnsToSign(deps, await own(request))),
    });

    app.post("/payments/:id/late-return", {
      schema: operation({
        summary: "Send a late deposit back to its sender, on your recipient wallet's signature",
        description:
          "Takes the `returnId`, `to`, `amount` and `deadline` of one request GET /payments/{id}/late-return gave " +
          "and the recipient wallet's signature of it; Kassa checks that it made that return id for this payment " +
          "and sender, that the sender is still owed the amount, and the signature, then its relayer sends the " +
          "return. Idempotent: 202 with the return it sent, then 200 with that same return.",
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
            "CHAIN_UNAVAILABLE",
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
