/**
 * Bundles the merchant dashboard into memory with esbuild, as widget/build.ts does for the widget;
 * scripts/bundles.ts writes it to the folder the Kassa server serves, so no build output is committed.
 * `tsx dashboard/build.ts --size [--json]` prints the gzipped size of what /dashboard downloads.
 */
import { basename, dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { build } from "esbuild";
import { asset, type WidgetAsset } from "@kassa/widget/build";

const dashboardDir = dirname(fileURLToPath(import.meta.url));

/** A served file, as the widget's (contents, content type, strong ETag). */
export type DashboardAsset = WidgetAsset;

export interface DashboardBundle {
  /** Files by name (`main-<hash>.js`, `main-<hash>.css`), served under /dashboard/assets/. */
  assets: ReadonlyMap<string, DashboardAsset>;
  pageScript: string;
  pageStyle: string;
}

/** Builds the page's script and stylesheet once; about 100-200 ms. */
export async function buildDashboard(): Promise<DashboardBundle> {
  const result = await build({
    entryPoints: { main: join(dashboardDir, "src/main.ts") },
    bundle: true,
    minify: true,
    write: false,
    format: "esm",
    platform: "browser",
    // The SDK's exact amount helpers come from its source, as in the monorepo's tests.
    conditions: ["@kassa/source"],
    target: ["es2022", "chrome100", "firefox100", "safari15"],
    legalComments: "none",
    charset: "utf8",
    logLevel: "silent",
    outdir: "/kassa-dashboard",
    entryNames: "[name]-[hash]",
  });
  const assets = new Map<string, DashboardAsset>();
  for (const file of result.outputFiles ?? []) assets.set(basename(file.path), asset(file));
  const names = [...assets.keys()];
  const pageScript = names.find((name) => name.endsWith(".js"));
  const pageStyle = names.find((name) => name.endsWith(".css"));
  if (!pageScript || !pageStyle)
    throw new Error(`dashboard build is missing a file: got ${names.join(", ")}`);
  return { assets, pageScript, pageStyle };
}

/** Gzipped bytes per file /dashboard downloads, and their total. */
export function measureDashboard(bundle: Pick<DashboardBundle, "assets">): {
  files: Record<string, number>;
  total: number;
} {
  const files: Record<string, number> = {};
  for (const [name, file] of bundle.assets) files[name] = gzipSync(file.contents, { level: 9 }).length;
  return { files, total: Object.values(files).reduce((sum, size) => sum + size, 0) };
}

/** The page must stay well under this (gzipped bytes); `--size` fails above it. */
export const SIZE_BUDGET = 100 * 1024;

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const sizes = measureDashboard(await buildDashboard());
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  for (const [name, size] of Object.entries(sizes.files)) console.log(`${name.padEnd(28)} ${kb(size)}`);
  console.log(`${"total /dashboard downloads".padEnd(28)} ${kb(sizes.total)} gzipped (budget 100 KB)`);
  if (process.argv.includes("--json")) console.log(JSON.stringify({ ...sizes, budget: SIZE_BUDGET }));
  if (process.argv.includes("--size") && sizes.total > SIZE_BUDGET) process.exitCode = 1;
}
