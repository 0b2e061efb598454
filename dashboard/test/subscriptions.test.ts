import { anvilAccount } from "@kassa/contracts/dev";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  browserUnavailable,
  dashboardScreenshot,
  launchChromium,
  openSession,
  ORIGIN,
  startSubscriptionEnv,
  type Browser,
  type Page,
  type SubscriptionEnv,
  type TestChain,
} from "@kassa/server/harness";

let chain: TestChain;
let env: SubscriptionEnv;
let browser: Browser;
let charged: string;
let pending: string;

/** The dashboard shows the screen `id` (`data-screen` of its section). */
const screen = (page: Page, id: string) => page.locator(`[data-screen="${id}"]`).waitFor({ timeout: 30_000 });

beforeAll(async () => {
  if (browserUnavailable) return;
  env = await startSubscriptionEnv();
  chain = env.chain;
  const payer = await env.payer();
  await env.fund(payer, 100n * 10n ** 18n, 30n * 10n ** 18n);
  charged = await env.subscribe(payer, { orderId: "plan-charged", description: "Pro plan" });
  // Its first charge, by the worker.
  await env.charge();
  const created = await env.create({
    orderId: "plan-pending",
    tokenAddress: env.t.token,
    amount: 2.5,
    periodSeconds: 7 * 86_400,
    charges: 4,
  });
  pending = created.body.data.id as string;
  // The dashboard's origin is http://kassa.test (PUBLIC_BASE_URL): Chromium resolves it to the test app.
  const port = new URL(env.t.baseUrl).port;
  browser = await launchChromium([`--host-resolver-rules=MAP kassa.test:80 127.0.0.1:${port}`]);
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await env?.close();
});

describe.skipIf(browserUnavailable)("the dashboard's subscriptions", () => {
  it("lists subscriptions with state, charges and next charge, opens one with its charges, and cancels it", async () => {
    const shown = (await env.show(charged)).body.data;
    expect(shown.chargesMade).toHaveLength(1);
    expect(shown.chargesMade[0].status).toBe("PAID");

    // The merchant's recipient (anvil account 9) signs in.
    const session = await openSession(
      browser,
      { chain, account: anvilAccount(9) },
      { viewport: { width: 1100, height: 900 } },
    );
    const { page } = session;
    page.on("dialog", (dialog) => void dialog.accept());
    try {
      await page.goto(`${ORIGIN}/dashboard`);
      await page.getByRole("button", { name: "Sign in with Ethereum" }).click();
      await screen(page, "payments");
      await page.getByRole("link", { name: "Subscriptions" }).click();
      await screen(page, "subscriptions");

      const rows = page.locator("table.subscriptions tbody tr");
      await expect(rows.count()).resolves.toBe(2);
      const chargedRow = page.locator(`tr[data-subscription="${charged}"]`);
      const cells = await chargedRow.locator("td").allTextContents();
      expect(cells.slice(0, 4)).toEqual(["plan-charged", "10 KTT every 30 d", "ACTIVE", "1 / 3"]);
      expect(cells[4]).not.toBe("—");
      const pendingCells = await page.locator(`tr[data-subscription="${pending}"] td`).allTextContents();
      expect(pendingCells).toEqual(["plan-pending", "2.5 KTT every 7 d", "PENDING", "0 / 4", "—"]);
      await dashboardScreenshot(page, "subscriptions");

      await chargedRow.getByRole("link", { name: "plan-charged" }).click();
      await screen(page, "subscription");
      await expect(page.locator("h1").textContent()).resolves.toBe("Subscription plan-charged");
      await expect(page.locator("[data-screen=subscription] > p.muted").textContent()).resolves.toBe(
        "Pro plan",
      );
      const facts = await page.locator(".facts").textContent();
      expect(facts).toContain("StatusACTIVE");
      expect(facts).toContain("Charged1 / 3");
      expect(facts).toContain(shown.payerAddress);
      const charge = page.locator(`table.charges tr[data-payment="${shown.chargesMade[0].paymentId}"]`);
      const chargeCells = await charge.locator("td").allTextContents();
      expect(chargeCells.slice(0, 3)).toEqual(["1", "10 KTT", "PAID"]);
      expect(chargeCells[4]).toBe(shown.chargesMade[0].txHash);
      await dashboardScreenshot(page, "subscription");

      // A charge is a payment: its row opens the payment's screen.
      await charge.getByRole("link", { name: "1" }).click();
      await screen(page, "payment");
      await expect(page.locator("#tx-hash").textContent()).resolves.toBe(shown.chargesMade[0].txHash);
      const timeline = await page.locator(".timeline").first().textContent();
      expect(timeline).toContain("payment.paid");
      expect(timeline).not.toContain("subscription.");
      await page.goBack();
      await screen(page, "subscription");

      await page.getByRole("button", { name: "Cancel subscription" }).click();
      await expect
        .poll(() => page.locator("#subscription-status").textContent(), { timeout: 30_000 })
        .toBe("CANCELED");
      await expect(page.getByRole("button", { name: "Cancel subscription" }).count()).resolves.toBe(0);
      expect(await page.locator(".facts").textContent()).toContain("Canceled bymerchant");
      const after = (await env.show(charged)).body.data;
      expect(after).toMatchObject({ status: "CANCELED", canceledBy: "merchant" });
      expect(await env.eventTypes(charged)).toContain("subscription.canceled");
    } finally {
      await session.context.close();
    }
  });
});
