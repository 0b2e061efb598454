import { mkdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { anvilAccount } from "@kassa/contracts/dev";
import type { Address } from "viem";
import type { PrivateKeyAccount } from "viem/accounts";
import { createSiweMessage } from "viem/siwe";
import { expect } from "vitest";
import type { TestApp } from "./app.js";
import type { Page } from "./browser.js";
import type { TestChain } from "./chain.js";

export const ORIGIN = "http://kassa.test";

/** A sign-in message (EIP-4361) of `address`, issued now, for ORIGIN unless `domain` and `uri` say otherwise. */
export function signInMessage(fields: {
  address: Address;
  chainId: number;
  nonce: string;
  statement?: string;
  domain?: string;
  uri?: string;
}): string {
  return createSiweMessage({
    domain: fields.domain ?? new URL(ORIGIN).host,
    address: fields.address,
    statement: fields.statement,
    uri: fields.uri ?? ORIGIN,
    version: "1",
    chainId: fields.chainId,
    nonce: fields.nonce,
    issuedAt: new Date(),
  });
}

export interface SignedIn {
  /** `kassa_session=...`, for the cookie header. */
  cookie: string;
  csrfToken: string;
  /** Headers of a change made from the dashboard: the cookie, its Origin and the CSRF token. */
  changeHeaders: Record<string, string>;
}

/**
 * Signs wallet `wallet` (an anvil account's index, or any account) in to the dashboard of `t` (served at
 * ORIGIN), as the session test does.
 */
export async function signIn(
  t: TestApp,
  chain: TestChain,
  wallet: number | PrivateKeyAccount = 9,
): Promise<SignedIn> {
  const account = typeof wallet === "number" ? anvilAccount(wallet) : wallet;
  const nonce = (await t.request("/dashboard/nonce")).body.data.nonce as string;
  const message = signInMessage({
    address: account.address,
    statement: "Sign in to the Kassa dashboard.",
    chainId: chain.chainId,
    nonce,
  });
  const response = await t.request("/dashboard/session", {
    method: "POST",
    json: { message, signature: await account.signMessage({ message }) },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  const cookie = (response.headers.get("set-cookie") ?? "").split(";")[0] as string;
  const csrfToken = response.body.data.csrfToken as string;
  return { cookie, csrfToken, changeHeaders: { cookie, origin: ORIGIN, "x-kassa-csrf": csrfToken } };
}

const screenshotDir = fileURLToPath(new URL("../../../dashboard/screenshots/", import.meta.url));

/** Saves dashboard/screenshots/<name>.png when DASHBOARD_SCREENSHOTS is set (they are committed). */
export async function dashboardScreenshot(page: Page, name: string): Promise<void> {
  if (!process.env.DASHBOARD_SCREENSHOTS) return;
  mkdirSync(screenshotDir, { recursive: true });
  await page.screenshot({ path: `${screenshotDir}${name}.png`, fullPage: true });
}
