import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { renderConfigMarkdown } from "../../src/cli/configReference.js";
import { configVariables } from "../../src/config/index.js";

describe("the configuration reference", () => {
  it("documents every variable with a meaning", () => {
    const variables = configVariables();
    expect(variables.filter((variable) => variable.description.trim() === "")).toEqual([]);
    expect(variables.map((variable) => variable.name)).toContain("KASSA_SIGNER_PRIVATE_KEY");
    expect(variables.find((variable) => variable.name === "PORT")?.defaultValue).toBe("3000");
  });

  it("is what docs/configuration.md says (run `npm run docs:config` after changing config.ts)", () => {
    const file = readFileSync(new URL("../../../docs/configuration.md", import.meta.url), "utf8");
    expect(file).toBe(renderConfigMarkdown());
  });
});
