import { existsSync, mkdirSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { TestWallet, type TestWalletOptions } from "./testWallet.js";

export type { Browser, BrowserContext, Locator, Page } from "playwright-core";

/** Debian's Chromium (TOOLCHAIN.md); `.ci/run` installs it. */
export const CHROMIUM = "/usr/bin/chromium";

/** Why the browser tests cannot run here, or undefined when they can. */
export const browserUnavailable: string | undefined = existsSync(CHROMIUM)
  ? undefined
  : `${CHROMIUM} is missing (apt-get install -y chromium)`;
if (browserUnavailable) console.warn(`browser tests skipped: ${browserUnavailable}`);

/** `extraArgs`: more Chromium switches, e.g. `--host-resolver-rules` to serve a test origin's name. */
export function launchChromium(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
      ...extraArgs,
    ],
  });
}

/**
 * Where the tests' payments send the payer back (successUrl, failUrl): every page answers a small
 * HTML document, stubbed in the browser context. Only ever navigated to: a page at this origin
 * cannot embed the widget, since Chromium counts a stubbed origin as public and blocks its
 * requests to the loopback API (Local Network Access); see {@link startMerchantSite}.
 */
export const SHOP = "http://shop.example";

export interface MerchantSite {
  /** `http://127.0.0.1:<port>`: an origin other than the API's, as a merchant's site would be. */
  origin: string;
  /** The HTML every path answers, e.g. a checkout page that loads `/widget.js`. */
  html: string;
  close(): Promise<void>;
}

/**
 * The merchant's checkout page for the embed script, served over real HTTP on loopback. Chromium
 * lets a page load the API's `/widget.js` only from an address space at least as private as the
 * API's (Local Network Access): in the tests the API listens on 127.0.0.1, so the merchant must too
 * (in production both are public). A different port is a different origin, so the embed script's
 * popup, iframe and postMessage are cross-origin as they are for a real merchant.
 */
export async function startMerchantSite(): Promise<MerchantSite> {
  const site = { html: "<!doctype html><title>Shop</title><h1>Shop</h1>" };
  const server = createServer((_request, response) => {
    response.writeHead(200, { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" });
    response.end(site.html);
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", resolve);
  });
  const { port } = server.address() as AddressInfo;
  return Object.assign(site, {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  });
}

export interface PayerSession {
  context: BrowserContext;
  page: Page;
  wallet: TestWallet | undefined;
}

/**
 * A fresh browser context (its own storage) with the test wallet injected when `wallet` is given
 * (into every page and frame, popups included), the shop's pages stubbed, and one page open. `locale`
 * (default en-US) and `timezoneId` (default the machine's) are the payer's browser's.
 */
export async function openSession(
  browser: Browser,
  wallet: TestWalletOptions | undefined,
  options: { viewport?: { width: number; height: number }; locale?: string; timezoneId?: string } = {},
): Promise<PayerSession> {
  const context = await browser.newContext({
    viewport: options.viewport ?? { width: 480, height: 800 },
    deviceScaleFactor: 1,
    locale: options.locale ?? "en-US",
    ...(options.timezoneId ? { timezoneId: options.timezoneId } : {}),
  });
  await context.route(`${SHOP}/**`, (route) =>
    route.fulfill({
      contentType: "text/html",
      body: "<!doctype html><title>Shop</title><h1>Shop</h1>",
    }),
  );
  const testWallet = wallet ? new TestWallet(wallet) : undefined;
  await testWallet?.install(context);
  const page = await context.newPage();
  return { context, page, wallet: testWallet };
}

/**
 * What went wrong on `page` from now on, as the payer's browser saw it: every response with an error
 * status (4xx, 5xx) and every console error, one line each.
 */
export function pageFailures(page: Page): string[] {
  const failures: string[] = [];
  page.on("response", (response) => {
    if (response.status() >= 400)
      failures.push(`${response.status()} ${response.request().method()} ${response.url()}`);
  });
  page.on("console", (message) => {
    if (message.type() === "error") failures.push(`console: ${message.text()}`);
  });
  return failures;
}

/** Waits until the widget shows the screen `id` (`data-screen` of its section). */
export async function screen(page: Page, id: string): Promise<void> {
  await page.locator(`section.screen[data-screen="${id}"]`).waitFor({ timeout: 30_000 });
}

const screenshotDir = fileURLToPath(new URL("../../../widget/screenshots/", import.meta.url));

/**
 * Saves `widget/screenshots/<name>.png` when WIDGET_SCREENSHOTS is set (they are committed, so a
 * normal test run does not rewrite them with a new countdown and new hashes).
 */
export async function screenshot(page: Page, name: string): Promise<void> {
  if (!process.env.WIDGET_SCREENSHOTS) return;
  mkdirSync(screenshotDir, { recursive: true });
  await page.screenshot({ path: `${screenshotDir}${name}.png`, fullPage: true });
}
