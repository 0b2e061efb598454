/**
 * Generates `sdk/src/generated/openapi.ts` from Kassa's OpenAPI document, the file `docs/openapi.json`
 * (written by `npm run generate:openapi`, which runs `kassa openapi`; a server test keeps it equal to
 * what the server serves): openapi-typescript turns it into types. The SDK never imports the server.
 * `--check` only compares and exits 1 when the committed file is stale.
 *
 *   npm run generate:sdk               the document, then this (from the repository's root)
 *   npm run generate -w sdk            this alone: the types from the document as it is
 *   npm run generate -w sdk -- --check fail when the types are out of date
 */
import { readFile, writeFile } from "node:fs/promises";
import { fileURLToPath, pathToFileURL } from "node:url";
import openapiTS, { astToString, type OpenAPI3 } from "openapi-typescript";
import * as prettier from "prettier";

export const GENERATED_TYPES_PATH = fileURLToPath(new URL("../src/generated/openapi.ts", import.meta.url));
export const OPENAPI_DOCUMENT_PATH = fileURLToPath(new URL("../../docs/openapi.json", import.meta.url));

const HEADER = `/**
 * GENERATED FILE, DO NOT EDIT.
 * Types of Kassa's HTTP API, made by openapi-typescript from the OpenAPI document the server serves at
 * /api/v1/openapi.json (docs/openapi.json). Regenerate with \`npm run generate:sdk\` after changing a
 * route or a schema.
 */

`;

/** Kassa's OpenAPI document, as committed in docs/openapi.json. */
export async function readOpenApiDocument(): Promise<OpenAPI3> {
  return JSON.parse(await readFile(OPENAPI_DOCUMENT_PATH, "utf8")) as OpenAPI3;
}

/** The text `sdk/src/generated/openapi.ts` must hold for `document` (default: docs/openapi.json). */
export async function generateOpenApiTypes(document?: OpenAPI3): Promise<string> {
  const ast = await openapiTS(document ?? (await readOpenApiDocument()), { silent: true });
  const source = HEADER + astToString(ast);
  const options = await prettier.resolveConfig(GENERATED_TYPES_PATH);
  return prettier.format(source, { ...options, filepath: GENERATED_TYPES_PATH });
}

async function main(argv: string[]): Promise<number> {
  const check = argv.includes("--check");
  const expected = await generateOpenApiTypes();
  const current = await readFile(GENERATED_TYPES_PATH, "utf8").catch(() => undefined);
  if (check) {
    if (current === expected) {
      console.log("sdk/src/generated/openapi.ts is up to date");
      return 0;
    }
    console.error("sdk/src/generated/openapi.ts is stale: run `npm run generate:sdk`");
    return 1;
  }
  if (current === expected) {
    console.log("sdk/src/generated/openapi.ts unchanged");
  } else {
    await writeFile(GENERATED_TYPES_PATH, expected);
    console.log("wrote sdk/src/generated/openapi.ts");
  }
  return 0;
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = await main(process.argv.slice(2));
}
