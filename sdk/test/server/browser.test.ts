import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, startTestChain, type TestApp, type TestChain } from "@kassa/server/harness";

/**
 * The SDK in a real browser (the system Chromium, headless): the bundle a merchant's front end would
 * ship, loaded by a page on the widget origin, calling Kassa across origins with the public key.
 * The page reports what it saw by POSTing to the page server.
 */
const CHROMIUM = "/usr/bin/chromium";
const sdkEntry = fileURLToPath(new URL("../../src/index.ts", import.meta.url));

let chain: TestChain;
let t: TestApp;
let pages: Server;
let pageOrigin: string;
let browserProcess: ChildProcess | undefined;
let profileDir: string;
let report: (value: unknown) => void;
const reported = new Promise<unknown>((resolve) => {
  report = resolve;
});

const secret = `whsec_${Buffer.from("browser-webhook-secret").toString("base64")}`;
const webhookBody = JSON.stringify({ eventId: "evt_browser", orderId: "browser-order", status: "PAID" });
const webhookAt = new Date();
const webhookHeaders = {
  "webhook-id": "evt_browser",
  "webhook-timestamp": String(Math.floor(webhookAt.getTime() / 1000)),
  "webhook-signature": new Webhook(secret).sign("evt_browser", webhookAt, webhookBody),
};

function pageScript(config: unknown): string {
  return `
import { Kassa, KassaError, verifyWebhook } from "/sdk.js";
const config = ${JSON.stringify(config)};
const results = {};
const attempt = async (name, run) => {
  try { results[name] = { ok: await run() }; }
  catch (error) { results[name] = { error: { name: error.name, code: error.code, status: error.status, message: error.message, isKassaError: error instanceof KassaError } }; }
};
const kassa = new Kassa({ baseUrl: config.baseUrl, publicKey: config.publicKey });
await attempt("health", () => kassa.health().then((h) => h.status));
await attempt("chains", () => kassa.chains.list().then((chains) => chains.map((c) => c.network_id)));
await attempt("create", () => kassa.payments.create({ orderId: "browser-order", amount: 2.5, tokenAddress: config.token, successUrl: "service:none", failUrl: "service:none" }));
await attempt("retrieve", () => kassa.payments.retrieve(results.create.ok.paymentId).then((p) => p.status));
await attempt("missing", () => kassa.payments.retrieve("0x" + "ab".repeat(32)));
await attempt("apiKey", () => new Kassa({ baseUrl: config.baseUrl, apiKey: "sk_secret" }));
await attempt("webhook", () => verifyWebhook(config.webhook.body, config.webhook.headers, config.webhook.secret).eventId);
await fetch("/report", { method: "POST", body: JSON.stringify(results) });
`;
}

beforeAll(async () => {
  const bundle = await build({
    entryPoints: [sdkEntry],
    bundle: true,
    format: "esm",
    platform: "browser",
    target: "es2022",
    write: false,
  });
  const sdkJs = bundle.outputFiles[0]?.text ?? "";
  let script = "";
  pages = createServer((request, response) => {
    if (request.url === "/report" && request.method === "POST") {
      const chunks: Buffer[] = [];
      request.on("data", (chunk: Buffer) => chunks.push(chunk));
      request.on("end", () => {
        response.end("ok");
        report(JSON.parse(Buffer.concat(chunks).toString("utf8")));
      });
      return;
    }
    const [type, body] =
      request.url === "/sdk.js"
        ? ["text/javascript", sdkJs]
        : request.url === "/page.js"
          ? ["text/javascript", script]
          : ["text/html", `<!doctype html><title>SDK</title><script type="module" src="/page.js"></script>`];
    response.writeHead(200, { "content-type": type });
    response.end(body);
  });
  await new Promise<void>((resolve) => pages.listen(0, "127.0.0.1", resolve));
  pageOrigin = `http://127.0.0.1:${(pages.address() as AddressInfo).port}`;

  chain = await startTestChain();
  t = await startTestApp(chain, { allowedWidgetOrigin: pageOrigin });
  script = pageScript({
    baseUrl: t.baseUrl,
    publicKey: t.merchant.publicKey,
    token: t.token,
    webhook: { body: webhookBody, headers: webhookHeaders, secret },
  });
  profileDir = await mkdtemp(join(tmpdir(), "kassa-sdk-chromium-"));
});

afterAll(async () => {
  if (browserProcess?.pid !== undefined && browserProcess.exitCode === null) {
    const exited = new Promise((resolve) => browserProcess?.once("exit", resolve));
    browserProcess.kill("SIGTERM");
    await exited;
  }
  await new Promise((resolve) => pages?.close(resolve));
  await t?.close();
  await chain?.stop();
  if (profileDir) await rm(profileDir, { recursive: true, force: true });
});

describe.skipIf(!existsSync(CHROMIUM))("the SDK in a browser", () => {
  it("calls Kassa with the public key across origins, refuses an API key, verifies a webhook", async () => {
    browserProcess = spawn(
      CHROMIUM,
      [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        `--user-data-dir=${profileDir}`,
        `${pageOrigin}/`,
      ],
      { stdio: "ignore" },
    );
    const timeout = new Promise((_, reject) => {
      const timer = setTimeout(() => reject(new Error("the page did not report within 45 s")), 45_000);
      void reported.finally(() => clearTimeout(timer));
    });
    const results = (await Promise.race([reported, timeout])) as Record<
      string,
      { ok?: unknown; error?: unknown }
    >;

    expect(results.health).toEqual({ ok: "ok" });
    expect(results.chains).toEqual({ ok: expect.arrayContaining([chain.chainId, 80002]) });
    expect(results.create?.ok).toMatchObject({ orderId: "browser-order", tokenAddress: t.token });
    expect(results.retrieve).toEqual({ ok: "CREATED" });
    expect(results.missing?.error).toMatchObject({
      name: "KassaNotFoundError",
      code: "PAYMENT_NOT_FOUND",
      status: 404,
      isKassaError: true,
    });
    expect(results.apiKey?.error).toMatchObject({
      name: "KassaConfigurationError",
      message: expect.stringMatching(/must never reach a browser/),
    });
    expect(results.webhook).toEqual({ ok: "evt_browser" });
  });
});
