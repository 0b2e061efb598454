/**
 * Generates `sdk/src/generated/openapi.ts` from Kassa's own OpenAPI document: the HTTP app is built
 * in-process (its database pool is created but never queried, so no PostgreSQL is needed), the
 * document that `GET /api/v1/openapi.json` would serve is taken from it, and openapi-typescript turns
 * it into types. `--check` only compares and exits 1 when the committed file is stale.
 *
 *   npm run generate -w sdk            write the file
 *   npm run generate -w sdk -- --check fail when it is out of date
 */
import { readFile, writeFile } from "node:fs/promises";
import { fileURLToPath, pathToFileURL } from "node:url";
import openapiTS, { astToString, type OpenAPI3 } from "openapi-typescript";
import * as prettier from "prettier";
import { defaultConfig } from "../../server/src/config/index.js";
import { createServices } from "../../server/src/core/services.js";
import { createDb } from "../../server/src/db/database.js";
import { buildApp } from "../../server/src/http/app.js";

export const GENERATED_TYPES_PATH = fileURLToPath(new URL("../src/generated/openapi.ts", import.meta.url));

const HEADER = `/**
 * GENERATED FILE, DO NOT EDIT.
 * Types of Kassa's HTTP API, made by openapi-typescript from the OpenAPI document the server serves at
 * /api/v1/openapi.json. Regenerate with \`npm run generate -w sdk\` after changing a route or a schema.
 */

`;

/**
 * The OpenAPI 3.1 document of the current server code, without a running server or database. Its component
 * schemas are sorted by name: they are listed in the order the server's modules happen to register them,
 * and moving an import must not change the generated file.
 */
export async function buildOpenApiDocument(): Promise<OpenAPI3> {
  // Never connected: pg opens a connection on the first query, and building the app runs none.
  const db = createDb("postgres://kassa-openapi@127.0.0.1:1/never", { max: 1 });
  const app = await buildApp(createServices(defaultConfig(), db, { paymentSync: false }));
  try {
    await app.ready();
    const document = app.swagger() as OpenAPI3;
    const schemas = document.components?.schemas;
    if (!schemas) return document;
    const sorted = Object.fromEntries(Object.entries(schemas).sort(([a], [b]) => a.localeCompare(b)));
    return { ...document, components: { ...document.components, schemas: sorted } };
  } finally {
    await app.close();
    await db.destroy();
  }
}

/** The text `sdk/src/generated/openapi.ts` must hold for the current server code. */
export async function generateOpenApiTypes(document?: OpenAPI3): Promise<string> {
  const ast = await openapiTS(document ?? (await buildOpenApiDocument()), { silent: true });
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
    console.error("sdk/src/generated/openapi.ts is stale: run `npm run generate -w sdk`");
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
