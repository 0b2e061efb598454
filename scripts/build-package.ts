/**
 * Builds the publishable workspace it runs in (sdk/, widget/js/) into dist/: ES modules with type
 * declarations in dist/esm, CommonJS with type declarations in dist/cjs (marked as CommonJS by a
 * package.json of its own). `npm pack` runs it first (each package's `prepack`); inside the monorepo
 * nothing needs it, since workspaces import the TypeScript source through the `@kassa/source` export
 * condition.
 *
 *   npm run build -w sdk
 */
import { execFileSync } from "node:child_process";
import { rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";

const tsc = createRequire(import.meta.url).resolve("typescript/bin/tsc");
const compile = (...args: string[]) =>
  execFileSync(process.execPath, [tsc, "-p", "tsconfig.build.json", ...args], { stdio: "inherit" });

rmSync("dist", { recursive: true, force: true });
compile("--outDir", "dist/esm");
compile(
  "--outDir",
  "dist/cjs",
  "--module",
  "commonjs",
  "--moduleResolution",
  "node10",
  "--verbatimModuleSyntax",
  "false",
);
writeFileSync("dist/cjs/package.json", `${JSON.stringify({ type: "commonjs" })}\n`);
