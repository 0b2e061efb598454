import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { buildOpenApiDocument } from "../../src/cli/openapi.js";
import { errorStatuses } from "../../src/http/errorStatuses.js";

const apiGuide = new URL("../../../docs/api.md", import.meta.url);

/** The `## name` section of docs/api.md, up to the next `## `. */
function section(markdown: string, name: string): string {
  const start = markdown.indexOf(`\n## ${name}\n`);
  if (start === -1) throw new Error(`docs/api.md has no "## ${name}" section`);
  const end = markdown.indexOf("\n## ", start + 1);
  return markdown.slice(start, end === -1 ? undefined : end);
}

describe("docs/api.md, the merchant developers' reference", () => {
  it("names every operation the server serves, as `METHOD /path`", async () => {
    const [markdown, document] = await Promise.all([readFile(apiGuide, "utf8"), buildOpenApiDocument()]);
    const operations = Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
      Object.keys(item as object)
        .filter((method) => ["get", "post", "put", "patch", "delete"].includes(method))
        .map(
          (method) =>
            `${method.toUpperCase()} ${path.replace(/^\/api\/v1/, "").replace(/\{(\w+)\}/g, ":$1")}`,
        ),
    );
    expect(operations.length).toBeGreaterThan(20);
    expect(operations.filter((operation) => !markdown.includes(`\`${operation}\``))).toEqual([]);
  });

  it("lists exactly the error codes of server/src/errors.ts, each under its HTTP status (http/errorStatuses.ts)", async () => {
    const errors = section(await readFile(apiGuide, "utf8"), "Errors");
    const documented: Record<string, number> = {};
    for (const [, status, codes] of errors.matchAll(/^\| (\d{3}) +\| (.+) \|$/gm)) {
      for (const [, code] of (codes as string).matchAll(/`([A-Z_]+)`/g))
        documented[code as string] = Number(status);
    }
    expect(documented).toEqual(errorStatuses);
  });
});
