import { Readable } from "node:stream";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { exportQuerySchema, exportRowSchema, preparePaymentExport } from "../../core/exports/exports.js";
import { apiKeyRoutes, authenticatedMerchant } from "../auth.js";
import type { RouteContext } from "../context.js";
import { exportCsvExample, exportRowExample } from "../dashboardExamples.js";
import { errorResponses } from "../errors.js";

/** Accounting exports of a merchant's payments and refunds (API key, or the dashboard's session). */
export function exportRoutes(context: RouteContext): FastifyPluginAsyncZod {
  return async (app) => {
    const operation = apiKeyRoutes(app, context.auth, "Exports");

    app.get("/exports/payments", {
      // A HEAD would run the whole export to throw the body away.
      exposeHeadRoute: false,
      schema: operation({
        summary: "Export payments and refunds over a time or block range (CSV or JSON)",
        description:
          "Every settled payment (money in) and completed refund (money out) of the range, oldest first, " +
          "streamed as a download. CSV (default) has a header row; json is the usual `{ success, data }` with " +
          "`data` the rows. For any range, gross = fee + net on every payment row, and the sums match the " +
          "token's Transfer logs to the merchant's wallet and to the treasury. A failure after the first byte " +
          "cuts the connection: a download that ends without error is complete.",
        querystring: exportQuerySchema,
        response: {
          200: {
            description: "The rows: text/csv (format=csv, with a header row) or JSON (format=json)",
            content: {
              "text/csv": { schema: z.string().meta({ examples: [exportCsvExample] }) },
              "application/json": {
                schema: z
                  .object({ success: z.literal(true), data: z.array(exportRowSchema) })
                  .meta({ examples: [{ success: true, data: [exportRowExample] }] }),
              },
            },
          },
          ...errorResponses("VALIDATION_ERROR", "UNAUTHORIZED"),
        },
      }),
      handler: async (request, reply) => {
        const prepared = await preparePaymentExport(context, authenticatedMerchant(request), request.query);
        return (
          reply
            .header("content-type", prepared.contentType)
            .header("content-disposition", `attachment; filename="${prepared.filename}"`)
            .header("cache-control", "no-store")
            // Fastify sends a stream as it comes (backpressure included); the schema above documents what it carries.
            .send(Readable.from(prepared.chunks()) as never)
        );
      },
    });
  };
}
