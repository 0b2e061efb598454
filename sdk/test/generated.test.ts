import { readFile } from "node:fs/promises";
import { operationMethods } from "@kassa/sdk";
import { describe, expect, it } from "vitest";
import {
  GENERATED_ABI_PATH,
  GENERATED_TYPES_PATH,
  generateAbiModule,
  generateOpenApiTypes,
  readOpenApiDocument,
} from "../scripts/generate.js";

/**
 * The SDK is made from the OpenAPI document as a file (docs/openapi.json), never from the server's code:
 * a server test keeps that file equal to what the server serves.
 */
describe("SDK types generated from the OpenAPI document (docs/openapi.json)", () => {
  it("sdk/src/generated/openapi.ts is what the document generates (else: npm run generate:sdk)", async () => {
    const [expected, committed] = await Promise.all([
      generateOpenApiTypes(),
      readFile(GENERATED_TYPES_PATH, "utf8"),
    ]);
    expect(committed === expected, "sdk/src/generated/openapi.ts is stale: run `npm run generate:sdk`").toBe(
      true,
    );
  });

  it("sdk/src/generated/abi.ts is what the contracts' ABIs generate (else: npm run generate:sdk)", async () => {
    const [expected, committed] = await Promise.all([
      generateAbiModule(),
      readFile(GENERATED_ABI_PATH, "utf8"),
    ]);
    expect(committed === expected, "sdk/src/generated/abi.ts is stale: run `npm run generate:sdk`").toBe(
      true,
    );
  });

  it("every operation of the API has an SDK method, and the SDK names no operation that is gone", async () => {
    const document = await readOpenApiDocument();
    const served = Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
      Object.keys(item as object)
        .filter((method) => ["get", "post", "put", "patch", "delete"].includes(method))
        .map((method) => `${method.toUpperCase()} ${path.replace(/^\/api\/v1/, "")}`),
    );
    expect(Object.keys(operationMethods).sort()).toEqual(served.sort());
  });
});
