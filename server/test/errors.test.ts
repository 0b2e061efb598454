import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { errorMessages } from "../src/errors.js";

const sourceRoot = path.resolve(import.meta.dirname, "../src");

describe("the error list", () => {
  it("holds no code that no server module throws or declares", async () => {
    const files = (await readdir(sourceRoot, { recursive: true })).filter(
      (file) => file.endsWith(".ts") && file !== "errors.ts",
    );
    const sources = await Promise.all(files.map((file) => readFile(path.join(sourceRoot, file), "utf8")));
    const everything = sources.join("\n");
    const unused = Object.keys(errorMessages).filter((code) => !everything.includes(`"${code}"`));
    expect(unused).toEqual([]);
  });
});
