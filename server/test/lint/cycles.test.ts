/**
 * eslint/cycles.js on files it has never seen: a module that reaches itself through its imports, static, type-only
 * or dynamic, is refused at the import that closes the circle; a chain that does not come back is not. One level
 * up, a capability folder that reaches itself through the others is refused though no file does.
 */
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
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
        rules: {
          "cycles/no-import-cycle": "error",
          "cycles/no-folder-knot": [
            "error",
            {
              roots: ["knot/core", "oneway/core"],
            },
          ],
        },
      },
    ],
  });
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** Writes `files` (path below `folder` -> source) and lints them all: the messages by path. */
async function lint(folder: string, files: Record<string, string>): Promise<Record<string, string[]>> {
  for (const [name, source] of Object.entries(files)) {
    await mkdir(dirname(join(dir, folder, name)), { recursive: true });
    await writeFile(join(dir, folder, name), source);
  }
  const results = await eslint.lintFiles(Object.keys(files).map((name) => join(dir, folder, name)));
  return Object.fromEntries(
    results.map((result) => [
      result.filePath.slice(join(dir, folder).length + 1),
      result.messages.map((message) => message.message),
    ]),
  );
}

describe("the import circle rule", () => {
  it("refuses a circle through a type-only and a dynamic import, naming it in every file on it", async () => {
    const messages = await lint("circle", {
      "a.ts": 'import { b } from "./b.js";\nexport const a = () => b;\n',
      "b.ts": 'import type { C } from "./c.js";\nexport const b = 1 as unknown as C;\n',
      "c.ts": 'export type C = number;\nexport const c = () => import("./a.js");\n',
    });
    expect(messages["a.ts"]).toEqual([
      "this import closes a circle: circle/a.ts -> circle/b.ts -> circle/c.ts -> circle/a.ts",
    ]);
    expect(messages["b.ts"]).toHaveLength(1);
    expect(messages["c.ts"]).toHaveLength(1);
  });

  it("lets a chain that does not come back through", async () => {
    const messages = await lint("chain", {
      "a.ts": 'import { b } from "./b.js";\nexport const a = b;\n',
      "b.ts": 'export { c as b } from "./c.js";\n',
      "c.ts": "export const c = 1;\n",
    });
    expect(messages).toEqual({ "a.ts": [], "b.ts": [], "c.ts": [] });
  });
});

describe("the folder knot rule", () => {
  it("refuses folders that reach each other though no file circles back, at each import of the knot", async () => {
    const messages = await lint("knot", {
      "core/a/one.ts": 'import { two } from "../b/two.js";\nexport const one = two;\n',
      "core/b/two.ts": "export const two = 2;\n",
      "core/b/three.ts": 'import type { Four } from "../c/four.js";\nexport type Three = Four;\n',
      "core/c/four.ts": 'export type Four = number;\nexport const four = () => import("../a/five.js");\n',
      "core/a/five.ts": "export const five = 5;\n",
    });
    expect(messages["core/a/one.ts"]).toEqual([
      "this import knots core/a and core/b, which reaches back: core/a -> core/b -> core/c (b/three.ts imports c/four.ts) -> core/a (c/four.ts imports a/five.ts); move the concept to the folder that owns it",
    ]);
    expect(messages["core/b/three.ts"]).toHaveLength(1);
    expect(messages["core/c/four.ts"]).toHaveLength(1);
    expect(messages["core/b/two.ts"]).toEqual([]);
  });

  it("lets folders that depend one way through, and counts a file beside them as its own", async () => {
    const messages = await lint("oneway", {
      "core/root.ts": 'import { one } from "./a/one.js";\nexport const root = one;\n',
      "core/shared.ts": "export const shared = 0;\n",
      "core/a/one.ts":
        'import { two } from "../b/two.js";\nimport { shared } from "../shared.js";\nexport const one = two + shared;\n',
      "core/b/two.ts": 'import { shared } from "../shared.js";\nexport const two = shared;\n',
    });
    expect(Object.values(messages).flat()).toEqual([]);
  });
});
