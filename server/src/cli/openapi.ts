import { writeFile } from "node:fs/promises";
import { Command } from "commander";
import { defaultConfig } from "../config/index.js";
import { createServices } from "../core/services.js";
import { createDb } from "../db/infra/database.js";
import { buildApp } from "../http/app.js";
import { runPlain } from "./runner.js";

/** An OpenAPI 3.1 document, as far as this module reads it. */
export interface OpenApiDocument {
  paths?: Record<string, unknown>;
  components?: { schemas?: Record<string, unknown> };
  [key: string]: unknown;
}

/**
 * The OpenAPI 3.1 document of this server, without a running server or database. Its component schemas
 * are sorted by name: they are listed in the order the server's modules happen to register them, and
 * moving an import must not change the document (nor the SDK generated from it).
 */
export async function buildOpenApiDocument(): Promise<OpenApiDocument> {
  // Never connected: pg opens a connection on the first query, and building the app runs none.
  const db = createDb("postgres://kassa-openapi@127.0.0.1:1/never", { max: 1 });
  const app = await buildApp(createServices(defaultConfig(), db, { paymentSync: false }));
  try {
    await app.ready();
    const document = app.swagger() as OpenApiDocument;
    const schemas = document.components?.schemas;
    if (!schemas) return document;
    const sorted = Object.fromEntries(Object.entries(schemas).sort(([a], [b]) => a.localeCompare(b)));
    return { ...document, components: { ...document.components, schemas: sorted } };
  } finally {
    await app.close();
    await db.destroy();
  }
}

/** The document as a file: two-space JSON and a final newline (docs/openapi.json, dist/openapi.json). */
export function openApiText(document: OpenApiDocument): string {
  return `${JSON.stringify(document, null, 2)}\n`;
}

/** `kassa openapi`: the API's OpenAPI document, on stdout or into a file. */
export function openapiCommand(): Command {
  return new Command("openapi")
    .description("print the API's OpenAPI document (GET /api/v1/openapi.json's, schemas sorted by name)")
    .option("--out <file>", "write it to this file instead")
    .action((opts: { out?: string }) =>
      runPlain(false, async () => {
        const text = openApiText(await buildOpenApiDocument());
        if (opts.out) await writeFile(opts.out, text);
        else process.stdout.write(text);
      }),
    );
}
