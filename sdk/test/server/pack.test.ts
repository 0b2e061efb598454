import { execFile, spawn } from "node:child_process";
import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { build } from "esbuild";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  fundPayer,
  nextOrderId,
  pay,
  setWebhookUrl,
  startLifecycleApp,
  startLifecycleWorker,
  startTestChain,
  waitFor,
  type CreatedPayment,
  type TestApp,
  type TestChain,
  type TestWalletClient,
} from "@kassa/server/harness";
import { anvilPrivateKeys } from "@kassa/contracts/dev";

/**
 * @kassa/sdk and @kassa/js as a merchant gets them: `npm pack` of each workspace (which builds it),
 * the tarballs installed into fresh JavaScript and TypeScript projects outside the monorepo (their
 * dependencies from the npm registry), the TypeScript project compiled under strict
 * exactOptionalPropertyTypes against the packed declarations only, and in each project a merchant
 * server (pack/merchant.mjs, pack/merchant.ts) that creates a payment, is paid on anvil and verifies
 * the webhook and then the payment, against a running Kassa. In the JavaScript project the payment is
 * paid by a payer program too (pack/payer.mjs: viem with the SDK's ABI and payArgs, nothing of Kassa's
 * repository).
 */
const run = promisify(execFile);
const repo = fileURLToPath(new URL("../../../", import.meta.url));
const fixtures = fileURLToPath(new URL("./pack/", import.meta.url));
const tsc = createRequire(import.meta.url).resolve("typescript/bin/tsc");
const COMMAND_TIMEOUT_MS = 120_000;
/** A test that runs a command (npm, tsc) and then a merchant program: bounded, with room for a busy CI. */
const FLOW_TIMEOUT_MS = COMMAND_TIMEOUT_MS + 60_000;
/** The environment of the test run without npm's own variables (`npm test` sets npm_config_*). */
/** The viem the repository pins, for the payer program's project. */
const viemVersion = (
  JSON.parse(await readFile(join(repo, "contracts", "package.json"), "utf8")) as {
    dependencies: Record<string, string>;
  }
).dependencies.viem!;
const cleanEnv = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^npm_/i.test(name)));

let work: string;
let chain: TestChain;
let t: TestApp;
/** The anvil account of pack/payer.mjs: holds tokens, approves nothing before the program does. */
const PROGRAM_PAYER_INDEX = 8;
let payer: TestWalletClient;
let worker: Awaited<ReturnType<typeof startLifecycleWorker>>;
const tarballs: Record<"sdk" | "js", { path: string; files: string[] }> = {
  sdk: { path: "", files: [] },
  js: { path: "", files: [] },
};

async function command(
  file: string,
  args: string[],
  cwd: string,
  env: Record<string, string> = {},
): Promise<string> {
  try {
    const { stdout } = await run(file, args, {
      cwd,
      env: { ...cleanEnv, ...env },
      timeout: COMMAND_TIMEOUT_MS,
      maxBuffer: 16 * 1024 * 1024,
    });
    return stdout;
  } catch (error) {
    const { stdout = "", stderr = "" } = error as { stdout?: string; stderr?: string };
    throw new Error(`${file} ${args.join(" ")} failed in ${cwd}:\n${stdout}\n${stderr}`, { cause: error });
  }
}

async function npmPack(workspace: string): Promise<{ path: string; files: string[] }> {
  const out = await command("npm", ["pack", "--json", "--pack-destination", work], join(repo, workspace));
  const [info] = JSON.parse(out.slice(out.indexOf("["))) as { filename: string; files: { path: string }[] }[];
  if (!info) throw new Error(`npm pack printed no package: ${out}`);
  return { path: join(work, info.filename), files: info.files.map((file) => file.path).sort() };
}

/** A new project folder with `dependencies`, installed as a merchant would. */
async function project(name: string, dependencies: Record<string, string>): Promise<string> {
  const dir = join(work, name);
  await mkdir(dir);
  await writeFile(
    join(dir, "package.json"),
    JSON.stringify({ name, version: "1.0.0", private: true, type: "module", dependencies }, null, 2),
  );
  await command("npm", ["install", "--no-audit", "--no-fund", "--prefer-offline"], dir);
  return dir;
}

interface Step {
  step: string;
  [key: string]: unknown;
}

/** Pays a payment the merchant program created: with the harness's viem client, or a payer program. */
type Payer = (payment: CreatedPayment) => Promise<void>;

const payWithHarness: Payer = async (payment) => {
  await pay(chain, payer, payment);
};

/** Pays with pack/payer.mjs run in `dir` (where viem and the packed SDK are installed). */
function payWithProgram(dir: string): Payer {
  return async (payment) => {
    const out = await command(process.execPath, ["payer.mjs"], dir, {
      RPC_URL: chain.rpcUrl,
      PAYER_KEY: anvilPrivateKeys[PROGRAM_PAYER_INDEX]!,
      PAYMENT: JSON.stringify(payment),
    });
    expect(JSON.parse(out)).toMatchObject({ step: "paid", status: "success" });
  };
}

/**
 * Runs a merchant program (node `args` in `cwd`) for a new merchant: points the merchant's webhook URL
 * at the program's server, pays the payment it creates on anvil (with `payWith`), and resolves with its
 * printed steps once it exits.
 */
async function buyAndVerify(args: string[], cwd: string, payWith: Payer = payWithHarness): Promise<Step[]> {
  const merchant = await t.addMerchant(`Packed shop ${args.join(" ")}`);
  const child = spawn(process.execPath, args, {
    cwd,
    env: {
      ...cleanEnv,
      KASSA_URL: t.baseUrl,
      KASSA_API_KEY: merchant.apiKey,
      KASSA_WEBHOOK_SECRET: merchant.webhookSecret,
      KASSA_TOKEN: t.token,
      ORDER_ID: nextOrderId("packed"),
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const steps: Step[] = [];
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  createInterface({ input: child.stdout }).on("line", (line) => steps.push(JSON.parse(line) as Step));
  const exited = new Promise<number | null>((resolve) => child.on("exit", resolve));
  try {
    const step = (name: string) =>
      waitFor(
        `the merchant program to print "${name}"`,
        () => {
          const found = steps.find((s) => s.step === name);
          if (found === undefined && child.exitCode !== null) {
            throw new Error(`it exited with ${child.exitCode}: ${stderr}`);
          }
          return found;
        },
        60_000,
      );
    const { webhookUrl } = await step("listening");
    await setWebhookUrl(t.database.db, merchant.merchantKey, webhookUrl as string);
    const { payment } = await step("created");
    await payWith(payment as CreatedPayment);
    await step("verified");
    expect(await exited, stderr).toBe(0);
    return steps;
  } finally {
    child.kill();
  }
}

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), "kassa-pack-"));
  [tarballs.sdk, tarballs.js] = await Promise.all([npmPack("sdk"), npmPack("widget/js")]);
  chain = await startTestChain();
  t = await startLifecycleApp(chain);
  payer = chain.wallet(7);
  await fundPayer(chain, payer, t.token as `0x${string}`);
  await chain.mint(t.token as `0x${string}`, chain.wallet(PROGRAM_PAYER_INDEX).account.address, 10n ** 30n);
  worker = await startLifecycleWorker(t);
}, 300_000);
afterAll(async () => {
  await worker?.stop();
  await t?.close();
  await chain?.stop();
  if (work) await rm(work, { recursive: true, force: true });
});

describe("the packed tarballs", () => {
  it("hold the build, README and CHANGELOG, and no TypeScript source", () => {
    for (const { files } of Object.values(tarballs)) {
      expect(files).toEqual(expect.arrayContaining(["CHANGELOG.md", "README.md", "package.json"]));
      expect(files).toEqual(
        expect.arrayContaining([
          "dist/esm/index.js",
          "dist/esm/index.d.ts",
          "dist/cjs/index.js",
          "dist/cjs/index.d.ts",
          "dist/cjs/package.json",
        ]),
      );
      expect(files.filter((file) => file.endsWith(".ts") && !file.endsWith(".d.ts"))).toEqual([]);
    }
  });

  it("export only files they hold: the monorepo's @kassa/source condition stays in the monorepo", async () => {
    for (const [workspace, { path, files }] of [
      ["sdk", tarballs.sdk],
      ["widget/js", tarballs.js],
    ] as const) {
      const packed = await command("tar", ["-xzOf", path, "package/package.json"], work);
      expect(packed).not.toContain("@kassa/source");
      const targets = (value: unknown): string[] =>
        typeof value === "string" ? [value] : Object.values(value as object).flatMap(targets);
      const exported = targets((JSON.parse(packed) as { exports: unknown }).exports);
      expect(exported.map((target) => target.replace(/^\.\//, "")).filter((f) => !files.includes(f))).toEqual(
        [],
      );
      // The workspace's own package.json is put back after the pack.
      const own = await readFile(join(repo, workspace, "package.json"), "utf8");
      expect(own).toContain('"@kassa/source": "./src/index.ts"');
    }
  });
});

describe("a fresh JavaScript project", () => {
  let dir: string;
  beforeAll(async () => {
    dir = await project("merchant-js", {
      "@kassa/sdk": tarballs.sdk.path,
      "@kassa/js": tarballs.js.path,
      viem: viemVersion,
    });
    await copyFile(join(fixtures, "merchant.mjs"), join(dir, "merchant.mjs"));
    await copyFile(join(fixtures, "payer.mjs"), join(dir, "payer.mjs"));
  }, COMMAND_TIMEOUT_MS);

  it(
    "creates a payment that a plain-JavaScript payer pays with the SDK's ABI, receives the payment.paid webhook, verifies it and the payment (ES modules)",
    async () => {
      const steps = await buyAndVerify(["merchant.mjs"], dir, payWithProgram(dir));
      const created = steps.find((s) => s.step === "created")?.payment as CreatedPayment;
      const webhook = steps.find((s) => s.step === "webhook" && s.type === "payment.paid");
      expect(webhook?.eventId).toMatch(/^evt_/);
      expect(steps.find((s) => s.step === "verified")).toMatchObject({
        paymentId: created.paymentId,
        status: "PAID",
        txHash: expect.stringMatching(/^0x[0-9a-f]{64}$/),
      });
      expect(steps.some((s) => s.step === "webhook refused")).toBe(false);
    },
    FLOW_TIMEOUT_MS,
  );

  it(
    "loads with require() (CommonJS) too",
    async () => {
      const out = await command(
        process.execPath,
        [
          "-e",
          `const sdk = require("@kassa/sdk"); const js = require("@kassa/js");
         console.log(JSON.stringify([typeof sdk.Kassa, typeof sdk.verifyWebhook, sdk.toBaseUnits("1.5", 6), typeof js.open]));`,
        ],
        dir,
      );
      expect(JSON.parse(out)).toEqual(["function", "function", "1500000", "function"]);
    },
    FLOW_TIMEOUT_MS,
  );

  it("bundles for a browser: the public-key client and open() pull in no Node module", async () => {
    const bundle = await build({
      stdin: {
        contents: `import { Kassa } from "@kassa/sdk"; import { open } from "@kassa/js";
          globalThis.kassa = new Kassa({ baseUrl: "https://kassa.example.com/api/v1", publicKey: "pk_x" });
          globalThis.openKassa = open;`,
        resolveDir: dir,
      },
      bundle: true,
      format: "esm",
      platform: "browser",
      write: false,
      logLevel: "silent",
    });
    expect(bundle.errors).toEqual([]);
    expect(bundle.outputFiles[0]?.text).not.toMatch(/from\s*"node:|require\("node:/);
  });
});

describe("a fresh TypeScript project (strict, exactOptionalPropertyTypes, skipLibCheck off)", () => {
  let dir: string;
  beforeAll(async () => {
    const typesNode = JSON.parse(await readFile(join(repo, "package.json"), "utf8")).devDependencies[
      "@types/node"
    ] as string;
    dir = await project("merchant-ts", {
      "@kassa/sdk": tarballs.sdk.path,
      "@kassa/js": tarballs.js.path,
      "@types/node": typesNode,
    });
    await copyFile(join(fixtures, "merchant.ts"), join(dir, "merchant.ts"));
    await writeFile(
      join(dir, "tsconfig.json"),
      JSON.stringify({
        compilerOptions: {
          target: "ES2022",
          lib: ["ES2023", "DOM"],
          module: "NodeNext",
          moduleResolution: "NodeNext",
          strict: true,
          exactOptionalPropertyTypes: true,
          noUncheckedIndexedAccess: true,
          skipLibCheck: false,
          types: ["node"],
          outDir: "dist",
        },
        files: ["merchant.ts"],
      }),
    );
  }, COMMAND_TIMEOUT_MS);

  it(
    "compiles with the packages' declarations, and the compiled merchant pays and verifies",
    async () => {
      await command(process.execPath, [tsc, "-p", "tsconfig.json"], dir);
      const steps = await buyAndVerify(["dist/merchant.js"], dir);
      expect(steps.find((s) => s.step === "listening")?.widget).toEqual({
        apiUrl: t.baseUrl,
        publicKey: "pk_front_end",
        mode: "iframe",
      });
      expect(steps.find((s) => s.step === "verified")).toMatchObject({ status: "PAID" });
    },
    FLOW_TIMEOUT_MS,
  );
});
