import type { FastifyInstance } from "fastify";
import { jsonNestingExceeds, MAX_JSON_DEPTH, unsafeStringIssues } from "../core/validation.js";
import { validationError } from "../errors.js";

/**
 * What every route gets before its own validation, whether or not it has a schema:
 *
 * - JSON bodies are checked for nesting (jsonNestingExceeds, one pass over the text) before they are
 *   parsed, then parsed by Fastify's own parser (prototype poisoning refused): a body nested deeper than
 *   MAX_JSON_DEPTH is VALIDATION_ERROR at the cost of reading it once.
 * - Path parameters may not hold NUL, a lone surrogate or an overlong string (unsafeStringIssues), also
 *   on routes whose parameters have no schema (the payment link pages): PostgreSQL refuses NUL in text.
 *
 * Installed on the root instance before any route, so every plugin inherits both.
 */
export function installRequestGuards(app: FastifyInstance, bodyLimit: number): void {
  const parseJson = app.getDefaultJsonParser("error", "error");
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string", bodyLimit }, (request, body, done) => {
    if (jsonNestingExceeds(body as string)) {
      done(
        validationError([
          { path: [], message: `the JSON body must not nest arrays and objects over ${MAX_JSON_DEPTH} deep` },
        ]),
        undefined,
      );
      return;
    }
    parseJson(request, body as string, done);
  });
  app.addHook("preValidation", async (request) => {
    const issues = unsafeStringIssues(request.params);
    if (issues.length > 0) throw validationError(issues);
  });
}
