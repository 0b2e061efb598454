import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { z } from "zod";
import { publicDir } from "../packageFiles.js";

/**
 * The browser bundles the API serves, read from the folder the build wrote (`dist/public` of the server
 * package: scripts/bundles.ts): the API never bundles. The folder is laid out as the URLs
 * (`widget/assets/<name>`, `widget.js`, `dashboard/assets/<name>`) and its `manifest.json` names each
 * page's files and gives every file's content type and ETag. Read on first use, then kept in memory.
 */

export interface ServedFile {
  contents: Uint8Array;
  contentType: string;
  /** Strong ETag: a hash of the contents, computed by the build. */
  etag: string;
}

export interface AppBundle {
  /** Files by name (`main-<hash>.js`, ...), served under the app's `/assets/`. */
  assets: ReadonlyMap<string, ServedFile>;
  pageScript: string;
  pageStyle: string;
}

export interface WidgetBundle extends AppBundle {
  /** The dev wallet module in `assets`, served only when the page offers a dev wallet (`kassa dev`). */
  devWalletScript: string;
  /** The hosted subscribe page's script in `assets` (`/subscribe/<id>`). */
  subscribeScript: string;
  /** The merchant embed script, `/widget.js`. */
  embedScript: ServedFile;
}

const pageFiles = { pageScript: z.string(), pageStyle: z.string() };
const manifestSchema = z.object({
  widget: z.object({ ...pageFiles, devWalletScript: z.string(), subscribeScript: z.string() }),
  dashboard: z.object(pageFiles),
  files: z.record(z.string(), z.object({ contentType: z.string(), etag: z.string() })),
});
type Manifest = z.infer<typeof manifestSchema>;

export class BundlesMissingError extends Error {
  override readonly name = "BundlesMissingError";
}

async function readManifest(dir: string): Promise<Manifest> {
  let text: string;
  try {
    text = await readFile(join(dir, "manifest.json"), "utf8");
  } catch (error) {
    throw new BundlesMissingError(
      `the browser bundles are not built (no ${join(dir, "manifest.json")}): in a clone, run \`npm run build:bundles\``,
      { cause: error },
    );
  }
  return manifestSchema.parse(JSON.parse(text));
}

async function readServed(dir: string, manifest: Manifest, path: string): Promise<ServedFile> {
  const described = manifest.files[path];
  if (!described) throw new BundlesMissingError(`${join(dir, "manifest.json")} does not list ${path}`);
  return { contents: await readFile(join(dir, path)), ...described };
}

/** The files under `folder` the manifest lists, by name. */
async function assetsOf(dir: string, manifest: Manifest, folder: string): Promise<Map<string, ServedFile>> {
  const prefix = `${folder}/`;
  const names = Object.keys(manifest.files)
    .filter((path) => path.startsWith(prefix))
    .map((path) => path.slice(prefix.length));
  const files = await Promise.all(names.map((name) => readServed(dir, manifest, prefix + name)));
  return new Map(names.map((name, i) => [name, files[i] as ServedFile]));
}

export async function readWidgetBundle(dir = publicDir): Promise<WidgetBundle> {
  const manifest = await readManifest(dir);
  return {
    ...manifest.widget,
    assets: await assetsOf(dir, manifest, "widget/assets"),
    embedScript: await readServed(dir, manifest, "widget.js"),
  };
}

export async function readDashboardBundle(dir = publicDir): Promise<AppBundle> {
  const manifest = await readManifest(dir);
  return { ...manifest.dashboard, assets: await assetsOf(dir, manifest, "dashboard/assets") };
}

/** `read`'s result, read on the first call and kept; a failed read is tried again on the next call. */
function keptAfterFirstRead<T>(read: () => Promise<T>): () => Promise<T> {
  let kept: Promise<T> | undefined;
  return () => {
    if (!kept) {
      const reading = read();
      kept = reading;
      reading.catch(() => {
        if (kept === reading) kept = undefined;
      });
    }
    return kept;
  };
}

/** This process's widget bundle. */
export const loadWidgetBundle = keptAfterFirstRead(() => readWidgetBundle());

/** This process's dashboard bundle. */
export const loadDashboardBundle = keptAfterFirstRead(() => readDashboardBundle());
