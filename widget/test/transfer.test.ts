import { anvilAccount } from "@kassa/contracts/dev";
import { parseUnits, type Address } from "viem";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  browserUnavailable,
  closeTransferWindow,
  deliveredWebhook,
  expirePaymentsPastDeadline,
  launchChromium,
  openSession,
  pageFailures,
  screen,
  screenshot,
  sendTransfer,
  SHOP,
  startDepositEnv,
  waitForDepositTransfer,
  type Browser,
  type DepositEnv,
  type Page,
  type PayerSession,
  type TestApp,
  type TestChain,
  type TestWalletClient,
} from "@kassa/server/harness";
import { qrModules } from "../src/qr.js";
import { createPayment as createShopPayment, widgetUrl } from "./support.js";

/**
 * Paying by transfer in the widget (issues 27 and 40), one story per test: exact, short then topped up, over,
 * the window over with money at the address, and the wallet path that must not pay twice. The payer reads the
 * deposit address and the amount off the page; another wallet (as an exchange's withdrawal would) sends a plain
 * ERC-20 transfer, not through the page; Kassa's watcher settles the payment. Kassa with transfers on, its
 * worker and anvil; the test token has 18 decimals.
 */

let env: DepositEnv;
let chain: TestChain;
let t: TestApp;
/** The exchange: a wallet the page never sees. */
let exchange: TestWalletClient;
let browser: Browser;
const sessions: PayerSession[] = [];

beforeAll(async () => {
  if (browserUnavailable) return;
  env = await startDepositEnv({ publicBaseUrl: "https://pay.kassa.test" });
  ({ chain, t } = env);
  exchange = env.sender;
  browser = await launchChromium();
});
afterEach(async () => {
  for (const session of sessions.splice(0)) await session.context.close();
});
afterAll(async () => {
  await browser?.close();
  await env?.stop();
});

type SessionOptions = NonNullable<Parameters<typeof openSession>[2]>;

async function session(
  wallet: Parameters<typeof openSession>[1] = undefined,
  options: SessionOptions = {},
): Promise<PayerSession> {
  const opened = await openSession(browser, wallet, options);
  sessions.push(opened);
  return opened;
}

/**
 * A payment link of a fixed amount of the test token. The success screens stay (no redirect), so a test reads
 * them at leisure.
 */
async function createLink(amount: number): Promise<{ id: string }> {
  const response = await t.request("/payment-links", {
    method: "POST",
    headers: { "x-api-key": t.merchant.apiKey },
    json: {
      title: "Espresso beans, 1 kg",
      amount,
      tokenAddress: t.token,
      successUrl: "service:none",
      failUrl: "service:none",
    },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.data;
}

/** Opens the link's page, presses Pay, and chooses the transfer path in the widget. */
async function openLinkTransfer(linkId: string, options: SessionOptions = {}): Promise<Page> {
  const { page } = await session(undefined, options);
  await page.goto(`${t.baseUrl.replace(/\/api\/v1$/, "")}/pay/${linkId}`);
  await page.locator('button[type="submit"]').click();
  await screen(page, "connect");
  await page.locator("#kassa-transfer").click();
  await screen(page, "transfer");
  return page;
}

/** Opens the widget on a payment the shop created, and chooses the transfer path. */
async function openWidgetTransfer(
  paymentId: string,
  options: SessionOptions & { lang?: string } = {},
): Promise<Page> {
  const { lang, ...sessionOptions } = options;
  const { page } = await session(undefined, sessionOptions);
  await page.goto(widgetUrl(t, { paymentId, ...(lang ? { lang } : {}) }));
  await screen(page, "connect");
  await page.locator("#kassa-transfer").click();
  await screen(page, "transfer");
  return page;
}

/** What the payer reads off the transfer screen: where to send, and how much (token units). */
async function readTransfer(page: Page): Promise<{ to: Address; amount: string }> {
  const to = (await page.locator("#kassa-deposit-address").textContent()) as Address;
  const amount = (await page.locator("#kassa-transfer-amount").textContent()) ?? "";
  return { to, amount };
}

const text = async (page: Page, selector: string) => (await page.locator(selector).textContent()) ?? "";

/** The dark modules the page's QR code draws: equal to the encoding of exactly `expected`, or not. */
async function expectQrOf(page: Page, expected: string): Promise<void> {
  await expect(page.locator(".qr-box svg path").getAttribute("d")).resolves.toBe(qrModules(expected).path);
}

function paymentIdOf(page: Page): string {
  const paymentId = new URL(page.url()).searchParams.get("paymentId");
  expect(paymentId).toMatch(/^0x[0-9a-f]{64}$/);
  return paymentId as string;
}

async function publicPayment(paymentId: string) {
  const response = await t.request(`/payments/${paymentId}`, {
    headers: { "x-public-key": t.merchant.publicKey },
  });
  expect(response.status).toBe(200);
  return response.body.data as {
    depositAddress: Address;
    transferUri: string;
    transferExpiresAt: string;
    status: string;
    amountReceived: string;
    overpaidAmount: string;
  };
}

/** A payment a shop created, ending on the widget's own success screen; "Back to the shop" goes to its cart. */
const createPayment = (amount: number) =>
  createShopPayment(t, { amount, successUrl: "service:none", failUrl: `${SHOP}/cart` });

const send = (to: Address, amount: string) =>
  sendTransfer(chain, exchange, { token: t.token as Address, to, amount: parseUnits(amount, 18) });

/** The window's end as the payer's browser in `timeZone` must show it: its hour, minute and zone name. */
function deadlineParts(iso: string, locale: string, timeZone: string) {
  const parts = new Intl.DateTimeFormat(locale, {
    hour: "numeric",
    minute: "2-digit",
    timeZone,
    timeZoneName: "long",
  }).formatToParts(new Date(iso));
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  return { time: `${part("hour")}:${part("minute")}`, zone: part("timeZoneName") };
}

describe.skipIf(browserUnavailable)("paying by transfer in the widget", () => {
  it("exact: says what to send, where, on which chain and until when in the payer's zone, named; the QR holds the request or the address; the transfer ends on the success screen", async () => {
    const link = await createLink(12.5);
    const page = await openLinkTransfer(link.id, { timezoneId: "America/New_York" });
    const failures = pageFailures(page);
    const paymentId = paymentIdOf(page);
    const record = await publicPayment(paymentId);

    const { to, amount } = await readTransfer(page);
    expect(to).toBe(record.depositAddress);
    expect(amount).toBe("12.5");
    await expect(text(page, "#kassa-transfer-step")).resolves.toBe(
      "Send exactly 12.5 KTT on Anvil to the address below, from any wallet or exchange.",
    );
    const facts = await text(page, "dl.transfer");
    expect(facts).toContain(t.token);
    expect(facts).toContain(`chain id ${chain.chainId}`);
    const until = await text(page, "#kassa-transfer-until");
    const expected = deadlineParts(record.transferExpiresAt, "en", "America/New_York");
    expect(until).toContain(expected.time);
    expect(until.endsWith(expected.zone)).toBe(true);
    expect(expected.zone).toMatch(/^Eastern (Standard|Daylight) Time$/);
    // The countdown runs to the end of the transfer window (60 minutes), not the wallet path's 5.
    await expect(text(page, ".countdown")).resolves.toMatch(/^(59|60):\d\d$/);
    await expect(text(page, "#kassa-transfer-progress.waiting")).resolves.toBe(
      "Waiting for your transfer. This page changes by itself when it arrives.",
    );
    // Nothing has arrived and the wallet path's time is not over: it is offered, with its warning.
    await expect(page.locator("#kassa-wallet-path").count()).resolves.toBe(1);
    await expect(text(page, ".transfer-choice")).resolves.toContain("would pay twice");

    // The QR code holds the EIP-681 request, or, for a wallet that cannot read one, the address alone.
    await expectQrOf(page, record.transferUri);
    await expect(page.locator("#kassa-qr-request").getAttribute("aria-pressed")).resolves.toBe("true");
    await screenshot(page, "transfer");
    await page.locator("#kassa-qr-address").click();
    await expectQrOf(page, record.depositAddress);
    await expect(page.locator(".qr-box svg").getAttribute("aria-label")).resolves.toBe(
      "QR code of the address above",
    );
    await expect(text(page, "#kassa-qr-note")).resolves.toBe(
      "For a wallet or exchange app that cannot read payment requests: it fills in the address only. Choose KTT on Anvil and type the amount yourself.",
    );
    await page.locator("#kassa-qr-request").click();
    await expectQrOf(page, record.transferUri);

    expect((await send(to, amount)).status).toBe("success");
    await screen(page, "success");
    await expect(text(page, ".screen")).resolves.toContain("You paid 12.5 KTT to Test shop.");
    await expect(text(page, ".screen")).resolves.not.toContain("more than the amount");
    await screenshot(page, "transfer-paid");
    const paid = await deliveredWebhook(env.receiver, paymentId, "payment.paid");
    expect(paid.payload).toMatchObject({
      paidVia: "transfer",
      amountReceived: parseUnits("12.5", 18).toString(),
    });
    expect(failures).toEqual([]);
  });

  it("short then topped up: asks only for the rest (amount, QR), says what arrived, no longer offers the wallet's payment of the whole amount, and the top-up pays it", async () => {
    const link = await createLink(20);
    const page = await openLinkTransfer(link.id);
    const failures = pageFailures(page);
    const paymentId = paymentIdOf(page);
    const record = await publicPayment(paymentId);
    const first = await readTransfer(page);
    expect(first.amount).toBe("20");
    await expect(page.locator("#kassa-wallet-path").count()).resolves.toBe(1);

    // An exchange that deducted its fee from the withdrawal: 19.25 arrives.
    await send(first.to, "19.25");
    const progress = page.locator("#kassa-transfer-progress.short");
    await progress.waitFor({ timeout: 30_000 });
    await expect(progress.textContent()).resolves.toBe(
      "Received 19.25 of 20 KTT. The payment is complete when the rest arrives.",
    );
    // Read out too, for a payer who cannot see the screen change.
    await expect
      .poll(() => text(page, "#kassa-live"))
      .toBe("Received 19.25 of 20 KTT. The payment is complete when the rest arrives.");
    await expect(text(page, "#kassa-transfer-step")).resolves.toBe(
      "Send the remaining 0.75 KTT on Anvil to the same address, from any wallet or exchange.",
    );
    const rest = await readTransfer(page);
    expect(rest).toEqual({ to: first.to, amount: "0.75" });
    await expectQrOf(page, record.transferUri.replace(/uint256=\d+/, `uint256=${parseUnits("0.75", 18)}`));
    await expect(page.locator(".qr-box svg").getAttribute("aria-label")).resolves.toBe(
      "QR code of the payment request: 0.75 KTT to the address above",
    );
    // The whole screen tells one story: nothing asks for the whole amount any more, but the total it is part of.
    const screenText = await text(page, ".screen");
    expect(screenText).not.toMatch(/Send exactly|\b20 KTT on/);
    await expect(page.locator("#kassa-wallet-path").count()).resolves.toBe(0);
    expect(screenText).toContain(
      "Paying with a wallet is no longer offered: it would charge the whole 20 KTT again",
    );
    await screenshot(page, "transfer-short");

    await send(rest.to, rest.amount);
    await screen(page, "success");
    await expect(text(page, ".screen")).resolves.toContain("You paid 20 KTT to Test shop.");
    const paid = await deliveredWebhook(env.receiver, paymentId, "payment.paid");
    expect(paid.payload).toMatchObject({
      paidVia: "transfer",
      amountReceived: parseUnits("20", 18).toString(),
    });
    expect(failures).toEqual([]);
  });

  it("over, in Korean on a phone in Seoul: the deadline in Korean Standard Time, and the success screen says what was sent beyond the amount and who can send it back", async () => {
    const payment = await createPayment(25);
    const page = await openWidgetTransfer(payment.paymentId, {
      lang: "ko",
      locale: "ko-KR",
      timezoneId: "Asia/Seoul",
      viewport: { width: 360, height: 720 },
    });
    const failures = pageFailures(page);
    const record = await publicPayment(payment.paymentId);
    await expect(text(page, "#kassa-transfer-step")).resolves.toBe(
      "Anvil의 KTT 25을(를) 아래 주소로 정확히 보내세요. 어떤 지갑이나 거래소에서도 보낼 수 있습니다.",
    );
    const until = await text(page, "#kassa-transfer-until");
    const expected = deadlineParts(record.transferExpiresAt, "ko", "Asia/Seoul");
    expect(expected.zone).toBe("한국 표준시");
    expect(until.endsWith(expected.zone)).toBe(true);
    expect(until).toContain(expected.time);
    // The address-only code, remembered for the next payment of this browser.
    await page.locator("#kassa-qr-address").click();
    await expectQrOf(page, record.depositAddress);
    await expect(page.evaluate(() => localStorage.getItem("kassa:transfer-qr"))).resolves.toBe("address");
    await screenshot(page, "transfer-ko");

    const { to } = await readTransfer(page);
    await send(to, "30");
    await screen(page, "success");
    const body = await text(page, ".screen");
    expect(body).toContain("Test shop에 25 KTT을(를) 결제했습니다.");
    expect(body).toContain("결제 금액보다 5 KTT을(를) 더 보냈습니다.");
    await screenshot(page, "transfer-over-ko");
    await expect(publicPayment(payment.paymentId)).resolves.toMatchObject({
      status: "PAID",
      overpaidAmount: parseUnits("5", 18).toString(),
    });
    expect(failures).toEqual([]);
  });

  it("the window over with money at the address: says what arrived, that it is not lost and whom to ask, offers nothing to send or pay, and says so again after a reload and in Korean", async () => {
    const payment = await createPayment(25);
    const page = await openWidgetTransfer(payment.paymentId);
    const { to } = await readTransfer(page);
    await send(to, "10");
    await page.locator("#kassa-transfer-progress.short").waitFor({ timeout: 30_000 });

    // Both windows over (a window shorter than a test is not a setting), and the expiry run.
    await t.database.db
      .updateTable("payments")
      .set({ expires_at: new Date(Date.now() - 1_000) })
      .where("payment_id", "=", payment.paymentId)
      .execute();
    await closeTransferWindow(t.database.db, payment.paymentId);
    expect(await expirePaymentsPastDeadline(t.database.db, { paymentId: payment.paymentId })).toEqual([
      payment.paymentId,
    ]);

    const expectClosed = async (view: Page) => {
      await screen(view, "transfer-expired");
      await expect(text(view, "#kassa-transfer-progress")).resolves.toBe(
        "10 of 25 KTT reached this payment's address before the time ran out: not enough to pay it. Do not send more to that address.",
      );
      await expect(text(view, ".screen")).resolves.toContain(
        "The money is not lost: it stays at that address, and only Test shop can move it",
      );
      await expect(view.locator("#kassa-return").textContent()).resolves.toBe("Back to the shop");
      // No countdown, no cancel: there is nothing left to pay.
      await expect(view.locator(".countdown, #kassa-cancel").count()).resolves.toBe(0);
      for (const gone of [
        "#kassa-transfer-amount",
        "#kassa-deposit-address",
        ".qr-box",
        "#kassa-wallet-path",
      ])
        await expect(view.locator(gone).count()).resolves.toBe(0);
    };
    await expectClosed(page);
    await screenshot(page, "transfer-expired");
    await page.reload();
    await expectClosed(page);

    const { page: ko } = await session(undefined, { locale: "ko-KR" });
    await ko.goto(widgetUrl(t, { paymentId: payment.paymentId, lang: "ko" }));
    await screen(ko, "transfer-expired");
    await expect(text(ko, "#kassa-transfer-progress")).resolves.toContain("25 KTT 중 10 KTT");
    await screenshot(ko, "transfer-expired-ko");
  });

  it("the window over with nothing arrived: asks for nothing more, and still follows the payment, which a late transfer settles under the merchant's default settle policy", async () => {
    const payment = await createPayment(3);
    const page = await openWidgetTransfer(payment.paymentId);
    const { to } = await readTransfer(page);
    await closeTransferWindow(t.database.db, payment.paymentId);
    await screen(page, "transfer-expired");
    await expect(text(page, ".screen p")).resolves.toBe(
      "Nothing has reached this payment's address. Do not send anything to it now. If you sent a transfer already, keep this page open: it changes when the transfer arrives.",
    );
    for (const gone of ["#kassa-deposit-address", ".qr-box", "#kassa-wallet-path"])
      await expect(page.locator(gone).count()).resolves.toBe(0);

    // The payer's withdrawal was already on its way.
    await send(to, "3");
    await screen(page, "success");
    await expect(publicPayment(payment.paymentId)).resolves.toMatchObject({ status: "PAID" });
  });

  it("the wallet path does not pay once a transfer has reached the deposit address: the payer is shown what arrived and the rest to send", async () => {
    const payer = anvilAccount(5);
    await chain.mint(t.token as Address, payer.address, parseUnits("100", 18));
    const payment = await createPayment(4);
    const { page, wallet } = await session({ chain, account: payer });
    await page.goto(widgetUrl(t, { paymentId: payment.paymentId }));
    await screen(page, "connect");
    await page.getByRole("button", { name: /Kassa Test Wallet/ }).click();
    await page.locator('section.screen[data-screen^="review"]').waitFor({ timeout: 30_000 });

    // Meanwhile the payer's exchange withdrawal reaches the deposit address, short.
    const record = await publicPayment(payment.paymentId);
    await send(record.depositAddress, "1.5");
    await waitForDepositTransfer(t.database.db, payment.paymentId, t.token as Address);
    await page.locator("#kassa-pay").click();

    await screen(page, "transfer");
    await expect(text(page, "#kassa-transfer-progress.short")).resolves.toBe(
      "Received 1.5 of 4 KTT. The payment is complete when the rest arrives.",
    );
    await expect(readTransfer(page)).resolves.toEqual({ to: record.depositAddress, amount: "2.5" });
    await expect(page.locator("#kassa-wallet-path").count()).resolves.toBe(0);
    // The wallet was asked for nothing: no signature, no transaction.
    expect(wallet!.sentTransactions).toHaveLength(0);
    expect(wallet!.methods()).not.toContain("eth_signTypedData_v4");
    await expect(publicPayment(payment.paymentId)).resolves.toMatchObject({ status: "CREATED" });
  });

  it("keeps the transfer screen across a reload, and offers the way back to the wallet path", async () => {
    const link = await createLink(3);
    const page = await openLinkTransfer(link.id);
    await page.reload();
    await screen(page, "transfer");
    await page.locator("#kassa-wallet-path").click();
    await screen(page, "connect");
    await page.reload();
    await screen(page, "connect");

    // Back on the transfer screen, the wallet path's time runs out: its button goes, the transfer stays.
    await page.locator("#kassa-transfer").click();
    await screen(page, "transfer");
    await t.database.db
      .updateTable("payments")
      .set({ expires_at: new Date(Date.now() - 1_000) })
      .where("payment_id", "=", paymentIdOf(page))
      .execute();
    await page.locator("#kassa-wallet-path").waitFor({ state: "detached", timeout: 30_000 });
    await expect(text(page, "#kassa-transfer-step")).resolves.toContain("Send exactly 3 KTT");
  });

  it("opens a payment EXPIRED for the wallet path on the transfer screen while its transfer window is open, and a transfer pays it", async () => {
    const payment = await createPayment(2);
    await t.database.db
      .updateTable("payments")
      .set({ expires_at: new Date(Date.now() - 1_000) })
      .where("payment_id", "=", payment.paymentId)
      .execute();
    expect(await expirePaymentsPastDeadline(t.database.db, { paymentId: payment.paymentId })).toEqual([
      payment.paymentId,
    ]);
    const { page } = await session();
    await page.goto(widgetUrl(t, { paymentId: payment.paymentId }));
    await screen(page, "transfer");
    // The wallet path cannot pay it any more: no way back to it.
    await expect(page.locator("#kassa-wallet-path").count()).resolves.toBe(0);
    const { to, amount } = await readTransfer(page);
    expect(amount).toBe("2");
    await send(to, amount);
    await screen(page, "success");
  });
});
