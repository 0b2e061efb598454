/**
 * Bundles the payer widget and the merchant embed script into memory with esbuild. scripts/bundles.ts
 * writes them, with the dashboard's, to the folder the Kassa server serves (the server never bundles);
 * no build output is committed. `tsx widget/build.ts --size` prints the gzipped sizes.
 */
import { createHash } from "node:crypto";
import { basename, dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { build, type BuildOptions, type OutputFile } from "esbuild";

const widgetDir = dirname(fileURLToPath(import.meta.url));

export interface WidgetAsset {
  contents: Uint8Array;
  contentType: string;
  /** Strong ETag: a hash of the contents. */
  etag: string;
}

export interface WidgetBundle {
  /** Files by name (`main-<hash>.js`, `main-<hash>.css`, `devWallet-<hash>.js`), served under /widget/assets/. */
  assets: ReadonlyMap<string, WidgetAsset>;
  /** Name of the page's script in `assets`: all the code a payer downloads. */
  pageScript: string;
  /** Name of the page's stylesheet in `assets`. */
  pageStyle: string;
  /**
   * Name of the dev wallet module in `assets`, loaded by the page only when the server offers a dev
   * wallet (`kassa dev`). A separate build, so none of its signing code reaches a payer otherwise.
   */
  devWalletScript: string;
  /**
   * Name of the hosted subscribe page's script in `assets` (`/subscribe/<id>`, with the page's stylesheet): a
   * separate build, so none of it reaches a payer of a one-off payment.
   */
  subscribeScript: string;
  /** The merchant embed script, served at /widget.js. */
  embedScript: WidgetAsset;
}

const common: BuildOptions = {
  bundle: true,
  minify: true,
  write: false,
  platform: "browser",
  target: ["es2022", "chrome100", "firefox100", "safari15"],
  legalComments: "none",
  charset: "utf8",
  logLevel: "silent",
};

function contentType(name: string): string {
  if (name.endsWith(".js")) return "text/javascript; charset=utf-8";
  if (name.endsWith(".css")) return "text/css; charset=utf-8";
  return "application/octet-stream";
}

/** An esbuild output file as served: its content type and a strong ETag (a hash of the contents). */
export function asset(file: OutputFile): WidgetAsset {
  const etag = `"${createHash("sha256").update(file.contents).digest("base64url").slice(0, 22)}"`;
  return { contents: file.contents, contentType: contentType(file.path), etag };
}

/** Builds everything once; about 100-300 ms. */
export async function buildWidget(): Promise<WidgetBundle> {
  const [page, devWallet, subscribe, embed] = await Promise.all([
    build({
      ...common,
      entryPoints: { main: join(widgetDir, "src/main.ts") },
      format: "esm",
      outdir: "/kassa-widget",
      entryNames: "[name]-[hash]",
    }),
    build({
      ...common,
      entryPoints: { devWallet: join(widgetDir, "src/wallet/devWallet.ts") },
      format: "esm",
      outdir: "/kassa-widget",
      entryNames: "[name]-[hash]",
    }),
    build({
      ...common,
      entryPoints: { subscribe: join(widgetDir, "src/subscribe.ts") },
      format: "esm",
      outdir: "/kassa-widget",
      entryNames: "[name]-[hash]",
    }),
    build({
      ...common,
      entryPoints: [join(widgetDir, "src/embed.ts")],
      format: "iife",
      outfile: "/kassa-widget/widget.js",
    }),
  ]);
  const assets = new Map<string, WidgetAsset>();
  for (const file of [page, devWallet, subscribe].flatMap((result) => result.outputFiles ?? [])) {
    assets.set(basename(file.path), asset(file));
  }
  const names = [...assets.keys()];
  const find = (prefix: string, suffix: string) =>
    names.find((name) => name.startsWith(prefix) && name.endsWith(suffix));
  const pageScript = find("main-", ".js");
  const pageStyle = find("main-", ".css");
  const devWalletScript = find("devWallet-", ".js");
  const subscribeScript = find("subscribe-", ".js");
  const embedFile = embed.outputFiles?.[0];
  if (!pageScript || !pageStyle || !devWalletScript || !subscribeScript || !embedFile) {
    throw new Error(`widget build is missing a file: got ${names.join(", ")}`);
  }
  return { assets, pageScript, pageStyle, devWalletScript, subscribeScript, embedScript: asset(embedFile) };
}

export interface WidgetSizes {
  /** Gzipped bytes per file a payer downloads: the page's script(s), its stylesheet. */
  page: Record<string, number>;
  /** Gzipped bytes of /widget.js (downloaded by the merchant's page). */
  embed: number;
  /** Gzipped bytes of the dev wallet module (never downloaded outside `kassa dev`). */
  devOnly: number;
  /** Gzipped bytes of the subscribe page's script (downloaded with the page's stylesheet, not with a payment's). */
  subscribe: number;
  /** Gzipped bytes of everything a payer downloads: embed script plus the page's files. */
  total: number;
}

/** What a payer downloads, gzipped: of a bundle just built or of the one the server serves. */
export function measureWidget(
  bundle: Pick<WidgetBundle, "assets" | "devWalletScript" | "subscribeScript" | "embedScript">,
): WidgetSizes {
  const gz = (bytes: Uint8Array) => gzipSync(bytes, { level: 9 }).length;
  const page: Record<string, number> = {};
  let devOnly = 0;
  let subscribe = 0;
  for (const [name, file] of bundle.assets) {
    if (name === bundle.devWalletScript) devOnly += gz(file.contents);
    else if (name === bundle.subscribeScript) subscribe += gz(file.contents);
    else page[name] = gz(file.contents);
  }
  const embed = gz(bundle.embedScript.contents);
  const total = embed + Object.values(page).reduce((sum, size) => sum + size, 0);
  return { page, embed, devOnly, subscribe, total };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const sizes = measureWidget(await buildWidget());
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  for (const [name, size] of Object.entries(sizes.page)) console.log(`${name.padEnd(28)} ${kb(size)}`);
  console.log(`${"widget.js (embed)".padEnd(28)} ${kb(sizes.embed)}`);
  console.log(`${"dev wallet (dev only)".padEnd(28)} ${kb(sizes.devOnly)}`);
  console.log(`${"total a payer downloads".padEnd(28)} ${kb(sizes.total)} gzipped (target 150 KB)`);
  console.log(`${"subscribe page script".padEnd(28)} ${kb(sizes.subscribe)} gzipped (target 150 KB)`);
  if (process.argv.includes("--size") && (sizes.total > 150 * 1024 || sizes.subscribe > 150 * 1024)) {
    process.exitCode = 1;
  }
}
