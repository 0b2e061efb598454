import { paymentGatewayAbi } from "@kassa/contracts";
import { anvilAccount, anvilPrivateKeys } from "@kassa/contracts/dev";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  balanceOf,
  browserUnavailable,
  launchChromium,
  openSession,
  pageFailures,
  screen,
  screenshot,
  SHOP,
  startMerchantSite,
  startSiblingApp,
  startTestApp,
  startTestChain,
  type Browser,
  type MerchantSite,
  type Page,
  type PayerSession,
  type TestApp,
  type TestChain,
} from "@kassa/server/harness";
import { createPayment, paymentStatus, waitForStatus, widgetUrl } from "./support.js";

const TOKENS = 10n ** 18n;

let chain: TestChain;
let t: TestApp;
let browser: Browser;
/** Added to the app's clock; the expired test creates a payment in the past. */
let clockOffsetMs = 0;
const sessions: PayerSession[] = [];

beforeAll(async () => {
  if (browserUnavailable) return;
  chain = await startTestChain({ defaultFeeBps: 100 });
  t = await startTestApp(chain, { now: () => new Date(Date.now() + clockOffsetMs) });
  browser = await launchChromium();
  for (const index of [5, 7])
    await chain.mint(chain.tokens.permit18, anvilAccount(index).address, 1_000n * TOKENS);
});
afterEach(async () => {
  for (const session of sessions.splice(0)) await session.context.close();
});
afterAll(async () => {
  await browser?.close();
  await t?.close();
  await chain?.stop();
});

async function session(...args: Parameters<typeof openSession>): Promise<PayerSession> {
  const opened = await openSession(...args);
  sessions.push(opened);
  return opened;
}

describe.skipIf(browserUnavailable)("direct payment in the widget", () => {
  it("pays with a permit signature and one pay() transaction, waits for PAID and redirects with status=success", async () => {
    const payment = await createPayment(t, { amount: 25.5 });
    const payer = anvilAccount(5);
    const { page, wallet } = await session(browser, { chain, account: payer });
    const failures = pageFailures(page);
    const [recipientBefore, payerBefore] = await Promise.all([
      balanceOf(chain, t.token, payment.recipientAddress),
      balanceOf(chain, t.token, payer.address),
    ]);

    await page.goto(widgetUrl(t, { paymentId: payment.paymentId }));
    await screen(page, "connect");
    await expect(page.locator(".merchant").textContent()).resolves.toContain("Test shop");
    await expect(page.locator(".amount").textContent()).resolves.toMatch(/25\.5\s*KTT/);
    await expect(page.locator("#kassa-network").textContent()).resolves.toBe("Anvil");
    await expect(page.locator('link[rel="icon"]').getAttribute("href")).resolves.toMatch(
      /^data:image\/svg\+xml,/,
    );
    await screenshot(page, "connect");

    await page.getByRole("button", { name: /Kassa Test Wallet/ }).click();
    // The relayer is not configured in this app, but the endpoint exists: gasless is offered first.
    await screen(page, "review-gasless");
    await expect(page.locator(".hint").textContent()).resolves.toBe(
      "No network fee: you only sign, and a relayer sends the payment.",
    );
    await page.locator("#kassa-direct").click();
    await screen(page, "review-direct");
    await expect(page.locator(".step").count()).resolves.toBe(2);
    await expect(page.locator(".hint").textContent()).resolves.toBe(
      "You send the payment yourself and pay its network fee in ETH.",
    );
    await screenshot(page, "review-direct");
    await page.locator("#kassa-pay").click();

    await screen(page, "success");
    await screenshot(page, "success");
    await page.waitForURL((url: URL) => url.origin === SHOP && url.pathname === "/ok");
    const redirect = new URL(page.url());
    expect(Object.fromEntries(redirect.searchParams)).toEqual({
      paymentId: payment.paymentId,
      orderId: payment.orderId,
      status: "success",
    });

    // One permit signature, one transaction: the payer's pay() with the permit.
    expect(wallet!.methods().filter((m) => m === "eth_signTypedData_v4")).toHaveLength(1);
    expect(wallet!.sentTransactions).toHaveLength(1);
    const amount = BigInt(payment.amount);
    const fee = (amount * 100n) / 10_000n;
    expect((await balanceOf(chain, t.token, payment.recipientAddress)) - recipientBefore).toBe(amount - fee);
    expect(payerBefore - (await balanceOf(chain, t.token, payer.address))).toBe(amount);
    const paid = await paymentStatus(t, payment.paymentId);
    expect(paid).toMatchObject({ status: "PAID", txHash: wallet!.sentTransactions[0] });
    expect(paid.payerAddress?.toLowerCase()).toBe(payer.address.toLowerCase());
    // A normal payment costs the payer's browser no failed request (no relay asked for that does not
    // exist, no missing icon) and no console error.
    expect(failures).toEqual([]);
  });

  it("falls back to paying directly when the relayer is not configured, reusing the permit", async () => {
    const payment = await createPayment(t, { amount: 3 });
    const { page, wallet } = await session(browser, { chain, account: anvilAccount(5) });
    await page.goto(widgetUrl(t, { paymentId: payment.paymentId }));
    await page.getByRole("button", { name: /Kassa Test Wallet/ }).click();
    await screen(page, "review-gasless");
    await page.locator("#kassa-pay").click();
    await screen(page, "gasless-unavailable");
    await screenshot(page, "gasless-unavailable");
    await page.locator("#kassa-direct").click();
    await screen(page, "review-direct");
    await page.locator("#kassa-pay").click();
    await screen(page, "success");

    // Permit + ForwardRequest signed for the relay attempt; the permit is reused for pay().
    expect(wallet!.methods().filter((m) => m === "eth_signTypedData_v4")).toHaveLength(2);
    expect(wallet!.sentTransactions).toHaveLength(1);
    await expect(waitForStatus(t, payment.paymentId, "PAID")).resolves.toMatchObject({
      txHash: wallet!.sentTransactions[0],
    });
  });

  it("ends on its own completion screen for service:none, with no cancel button and no redirect", async () => {
    const payment = await createPayment(t, {
      amount: 1,
      successUrl: "service:none",
      failUrl: "service:none",
    });
    const { page, wallet } = await session(browser, { chain, account: anvilAccount(5) });
    await page.goto(widgetUrl(t, { paymentId: payment.paymentId }));
    await screen(page, "connect");
    await expect(page.locator("#kassa-cancel").count()).resolves.toBe(0);
    await page.getByRole("button", { name: /Kassa Test Wallet/ }).click();
    await screen(page, "review-gasless");
    await page.locator("#kassa-direct").click();
    await screen(page, "review-direct");
    await page.locator("#kassa-pay").click();
    await screen(page, "success");
    await screenshot(page, "success-service-none");
    await expect(page.getByText("You can close this window now.").count()).resolves.toBe(1);
    await expect(page.locator("#kassa-return").count()).resolves.toBe(0);
    expect(new URL(page.url()).pathname).toBe("/widget");
    await expect(waitForStatus(t, payment.paymentId, "PAID")).resolves.toMatchObject({
      txHash: wallet!.sentTransactions[0],
    });
  });

  it("shows a declined signature and lets the payer try again", async () => {
    const payment = await createPayment(t, { amount: 2 });
    const { page, wallet } = await session(browser, {
      chain,
      account: anvilAccount(5),
      reject: ["eth_signTypedData_v4"],
    });
    await page.goto(widgetUrl(t, { paymentId: payment.paymentId }));
    await page.getByRole("button", { name: /Kassa Test Wallet/ }).click();
    await screen(page, "review-gasless");
    await page.locator("#kassa-direct").click();
    await screen(page, "review-direct");
    await page.locator("#kassa-pay").click();
    await screen(page, "rejected");
    await screenshot(page, "rejected");
    expect(wallet!.sentTransactions).toHaveLength(0);
    await expect(paymentStatus(t, payment.paymentId)).resolves.toMatchObject({ status: "CREATED" });

    await page.locator("#kassa-retry").click();
    await screen(page, "review-direct");
    await page.locator("#kassa-pay").click();
    await screen(page, "success");
    await waitForStatus(t, payment.paymentId, "PAID");
  });
});

describe.skipIf(browserUnavailable)("screens that stop the payment", () => {
  it("creates the payment from the embed parameters, speaks Korean, and closes to failUrl with status=closed", async () => {
    const orderId = `close-${Date.now()}`;
    const { page } = await session(browser, { chain, account: anvilAccount(5) });
    await page.goto(
      widgetUrl(t, {
        orderId,
        amount: "4.2",
        tokenAddress: t.token,
        successUrl: `${SHOP}/ok`,
        failUrl: `${SHOP}/fail?cart=7`,
        lang: "ko",
      }),
    );
    await screen(page, "connect");
    await expect(page.locator("h1").textContent()).resolves.toBe("지갑 연결");
    await expect(page.locator("html").getAttribute("lang")).resolves.toBe("ko");
    // Every visible text is Korean, the footer too; no English word is left but names and symbols.
    const visible = (await page.locator("main").innerText()).replace(
      /Kassa|Test shop|Anvil|KTT|Test Wallet/g,
      "",
    );
    expect(visible).not.toMatch(/[A-Za-z]{3,}/);
    await screenshot(page, "connect-ko");
    // A reload shows the same payment rather than creating the order again.
    const paymentId = new URL(page.url()).searchParams.get("paymentId");
    expect(paymentId).toMatch(/^0x[0-9a-f]{64}$/);
    await page.reload();
    await screen(page, "connect");

    await page.getByRole("button", { name: /Kassa Test Wallet/ }).click();
    await screen(page, "review-gasless");
    await expect(page.locator(".hint").textContent()).resolves.toBe(
      "네트워크 수수료 없음: 서명만 하면 릴레이어가 결제를 전송합니다.",
    );
    await page.locator("#kassa-direct").click();
    await screen(page, "review-direct");
    await expect(page.locator(".hint").textContent()).resolves.toBe(
      "직접 결제를 전송하고 네트워크 수수료를 ETH(으)로 지불합니다.",
    );

    await page.getByRole("button", { name: "결제 취소" }).click();
    await page.waitForURL((url: URL) => url.origin === SHOP && url.pathname === "/fail");
    expect(Object.fromEntries(new URL(page.url()).searchParams)).toEqual({
      cart: "7",
      paymentId,
      orderId,
      status: "closed",
    });
    await expect(paymentStatus(t, paymentId!)).resolves.toMatchObject({ status: "CREATED" });
  });

  it("tells the payer of a checkout with a wrong public key to contact the shop, with nothing to retry", async () => {
    const payment = await createPayment(t, { amount: 1 });
    const { page } = await session(browser, { chain, account: anvilAccount(5) });
    await page.goto(widgetUrl(t, { paymentId: payment.paymentId }, `pk_${"0".repeat(32)}`));
    await screen(page, "error");
    await expect(page.getByRole("alert").textContent()).resolves.toBe(
      "This checkout is not set up correctly. Please contact the shop.",
    );
    await expect(page.locator("section.screen button").count()).resolves.toBe(0);
  });

  it("shows an expired payment and sends the payer back to failUrl with status=fail", async () => {
    clockOffsetMs = -6 * 60 * 1000;
    const payment = await createPayment(t, { amount: 1 }).finally(() => (clockOffsetMs = 0));
    const { page, wallet } = await session(browser, { chain, account: anvilAccount(5) });
    await page.goto(widgetUrl(t, { paymentId: payment.paymentId }));
    await screen(page, "expired");
    await screenshot(page, "expired");
    await expect(page.locator("#kassa-cancel").count()).resolves.toBe(0);
    await page.locator("#kassa-return").click();
    await page.waitForURL((url: URL) => url.origin === SHOP && url.pathname === "/fail");
    expect(new URL(page.url()).searchParams.get("status")).toBe("fail");
    expect(wallet!.calls).toHaveLength(0);
    await expect(paymentStatus(t, payment.paymentId)).resolves.toMatchObject({ status: "EXPIRED" });
  });

  it("shows a payment past its expiry whose transaction is mined but not final as confirming, not expired", async () => {
    clockOffsetMs = -6 * 60 * 1000;
    const payment = await createPayment(t, { amount: 1 }).finally(() => (clockOffsetMs = 0));
    // What the chain watcher records when it reads the pay transaction above the final block.
    const seenTxHash = `0x${"ab".repeat(32)}`;
    await t.database.db
      .updateTable("payments")
      .set({ seen_tx_hash: seenTxHash, seen_block_number: 1n, seen_at: new Date() })
      .where("payment_id", "=", payment.paymentId)
      .execute();
    const { page, wallet } = await session(browser, { chain, account: anvilAccount(5) });
    await page.goto(widgetUrl(t, { paymentId: payment.paymentId }));
    await screen(page, "confirming");
    await expect(page.locator(".tx code").getAttribute("title")).resolves.toBe(seenTxHash);
    expect(wallet!.calls).toHaveLength(0);
    await expect(paymentStatus(t, payment.paymentId)).resolves.toMatchObject({
      status: "CREATED",
      seenTxHash,
    });
  });

  it("tells the payer the balance is short, and goes on once the wallet holds enough", async () => {
    const payment = await createPayment(t, { amount: 50 });
    const payer = anvilAccount(6);
    const { page, wallet } = await session(browser, { chain, account: payer });
    await page.goto(widgetUrl(t, { paymentId: payment.paymentId }));
    await page.getByRole("button", { name: /Kassa Test Wallet/ }).click();
    await screen(page, "insufficient");
    await expect(page.getByRole("alert").textContent()).resolves.toMatch(/holds 0 KTT.*needs 50 KTT/);
    await screenshot(page, "insufficient-balance");
    expect(wallet!.sentTransactions).toHaveLength(0);
    await expect(balanceOf(chain, t.token, payer.address)).resolves.toBe(0n);

    await chain.mint(chain.tokens.permit18, payer.address, 50n * TOKENS);
    await page.locator("#kassa-check-again").click();
    await screen(page, "review-gasless");
    await expect(paymentStatus(t, payment.paymentId)).resolves.toMatchObject({ status: "CREATED" });
  });

  it("asks the wallet to switch to the payment's network, then pays", async () => {
    const payment = await createPayment(t, { amount: 1.5 });
    const { page, wallet } = await session(browser, { chain, account: anvilAccount(5), startChainId: 1 });
    await page.goto(widgetUrl(t, { paymentId: payment.paymentId }));
    await page.getByRole("button", { name: /Kassa Test Wallet/ }).click();
    await screen(page, "wrong-network");
    await screenshot(page, "wrong-network");
    await page.locator("#kassa-switch").click();
    await screen(page, "review-gasless");
    expect(wallet!.chainId).toBe(chain.chainId);
    expect(wallet!.methods()).toContain("wallet_switchEthereumChain");
    await page.locator("#kassa-direct").click();
    await screen(page, "review-direct");
    await page.locator("#kassa-pay").click();
    await screen(page, "success");
    await waitForStatus(t, payment.paymentId, "PAID");
  });

  it("says in words, on a phone, why the wallet would not send the payment, and pays once it can", async () => {
    const payment = await createPayment(t, { amount: 4 });
    const { page, wallet } = await session(
      browser,
      { chain, account: anvilAccount(5) },
      { viewport: { width: 360, height: 720 } },
    );
    await page.goto(widgetUrl(t, { paymentId: payment.paymentId }));
    await page.getByRole("button", { name: /Kassa Test Wallet/ }).click();
    await screen(page, "review-gasless");
    await page.locator("#kassa-direct").click();
    await screen(page, "review-direct");
    // The gateway's owner pauses it: the wallet finds the revert (EnforcedPause) when it estimates pay().
    const pause = async (functionName: "pause" | "unpause") =>
      chain.publicClient.waitForTransactionReceipt({
        hash: await chain.deployer.writeContract({
          address: chain.gateway,
          abi: paymentGatewayAbi,
          functionName,
        }),
      });
    await pause("pause");
    try {
      await page.locator("#kassa-pay").click();
      await screen(page, "tx-failed");
      expect(await page.getByRole("alert").textContent()).toBe(
        "Nothing was paid. Kassa's payment contract is paused for now. Try again later.",
      );
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await screenshot(page, "tx-reverted");
      expect(wallet!.sentTransactions).toHaveLength(0);
    } finally {
      await pause("unpause");
    }
    await page.locator("#kassa-retry").click();
    await screen(page, "review-direct");
    await page.locator("#kassa-pay").click();
    await screen(page, "success");
  });

  it("fits a phone screen", async () => {
    const payment = await createPayment(t, { amount: 7 });
    const { page } = await session(
      browser,
      { chain, account: anvilAccount(5) },
      { viewport: { width: 360, height: 720 } },
    );
    await page.goto(widgetUrl(t, { paymentId: payment.paymentId }));
    await screen(page, "connect");
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(page, "mobile-connect");
  });
});

describe.skipIf(browserUnavailable)("the embed script", () => {
  let merchant: MerchantSite;
  beforeAll(async () => {
    merchant = await startMerchantSite();
  });
  afterAll(async () => {
    await merchant?.close();
  });
  /** Opens the merchant's checkout page, which loads widget.js from Kassa and calls Kassa.open on a click. */
  async function openCheckout(page: Page, options: object): Promise<void> {
    merchant.html =
      `<!doctype html><title>Shop</title><script src="${new URL(t.baseUrl).origin}/widget.js"></script>` +
      `<button id="pay" onclick='window.handle = Kassa.open(${JSON.stringify(options)})'>Pay</button>`;
    await page.goto(`${merchant.origin}/checkout`);
    // widget.js ran (a blocked script would otherwise surface only as a click that opens nothing).
    await expect(
      page.evaluate(() => typeof (window as { Kassa?: { open?: unknown } }).Kassa?.open),
    ).resolves.toBe("function");
  }

  it("opens a popup and sends the shop to failUrl with status=closed when the payer closes it", async () => {
    const orderId = `popup-${Date.now()}`;
    const options = {
      publicKey: t.merchant.publicKey,
      orderId,
      amount: 2,
      tokenAddress: t.token,
      successUrl: `${SHOP}/ok`,
      failUrl: `${SHOP}/fail`,
      mode: "popup",
    };
    const { page, context } = await session(browser, { chain, account: anvilAccount(5) });
    await openCheckout(page, options);
    const [popup] = await Promise.all([context.waitForEvent("page"), page.locator("#pay").click()]);
    await screen(popup, "connect");
    await popup.close();
    await page.waitForURL((url: URL) => url.pathname === "/fail");
    const params = new URL(page.url()).searchParams;
    expect(params.get("status")).toBe("closed");
    expect(params.get("orderId")).toBe(orderId);
    expect(params.get("paymentId")).toMatch(/^0x[0-9a-f]{64}$/);
  });

  it("pays in an iframe overlay and sends the shop to successUrl with status=success", async () => {
    const payment = await createPayment(t, { amount: 1 });
    const options = { publicKey: t.merchant.publicKey, paymentId: payment.paymentId, mode: "iframe" };
    const { page } = await session(browser, { chain, account: anvilAccount(7) });
    await openCheckout(page, options);
    await page.locator("#pay").click();
    const frame = page.frameLocator('iframe[title="Kassa payment"]');
    await frame.getByRole("button", { name: /Kassa Test Wallet/ }).click();
    await frame.locator("#kassa-direct").click();
    await frame.locator('section.screen[data-screen="review-direct"] #kassa-pay').click();
    await page.waitForURL((url: URL) => url.pathname === "/ok", { timeout: 30_000 });
    expect(Object.fromEntries(new URL(page.url()).searchParams)).toEqual({
      paymentId: payment.paymentId,
      orderId: payment.orderId,
      status: "success",
    });
    await waitForStatus(t, payment.paymentId, "PAID");
  });
});

describe.skipIf(browserUnavailable)("the dev wallet of `kassa dev`", () => {
  it("pays with a funded local account when the app offers it", async () => {
    const payer = anvilAccount(8);
    await chain.mint(chain.tokens.permit18, payer.address, 10n * TOKENS);
    const dev = await startSiblingApp(t, chain, {
      widget: {
        devWallet: {
          rpcUrl: chain.rpcUrl,
          chainId: chain.chainId,
          accounts: [{ privateKey: anvilPrivateKeys[8], label: "Payer 1" }],
        },
      },
    });
    const { context, page } = await session(browser, undefined);
    try {
      const payment = await createPayment(t, { amount: 5 });
      await page.goto(
        `${dev.origin}/widget?publicKey=${t.merchant.publicKey}&paymentId=${payment.paymentId}`,
      );
      await screen(page, "connect");
      await screenshot(page, "connect-dev-wallet");
      await page.getByRole("button", { name: /Dev wallet: Payer 1/ }).click();
      await screen(page, "review-gasless");
      await page.locator("#kassa-direct").click();
      await screen(page, "review-direct");
      await page.locator("#kassa-pay").click();
      await screen(page, "success");
      const paid = await waitForStatus(t, payment.paymentId, "PAID");
      expect(paid.payerAddress?.toLowerCase()).toBe(payer.address.toLowerCase());
    } finally {
      // First the page: a keep-alive connection it holds to the sibling server would keep close() waiting.
      await context.close();
      await dev.close();
    }
  });
});
