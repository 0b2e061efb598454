import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { chainWithTokensSchema, listChainsWithTokens, listPublicChains } from "../../core/chains/chains.js";
import { checkHealth, healthSchema } from "../../core/operations/health.js";
import { chainViewSchema } from "../../core/chains/views.js";
import type { RouteContext } from "../context.js";
import { errorResponses } from "../errors.js";
import { documented, success, successBody } from "../schemas.js";

/** Endpoints without authentication. */
export function publicRoutes(context: RouteContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get("/chains", {
      schema: {
        tags: ["Public"],
        summary: "Supported chains",
        response: { 200: successBody(z.object({ chains: z.array(chainViewSchema) }), "Supported chains") },
      },
      handler: async () => success({ chains: await listPublicChains(context.db) }),
    });

    app.get("/chains/tokens", {
      schema: {
        tags: ["Public"],
        summary: "Every chain with its enabled tokens",
        response: {
          200: successBody(
            z.object({ chains: z.array(chainWithTokensSchema) }),
            "Chains with their enabled tokens",
          ),
        },
      },
      handler: async () => success({ chains: await listChainsWithTokens(context.db) }),
    });

    app.get("/health", {
      schema: {
        tags: ["Public"],
        summary: "Liveness, including the database",
        response: {
          200: documented(healthSchema, "Kassa and its database answer"),
          ...errorResponses("INTERNAL_ERROR"),
        },
      },
      handler: () => checkHealth(context.db, context.now),
    });
  };
}
