/**
 * Builds the publishable workspace it runs in (sdk/, widget/js/) into dist/: ES modules with type
 * declarations in dist/esm, CommonJS with type declarations in dist/cjs (marked as CommonJS by a
 * package.json of its own). Inside the monorepo nothing needs it, since workspaces import the TypeScript
 * source through the `@kassa/source` export condition.
 *
 * `npm pack` runs it with `--pack` first (each package's `prepack`): it also takes the `@kassa/source`
 * condition out of package.json, whose `./src/index.ts` the tarball does not hold, keeping the monorepo's
 * file beside it (MONOREPO_MANIFEST, in no tarball: `files` names only dist/ and the docs). `postpack` runs
 * it with `--restore`, which puts that file back; a pack that died in between is put back by the next one.
 *
 *   npm run build -w sdk
 */
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";

const MONOREPO_MANIFEST = ".package.json.monorepo";

function restoreManifest(): void {
  if (existsSync(MONOREPO_MANIFEST)) renameSync(MONOREPO_MANIFEST, "package.json");
}

/** package.json as published: without the monorepo's `@kassa/source` export condition. */
function publishedManifest(): void {
  const text = readFileSync("package.json", "utf8");
  const strip = (value: unknown): unknown =>
    value && typeof value === "object" && !Array.isArray(value)
      ? Object.fromEntries(
          Object.entries(value)
            .filter(([key]) => key !== "@kassa/source")
            .map(([key, inner]) => [key, strip(inner)]),
        )
      : value;
  const manifest = JSON.parse(text) as { exports?: unknown };
  writeFileSync(MONOREPO_MANIFEST, text);
  writeFileSync(
    "package.json",
    `${JSON.stringify({ ...manifest, exports: strip(manifest.exports) }, null, 2)}\n`,
  );
}

if (process.argv.includes("--restore")) {
  restoreManifest();
  process.exit(0);
}
restoreManifest();

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
if (process.argv.includes("--pack")) publishedManifest();
