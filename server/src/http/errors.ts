import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import { errorCodes, KassaError, type ErrorBody, type ErrorCode } from "../errors.js";
import { scrubText } from "../scrub.js";

export const errorBodySchema = z
  .object({
    code: z
      .enum(Object.keys(errorCodes) as [ErrorCode, ...ErrorCode[]])
      .describe("One of the error codes of server/src/errors.ts"),
    message: z.string(),
    details: z
      .array(z.object({ path: z.array(z.string()), message: z.string() }))
      .optional()
      .describe("VALIDATION_ERROR only: which input failed and why"),
  })
  .meta({ id: "Error" });

/**
 * Response schemas for the error codes a route can return, grouped by HTTP status, for the
 * OpenAPI document (and so the serializer checks the shape).
 */
export function errorResponses(...codes: ErrorCode[]): Record<number, z.ZodType> {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of codes) {
    const status = errorCodes[code].status;
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  return Object.fromEntries(
    [...byStatus].map(([status, list]) => [status, errorBodySchema.describe(`code: ${list.join(", ")}`)]),
  );
}

/** Fastify's own request errors (framework codes) mapped to Kassa's codes; never a 500. */
function fromFastifyError(error: FastifyError, bodyLimit: number): KassaError | undefined {
  switch (error.code) {
    case "FST_ERR_CTP_BODY_TOO_LARGE":
      return new KassaError("INVALID_REQUEST", `request body exceeds ${bodyLimit} bytes`);
    case "FST_ERR_CTP_INVALID_MEDIA_TYPE":
      return new KassaError("INVALID_REQUEST", "content-type must be application/json");
    case "FST_ERR_CTP_EMPTY_JSON_BODY":
      return new KassaError("INVALID_REQUEST", "the JSON body is empty");
    case "FST_ERR_CTP_INVALID_JSON_BODY":
      return new KassaError("INVALID_REQUEST", "the body is not valid JSON");
  }
  if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) {
    if (error instanceof SyntaxError) return new KassaError("INVALID_REQUEST", "the body is not valid JSON");
    return new KassaError("INVALID_REQUEST", error.message);
  }
  return undefined;
}

/**
 * The body sent for an error. Messages may quote a dependency's error (viem's carry the RPC URL and
 * the request body), so they pass through scrubText() here, the one exit of every error body.
 */
export function errorBody(error: KassaError): ErrorBody {
  const body = error.toBody();
  return {
    ...body,
    message: scrubText(body.message),
    ...(body.details
      ? { details: body.details.map((detail) => ({ ...detail, message: scrubText(detail.message) })) }
      : {}),
  };
}

/**
 * Fastify's `frameworkErrors`: errors its router raises before any route or hook runs (a URL that
 * does not decode, a path parameter longer than maxParamLength: 414 otherwise), in the error format.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const sent =
    error.code === "FST_ERR_MAX_PARAM_LENGTH"
      ? new KassaError("INVALID_REQUEST", "a path parameter is too long")
      : new KassaError("INVALID_REQUEST", "the URL is not valid");
  void reply.code(sent.status).send(errorBody(sent));
}

/** Every error leaves as a `{ code, message, details? }` body; unknown routes are NOT_FOUND. */
export function installErrorHandling(app: FastifyInstance, bodyLimit: number): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const kassaError = error instanceof KassaError ? error : fromFastifyError(error, bodyLimit);
    if (!kassaError || kassaError.status >= 500) {
      request.log.error({ err: error }, "request failed");
    }
    const sent = kassaError ?? new KassaError("INTERNAL_ERROR");
    return reply.code(sent.status).send(errorBody(sent));
  });
  app.setNotFoundHandler((request, reply) =>
    reply
      .code(404)
      .send(
        errorBody(new KassaError("NOT_FOUND", `no route ${request.method} ${request.url.split("?")[0]}`)),
      ),
  );
}
