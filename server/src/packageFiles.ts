import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/**
 * Files the server package carries beside its code. The package's folder is the nearest one above this
 * module with a package.json: `server/` in a clone (this module is `server/src/packageFiles.ts`), the
 * installed package in a release (this module is inside `dist/kassa.js` there), so both find the same files.
 */
function findPackageRoot(from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, "package.json"))) return dir;
    if (dirname(dir) === dir) throw new Error(`no package.json above ${from}`);
  }
}

export const packageRoot = findPackageRoot(dirname(fileURLToPath(import.meta.url)));

/** The server package's version (`kassa --version`). */
export function packageVersion(): string {
  return (JSON.parse(readFileSync(join(packageRoot, "package.json"), "utf8")) as { version: string }).version;
}

/**
 * The browser bundles the API serves (widget, embed script, dashboard), built ahead by
 * `npm run build:bundles` (and by `npm run build`, `npm start`, the test setup): `dist/public`.
 */
export const publicDir = join(packageRoot, "dist", "public");
