/**
 * Builds the browser bundles the Kassa API serves (the payer widget, its embed script, the merchant
 * dashboard) into a folder laid out as their URLs: `widget/assets/<name>`, `widget.js`,
 * `dashboard/assets/<name>`, and `manifest.json`, which names each page's files and gives every file's
 * content type and ETag. The server only reads that folder (server/src/http/bundles.ts): it never bundles
 * at run time, and esbuild is a dev dependency.
 *
 *   npm run build:bundles            server/dist/public: what a clone serves (`npm start`, the tests)
 *   tsx scripts/bundles.ts <dir>     another folder (`npm run build` writes the release's)
 *
 * In a clone, `kassa start`, `api` and `dev` (server/bin/kassa.js) and the test setup call
 * ensureBundles(), which builds only when a source is newer than the manifest.
 */
import { existsSync, readdirSync, statSync } from "node:fs";
import { mkdir, readdir, rename, rm, writeFile } from "node:fs/promises";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { buildDashboard } from "@kassa/dashboard/build";
import { buildWidget, type WidgetAsset } from "@kassa/widget/build";

const repo = fileURLToPath(new URL("../", import.meta.url));

/** Where a clone's server finds its bundles (`publicDir` of server/src/packageFiles.ts). */
export const cloneBundlesDir = join(repo, "server/dist/public");

export interface BundleManifest {
  widget: { pageScript: string; pageStyle: string; devWalletScript: string; subscribeScript: string };
  dashboard: { pageScript: string; pageStyle: string };
  /** Every file by its path in the folder (its URL path without the leading slash). */
  files: Record<string, { contentType: string; etag: string }>;
}

/** Writes `contents` to `path` by a rename, so that a reader sees the old file or the new one, never half. */
async function writeAtomically(path: string, contents: Uint8Array | string): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  const temporary = `${path}.${process.pid}.tmp`;
  await writeFile(temporary, contents);
  await rename(temporary, path);
}

/** Builds both apps and writes them into `dir`, removing the files of earlier builds. */
export async function writeBundles(dir: string): Promise<BundleManifest> {
  const [widget, dashboard] = await Promise.all([buildWidget(), buildDashboard()]);
  const files = new Map<string, WidgetAsset>([
    ...[...widget.assets].map(([name, asset]): [string, WidgetAsset] => [`widget/assets/${name}`, asset]),
    ["widget.js", widget.embedScript],
    ...[...dashboard.assets].map(([name, asset]): [string, WidgetAsset] => [
      `dashboard/assets/${name}`,
      asset,
    ]),
  ]);
  const manifest: BundleManifest = {
    widget: {
      pageScript: widget.pageScript,
      pageStyle: widget.pageStyle,
      devWalletScript: widget.devWalletScript,
      subscribeScript: widget.subscribeScript,
    },
    dashboard: { pageScript: dashboard.pageScript, pageStyle: dashboard.pageStyle },
    files: Object.fromEntries(
      [...files].map(([path, asset]) => [path, { contentType: asset.contentType, etag: asset.etag }]),
    ),
  };
  for (const [path, asset] of files) await writeAtomically(join(dir, path), asset.contents);
  await writeAtomically(join(dir, "manifest.json"), `${JSON.stringify(manifest, null, 2)}\n`);
  for (const folder of ["widget/assets", "dashboard/assets"]) {
    for (const name of await readdir(join(dir, folder))) {
      if (!(`${folder}/${name}` in manifest.files)) await rm(join(dir, folder, name), { force: true });
    }
  }
  return manifest;
}

/** What the bundles are built from: the apps' sources and builds, the SDK (the dashboard's), the lockfile. */
const SOURCES = [
  "widget/src",
  "widget/js/src",
  "widget/build.ts",
  "dashboard/src",
  "dashboard/build.ts",
  "sdk/src",
  "scripts/bundles.ts",
  "package-lock.json",
];

function newestChange(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((name) => newestChange(join(path, name))));
}

/** Builds the clone's bundles unless the manifest is newer than every source. Returns whether it built. */
export async function ensureBundles(dir = cloneBundlesDir): Promise<boolean> {
  const manifest = join(dir, "manifest.json");
  if (existsSync(manifest)) {
    const built = statSync(manifest).mtimeMs;
    if (SOURCES.every((source) => newestChange(join(repo, source)) <= built)) return false;
  }
  await writeBundles(dir);
  return true;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const dir = process.argv[2] ?? cloneBundlesDir;
  const started = performance.now();
  const manifest = await writeBundles(dir);
  const count = Object.keys(manifest.files).length;
  console.log(
    `• wrote ${count} browser bundle files to ${relative(process.cwd(), dir) || "."} in ${Math.round(performance.now() - started)} ms`,
  );
}
