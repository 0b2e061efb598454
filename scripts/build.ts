/**
 * Builds the server package as a release runs it, into `<package>/dist`:
 *
 *   dist/kassa.js       the server and its command (server/src/cli/release.ts), compiled by esbuild into one
 *                       ES module with the workspace code it uses (@kassa/contracts' ABIs, typed data, deploy;
 *                       never @kassa/contracts/dev, which eslint/workspaces.js keeps out of the release's code);
 *                       every npm package stays an import, and each must be a dependency of server/package.json
 *   dist/migrations/    the SQL migrations (db/migrate.ts reads them beside the code)
 *   dist/public/        the browser bundles (scripts/bundles.ts)
 *   dist/openapi.json   the OpenAPI document, written by running the compiled dist/kassa.js
 *
 *   npm run build                 into server/dist
 *   tsx scripts/build.ts <dir>    into <dir>/dist (<dir> holds a copy of server/package.json: scripts/release.ts)
 */
import { execFile } from "node:child_process";
import { builtinModules } from "node:module";
import { cp, readFile, rm } from "node:fs/promises";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { build, type Plugin } from "esbuild";
import { writeBundles } from "./bundles.js";

const repo = fileURLToPath(new URL("../", import.meta.url));
export const serverDir = join(repo, "server");

/** Workspace packages are compiled in; every other bare import stays an import of an npm package. */
const npmPackagesStayImports: Plugin = {
  name: "npm-packages-stay-imports",
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith("@kassa/") ? undefined : { path: args.path, external: true },
    );
  },
};

const packageName = (specifier: string) =>
  specifier
    .split("/")
    .slice(0, specifier.startsWith("@") ? 2 : 1)
    .join("/");

/** Compiles the server into `dist/kassa.js` and returns the npm packages it imports. */
async function compileServer(dist: string): Promise<string[]> {
  const result = await build({
    entryPoints: [join(serverDir, "src/cli/release.ts")],
    outfile: join(dist, "kassa.js"),
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20.19",
    // The workspaces' TypeScript sources, as in the monorepo (vitest, tsc, tsx).
    conditions: ["@kassa/source"],
    plugins: [npmPackagesStayImports],
    banner: { js: "// Kassa's server, compiled from server/src by scripts/build.ts: do not edit." },
    legalComments: "none",
    metafile: true,
    logLevel: "warning",
  });
  const imports = Object.values(result.metafile.outputs).flatMap((output) =>
    output.imports.filter((entry) => entry.external).map((entry) => entry.path),
  );
  return [...new Set(imports.filter((path) => !path.startsWith("node:")).map(packageName))].sort();
}

const run = promisify(execFile);

/**
 * The `kassa` command alone, `dist/kassa.js` and the migrations it applies: what the test setup runs instead of
 * the TypeScript sources through tsx (a command starts in a quarter of the CPU time). Its folder must sit
 * inside the server package, where the command finds its package.json, npm packages and browser bundles.
 */
export async function buildCommand(dist: string): Promise<string[]> {
  const [imported] = await Promise.all([
    compileServer(dist),
    cp(join(serverDir, "src/db/migrations"), join(dist, "migrations"), { recursive: true }),
  ]);
  return imported;
}

/** Builds `<packageDir>/dist`; `packageDir` holds the server's package.json (server/, or a copy of it). */
export async function buildServerPackage(packageDir: string = serverDir): Promise<void> {
  const dist = join(packageDir, "dist");
  await rm(dist, { recursive: true, force: true });
  const [imported] = await Promise.all([buildCommand(dist), writeBundles(join(dist, "public"))]);
  const { dependencies = {} } = JSON.parse(await readFile(join(packageDir, "package.json"), "utf8")) as {
    dependencies?: Record<string, string>;
  };
  const missing = imported.filter((name) => !(name in dependencies) && !builtinModules.includes(name));
  if (missing.length > 0) {
    throw new Error(
      `dist/kassa.js imports ${missing.join(", ")}, not dependencies of server/package.json: a release would not install them`,
    );
  }
  // Running the compiled command is the build's own smoke test.
  await run(process.execPath, [join(dist, "kassa.js"), "openapi", "--out", join(dist, "openapi.json")]);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const packageDir = process.argv[2] ?? serverDir;
  const started = performance.now();
  await buildServerPackage(packageDir);
  console.log(
    `• built ${relative(process.cwd(), join(packageDir, "dist")) || "dist"} in ${Math.round(performance.now() - started)} ms`,
  );
}
