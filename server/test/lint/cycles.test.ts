/**
 * eslint/cycles.js on files it has never seen: a module that reaches itself through its imports, static, type-only
 * or dynamic, is refused at the import that closes the circle; a chain that does not come back is not.
 */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ESLint } from "eslint";
import tseslint from "typescript-eslint";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import cycles from "../../../eslint/cycles.js";

let dir: string;
let eslint: ESLint;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "kassa-cycles-"));
  eslint = new ESLint({
    cwd: dir,
    overrideConfigFile: true,
    overrideConfig: [
      {
        files: ["**/*.ts"],
        languageOptions: { parser: tseslint.parser },
        plugins: { cycles },
        rules: { "cycles/no-import-cycle": "error" },
      },
    ],
  });
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** Writes `files` (name -> source) into a folder of their own and lints them all: the messages by file. */
async function lint(folder: string, files: Record<string, string>): Promise<Record<string, string[]>> {
  for (const [name, source] of Object.entries(files))
    await writeFile(join(dir, `${folder}-${name}.ts`), source);
  const results = await eslint.lintFiles(Object.keys(files).map((name) => join(dir, `${folder}-${name}.ts`)));
  return Object.fromEntries(
    results.map((result) => [
      result.filePath.slice(dir.length + 1 + folder.length + 1, -3),
      result.messages.map((message) => message.message),
    ]),
  );
}

describe("the import circle rule", () => {
  it("refuses a circle through a type-only and a dynamic import, naming it in every file on it", async () => {
    const messages = await lint("circle", {
      a: 'import { b } from "./circle-b.js";\nexport const a = () => b;\n',
      b: 'import type { C } from "./circle-c.js";\nexport const b = 1 as unknown as C;\n',
      c: 'export type C = number;\nexport const c = () => import("./circle-a.js");\n',
    });
    expect(messages.a).toEqual([
      "this import closes a circle: circle-a.ts -> circle-b.ts -> circle-c.ts -> circle-a.ts",
    ]);
    expect(messages.b).toHaveLength(1);
    expect(messages.c).toHaveLength(1);
  });

  it("lets a chain that does not come back through", async () => {
    const messages = await lint("chain", {
      a: 'import { b } from "./chain-b.js";\nexport const a = b;\n',
      b: 'export { c as b } from "./chain-c.js";\n',
      c: "export const c = 1;\n",
    });
    expect(messages).toEqual({ a: [], b: [], c: [] });
  });
});
