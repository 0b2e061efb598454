import { readFile } from "node:fs/promises";
import { operationMethods } from "@kassa/sdk";
import { describe, expect, it } from "vitest";
import { errorCodes } from "../../server/src/errors.js";
import { buildOpenApiDocument, generateOpenApiTypes, GENERATED_TYPES_PATH } from "../scripts/generate.js";

describe("SDK types generated from the OpenAPI document", () => {
  it("sdk/src/generated/openapi.ts is what the current server code generates (else: npm run generate -w sdk)", async () => {
    const document = await buildOpenApiDocument();
    const [expected, committed] = await Promise.all([
      generateOpenApiTypes(document),
      readFile(GENERATED_TYPES_PATH, "utf8"),
    ]);
    expect(
      committed === expected,
      "sdk/src/generated/openapi.ts is stale: run `npm run generate -w sdk`",
    ).toBe(true);
  });

  it("every operation of the API has an SDK method, and the SDK names no operation that is gone", async () => {
    const document = await buildOpenApiDocument();
    const served = Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
      Object.keys(item as object)
        .filter((method) => ["get", "post", "put", "patch", "delete"].includes(method))
        .map((method) => `${method.toUpperCase()} ${path.replace(/^\/api\/v1/, "")}`),
    );
    expect(Object.keys(operationMethods).sort()).toEqual(served.sort());
  });

  it("lists the component schemas by name, whatever order the server registers them in", async () => {
    const names = Object.keys((await buildOpenApiDocument()).components?.schemas ?? {});
    expect(names.length).toBeGreaterThan(10);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
  });

  it("types an error's code as the closed list of server/src/errors.ts (KassaApiErrorCode)", async () => {
    const error = (await buildOpenApiDocument()).components?.schemas?.Error;
    expect(error).toMatchObject({ properties: { code: { enum: Object.keys(errorCodes) } } });
  });
});
