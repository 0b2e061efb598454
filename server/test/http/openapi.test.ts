import { readFile } from "node:fs/promises";
import Ajv2020 from "ajv/dist/2020.js";
import { beforeAll, describe, expect, it } from "vitest";
import { webhookEventSchemas } from "../../src/core/webhooks/events.js";
import { errorMessages, type ErrorCode } from "../../src/errors.js";
import { errorStatuses } from "../../src/http/errorStatuses.js";
import { buildOpenApiDocument, openApiText, type OpenApiDocument } from "../../src/cli/openapi.js";

interface Media {
  schema: Record<string, unknown>;
  example?: unknown;
  examples?: Record<string, { value: unknown }>;
}
interface Operation {
  requestBody?: { content: Record<string, Media> };
  responses: Record<string, { description: string; content?: Record<string, Media> }>;
  parameters?: { name: string; in: string; schema: Record<string, unknown>; example?: unknown }[];
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
  webhooks: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Record<string, unknown>> };
}

const DOCUMENT_ID = "https://kassa.invalid/openapi.json";
let served: OpenApiDocument;
let document: Document;
let operations: [string, Operation][];
let validate: (schema: Record<string, unknown>, value: unknown) => string | undefined;

beforeAll(async () => {
  served = await buildOpenApiDocument();
  document = served as unknown as Document;
  operations = Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]): [string, Operation] => [
      `${method.toUpperCase()} ${path}`,
      operation,
    ]),
  );
  // Examples are checked against the document's own JSON Schemas, $refs to its components included.
  const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });
  ajv.addSchema({ $id: DOCUMENT_ID, components: document.components });
  validate = (schema, value) => {
    const absolute = JSON.parse(
      JSON.stringify(schema).replaceAll('"#/components/', `"${DOCUMENT_ID}#/components/`),
    );
    const check = ajv.compile(absolute);
    return check(value) ? undefined : ajv.errorsText(check.errors);
  };
});

/** The examples of a media type: its `example`, its named `examples`, or its schema's `examples`. */
function examplesOf(media: Media): unknown[] {
  if (media.example !== undefined) return [media.example];
  if (media.examples) return Object.values(media.examples).map((example) => example.value);
  return (media.schema.examples as unknown[] | undefined) ?? [];
}

describe("the OpenAPI document as a file", () => {
  it("docs/openapi.json is what the server serves, the SDK's source (else: npm run generate:sdk)", async () => {
    const committed = await readFile(new URL("../../../docs/openapi.json", import.meta.url), "utf8");
    expect(committed === openApiText(served), "docs/openapi.json is stale: run `npm run generate:sdk`").toBe(
      true,
    );
  });

  it("lists the component schemas by name, whatever order the server registers them in", () => {
    const names = Object.keys(document.components.schemas);
    expect(names.length).toBeGreaterThan(10);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
  });

  it("types an error's code as the closed list of errors.ts (the SDK's KassaApiErrorCode)", () => {
    expect(document.components.schemas.Error).toMatchObject({
      properties: { code: { enum: Object.keys(errorMessages) } },
    });
  });
});

describe("the OpenAPI document as a reference", () => {
  it("has an example for every request body and every 2xx response, each valid against its schema", () => {
    const missing: string[] = [];
    const invalid: string[] = [];
    const check = (where: string, content: Record<string, Media> | undefined) => {
      for (const [type, media] of Object.entries(content ?? {})) {
        const examples = examplesOf(media);
        if (examples.length === 0) missing.push(`${where} ${type}`);
        for (const example of examples) {
          const problem = validate(media.schema, example);
          if (problem) invalid.push(`${where}: ${problem}`);
        }
      }
    };
    for (const [name, operation] of operations) {
      if (operation.requestBody) check(`${name} request`, operation.requestBody.content);
      for (const [status, response] of Object.entries(operation.responses)) {
        if (status.startsWith("2")) {
          expect(response.content, `${name} ${status}`).toBeDefined();
          check(`${name} ${status}`, response.content);
        }
      }
    }
    expect(operations.length).toBeGreaterThan(20);
    expect(missing).toEqual([]);
    expect(invalid).toEqual([]);
  });

  it("has an example for every path and query parameter, valid against its schema", () => {
    const parameters = operations.flatMap(([name, operation]) =>
      (operation.parameters ?? []).map((parameter) => ({ where: `${name} ${parameter.name}`, ...parameter })),
    );
    expect(parameters.length).toBeGreaterThan(20);
    const missing = parameters.filter((parameter) => parameter.example === undefined).map((p) => p.where);
    expect(missing).toEqual([]);
    const invalid = parameters
      .map((parameter) => [parameter.where, validate(parameter.schema, parameter.example)])
      .filter(([, problem]) => problem !== undefined);
    expect(invalid).toEqual([]);
  });

  it("describes every response (no 'Default Response')", () => {
    const vague = operations.flatMap(([name, operation]) =>
      Object.entries(operation.responses)
        .filter(([, response]) => !response.description || response.description === "Default Response")
        .map(([status]) => `${name} ${status}`),
    );
    expect(vague).toEqual([]);
  });

  it("lists, for each error status of each operation, its codes from errors.ts, with an example of each", () => {
    let statuses = 0;
    for (const [name, operation] of operations) {
      for (const [status, response] of Object.entries(operation.responses)) {
        if (Number(status) < 400) continue;
        statuses++;
        const media = response.content?.["application/json"] as Media;
        const codes = (media.schema.properties as { code: { enum: ErrorCode[] } }).code.enum;
        expect(codes.length, `${name} ${status}`).toBeGreaterThan(0);
        for (const code of codes) {
          expect(errorStatuses[code], `${name} ${status} ${code}`).toBe(Number(status));
        }
        const examples = Object.entries(media.examples ?? {});
        expect(examples.map(([key]) => key)).toEqual(codes);
        for (const [code, example] of examples) {
          expect((example.value as { code: string }).code).toBe(code);
          expect(validate(media.schema, example.value), `${name} ${status} ${code}`).toBeUndefined();
        }
        expect(response.description).toContain(codes.join(", "));
      }
    }
    expect(statuses).toBeGreaterThan(50);
    const createPayment = document.paths["/api/v1/payments"]?.post?.responses;
    const badRequest = createPayment?.["400"]?.content?.["application/json"]?.schema.properties as {
      code: { enum: string[] };
    };
    expect(badRequest.code.enum).toContain("TOKEN_NOT_ENABLED");
    expect(badRequest.code.enum).not.toContain("UNAUTHORIZED");
  });

  it("documents every webhook event Kassa sends, its body schema, example and Standard Webhooks headers", () => {
    expect(Object.keys(document.webhooks).sort()).toEqual(Object.keys(webhookEventSchemas).sort());
    for (const [type, item] of Object.entries(document.webhooks)) {
      const post = item.post as Operation;
      expect(post.parameters?.map((parameter) => `${parameter.in}:${parameter.name}`)).toEqual([
        "header:webhook-id",
        "header:webhook-timestamp",
        "header:webhook-signature",
      ]);
      const media = post.requestBody?.content["application/json"] as Media;
      expect(media.schema.$ref).toMatch(
        /^#\/components\/schemas\/(Payment\w+|Subscription\w+|WebhookTest)Event$/,
      );
      expect((media.example as { type: string }).type).toBe(type);
      expect(validate(media.schema, media.example), type).toBeUndefined();
    }
  });

  it("gives each component schema an example valid against it", () => {
    const schemas = Object.entries(document.components.schemas).filter(([name]) => !name.endsWith("Input"));
    const withoutExample = schemas
      .filter(
        ([name, schema]) => name !== "Error" && name !== "WebhookEvent" && schema.examples === undefined,
      )
      .map(([name]) => name);
    expect(withoutExample).toEqual([]);
    for (const [name, schema] of schemas) {
      for (const example of (schema.examples as unknown[] | undefined) ?? []) {
        expect(validate({ $ref: `#/components/schemas/${name}` }, example), name).toBeUndefined();
      }
    }
  });
});
