#!/usr/bin/env node
// A `solc` for forge over the npm `solc` (WebAssembly; no native compiler is downloaded): answers `--version` and
// `--standard-json` (input on stdin, output on stdout), reading the imports forge did not inline from its
// `--base-path` and `--include-path` folders.
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { isAbsolute, join } from "node:path";
import { Buffer } from "node:buffer";
import process from "node:process";

const solc = createRequire(import.meta.url)("solc");

const args = process.argv.slice(2);
if (args.includes("--version")) {
  process.stdout.write(`solc, the solidity compiler commandline interface\nVersion: ${solc.version()}\n`);
  process.exit(0);
}
if (!args.includes("--standard-json")) {
  process.stderr.write("this solc answers only --version and --standard-json\n");
  process.exit(1);
}
const roots = [];
for (let i = 0; i < args.length; i++) {
  if (args[i] === "--base-path" || args[i] === "--include-path") roots.push(args[++i]);
}
function findImport(path) {
  for (const root of isAbsolute(path) ? [""] : roots) {
    const candidate = join(root, path);
    if (existsSync(candidate)) return { contents: readFileSync(candidate, "utf8") };
  }
  return { error: `not found: ${path}` };
}
// Read as a stream: forge's pipe may be non-blocking, where a synchronous read fails with EAGAIN.
const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
process.stdout.write(solc.compile(Buffer.concat(chunks).toString("utf8"), { import: findImport }));
