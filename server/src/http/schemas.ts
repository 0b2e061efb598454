import type { OpenAPIV3_2 } from "@fastify/swagger";
import { jsonSchemaTransform } from "fastify-type-provider-zod";
import { z } from "zod";
import { webhookEventSchemas } from "../core/webhooks/events.js";
import { WEBHOOK_TIMEOUT_MS } from "../core/webhooks/policy.js";
import { componentExamples, parameterExample } from "./schemaExamples.js";
// The dashboard's examples join componentExamples before any route asks for one.
import "./dashboardExamples.js";
import "./subscriptionExamples.js";
import "./depositReturnExamples.js";

/**
 * An example of a value of `schema` for the OpenAPI document: a component's from componentExamples
 * (schemaExamples.ts), an example the schema carries itself (`.meta({ examples })`), or one built from
 * the examples of its parts (an object's fields, an array's element, a union's first option).
 * Undefined when some required part has none.
 */
export function exampleOf(schema: z.ZodType): unknown {
  const component = componentExamples.get(schema);
  if (component !== undefined) return component;
  const own = (z.globalRegistry.get(schema)?.examples as unknown[] | undefined)?.[0];
  if (own !== undefined) return own;
  if (schema instanceof z.ZodObject) {
    const entries = Object.entries(schema.shape as Record<string, z.ZodType>).map(
      ([key, field]) => [key, exampleOf(field), field.safeParse(undefined).success] as const,
    );
    if (entries.some(([, value, optional]) => value === undefined && !optional)) return undefined;
    return Object.fromEntries(
      entries.filter(([, value]) => value !== undefined).map(([key, value]) => [key, value]),
    );
  }
  if (schema instanceof z.ZodArray) {
    const element = exampleOf(schema.element as z.ZodType);
    return element === undefined ? undefined : [element];
  }
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodNullable || schema instanceof z.ZodDefault) {
    return exampleOf(schema.unwrap() as z.ZodType);
  }
  if (schema instanceof z.ZodUnion) return exampleOf(schema.options[0] as z.ZodType);
  if (schema instanceof z.ZodLiteral) return schema.value;
  if (schema instanceof z.ZodEnum) return schema.options[0];
  if (schema instanceof z.ZodBoolean) return false;
  return undefined;
}

/**
 * fastify-type-provider-zod's route transform, with an example for each path and query parameter
 * (parameterExample), and keeping the description and example of a response that is
 * a component itself (documented(gasStatusSchema)): @fastify/swagger drops the siblings of a `$ref`, so
 * the reference moves into `allOf`.
 */
export const routeSchemaTransform: typeof jsonSchemaTransform = (input) => {
  const output = jsonSchemaTransform(input);
  for (const part of ["params", "querystring"] as const) {
    const properties = (output.schema[part] as { properties?: Record<string, Record<string, unknown>> })
      ?.properties;
    for (const [name, property] of Object.entries(properties ?? {})) {
      const example = parameterExample(output.url, name);
      if (example !== undefined) property.examples = [example];
    }
  }
  const responses = (output.schema as { response?: Record<string, Record<string, unknown>> }).response ?? {};
  for (const [status, response] of Object.entries(responses)) {
    if (typeof response.$ref === "string" && response.examples !== undefined) {
      const { $ref, ...rest } = response;
      responses[status] = { ...rest, allOf: [{ $ref }] };
    }
  }
  return output;
};

/** `schema` with its OpenAPI example (exampleOf) and, for a response, its description. */
export function documented<T extends z.ZodType>(schema: T, description?: string): T {
  const example = exampleOf(schema);
  return schema.meta({
    ...(description === undefined ? {} : { description }),
    ...(example === undefined ? {} : { examples: [example] }),
  }) as T;
}

/**
 * A request body schema with the example the reference shows (type-checked against the schema). As a
 * named example (`x-examples`, which @fastify/swagger moves to the media type): zod drops `examples`
 * from the input JSON Schema of a schema that transforms.
 */
export function withExample<T extends z.ZodType>(schema: T, example: z.input<T>, summary = "Example"): T {
  return schema.meta({ "x-examples": { example: { summary, value: example } } }) as T;
}

/** `{ success: true, data }`, the body of every success of the API, described (e.g. "Payment created"). */
export function successBody<T extends z.ZodType>(data: T, description: string) {
  return documented(z.object({ success: z.literal(true), data }), description);
}

/** The body `successBody` describes: `{ success: true, data }`. */
export function success<T>(data: T): { success: true; data: T } {
  return { success: true, data };
}

export const securitySchemes = {
  apiKey: {
    type: "apiKey",
    in: "header",
    name: "x-api-key",
    description: "Secret sk_ key; server-side only",
  },
  publicKey: {
    type: "apiKey",
    in: "header",
    name: "x-public-key",
    description: "Public pk_ key; browser-safe. With ALLOWED_WIDGET_ORIGIN set, Origin must match it",
  },
} as const;

export const apiKeySecurity = [{ apiKey: [] }];
export const publicKeySecurity = [{ publicKey: [] }];

/** The document with each component schema's example (componentExamples) as its `examples`. */
export function withComponentExamples<T extends object>(document: T): T {
  const components = (document as { components?: unknown }).components as
    { schemas?: Record<string, Record<string, unknown>> } | undefined;
  const schemas = components?.schemas ?? {};
  for (const [schema, example] of componentExamples) {
    const id = z.globalRegistry.get(schema)?.id;
    const component = id === undefined ? undefined : schemas[id];
    if (component) component.examples = [example];
  }
  return document;
}

/** The Standard Webhooks headers every webhook request carries. */
const webhookHeaders: OpenAPIV3_2.PathItemObject["parameters"] = [
  {
    name: "webhook-id",
    in: "header",
    required: true,
    description: "The event's eventId; the same on every retry and redelivery: deduplicate on it",
    schema: { type: "string" },
    example: "evt_4b8d2f6a0c1e3b5d7f9a2c4e6b8d0f1a",
  },
  {
    name: "webhook-timestamp",
    in: "header",
    required: true,
    description: "Unix seconds of this attempt; refuse one far from now (replay)",
    schema: { type: "string" },
    example: "1795425972",
  },
  {
    name: "webhook-signature",
    in: "header",
    required: true,
    description:
      '`v1,<base64 HMAC-SHA256 of "webhook-id.webhook-timestamp.body">` keyed with the merchant\'s whsec_ secret; ' +
      "several, separated by spaces, during a secret rotation",
    schema: { type: "string" },
    example: "v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=",
  },
];

/**
 * The OpenAPI 3.1 `webhooks` section: one POST per event type to the merchant's webhook URL, its body the
 * event's schema (webhookEventSchemas, core/webhookEvents.ts, so a new event appears here by itself).
 */
export function webhooksSection(): Record<string, OpenAPIV3_2.PathItemObject> {
  return Object.fromEntries(
    Object.entries(webhookEventSchemas).map(([type, schema]) => {
      const meta = z.globalRegistry.get(schema);
      return [
        type,
        {
          post: {
            tags: ["Webhooks"],
            summary: type,
            description: `${meta?.description ?? ""} Sent to the merchant's webhook URL; verify it (e.g. the SDK's verifyWebhook) before trusting it, then fetch the payment with the API key before fulfilling an order.`,
            parameters: webhookHeaders,
            requestBody: {
              required: true,
              content: {
                "application/json": {
                  schema: { $ref: `#/components/schemas/${String(meta?.id)}` },
                  example: componentExamples.get(schema),
                },
              },
            },
            responses: {
              "2XX": {
                description: `Received. Any other answer, or none within ${WEBHOOK_TIMEOUT_MS / 1000} s, is retried with backoff`,
              },
            },
          },
        },
      ];
    }),
  );
}

const KASSA_LOGO = `<svg xmlns="http://www.w3.org/2000/svg" width="150" height="40" viewBox="0 0 150 40"><rect width="40" height="40" rx="8" fill="#1f6feb"/><text x="20" y="28" font-family="system-ui,sans-serif" font-size="22" font-weight="700" fill="#fff" text-anchor="middle">K</text><text x="50" y="29" font-family="system-ui,sans-serif" font-size="24" font-weight="600" fill="#fff">Kassa</text></svg>`;

/**
 * The API reference page at /docs: Kassa's name and mark instead of Swagger's, and its own CSP. Scripts
 * only from Kassa (Swagger UI's files); styles may be inline, as Swagger UI adds a <style> element as it
 * renders (@fastify/swagger-ui's default CSP blocks it: a console error on every visit).
 */
export const docsUi = {
  theme: { title: "Kassa API reference" },
  logo: { type: "image/svg+xml", content: KASSA_LOGO },
  staticCSP: {
    "default-src": "'self'",
    "base-uri": "'self'",
    "font-src": "'self' data:",
    "frame-ancestors": "'self'",
    "img-src": "'self' data:",
    "object-src": "'none'",
    "script-src": "'self'",
    "script-src-attr": "'none'",
    "style-src": "'self' 'unsafe-inline'",
  },
};
