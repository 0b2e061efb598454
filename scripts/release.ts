/**
 * `npm run release -- <dir>`: writes into `<dir>` what an operator installs, the npm tarball of the server
 * package built as a release runs it (scripts/build.ts: compiled JavaScript, browser bundles, migrations,
 * the OpenAPI document) and `install.sh`, which installs it with production dependencies only:
 *
 *   sh <dir>/install.sh /opt/kassa     (or, in an empty project: npm install --omit=dev <dir>/*.tgz)
 *   /opt/kassa/node_modules/.bin/kassa --version
 *
 * The package is built in a folder of its own, never in server/dist, so a release can be made while a
 * clone's Kassa or its tests serve server/dist/public. That folder is inside server/node_modules/.cache,
 * where the compiled command finds the packages it imports (the server's own, then the hoisted ones) when
 * the build runs it.
 */
import { execFile } from "node:child_process";
import { chmod, copyFile, mkdir, mkdtemp, rm } from "node:fs/promises";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { buildServerPackage, serverDir } from "./build.js";

const run = promisify(execFile);

export interface Release {
  /** Absolute paths of the tarballs written. */
  tarballs: string[];
  /** Files inside the server's tarball. */
  files: string[];
}

export async function release(dir: string): Promise<Release> {
  const out = resolve(dir);
  await mkdir(out, { recursive: true });
  const cache = join(serverDir, "node_modules/.cache");
  await mkdir(cache, { recursive: true });
  const staging = await mkdtemp(join(cache, "kassa-release-"));
  try {
    await mkdir(join(staging, "bin"));
    await Promise.all(
      ["package.json", "README.md", "bin/kassa.js"].map((file) =>
        copyFile(join(serverDir, file), join(staging, file)),
      ),
    );
    await buildServerPackage(staging);
    const { stdout } = await run("npm", ["pack", "--json", "--pack-destination", out], {
      cwd: staging,
      maxBuffer: 16 * 1024 * 1024,
    });
    const [packed] = JSON.parse(stdout.slice(stdout.indexOf("["))) as {
      filename: string;
      files: { path: string }[];
    }[];
    if (!packed) throw new Error(`npm pack printed no package: ${stdout}`);
    const installer = join(out, "install.sh");
    await copyFile(fileURLToPath(new URL("./install-release.sh", import.meta.url)), installer);
    await chmod(installer, 0o755);
    return { tarballs: [join(out, packed.filename)], files: packed.files.map((file) => file.path).sort() };
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const dir = process.argv[2];
  if (!dir) {
    console.error("usage: npm run release -- <dir>");
    process.exit(2);
  }
  const started = performance.now();
  const { tarballs, files } = await release(dir);
  console.log(
    `• ${tarballs.join(", ")} (${files.length} files) and ${join(resolve(dir), "install.sh")} in ${Math.round(performance.now() - started)} ms`,
  );
}
