/**
 * eslint/workspaces.js as `npm run lint` applies it (eslint.config.js), on files it has never seen: imports
 * between workspaces go one way, a file covered by several boundaries keeps every one of them, and the other
 * workspaces' tests reach the server through its test harness only.
 */
import { fileURLToPath } from "node:url";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../../../", import.meta.url));
const eslint = new ESLint({ cwd: root });

/** The messages of the workspace rules for `code` as the file `path` (from the repository's root). */
async function boundaryErrors(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${root}${path}` });
  return (result?.messages ?? [])
    .filter((message) => /^workspaces-\d+\/import-boundaries$/.test(message.ruleId ?? ""))
    .map((message) => message.message);
}

const use = (name: string, from: string) => `import { ${name} } from "${from}";\nexport const x = ${name};\n`;
const useType = (name: string, from: string) =>
  `import type { ${name} } from "${from}";\nexport type X = ${name};\n`;

describe("the workspace boundaries", () => {
  it.each([
    [
      "the widget's code in the server",
      "server/src/http/routes/x.ts",
      use("pickLang", "@kassa/widget/config"),
    ],
    [
      "the example shop in the server",
      "server/src/http/routes/x.ts",
      use("startShop", "@kassa/example-shop"),
    ],
    ["the example shop in kassa dev", "server/src/cli/dev/x.ts", use("startShop", "@kassa/example-shop")],
    [
      "contracts' dev tooling in the server",
      "server/src/core/x.ts",
      use("startAnvil", "@kassa/contracts/dev"),
    ],
    ["another workspace in @kassa/i18n", "i18n/src/x.ts", useType("Lang", "@kassa/widget/config")],
    [
      "a server file in a widget test",
      "widget/test/x.test.ts",
      use("admin", "../../server/src/core/admin/index.js"),
    ],
    [
      "the server's harness by path in a shop test",
      "examples/shop/test/x.test.ts",
      use("waitFor", "../../../server/test/harness/waitFor.js"),
    ],
    [
      "another workspace's test support",
      "examples/shop/test/x.test.ts",
      use("createPayment", "../../../widget/test/support.js"),
    ],
  ])("refuses %s", async (_what, path, code) => {
    expect(await boundaryErrors(path, code)).toEqual([expect.stringContaining("may not be imported here")]);
  });

  it.each([
    [
      "types of the widget's config in the server",
      "server/src/http/routes/x.ts",
      useType("C", "@kassa/widget/config"),
    ],
    ["the texts' mechanics in the server", "server/src/http/routes/x.ts", use("pickLang", "@kassa/i18n")],
    [
      "the server's test harness in a dashboard test",
      "dashboard/test/x.test.ts",
      use("waitFor", "@kassa/server/harness"),
    ],
    ["a workspace's own test support", "widget/test/x.test.ts", use("createPayment", "./support.js")],
  ])("lets through %s", async (_what, path, code) => {
    expect(await boundaryErrors(path, code)).toEqual([]);
  });
});
