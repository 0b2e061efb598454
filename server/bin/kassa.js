#!/usr/bin/env node
// The `kassa` command. A release (the package as `npm run release` packs it) holds no src/ and runs the
// compiled dist/kassa.js: no TypeScript loader, no bundler. In a clone it runs the TypeScript sources
// through tsx, so no build step is needed, and before a command that serves the API it builds the
// browser bundles the API serves when a source of theirs changed (scripts/bundles.ts).
import { existsSync } from "node:fs";
import process from "node:process";
import { URL } from "node:url";

const source = new URL("../src/cli/main.ts", import.meta.url);

if (!existsSync(source)) {
  await import("../dist/kassa.js");
} else {
  const { register: registerHooks } = await import("node:module");
  const { register } = await import("tsx/esm/api");
  registerHooks("./source-condition.js", import.meta.url);
  register();
  if (["start", "api", "dev"].includes(process.argv[2] ?? "")) {
    const { ensureBundles } = await import("../../scripts/bundles.ts");
    await ensureBundles();
  }
  await import(source.href);
}
