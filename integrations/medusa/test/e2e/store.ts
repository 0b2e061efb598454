/**
 * The Medusa store the end-to-end test runs: a Medusa project in integrations/medusa/test-store (git-ignored)
 * with the Medusa of MEDUSA_VERSION from the npm registry, installed once and reused while its manifest is the
 * same, and @kassa/sdk and @kassa/medusa installed into it as a merchant gets them: `npm pack` tarballs
 * (packed again on every run, so the store always runs the current source). Nothing of it is in the
 * repository's own install: root `npm ci` stays without Medusa.
 *
 *   npx tsx test/e2e/store.ts      (in integrations/medusa: installs it, prints what it cost)
 */
import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { copyFile, mkdir, readFile, readdir, rm, stat, writeFile } from "node:fs/promises";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";

const run = promisify(execFile);

/** The newest Medusa 2 on the registry when last checked (`npm view @medusajs/medusa dist-tags`). */
export const MEDUSA_VERSION = "2.21.2";

export const packageDir = fileURLToPath(new URL("../../", import.meta.url));
const repo = fileURLToPath(new URL("../../../../", import.meta.url));
export const storeDir = join(packageDir, "test-store");
const packsDir = join(storeDir, "packs");
/** The store's medusa-config.js: the provider registered as the package README says. */
const configSource = fileURLToPath(new URL("./medusa-config.js", import.meta.url));

/** npm's own variables (`npm test` sets npm_config_*) would leak into the store's install. */
const cleanEnv = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^npm_/i.test(name)));

/** The viem the repository pins: newer ones fail to install from this registry (TOOLCHAIN.md). */
async function viemVersion(): Promise<string> {
  const manifest = JSON.parse(await readFile(join(repo, "contracts", "package.json"), "utf8")) as {
    dependencies: Record<string, string>;
  };
  return manifest.dependencies.viem!.replace(/^\^/, "");
}

async function storeManifest(): Promise<string> {
  const manifest = {
    name: "kassa-medusa-test-store",
    private: true,
    dependencies: {
      "@medusajs/medusa": MEDUSA_VERSION,
      "@medusajs/framework": MEDUSA_VERSION,
      "@medusajs/cli": MEDUSA_VERSION,
      viem: await viemVersion(),
    },
  };
  return `${JSON.stringify(manifest, null, 2)}\n`;
}

export async function command(
  file: string,
  args: string[],
  cwd: string,
  options: { env?: Record<string, string>; timeoutMs?: number } = {},
): Promise<string> {
  try {
    const { stdout } = await run(file, args, {
      cwd,
      env: { ...cleanEnv, ...options.env },
      timeout: options.timeoutMs ?? 600_000,
      maxBuffer: 64 * 1024 * 1024,
    });
    return stdout;
  } catch (error) {
    const { stdout = "", stderr = "" } = error as { stdout?: string; stderr?: string };
    throw new Error(`${file} ${args.join(" ")} failed in ${cwd}:\n${stdout}\n${stderr}`, { cause: error });
  }
}

async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  );
}

/** What installing Medusa cost, when this run installed it. */
export interface StoreInstall {
  seconds: number;
  megabytes: number;
  packages: number;
}

/**
 * Installs Medusa into the store unless the same manifest is installed already, then packs and installs the
 * two Kassa packages. Resolves with the install's cost when it installed Medusa.
 */
export async function ensureStore(log: (line: string) => void = () => {}): Promise<StoreInstall | undefined> {
  const manifest = await storeManifest();
  const manifestPath = join(storeDir, "package.json");
  const installed =
    (await exists(join(storeDir, "node_modules", "@medusajs", "medusa", "package.json"))) &&
    (await readFile(join(storeDir, "medusa-store.json"), "utf8").catch(() => "")) === manifest;
  let cost: StoreInstall | undefined;
  if (!installed) {
    log(`installing Medusa ${MEDUSA_VERSION} into ${storeDir} (a few minutes, once)`);
    await rm(storeDir, { recursive: true, force: true });
    await mkdir(storeDir, { recursive: true });
    await writeFile(manifestPath, manifest);
    const started = performance.now();
    await command("npm", ["install", "--no-audit", "--no-fund"], storeDir, { timeoutMs: 1_200_000 });
    const seconds = Math.round((performance.now() - started) / 1000);
    const megabytes = Math.round(
      Number((await command("du", ["-sk", "node_modules"], storeDir)).split("\t")[0]) / 1024,
    );
    const lock = JSON.parse(await readFile(join(storeDir, "package-lock.json"), "utf8")) as {
      packages: Record<string, unknown>;
    };
    cost = { seconds, megabytes, packages: Object.keys(lock.packages).filter((key) => key !== "").length };
    // Written last: a store whose install died half way is installed again.
    await writeFile(join(storeDir, "medusa-store.json"), manifest);
    log(`installed Medusa: ${cost.seconds} s, ${cost.megabytes} MB, ${cost.packages} packages`);
  }
  await installKassaPackages(log);
  await copyFile(configSource, join(storeDir, "medusa-config.js"));
  return cost;
}

/** What the two packed packages are made of: their sources, manifests and build configurations. */
const PACKAGE_SOURCES = [join(repo, "sdk"), packageDir].flatMap((dir) => [
  join(dir, "src"),
  join(dir, "package.json"),
  join(dir, "tsconfig.build.json"),
]);

async function digestOf(paths: readonly string[]): Promise<string> {
  const hash = createHash("sha256");
  const add = async (path: string): Promise<void> => {
    if ((await stat(path)).isDirectory()) {
      for (const entry of (await readdir(path)).sort()) await add(join(path, entry));
      return;
    }
    hash
      .update(`${relative(repo, path)}\0`)
      .update(await readFile(path))
      .update("\0");
  };
  for (const path of paths) await add(path);
  return hash.digest("hex");
}

/**
 * `npm pack` of the SDK and of the provider (each builds first), installed into the store; skipped when the
 * store holds packages made of the same sources (packing and installing take most of a minute).
 */
async function installKassaPackages(log: (line: string) => void): Promise<void> {
  const digest = await digestOf(PACKAGE_SOURCES);
  const marker = join(storeDir, "kassa-packages.digest");
  const installed =
    (await exists(join(storeDir, "node_modules", "@kassa", "medusa", "dist", "index.js"))) &&
    (await readFile(marker, "utf8").catch(() => "")) === digest;
  if (installed) return;
  log("packing @kassa/sdk and @kassa/medusa into the store");
  await rm(marker, { force: true });
  await rm(packsDir, { recursive: true, force: true });
  await mkdir(packsDir, { recursive: true });
  await command("npm", ["pack", "--pack-destination", packsDir], join(repo, "sdk"));
  await command("npm", ["pack", "--pack-destination", packsDir], packageDir);
  const tarballs = (await readdir(packsDir)).filter((file) => file.endsWith(".tgz")).sort();
  if (tarballs.length !== 2)
    throw new Error(`expected two tarballs in ${packsDir}, found ${tarballs.join(", ")}`);
  // Same versions, new contents: npm would keep what it installed before.
  await rm(join(storeDir, "node_modules", "@kassa"), { recursive: true, force: true });
  await command(
    "npm",
    ["install", "--no-save", "--no-audit", "--no-fund", ...tarballs.map((file) => `./packs/${file}`)],
    storeDir,
  );
  await writeFile(marker, digest);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const cost = await ensureStore((line) => console.log(line));
  console.log(cost ? JSON.stringify(cost) : `Medusa ${MEDUSA_VERSION} was installed already`);
}
