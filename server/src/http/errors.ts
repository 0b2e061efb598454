import type { Socket } from "node:net";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import { errorMessages, KassaError, type ErrorBody, type ErrorCode } from "../errors.js";
import { errorStatuses } from "./errorStatuses.js";
import { scrubText } from "../scrub.js";

export const errorBodySchema = z
  .object({
    code: z
      .enum(Object.keys(errorMessages) as [ErrorCode, ...ErrorCode[]])
      .describe("One of the closed list of error codes"),
    message: z.string(),
    details: z
      .array(z.object({ path: z.array(z.string()), message: z.string() }))
      .optional()
      .describe("VALIDATION_ERROR only: which input failed and why"),
  })
  .meta({ id: "Error" });

/** What an error status means, as its OpenAPI response description begins. */
const statusMeanings: Record<number, string> = {
  400: "Invalid request",
  401: "Missing or invalid key",
  403: "Not allowed",
  404: "Not found",
  409: "Conflict with the current state",
  429: "Too many requests",
  500: "Server-side failure",
  503: "A dependency did not answer; retry later",
};

/** A message an example shows for a code; VALIDATION_ERROR's with the `details` it carries. */
function errorExample(code: ErrorCode): ErrorBody {
  return code === "VALIDATION_ERROR"
    ? {
        code,
        message: errorMessages[code],
        details: [{ path: ["amount"], message: "Too small: expected number to be >0" }],
      }
    : { code, message: errorMessages[code] };
}

/**
 * Response schemas for the error codes a route can return, grouped by HTTP status, for the OpenAPI
 * document (and so the serializer checks the shape): each status's `code` is the enum of that route's
 * codes with that status, with one named example per code. A route's list is the one source of what
 * its reference says it can answer.
 */
export function errorResponses(...codes: ErrorCode[]): Record<number, z.ZodType> {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of new Set(codes)) {
    const status = errorStatuses[code];
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  return Object.fromEntries(
    [...byStatus].map(([status, list]) => {
      const schema = errorBodySchema
        .extend({ code: z.enum(list as [ErrorCode, ...ErrorCode[]]).describe("One of this status's codes") })
        .meta({
          description: `${statusMeanings[status] ?? "Error"}: ${list.join(", ")}`,
          "x-examples": Object.fromEntries(
            list.map((code) => [code, { summary: errorMessages[code], value: errorExample(code) }]),
          ),
        });
      declaredCodes.set(schema, list);
      return [status, schema];
    }),
  );
}

/** Methods whose requests Fastify reads a body of (whatever the route's schema says). */
const BODY_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

/** The codes of each response schema errorResponses made. */
const declaredCodes = new WeakMap<object, ErrorCode[]>();

/**
 * Codes any route can answer whatever it does: a URL or query that does not parse, the rate limit, a
 * failure of the server itself, a body Fastify refuses (not JSON, empty, too large); and, where the route
 * takes input (a method with a body, path or query parameters), VALIDATION_ERROR (a NUL in a parameter, a
 * body nested too deep).
 */
function frameworkCodes(
  methods: readonly string[],
  schema: { params?: unknown; querystring?: unknown },
): ErrorCode[] {
  const takesInput =
    methods.some((method) => BODY_METHODS.has(method)) ||
    [schema.params, schema.querystring].some((part) => part !== undefined);
  return [
    "INVALID_REQUEST",
    ...(takesInput ? (["VALIDATION_ERROR"] as const) : []),
    "RATE_LIMITED",
    "INTERNAL_ERROR",
  ];
}

/**
 * An `onRoute` hook: a documented route's error responses gain the codes Fastify, the rate limit and the
 * error handler may answer on it (frameworkCodes), so the reference lists them and the serializer, which
 * checks every body against its status's schema, passes them (an undeclared code was a 500
 * FST_ERR_RESPONSE_SERIALIZATION). Routes without response schemas are serialized as they come.
 */
export function declareFrameworkErrors(route: {
  method: string | string[];
  schema?: Record<string, unknown>;
}): void {
  const schema = route.schema as
    { response?: Record<string, unknown>; params?: unknown; querystring?: unknown } | undefined;
  if (!schema?.response) return;
  const declared = Object.values(schema.response).flatMap((response) =>
    typeof response === "object" && response !== null ? (declaredCodes.get(response) ?? []) : [],
  );
  schema.response = {
    ...schema.response,
    ...errorResponses(...declared, ...frameworkCodes([route.method].flat(), schema)),
  };
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
  void reply.code(errorStatuses[sent.code]).send(errorBody(sent));
}

/**
 * Fastify's `clientErrorHandler`: what Node's HTTP parser refuses before there is a request (headers or
 * body not received in time, headers too large, not HTTP), answered in the error format on the socket
 * (Fastify's default writes its own body), then the connection is closed.
 */
export function clientErrorAnswer(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === "ECONNRESET" || socket.destroyed) return;
  const message =
    error.code === "ERR_HTTP_REQUEST_TIMEOUT"
      ? "the request was not received in time"
      : error.code === "HPE_HEADER_OVERFLOW"
        ? "the request headers are too large"
        : "the request is not valid HTTP";
  const sent = new KassaError("INVALID_REQUEST", message);
  const body = JSON.stringify(errorBody(sent));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${errorStatuses[sent.code]} Bad Request\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}

/** Every error leaves as a `{ code, message, details? }` body; unknown routes are NOT_FOUND. */
export function installErrorHandling(app: FastifyInstance, bodyLimit: number): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const kassaError = error instanceof KassaError ? error : fromFastifyError(error, bodyLimit);
    if (!kassaError || errorStatuses[kassaError.code] >= 500) {
      request.log.error({ err: error }, "request failed");
    }
    const sent = kassaError ?? new KassaError("INTERNAL_ERROR");
    return reply.code(errorStatuses[sent.code]).send(errorBody(sent));
  });
  app.setNotFoundHandler((request, reply) =>
    reply
      .code(404)
      .send(
        errorBody(new KassaError("NOT_FOUND", `no route ${request.method} ${request.url.split("?")[0]}`)),
      ),
  );
}
