/**
 * `kassa dev` (what `npm start` runs) as a newcomer meets it: it listens on 127.0.0.1 only, and every page
 * that asks for a wallet (the widget, the dashboard, the payer's /subscriptions, the hosted subscribe page)
 * offers the dev wallets, so the README's walkthrough works in a bare Chromium with no wallet extension: pay,
 * sign in to the dashboard and refund, subscribe, sign in to /subscriptions and cancel.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { freePort } from "@kassa/contracts/dev";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DevEnvironment } from "../../src/cli/dev/settings.js";
import { browserUnavailable, launchChromium, screen, type Browser } from "../harness/browser.js";
import { createTestDatabase, type TestDatabase } from "../harness/db.js";
import { waitFor } from "../harness/waitFor.js";

const kassaBin = fileURLToPath(new URL("../../bin/kassa.js", import.meta.url));

let database: TestDatabase;
let dataDir: string;
let child: ChildProcess;
let stderr = "";
let env: DevEnvironment;
let port: number;
let browser: Browser | undefined;

beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = await mkdtemp(join(tmpdir(), "kassa-dev-"));
  port = await freePort();
  // No HOST: the default is what is under test.
  child = spawn(process.execPath, [kassaBin, "dev"], {
    env: {
      PATH: process.env.PATH,
      KASSA_DATA_DIR: dataDir,
      DATABASE_URL: database.url,
      PORT: String(port),
      LOG_LEVEL: "error",
    },
    stdio: ["ignore", "ignore", "pipe"],
  });
  child.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const devFile = join(dataDir, "dev.json");
  await waitFor(
    "kassa dev to write dev.json",
    () => {
      if (child.exitCode !== null) throw new Error(`kassa dev exited with ${child.exitCode}:\n${stderr}`);
      return existsSync(devFile);
    },
    120_000,
  );
  env = JSON.parse(await readFile(devFile, "utf8")) as DevEnvironment;
  if (!browserUnavailable) browser = await launchChromium();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  if (child && child.exitCode === null) {
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGINT");
    await exited;
  }
  await database?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

/** The IPv4 addresses the process listens on at `port`, from the kernel's socket table. */
async function listeningAddresses(port: number): Promise<string[]> {
  const table = await readFile("/proc/net/tcp", "utf8");
  return table
    .split("\n")
    .slice(1)
    .map((line) => line.trim().split(/\s+/))
    .filter((fields) => fields[3] === "0A" && parseInt(fields[1]!.split(":")[1]!, 16) === port)
    .map((fields) => {
      const hex = fields[1]!.split(":")[0]!;
      // Little-endian bytes: 0100007F is 127.0.0.1.
      return [6, 4, 2, 0].map((i) => parseInt(hex.slice(i, i + 2), 16)).join(".");
    });
}

describe("kassa dev", () => {
  it("listens on 127.0.0.1 only, as its box says, unless HOST says otherwise", async () => {
    expect(env.apiUrl).toBe(`http://127.0.0.1:${port}/api/v1`);
    expect(await listeningAddresses(port)).toEqual(["127.0.0.1"]);
  });

  it("gives the dashboard the recipient's dev wallet and the subscription pages the payers', with the chain in the CSP", async () => {
    const origin = new URL(env.apiUrl).origin;
    const dashboard = await fetch(`${origin}/dashboard`);
    const html = await dashboard.text();
    const config = JSON.parse(/id="kassa-dashboard-config">([^<]*)</.exec(html)![1]!) as {
      devWallet: { rpcUrl: string; accounts: { label: string }[] };
      devWalletScript: string;
    };
    expect(config.devWallet.accounts.map((account) => account.label)).toEqual(["Demo Shop's recipient"]);
    expect(dashboard.headers.get("content-security-policy")).toContain(new URL(env.rpcUrl).origin);
    expect((await fetch(`${origin}${config.devWalletScript}`)).status).toBe(200);
    for (const path of ["/subscriptions", "/subscribe/sub_unknown"]) {
      const page = await (await fetch(`${origin}${path}`)).text();
      expect(page).toContain('"label":"Payer 1"');
    }
  });
});

describe.skipIf(browserUnavailable)("kassa dev in a bare Chromium (no wallet extension)", () => {
  it("signs in to the dashboard with its dev wallet", async () => {
    const page = await browser!.newPage();
    try {
      await page.goto(`${new URL(env.apiUrl).origin}/dashboard`);
      await page.getByRole("button", { name: /Dev wallet: Demo Shop's recipient/ }).click();
      await page.locator('[data-screen="payments"]').waitFor({ timeout: 30_000 });
      expect(await page.locator(".who").textContent()).toContain(env.dashboardWallet.address);
    } finally {
      await page.close();
    }
  });

  it("pays in the widget with a dev payer, then refunds it from the dashboard with the recipient's dev wallet", async () => {
    const origin = new URL(env.apiUrl).origin;
    const created = await fetch(`${env.apiUrl}/payments`, {
      method: "POST",
      headers: { "x-api-key": env.merchant.apiKey, "content-type": "application/json" },
      body: JSON.stringify({
        orderId: "dev-test-refund",
        amount: 2,
        tokenAddress: env.tokens.permit18.address,
        successUrl: "service:none",
        failUrl: "service:none",
      }),
    });
    expect(created.status).toBe(201);
    const { data: payment } = (await created.json()) as { data: { paymentId: string } };

    const payer = await browser!.newPage();
    try {
      await payer.goto(`${env.widgetUrl}?publicKey=${env.merchant.publicKey}&paymentId=${payment.paymentId}`);
      await payer.getByRole("button", { name: /Dev wallet: Payer 2/ }).click();
      await screen(payer, "review-gasless");
      await payer.locator("#kassa-direct").click();
      await screen(payer, "review-direct");
      await payer.locator("#kassa-pay").click();
      await screen(payer, "success");
    } finally {
      await payer.close();
    }

    const staff = await browser!.newPage();
    staff.on("dialog", (dialog) => void dialog.accept());
    try {
      await staff.goto(`${origin}/dashboard`);
      await staff.getByRole("button", { name: /Dev wallet: Demo Shop's recipient/ }).click();
      await staff.locator('[data-screen="payments"]').waitFor({ timeout: 30_000 });
      await staff.goto(`${origin}/dashboard#/payments/${payment.paymentId}`);
      await staff.locator('[data-screen="payment"]').waitFor({ timeout: 30_000 });
      await expect
        .poll(() => staff.locator(".facts .status").first().textContent(), { timeout: 30_000 })
        .toBe("PAID");
      await staff.getByRole("button", { name: "Refund" }).click();
      await expect
        .poll(() => staff.locator(".facts .status").first().textContent(), { timeout: 60_000 })
        .toBe("REFUNDED");
    } finally {
      await staff.close();
    }
  });

  it("subscribes on the hosted page and signs in to /subscriptions with a dev payer", async () => {
    const origin = new URL(env.apiUrl).origin;
    const created = await fetch(`${env.apiUrl}/subscriptions`, {
      method: "POST",
      headers: { "x-api-key": env.merchant.apiKey, "content-type": "application/json" },
      body: JSON.stringify({
        orderId: "dev-test-1",
        tokenAddress: env.tokens.permit18.address,
        amount: 1.5,
        periodSeconds: 3600,
        charges: 3,
      }),
    });
    expect(created.status).toBe(201);
    const { data: subscription } = (await created.json()) as { data: { id: string; url: string } };
    expect(subscription.url).toBe(`${origin}/subscribe/${subscription.id}`);
    const show = async () =>
      (
        (await (
          await fetch(`${env.apiUrl}/subscriptions/${subscription.id}`, {
            headers: { "x-api-key": env.merchant.apiKey },
          })
        ).json()) as { data: { status: string } }
      ).data.status;

    const page = await browser!.newPage();
    try {
      await page.goto(subscription.url);
      await page.getByRole("button", { name: /Dev wallet: Payer 1/ }).click();
      // The review says what the wallet will be asked, in order, before it is asked anything: allow the
      // schedule's total, then sign.
      await screen(page, "review");
      const steps = await page
        .locator(".steps [data-step]")
        .evaluateAll((items) => items.map((item) => item.getAttribute("data-step")));
      expect(steps).toEqual(["approve", "sign"]);
      await page.getByRole("button", { name: "Subscribe", exact: true }).click();
      await expect.poll(show, { interval: 250 }).toBe("ACTIVE");

      // The page ends with a link to the payer's subscriptions.
      await page.getByRole("link", { name: "See or cancel your subscriptions" }).click();
      await page.waitForURL(`${origin}/subscriptions`);
      await page.getByRole("button", { name: /Dev wallet: Payer 1/ }).click();
      await screen(page, "subscriptions");
      expect(await page.locator(`[data-id="${subscription.id}"]`).count()).toBe(1);

      // The payer cancels it on-chain from the same dev wallet, once the page has said what ends.
      await page.getByRole("button", { name: "Cancel subscription" }).click();
      await page.getByRole("button", { name: "Yes, cancel it" }).click();
      await expect.poll(show, { interval: 250 }).toBe("CANCELED");
    } finally {
      await page.close();
    }
  }, 120_000);
});
