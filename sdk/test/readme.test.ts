import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { operationMethods } from "../src/operations.js";

/** The methods the README's table names: `resource.method(...)`, and `.method(...)` of the row's resource. */
function readmeMethods(): Set<string> {
  const readme = readFileSync(new URL("../README.md", import.meta.url), "utf8");
  const table = readme.slice(readme.indexOf("## Methods"), readme.indexOf("## Errors"));
  const names = new Set<string>();
  for (const row of table.split("\n").filter((line) => line.startsWith("| `"))) {
    const cell = row.split("|")[1] ?? "";
    let resource = "";
    for (const [, name] of cell.matchAll(/`([\w.]+)\(/g)) {
      if (!name!.startsWith(".")) resource = name!.includes(".") ? name!.split(".")[0]! : "";
      names.add(name!.startsWith(".") ? `${resource}${name}` : name!);
    }
  }
  return names;
}

describe("the SDK's README", () => {
  it("lists every method that calls an operation of the API", () => {
    const methods = Object.values(operationMethods)
      .filter((value) => !/^(none|legacy)/.test(value))
      .flatMap((value) => value.split(", "));
    const listed = readmeMethods();
    expect(methods.filter((method) => !listed.has(method))).toEqual([]);
  });
});
