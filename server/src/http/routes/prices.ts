import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { getTokenPrice } from "../../core/prices/service.js";
import { priceQuerySchema, tokenPriceView, tokenPriceViewSchema } from "../../core/prices/view.js";
import { apiKeyRoutes } from "../auth.js";
import type { RouteContext } from "../context.js";
import { errorResponses } from "../errors.js";
import { success, successBody } from "../schemas.js";

/** GET /prices, API key. */
export function priceRoutes(context: RouteContext): FastifyPluginAsyncZod {
  return async (app) => {
    const operation = apiKeyRoutes(app, context.auth, "Prices");

    app.get("/prices", {
      schema: operation({
        summary: "Current or previous-hour average price of a whitelisted token",
        description:
          "`current` is the newest sample (collected every 5 minutes); `hourly-average` is the mean of the previous full hour (at 16:20, 15:00-16:00), falling back to the newest hour with samples within the staleness limit.",
        querystring: priceQuerySchema,
        response: {
          200: successBody(tokenPriceViewSchema, "The token's price"),
          ...errorResponses(
            "VALIDATION_ERROR",
            "INVALID_CURRENCY",
            "UNAUTHORIZED",
            "TOKEN_NOT_FOUND",
            "INTERNAL_ERROR",
          ),
        },
      }),
      handler: async (request) =>
        success(
          tokenPriceView(
            await getTokenPrice(context.prices, {
              networkId: request.query.chainId,
              tokenAddress: request.query.tokenAddress,
              type: request.query.type,
              currency: request.query.currency,
            }),
          ),
        ),
    });
  };
}
