/**
 * Builds @kassa/medusa into dist/ as CommonJS with type declarations, the module format Medusa's own providers
 * ship in. The provider is compiled against the Medusa the end-to-end test installs (test-store/, git-ignored;
 * `npm run test:medusa` at the root installs it, or `tsx test/e2e/store.ts` here): Medusa is a peer dependency,
 * kept out of the repository's install. The SDK is compiled first (`npm run build -w sdk`), since this package
 * uses @kassa/sdk as published.
 *
 *   npm run build        (npm pack runs it too)
 */
import { execFileSync } from "node:child_process";
import { existsSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";

if (!existsSync("test-store/node_modules/@medusajs/framework/package.json")) {
  console.error(
    "@kassa/medusa compiles against the Medusa of its test store, which is not installed: run `npm run test:medusa` " +
      "at the repository's root, or `npx tsx test/e2e/store.ts` here.",
  );
  process.exit(1);
}
const tsc = createRequire(import.meta.url).resolve("typescript/bin/tsc");
rmSync("dist", { recursive: true, force: true });
execFileSync(process.execPath, [tsc, "-p", "tsconfig.build.json"], { stdio: "inherit" });
// The package's own files are ES modules (its scripts and tests); what it ships is CommonJS.
writeFileSync("dist/package.json", `${JSON.stringify({ type: "commonjs" })}\n`);
