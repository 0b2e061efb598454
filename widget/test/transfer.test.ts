import { parseUnits, type Address } from "viem";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { expirePaymentsPastDeadline } from "../../server/src/core/payments/expiry.js";
import type { TestApp } from "../../server/test/harness/app.js";
import {
  browserUnavailable,
  launchChromium,
  openSession,
  pageFailures,
  screen,
  screenshot,
  SHOP,
  type Browser,
  type Page,
  type PayerSession,
} from "../../server/test/harness/browser.js";
import type { TestChain, TestWalletClient } from "../../server/test/harness/chain.js";
import { sendTransfer, startDepositEnv, type DepositEnv } from "../../server/test/harness/deposits.js";
import { createPayment, deliveredWebhook } from "../../server/test/harness/lifecycle.js";
import { widgetUrl } from "./support.js";

/**
 * A payment-link page paid by transfer (issue 27): the payer opens the link, presses Pay, chooses "Pay by
 * transfer" in the widget, and reads the deposit address and the amount off the page; another wallet (as an
 * exchange's withdrawal would) sends a plain ERC-20 transfer, not through the page; the watcher settles the
 * payment and the page shows the success screen. Kassa with TRANSFER_PAYMENTS on, its worker and anvil.
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

/** A payment link of a fixed amount of the test token (18 decimals). */
async function createLink(amount: number): Promise<{ id: string }> {
  const response = await t.request("/payment-links", {
    method: "POST",
    headers: { "x-api-key": t.merchant.apiKey },
    json: {
      title: "Espresso beans, 1 kg",
      amount,
      tokenAddress: t.token,
      successUrl: `${SHOP}/thanks`,
      failUrl: "service:none",
    },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.data;
}

/** Opens the link's page, presses Pay, and chooses the transfer path in the widget. */
async function openTransferScreen(linkId: string): Promise<{ page: Page; failures: string[] }> {
  const session = await openSession(browser, undefined);
  sessions.push(session);
  const { page } = session;
  const failures = pageFailures(page);
  await page.goto(`${t.baseUrl.replace(/\/api\/v1$/, "")}/pay/${linkId}`);
  await page.locator('button[type="submit"]').click();
  await screen(page, "connect");
  await page.locator("#kassa-transfer").click();
  await screen(page, "transfer");
  return { page, failures };
}

/** What the payer reads off the transfer screen: where to send, and how much (token units). */
async function readTransfer(page: Page): Promise<{ to: Address; amount: string }> {
  const to = (await page.locator("#kassa-deposit-address").textContent()) as Address;
  const amount = (await page.locator("#kassa-transfer-amount").textContent()) ?? "";
  return { to, amount };
}

function paymentIdOf(page: Page): string {
  const paymentId = new URL(page.url()).searchParams.get("paymentId");
  expect(paymentId).toMatch(/^0x[0-9a-f]{64}$/);
  return paymentId as string;
}

describe.skipIf(browserUnavailable)("paying a payment link by transfer", () => {
  it("shows the deposit address, the amount, the token, the chain, a QR code and the window; a plain transfer from another wallet ends on the success screen", async () => {
    const link = await createLink(12.5);
    const { page, failures } = await openTransferScreen(link.id);
    const paymentId = paymentIdOf(page);
    const record = (
      await t.request(`/payments/${paymentId}`, { headers: { "x-public-key": t.merchant.publicKey } })
    ).body.data;

    const { to, amount } = await readTransfer(page);
    expect(to).toBe(record.depositAddress);
    expect(amount).toBe("12.5");
    const facts = (await page.locator("dl.transfer").textContent()) ?? "";
    expect(facts).toContain(t.token);
    expect(facts).toContain(`chain id ${chain.chainId}`);
    await expect(page.locator("#kassa-transfer-until").textContent()).resolves.toMatch(/\d/);
    // The countdown runs to the end of the transfer window (60 minutes), not the wallet path's 5.
    await expect(page.locator(".countdown").textContent()).resolves.toMatch(/^(59|60):\d\d$/);
    const qr = page.locator(".qr-box svg[role=img]");
    await expect(qr.getAttribute("aria-label")).resolves.toContain("QR code");
    await expect(qr.locator("path").getAttribute("d")).resolves.toMatch(/^M\d+ \d+h1v1h-1z/);
    await expect(page.locator("#kassa-transfer-progress").textContent()).resolves.toContain("Waiting");
    await screenshot(page, "transfer");

    const receipt = await sendTransfer(chain, exchange, {
      token: t.token as Address,
      to,
      amount: parseUnits(amount, 18),
    });
    expect(receipt.status).toBe("success");
    await screen(page, "success");
    const paid = await deliveredWebhook(env.receiver, paymentId, "payment.paid");
    expect(paid.payload).toMatchObject({
      paidVia: "transfer",
      amountReceived: parseUnits("12.5", 18).toString(),
    });
    expect(failures).toEqual([]);
  });

  it("after a short transfer shows what arrived and what is missing, and a top-up of the rest pays it", async () => {
    const link = await createLink(20);
    const { page, failures } = await openTransferScreen(link.id);
    const paymentId = paymentIdOf(page);
    const first = await readTransfer(page);
    expect(first.amount).toBe("20");

    // An exchange that deducted its fee from the withdrawal: 19.25 arrives.
    await sendTransfer(chain, exchange, {
      token: t.token as Address,
      to: first.to,
      amount: parseUnits("19.25", 18),
    });
    const progress = page.locator("#kassa-transfer-progress.short");
    await progress.waitFor({ timeout: 30_000 });
    await expect(progress.textContent()).resolves.toBe(
      "Received 19.25 of 20 KTT. Send 0.75 KTT more to the same address.",
    );
    const rest = await readTransfer(page);
    expect(rest).toEqual({ to: first.to, amount: "0.75" });
    await expect(page.locator(".qr-box svg path").count()).resolves.toBe(1);
    await screenshot(page, "transfer-short");

    await sendTransfer(chain, exchange, {
      token: t.token as Address,
      to: rest.to,
      amount: parseUnits(rest.amount, 18),
    });
    await screen(page, "success");
    const paid = await deliveredWebhook(env.receiver, paymentId, "payment.paid");
    expect(paid.payload).toMatchObject({
      paidVia: "transfer",
      amountReceived: parseUnits("20", 18).toString(),
    });
    expect(failures).toEqual([]);
  });

  it("keeps the transfer screen across a reload, and offers the way back to the wallet path", async () => {
    const link = await createLink(3);
    const { page } = await openTransferScreen(link.id);
    await page.reload();
    await screen(page, "transfer");
    await page.locator("#kassa-wallet-path").click();
    await screen(page, "connect");
    await page.reload();
    await screen(page, "connect");
  });

  it("opens a payment EXPIRED for the wallet path on the transfer screen while its transfer window is open, and a transfer pays it", async () => {
    const payment = await createPayment(t, { amount: 2 });
    await t.database.db
      .updateTable("payments")
      .set({ expires_at: new Date(Date.now() - 1_000) })
      .where("payment_id", "=", payment.paymentId)
      .execute();
    expect(await expirePaymentsPastDeadline(t.database.db, { paymentId: payment.paymentId })).toEqual([
      payment.paymentId,
    ]);
    const session = await openSession(browser, undefined);
    sessions.push(session);
    const { page } = session;
    await page.goto(widgetUrl(t, { paymentId: payment.paymentId }));
    await screen(page, "transfer");
    // The wallet path cannot pay it any more: no way back to it.
    await expect(page.locator("#kassa-wallet-path").count()).resolves.toBe(0);
    const { to, amount } = await readTransfer(page);
    expect(amount).toBe("2");
    await sendTransfer(chain, exchange, { token: t.token as Address, to, amount: parseUnits(amount, 18) });
    await screen(page, "success");
  });
});
