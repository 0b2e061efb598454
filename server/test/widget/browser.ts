import { existsSync, mkdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { TestWallet, type TestWalletOptions } from "./testWallet.js";

/**
 * The part of playwright-core's API these tests use. playwright-core is loaded at run time so that
 * the suite skips (rather than failing to typecheck or import) on a machine without it; see
 * {@link browserUnavailable}.
 */
export interface Locator {
  waitFor(options?: { timeout?: number }): Promise<void>;
  click(): Promise<void>;
  count(): Promise<number>;
  textContent(): Promise<string | null>;
  getAttribute(name: string): Promise<string | null>;
}
interface Locating {
  locator(selector: string): Locator;
  getByRole(role: string, options?: { name?: string | RegExp }): Locator;
  getByText(text: string | RegExp): Locator;
}
export interface Page extends Locating {
  goto(url: string): Promise<unknown>;
  reload(): Promise<unknown>;
  url(): string;
  waitForURL(predicate: (url: URL) => boolean, options?: { timeout?: number }): Promise<void>;
  evaluate<T>(fn: () => T): Promise<T>;
  screenshot(options: { path: string; fullPage?: boolean }): Promise<unknown>;
  frameLocator(selector: string): Locating;
  close(): Promise<void>;
}
export interface Route {
  fulfill(response: { contentType: string; body: string }): Promise<void>;
}
export interface BrowserContext {
  route(url: string, handler: (route: Route) => unknown): Promise<void>;
  exposeFunction(name: string, fn: (json: string) => Promise<string>): Promise<void>;
  addInitScript<A>(script: (arg: A) => void, arg: A): Promise<void>;
  newPage(): Promise<Page>;
  waitForEvent(event: "page"): Promise<Page>;
  close(): Promise<void>;
}
export interface Browser {
  newContext(options: {
    viewport: { width: number; height: number };
    deviceScaleFactor: number;
    locale: string;
  }): Promise<BrowserContext>;
  close(): Promise<void>;
}
interface Playwright {
  chromium: { launch(options: { executablePath: string; args: string[] }): Promise<Browser> };
}

/** Debian's Chromium (TOOLCHAIN.md); `.ci/run` installs it. */
export const CHROMIUM = "/usr/bin/chromium";

// A variable specifier: resolved at run time only.
const PLAYWRIGHT = "playwright-core";
const playwright = (await import(PLAYWRIGHT).catch(() => undefined)) as Playwright | undefined;

/** Why the browser tests cannot run here, or undefined when they can. */
export const browserUnavailable: string | undefined = !playwright
  ? "playwright-core is not installed (npm install)"
  : !existsSync(CHROMIUM)
    ? `${CHROMIUM} is missing (apt-get install -y chromium)`
    : undefined;
if (browserUnavailable) console.warn(`widget browser tests skipped: ${browserUnavailable}`);

export function launchChromium(): Promise<Browser> {
  if (!playwright) throw new Error(browserUnavailable);
  return playwright.chromium.launch({
    executablePath: CHROMIUM,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
  });
}

/** The merchant's site of the tests: every page answers a small HTML document. */
export const SHOP = "http://shop.example";

export interface PayerSession {
  context: BrowserContext;
  page: Page;
  wallet: TestWallet | undefined;
}

/**
 * A fresh browser context (its own storage) with the test wallet injected when `wallet` is given,
 * the shop's pages stubbed, and one page open.
 */
export async function openSession(
  browser: Browser,
  wallet: TestWalletOptions | undefined,
  options: { viewport?: { width: number; height: number }; shopHtml?: string } = {},
): Promise<PayerSession> {
  const context = await browser.newContext({
    viewport: options.viewport ?? { width: 480, height: 800 },
    deviceScaleFactor: 1,
    locale: "en-US",
  });
  await context.route(`${SHOP}/**`, (route) =>
    route.fulfill({
      contentType: "text/html",
      body: options.shopHtml ?? "<!doctype html><title>Shop</title><h1>Shop</h1>",
    }),
  );
  const testWallet = wallet ? new TestWallet(wallet) : undefined;
  await testWallet?.install(context);
  const page = await context.newPage();
  return { context, page, wallet: testWallet };
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
