import { testTokenAbi } from "@kassa/contracts";
import { parseUnits, type Address, type PrivateKeyAccount } from "viem";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  browserUnavailable,
  deployRealTokens,
  launchChromium,
  openSession,
  pageFailures,
  PERIOD,
  screen,
  screenshot,
  startSubscriptionEnv,
  type Browser,
  type PayerSession,
  type RealTokens,
  type SubscriptionEnv,
  type TestChain,
} from "@kassa/server/harness";

const TOKENS = 10n ** 18n;

let chain: TestChain;
let env: SubscriptionEnv;
let browser: Browser;
let real: RealTokens;
const sessions: PayerSession[] = [];

beforeAll(async () => {
  if (browserUnavailable) return;
  env = await startSubscriptionEnv();
  chain = env.chain;
  real = await deployRealTokens(chain);
  await env.t.acceptTokens([real.usdt]);
  browser = await launchChromium();
}, 60_000);
afterEach(async () => {
  for (const session of sessions.splice(0)) await session.context.close();
});
afterAll(async () => {
  await browser?.close();
  await env?.close();
});

/** A new payer holding 1 ETH and 200 tokens, whose gateway allowance is `allowance`. */
async function fundedPayer(allowance: bigint): Promise<PrivateKeyAccount> {
  const payer = await env.payer();
  await env.fund(payer, 200n * TOKENS, allowance);
  return payer.account as PrivateKeyAccount;
}

/** 10 tokens every 30 days, 12 times: POST /subscriptions; its `url` on the test server. */
async function createSubscription(
  orderId: string,
  plan: Record<string, unknown> = {},
): Promise<{ id: string; pageUrl: string }> {
  const created = await env.create({
    orderId,
    tokenAddress: env.t.token,
    amount: 10,
    periodSeconds: PERIOD,
    charges: 12,
    description: "Pro plan",
    ...plan,
  });
  expect(created.status).toBe(201);
  const { id, url } = created.body.data as { id: string; url: string };
  // The app's PUBLIC_BASE_URL is http://kassa.test: the same path, on the server under test.
  expect(url).toBe(`http://kassa.test/subscribe/${id}`);
  return { id, pageUrl: `${new URL(env.t.baseUrl).origin}${new URL(url).pathname}` };
}

async function openPage(account: PrivateKeyAccount, url: string) {
  const opened = await openSession(browser, { chain, account });
  sessions.push(opened);
  const failures = pageFailures(opened.page);
  await opened.page.goto(url);
  return { ...opened, failures };
}

function allowance(owner: Address, token = env.t.token as Address): Promise<bigint> {
  return chain.publicClient.readContract({
    address: token,
    abi: testTokenAbi,
    functionName: "allowance",
    args: [owner, chain.gateway],
  });
}

async function shown(id: string) {
  const { body } = await env.show(id);
  return body.data as { status: string; payerAddress: string | null; startsAt: number | null };
}

describe.skipIf(browserUnavailable)("the hosted subscribe page", () => {
  it("says who asks, reviews what the wallet will be asked, approves the whole schedule, signs once: ACTIVE", async () => {
    const payer = await fundedPayer(0n);
    const { id, pageUrl } = await createSubscription("subscribe-page-1", {
      startsAt: 1_893_456_000,
      returnUrl: "https://shop.example/account",
    });
    const { page, wallet, failures } = await openPage(payer, pageUrl);

    await screen(page, "connect");
    await expect(page.locator("#kassa-merchant").textContent()).resolves.toBe("Subscribe to Test shop");
    await expect(page.locator("#kassa-schedule").textContent()).resolves.toBe(
      "10 KTT every 30 days, 12 times, cancel any time",
    );
    await expect(page.locator(".summary").textContent()).resolves.toContain("Pro plan");
    const recipient = env.t.merchant.recipient;
    await expect(page.locator("#kassa-recipient").textContent()).resolves.toBe(
      `Test shop (${recipient.slice(0, 6)}…${recipient.slice(-4)})`,
    );
    await expect(page.locator("#kassa-until").textContent()).resolves.toBe(
      "12, the first on Jan 1, 2030 UTC, the last on Nov 27, 2030 UTC",
    );
    await expect(page.locator("#kassa-total").textContent()).resolves.toBe("at most 120 KTT");
    await page.getByRole("button", { name: /Kassa Test Wallet/ }).click();
    // Nothing is asked of the wallet before the payer has read what it will be asked.
    await screen(page, "review");
    await expect(
      page.locator(".step").evaluateAll((steps) => steps.map((step) => step.getAttribute("data-step"))),
    ).resolves.toEqual(["approve", "sign"]);
    await expect(page.locator('.step[data-step="approve"] .step-title').textContent()).resolves.toBe(
      "Allow 120 KTT more",
    );
    expect(wallet?.sentTransactions).toHaveLength(0);
    expect(wallet?.methods()).not.toContain("eth_signTypedData_v4");
    await screenshot(page, "subscribe-review");
    await page.locator("#kassa-subscribe").click();
    await screen(page, "active");
    await expect(page.locator("#screen-title").textContent()).resolves.toBe(
      "You are subscribed to Test shop",
    );
    await expect(page.locator("section.screen p").first().textContent()).resolves.toBe(
      "Your subscription to Test shop is active: 10 KTT every 30 days, 12 times, cancel any time.",
    );
    await expect(page.locator("#kassa-manage").getAttribute("href")).resolves.toBe("/subscriptions");
    await expect(page.locator("#kassa-return").textContent()).resolves.toBe("Back to Test shop");
    await expect(page.locator("#kassa-return").getAttribute("href")).resolves.toBe(
      "https://shop.example/account",
    );
    await screenshot(page, "subscribe-active");

    const subscription = await shown(id);
    expect(subscription.status).toBe("ACTIVE");
    expect(subscription.payerAddress?.toLowerCase()).toBe(payer.address.toLowerCase());
    // One approve transaction, of 10 x 12 tokens to the gateway; the signature cost nothing.
    expect(wallet?.sentTransactions).toHaveLength(1);
    await expect(allowance(payer.address)).resolves.toBe(120n * TOKENS);
    expect(wallet?.methods()).toContain("eth_signTypedData_v4");

    // Opened again, the page says it is active and asks for nothing.
    await page.reload();
    await screen(page, "active");
    await expect(page.locator("section.screen p").first().textContent()).resolves.toBe(
      "This subscription is already active.",
    );
    expect(failures).toEqual([]);
  });

  it("a fiat plan: says its price and maximum, approves the maximum for the schedule, and signs a variable schedule", async () => {
    const payer = await fundedPayer(0n);
    const { id, pageUrl } = await createSubscription("subscribe-page-fiat", {
      amount: 20,
      currency: "USD",
      maxAmount: 12,
    });
    const { page, failures } = await openPage(payer, pageUrl);

    await screen(page, "connect");
    await expect(page.locator("#kassa-schedule").textContent()).resolves.toBe(
      "20 USD in KTT (at most 12 KTT) every 30 days, 12 times, cancel any time",
    );
    await expect(page.locator("#kassa-total").textContent()).resolves.toBe("at most 144 KTT");
    await page.getByRole("button", { name: /Kassa Test Wallet/ }).click();
    await screen(page, "review");
    await page.locator("#kassa-subscribe").click();
    await screen(page, "active");
    // Kassa accepted the payer's signature of the schedule as it stores it: variableAmount, 12 tokens at most.
    expect((await shown(id)).status).toBe("ACTIVE");
    await expect(allowance(payer.address)).resolves.toBe(144n * TOKENS);
    expect(failures).toEqual([]);
  });

  it("in Korean: an allowance is raised by the schedule on top, a declined signature is an error in words, and trying again subscribes", async () => {
    const payer = await fundedPayer(5n * TOKENS);
    const { id, pageUrl } = await createSubscription("subscribe-page-2");
    const { page, wallet } = await openPage(payer, `${pageUrl}?lang=ko`);

    await screen(page, "connect");
    await expect(page.locator("#kassa-schedule").textContent()).resolves.toBe(
      "30일마다 10 KTT, 12회, 언제든 해지 가능",
    );
    wallet?.rejectNext("eth_signTypedData_v4");
    await page.locator("button.wallet").first().click();
    await screen(page, "review");
    await page.locator("#kassa-subscribe").click();
    await screen(page, "error");
    await expect(page.getByRole("alert").textContent()).resolves.toBe(
      "지갑에서 요청을 거절했습니다. 결제된 금액은 없습니다.",
    );
    // The approve went through before the refusal (the 5 the wallet allowed stay); the subscription still waits.
    await expect(allowance(payer.address)).resolves.toBe(125n * TOKENS);
    expect((await shown(id)).status).toBe("PENDING");

    await page.getByRole("button", { name: "다시 시도" }).click();
    await screen(page, "connect");
    await page.locator("button.wallet").first().click();
    await screen(page, "review");
    // This page raised the allowance already: only the signature is asked the second time.
    await expect(
      page.locator(".step").evaluateAll((steps) => steps.map((step) => step.getAttribute("data-step"))),
    ).resolves.toEqual(["sign"]);
    await page.locator("#kassa-subscribe").click();
    await screen(page, "active");
    expect((await shown(id)).status).toBe("ACTIVE");
    expect(wallet?.sentTransactions).toHaveLength(1);
    await expect(allowance(payer.address)).resolves.toBe(125n * TOKENS);
  });

  it("clears a USDT-style allowance to 0 before raising it by the schedule", async () => {
    const payer = (await env.payer()).account as PrivateKeyAccount;
    await chain.mint(real.usdt, payer.address, parseUnits("50", 6));
    // USDT refuses to change a non-zero allowance to another non-zero one.
    await real.approve(payer, real.usdt, chain.gateway, parseUnits("1", 6));
    const { id, pageUrl } = await createSubscription("subscribe-page-usdt", {
      tokenAddress: real.usdt,
      amount: 2,
      charges: 3,
      periodSeconds: 7 * 86_400,
    });
    const { page, wallet, failures } = await openPage(payer, pageUrl);
    await screen(page, "connect");
    await expect(page.locator("#kassa-schedule").textContent()).resolves.toBe(
      "2 USDT every 7 days, 3 times, cancel any time",
    );
    await page.getByRole("button", { name: /Kassa Test Wallet/ }).click();
    await screen(page, "review");
    await expect(
      page.locator(".step").evaluateAll((steps) => steps.map((step) => step.getAttribute("data-step"))),
    ).resolves.toEqual(["reset", "approve", "sign"]);
    await page.locator("#kassa-subscribe").click();
    await screen(page, "active");
    expect((await shown(id)).status).toBe("ACTIVE");
    // approve(0), then approve(1 + 2 x 3): what the wallet allowed before stays.
    expect(wallet?.sentTransactions).toHaveLength(2);
    await expect(allowance(payer.address, real.usdt)).resolves.toBe(parseUnits("7", 6));
    expect(failures).toEqual([]);
  });

  it("a second subscription keeps what the first needs; a subscription named for another wallet asks nothing", async () => {
    const payer = await fundedPayer(0n);
    const first = await createSubscription("subscribe-page-first");
    const second = await createSubscription("subscribe-page-second", { amount: 2, charges: 3 });
    const { page, wallet, failures } = await openPage(payer, first.pageUrl);
    for (const { pageUrl } of [first, second]) {
      await page.goto(pageUrl);
      await screen(page, "connect");
      await page.getByRole("button", { name: /Kassa Test Wallet/ }).click();
      await screen(page, "review");
      await page.locator("#kassa-subscribe").click();
      await screen(page, "active");
    }
    // 10 x 12 for the first, then 2 x 3 on top of it (an exact approve would have left 6).
    await expect(allowance(payer.address)).resolves.toBe(126n * TOKENS);
    expect((await shown(first.id)).status).toBe("ACTIVE");
    expect((await shown(second.id)).status).toBe("ACTIVE");

    const someoneElse = await env.payer();
    const named = await createSubscription("subscribe-page-named", {
      payerAddress: someoneElse.account.address,
    });
    const sent = wallet?.sentTransactions.length;
    await page.goto(named.pageUrl);
    await screen(page, "connect");
    await page.getByRole("button", { name: /Kassa Test Wallet/ }).click();
    await screen(page, "error");
    await expect(page.getByRole("alert").textContent()).resolves.toBe(
      `This subscription is for the wallet ${someoneElse.account.address}. Choose that wallet to sign it; nothing was asked of this one.`,
    );
    expect(wallet?.sentTransactions.length).toBe(sent);
    expect((await shown(named.id)).status).toBe("PENDING");
    expect(failures).toEqual([]);
  });

  it("says so for an unknown subscription", async () => {
    const payer = await fundedPayer(0n);
    const { page } = await openPage(payer, `${new URL(env.t.baseUrl).origin}/subscribe/sub_unknown`);
    await screen(page, "error");
    await expect(page.getByRole("alert").textContent()).resolves.toBe("There is no such subscription.");
  });
});
