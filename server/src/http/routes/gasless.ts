import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requestGas } from "../../core/faucet/faucet.js";
import {
  gasGrantSchema,
  gasStatusQuerySchema,
  gasStatusSchema,
  getGasStatus,
  requestGasInputSchema,
} from "../../core/faucet/gasStatus.js";
import { getRelay, submitRelay } from "../../core/relay/submit.js";
import { relayInputSchema, relaySubmittedSchema, relayViewSchema } from "../../core/relay/views.js";
import type { GaslessRuntime } from "../../chain/gasless.js";
import { clientNetwork } from "../../domain/clientNetwork.js";
import { authenticatedMerchant, publicKeyAuth } from "../auth.js";
import type { RouteContext } from "../context.js";
import { errorResponses } from "../errors.js";
import { documented, success, successBody, withExample } from "../schemas.js";
import { requestExamples } from "../schemaExamples.js";

const paymentParams = z.object({ id: z.string().describe("paymentId") });

/** The errors both gas faucet endpoints answer first: the request, the key, the faucet, the payment. */
const faucetErrors = [
  "VALIDATION_ERROR",
  "UNAUTHORIZED",
  "FORBIDDEN",
  "FAUCET_DISABLED",
  "NOT_FOUND",
] as const;

/** POST/GET /payments/:id/relay, GET /payments/:id/gas-status, POST /payments/request-gas. */
export function gaslessRoutes(context: RouteContext, gasless: GaslessRuntime): FastifyPluginAsyncZod {
  return async (app) => {
    app.post("/payments/:id/relay", {
      onRequest: publicKeyAuth({ ...context.auth, requireOrigin: true }),
      schema: {
        tags: ["Gasless"],
        summary:
          "Submit a gasless payment (a ForwardRequest, or a Permit2, EIP-3009 or PaymentIntent signature)",
        description:
          "Checks what the payer signed against the payment (`kind`: an ERC-2771 ForwardRequest of pay(), or " +
          "the gateway's one-signature paths: Permit2, EIP-3009, the PaymentIntent of a smart-contract wallet; " +
          "ECDSA, ERC-1271 and ERC-6492 signatures), simulates the relayer's call at the fees it will pay, and " +
          "queues it within the gas its path may cost and the relayer's budgets of reverted gas per merchant and " +
          "client. " +
          "202 once safely queued; follow it with GET /payments/:id/relay.",
        security: [{ publicKey: [] }],
        params: paymentParams,
        body: withExample(relayInputSchema, requestExamples.relay),
        response: {
          202: successBody(relaySubmittedSchema, "Relay request queued"),
          ...errorResponses(
            "VALIDATION_ERROR",
            "INVALID_REQUEST",
            "INVALID_PAYMENT_STATUS",
            "PAYMENT_EXPIRED",
            "INVALID_SIGNATURE",
            "CHAIN_UNAVAILABLE",
            "RELAY_ALREADY_SUBMITTED",
            "AMOUNT_MISMATCH",
            "RELAYER_NOT_CONFIGURED",
            "PAYER_ADDRESS_NOT_FOUND",
            "INSUFFICIENT_TOKEN_BALANCE",
            "INSUFFICIENT_ALLOWANCE",
            "TOKEN_TRANSFER_BLOCKED",
            "UNSUPPORTED_TOKEN",
            "UNAUTHORIZED",
            "FORBIDDEN",
            "PAYMENT_NOT_FOUND",
            "RATE_LIMITED",
            "RELAY_GAS_LIMIT_EXCEEDED",
            "RELAY_BUDGET_EXHAUSTED",
            "RELAYER_ERROR",
            "CHAIN_CONFIG_ERROR",
          ),
        },
      },
      handler: async (request, reply) => {
        const data = await submitRelay(
          gasless,
          authenticatedMerchant(request),
          request.params.id,
          request.body,
          {
            network: clientNetwork(request.ip),
          },
        );
        return reply.code(202).send(success(data));
      },
    });

    app.get("/payments/:id/relay", {
      onRequest: publicKeyAuth({ ...context.auth, requireOrigin: false }),
      schema: {
        tags: ["Gasless"],
        summary: "Status of the payment's gasless relay",
        security: [{ publicKey: [] }],
        params: paymentParams,
        response: {
          200: successBody(relayViewSchema, "The payment's relay request"),
          ...errorResponses("UNAUTHORIZED", "FORBIDDEN", "PAYMENT_NOT_FOUND", "RELAY_NOT_FOUND"),
        },
      },
      handler: async (request) =>
        success(await getRelay(context.db, authenticatedMerchant(request), request.params.id)),
    });

    app.get("/payments/:id/gas-status", {
      onRequest: publicKeyAuth({ ...context.auth, requireOrigin: false }),
      schema: {
        tags: ["Gasless"],
        summary: "Whether a wallet can receive a gas grant for the payment's approve",
        description: "Bare body (no success wrapper).",
        security: [{ publicKey: [] }],
        params: paymentParams,
        querystring: gasStatusQuerySchema,
        response: {
          200: documented(gasStatusSchema, "Whether the wallet can receive a gas grant"),
          ...errorResponses(...faucetErrors, "CHAIN_UNAVAILABLE", "RELAYER_ERROR"),
        },
      },
      handler: (request) =>
        getGasStatus(gasless, authenticatedMerchant(request), request.params.id, request.query.walletAddress),
    });

    app.post("/payments/request-gas", {
      onRequest: publicKeyAuth({ ...context.auth, requireOrigin: true }),
      schema: {
        tags: ["Gasless"],
        summary: "One-time grant of native token for the approve transaction",
        description:
          "Answers after the grant transaction is confirmed on-chain. Bare body (no success wrapper).",
        security: [{ publicKey: [] }],
        body: withExample(requestGasInputSchema, requestExamples.requestGas),
        response: {
          200: documented(gasGrantSchema, "Gas granted: the transaction is confirmed"),
          ...errorResponses(
            ...faucetErrors,
            "INVALID_PAYMENT_STATUS",
            "PAYMENT_EXPIRED",
            "INSUFFICIENT_TOKEN_BALANCE",
            "ALREADY_HAS_GAS",
            "ALREADY_GRANTED",
            "PAYMENT_ALREADY_GRANTED",
            "GRANT_NOT_USABLE",
            "GRANT_IN_PROGRESS",
            "RATE_LIMITED",
            "FAUCET_BUDGET_EXHAUSTED",
            "CHAIN_UNAVAILABLE",
            "RELAYER_ERROR",
          ),
        },
      },
      handler: (request) =>
        requestGas(gasless, authenticatedMerchant(request), request.body, { ip: request.ip }),
    });
  };
}
