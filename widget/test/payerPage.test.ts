import { paymentGatewayAbi } from "@kassa/contracts";
import { erc20Abi, type Hex, type PrivateKeyAccount } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  browserUnavailable,
  launchChromium,
  openSession,
  ORIGIN,
  pageFailures,
  PERIOD,
  screen,
  screenshot,
  startSubscriptionEnv,
  type Browser,
  type SubscriptionEnv,
  type TestChain,
} from "@kassa/server/harness";

const TOKENS = 10n ** 18n;

let chain: TestChain;
let env: SubscriptionEnv;
let browser: Browser;

beforeAll(async () => {
  if (browserUnavailable) return;
  env = await startSubscriptionEnv();
  chain = env.chain;
  // The pages' origin is http://kassa.test (PUBLIC_BASE_URL), the sign-in message's domain: Chromium resolves
  // it to the test app.
  const port = new URL(env.t.baseUrl).port;
  browser = await launchChromium([`--host-resolver-rules=MAP kassa.test:80 127.0.0.1:${port}`]);
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await env?.close();
});

async function subscription(id: string) {
  const { body } = await env.show(id);
  return body.data as { status: string; canceledBy: string | null; digest: Hex };
}

describe.skipIf(browserUnavailable)("the payer's subscriptions page", () => {
  it("subscribes on the hosted page, then signs in, sees it in words and cancels it on-chain from the wallet", async () => {
    const payer = await env.payer();
    await env.fund(payer, 200n * TOKENS, 0n);
    const other = await env.payer();
    await env.fund(other, 200n * TOKENS, 30n * TOKENS);
    const othersId = await env.subscribe(other);
    const created = await env.create({
      orderId: "payer-page-1",
      tokenAddress: env.t.token,
      amount: 10,
      periodSeconds: PERIOD,
      charges: 12,
      description: "Pro plan",
    });
    const id = created.body.data.id as string;

    const session = await openSession(browser, { chain, account: payer.account as PrivateKeyAccount });
    const { page, wallet } = session;
    const failures = pageFailures(page);
    await page.goto(`${ORIGIN}/subscribe/${id}`);
    await screen(page, "connect");
    await page.getByRole("button", { name: /Kassa Test Wallet/ }).click();
    await screen(page, "review");
    await page.locator("#kassa-subscribe").click();
    await screen(page, "active");
    expect((await subscription(id)).status).toBe("ACTIVE");
    // The worker takes the first charge.
    await env.charge();
    await expect.poll(async () => (await env.show(id)).body.data.chargesMade[0]?.status).toBe("PAID");

    await page.goto(`${ORIGIN}/subscriptions`);
    await screen(page, "sign-in");
    await page.getByRole("button", { name: /Kassa Test Wallet/ }).click();
    await screen(page, "subscriptions");
    expect(wallet?.methods()).toContain("personal_sign");
    await expect(page.locator("#kassa-payer").textContent()).resolves.toBe(
      `Signed in as ${payer.account.address}`,
    );
    // Only this wallet's subscription, in plain words.
    const items = page.locator("li.subscription");
    await expect(items.count()).resolves.toBe(1);
    await expect(items.getAttribute("data-id")).resolves.toBe(id);
    expect(await items.locator(".schedule").textContent()).toMatch(
      /^10 KTT every 30 days, 1 of 12 charged, next on .+$/,
    );
    await expect(items.locator(".status").textContent()).resolves.toBe("Active");
    await expect(items.locator(".merchant").textContent()).resolves.toBe("Test shop");
    expect(await page.content()).not.toContain(othersId);
    await screenshot(page, "subscriptions");

    // Canceling asks first, and nothing is sent until the payer confirms.
    const sentBefore = wallet?.sentTransactions.length ?? 0;
    await items.getByRole("button", { name: "Cancel subscription" }).click();
    await screen(page, "confirm-cancel");
    await expect(page.locator("#screen-title").textContent()).resolves.toBe(
      "Cancel your subscription to Test shop?",
    );
    expect(wallet?.sentTransactions.length).toBe(sentBefore);
    await screenshot(page, "subscriptions-cancel");
    await page.getByRole("button", { name: "Keep it" }).click();
    await screen(page, "subscriptions");
    expect((await subscription(id)).status).toBe("ACTIVE");
    await items.getByRole("button", { name: "Cancel subscription" }).click();
    await screen(page, "confirm-cancel");
    await page.locator("#kassa-cancel-yes").click();
    await page.locator('li.subscription[data-status="CANCELED"]').waitFor({ timeout: 30_000 });
    await expect(items.locator(".status").textContent()).resolves.toBe("Canceled");
    await expect(items.getByRole("button").count()).resolves.toBe(0);
    // The payer's own transaction canceled it on-chain; Kassa shows it CANCELED by the payer.
    expect(wallet?.sentTransactions.length).toBe(sentBefore + 1);
    const canceled = await subscription(id);
    expect(canceled).toMatchObject({ status: "CANCELED", canceledBy: "payer" });
    const [, canceledOnChain] = await chain.publicClient.readContract({
      address: chain.gateway,
      abi: paymentGatewayAbi,
      functionName: "subscriptionState",
      args: [canceled.digest, 1n],
    });
    expect(canceledOnChain).toBe(true);
    // The other payer's is untouched.
    expect((await subscription(othersId)).status).toBe("ACTIVE");
    // Nothing more to send on-chain for it: the worker records the payer's own cancel.
    await env.charge();
    const row = await env.t.database.db
      .selectFrom("subscriptions")
      .select("chain_cancel")
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(row.chain_cancel).toBe("unneeded");
    // No error answer; Chromium's only complaint is the COOP header, ignored on a plain-http test origin.
    expect(failures.filter((failure) => !failure.includes("Cross-Origin-Opener-Policy"))).toEqual([]);
    // Signing out ends the session: the page asks for a wallet again, and the list needs a new sign-in.
    await page.locator("#kassa-sign-out").click();
    await screen(page, "sign-in");
    const listed = await page.evaluate(
      async () => (await fetch("/api/v1/public/payer/subscriptions")).status,
    );
    expect(listed).toBe(401);
    await session.context.close();
  });

  it("in Korean, lists a wallet's subscriptions in words", async () => {
    const payer = await env.payer();
    await env.fund(payer, 200n * TOKENS, 30n * TOKENS);
    await env.subscribe(payer);
    const session = await openSession(browser, { chain, account: payer.account as PrivateKeyAccount });
    const { page } = session;
    await page.goto(`${ORIGIN}/subscriptions?lang=ko`);
    await screen(page, "sign-in");
    await expect(page.locator("#screen-title").textContent()).resolves.toBe("내 구독");
    await page.locator("button.wallet").first().click();
    await screen(page, "subscriptions");
    expect(await page.locator("li.subscription .schedule").textContent()).toMatch(
      /^30일마다 10 KTT, 3회 중 0회 결제됨, 다음 결제 .+$/,
    );
    await expect(page.locator("li.subscription .status").textContent()).resolves.toBe("활성");
    await expect(page.getByRole("button", { name: "구독 해지" }).count()).resolves.toBe(1);
    await session.context.close();
  });

  it("says when the allowance fell short, and allows the charges left again from the wallet", async () => {
    const payer = await env.payer();
    await env.fund(payer, 200n * TOKENS, 30n * TOKENS);
    // Periods of 4 minutes, retried after 1: the sign-in below is checked against the server's clock (moved
    // with the chain's), within 5 minutes of the browser's.
    const id = await env.subscribe(payer, { periodSeconds: 240, retrySchedule: [60] });
    await env.charge();
    // Something else spent the allowance (the payer's approve of 0 would have been a revocation).
    await env.fund(payer, 0n, 1n);
    await env.advance(240);
    await env.charge();
    expect((await subscription(id)).status).toBe("PAST_DUE");

    const session = await openSession(browser, { chain, account: payer.account as PrivateKeyAccount });
    const { page, wallet } = session;
    await page.goto(`${ORIGIN}/subscriptions`);
    await screen(page, "sign-in");
    await page.getByRole("button", { name: /Kassa Test Wallet/ }).click();
    await screen(page, "subscriptions");
    const item = page.locator(`li.subscription[data-id="${id}"]`);
    await expect(item.locator(".status").textContent()).resolves.toBe("Past due");
    await expect(item.getByRole("alert").textContent()).resolves.toBe(
      "The last charge could not be taken: your wallet no longer allows the gateway enough. Allow it again, or cancel.",
    );
    await screenshot(page, "subscriptions-past-due");
    await item.getByRole("button", { name: "Allow the charges again" }).click();
    await screen(page, "subscriptions");
    // The two charges left, on top of what the wallet allowed: one approve.
    await expect
      .poll(() =>
        chain.publicClient.readContract({
          address: env.t.token as `0x${string}`,
          abi: erc20Abi,
          functionName: "allowance",
          args: [payer.account.address, chain.gateway],
        }),
      )
      .toBe(20n * TOKENS + 1n);
    expect(wallet?.sentTransactions).toHaveLength(1);
    // The retry charges the period: ACTIVE again.
    await env.advance(60);
    await env.charge();
    expect((await subscription(id)).status).toBe("ACTIVE");
    await session.context.close();
  });
});
