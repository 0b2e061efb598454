import { readFileSync } from "node:fs";
import { anvilAccount } from "@kassa/contracts/dev";
import { erc20Abi, formatUnits, parseEventLogs, parseUnits, zeroAddress, type Address } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { measureDashboard, SIZE_BUDGET } from "../build.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  addWallet,
  browserUnavailable,
  createPayment,
  dashboardScreenshot as screenshot,
  deliveredWebhook,
  devDashboardWallet,
  fundPayer,
  launchChromium,
  openSession,
  ORIGIN,
  pageFailures,
  pay,
  readDashboardBundle,
  screen as widgetScreen,
  setWebhookUrl,
  startLifecycleApp,
  startLifecycleWorker,
  startReceiver,
  startTestChain,
  verifyDelivery,
  waitFor,
  type Browser,
  type CreatedPayment,
  type Page,
  type PayerSession,
  type Receiver,
  type TestApp,
  type TestChain,
} from "@kassa/server/harness";

let chain: TestChain;
let t: TestApp;
let worker: Awaited<ReturnType<typeof startLifecycleWorker>>;
let receiver: Receiver;
let browser: Browser;
let paid: CreatedPayment;
let open: CreatedPayment;
/** The wallet `npm start` prints for the dashboard, chosen the same way for this merchant: its recipient. */
let printed: ReturnType<typeof devDashboardWallet>;
/** The transfer that emptied the recipient's wallet before a refund: not a payment's nor a refund's. */
let drained: `0x${string}` | undefined;

const asMerchant = (path: string) => t.request(path, { headers: { "x-api-key": t.merchant.apiKey } });

/** The dashboard shows the screen `id` (`data-screen` of its section). */
const screen = (page: Page, id: string) => page.locator(`[data-screen="${id}"]`).waitFor({ timeout: 30_000 });

beforeAll(async () => {
  if (browserUnavailable) return;
  chain = await startTestChain();
  t = await startLifecycleApp(chain, { publicBaseUrl: ORIGIN, webhookAllowPrivate: true });
  receiver = await startReceiver();
  await setWebhookUrl(t.database.db, t.merchant.merchantKey, receiver.url);
  worker = await startLifecycleWorker(t);
  const payer = chain.wallet(5);
  await fundPayer(chain, payer, t.token as `0x${string}`);
  paid = await createPayment(t, { amount: 1.5 });
  open = await createPayment(t, { amount: 7 });
  await pay(chain, payer, paid);
  await deliveredWebhook(receiver, paid.paymentId, "payment.paid");
  // The dashboard's origin is http://kassa.test (PUBLIC_BASE_URL): Chromium resolves it to the test app.
  const port = new URL(t.baseUrl).port;
  browser = await launchChromium([`--host-resolver-rules=MAP kassa.test:80 127.0.0.1:${port}`]);
  printed = devDashboardWallet(t.merchant.recipient as Address);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await worker?.stop();
  await receiver?.close();
  await t?.close();
  await chain?.stop();
});

describe.skipIf(browserUnavailable)("the merchant dashboard in Chromium", () => {
  let session: PayerSession;

  it("serves the page with a strict Content-Security-Policy", async () => {
    const response = await fetch(`${new URL(t.baseUrl).origin}/dashboard`);
    expect(response.status).toBe(200);
    const csp = response.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    const html = await response.text();
    expect(html).not.toMatch(/sk_|whsec_/);
    // Outside `kassa dev` (a release never has it), no dev wallet.
    expect(/id="kassa-dashboard-config">(.*?)<\/script>/.exec(html)?.[1]).toBe("{}");
    const script = /src="(\/dashboard\/assets\/main-[^"]+\.js)"/.exec(html)?.[1];
    const asset = await fetch(`${new URL(t.baseUrl).origin}${script}`);
    expect(asset.headers.get("cache-control")).toContain("immutable");
    expect(asset.headers.get("content-type")).toMatch(/^text\/javascript/);
    const missing = await fetch(`${new URL(t.baseUrl).origin}/dashboard/assets/main-nope.js`);
    expect(missing.status).toBe(404);
  });

  it("stays within its download budget (what the server serves)", async () => {
    const { total } = measureDashboard(await readDashboardBundle());
    expect(total).toBeLessThan(SIZE_BUDGET);
  });

  it("signs in with the wallet npm start prints (the recipient) and lists, searches and opens payments", async () => {
    session = await openSession(
      browser,
      { chain, account: privateKeyToAccount(printed.privateKey) },
      { viewport: { width: 1100, height: 900 } },
    );
    const { page, wallet } = session;
    page.on("dialog", (dialog) => void dialog.accept());
    await page.goto(`${ORIGIN}/dashboard`);
    await screen(page, "sign-in");
    await screenshot(page, "sign-in");
    await page.getByRole("button", { name: "Sign in with Ethereum" }).click();
    await screen(page, "payments");
    expect(wallet?.methods()).toContain("personal_sign");
    await expect.poll(() => page.locator("table.payments tbody tr").count()).toBe(2);
    const rows = await page.locator("table.payments tbody").textContent();
    expect(rows).toContain(paid.orderId);
    expect(rows).toContain(open.orderId);
    expect(await page.locator(".totals").textContent()).toContain("1 paid of 2");
    expect(await page.locator("#totals-count").textContent()).toBe("Payments in all: 2");
    await expect(page.getByText("Test shop ·").textContent()).resolves.toContain(printed.address);
    await screenshot(page, "payments");

    const record = (await asMerchant(`/merchants/me/payments/${paid.paymentId}`)).body.data;
    await page.getByRole("searchbox").fill(record.txHash);
    await page.getByRole("button", { name: "Apply" }).click();
    await expect.poll(() => page.locator("table.payments tbody tr").count()).toBe(1);
    await expect(page.locator("table.payments tbody").textContent()).resolves.toContain(paid.orderId);
    expect(await page.locator("#totals-count").textContent()).toBe(
      "Payments that match the search and filters: 1",
    );
    expect(await page.locator("#export-csv").getAttribute("href")).toMatch(
      /^\/api\/v1\/exports\/payments\?format=csv/,
    );

    await page.getByRole("link", { name: `Open payment ${paid.orderId}` }).click();
    await screen(page, "payment");
    expect(await page.locator("#tx-hash").textContent()).toBe(record.txHash);
    const timeline = await page.locator(".timeline").first().textContent();
    expect(timeline).toContain("payment.created");
    expect(timeline).toContain("payment.paid");
    await expect.poll(() => page.locator("[data-delivery]").count()).toBe(1);
    // Gross, fee and net exactly as the timeline has them, in whole tokens.
    const { amounts } = (await asMerchant(`/merchants/me/payments/${paid.paymentId}/timeline`)).body.data;
    const facts = await page.locator(".facts").first().textContent();
    for (const [label, value] of [
      ["Gross", amounts.gross],
      ["Fee", amounts.fee],
      ["Net", amounts.net],
    ]) {
      expect(facts).toContain(`${label}${formatUnits(BigInt(value), 18)} KTT`);
    }
  });

  it("redelivers the payment's webhook", async () => {
    const { page } = session;
    await page.getByRole("button", { name: "Redeliver" }).click();
    await expect.poll(() => page.locator("[data-delivery]").count()).toBe(2);
    const again = await deliveredWebhook(receiver, paid.paymentId, "payment.paid", 2);
    verifyDelivery(t.merchant.webhookSecret, again);
  });

  it("tells a signed-in wallet that is not the recipient that refunds leave the recipient, offering no Refund button", async () => {
    // As `npm start` once registered anvil account 0 beside the recipient.
    await addWallet(t.database.db, t.merchant.merchantKey, { address: anvilAccount(0).address });
    const staff = await openSession(
      browser,
      { chain, account: anvilAccount(0) },
      { viewport: { width: 1100, height: 900 } },
    );
    try {
      await staff.page.goto(`${ORIGIN}/dashboard`);
      await staff.page.getByRole("button", { name: "Sign in with Ethereum" }).click();
      await screen(staff.page, "payments");
      await staff.page.goto(`${ORIGIN}/dashboard#/payments/${paid.paymentId}`);
      await screen(staff.page, "payment");
      expect(await staff.page.locator("#refund-wallet").textContent()).toBe(
        `Refunds of this payment are sent from its recipient wallet ${printed.address}, and you signed in with ${anvilAccount(0).address}. Sign in with ${printed.address} to refund it.`,
      );
      expect(await staff.page.locator("#refund").count()).toBe(0);
    } finally {
      await staff.context.close();
    }
  });

  it("refunds from the printed wallet in two parts, and says plainly, in words, what it cannot send", async () => {
    const { page, wallet } = session;
    const amount = BigInt(paid.amount);
    const part = amount / 4n;
    const record = async () => (await asMerchant(`/merchants/me/payments/${paid.paymentId}`)).body.data;
    const refunds = async () => (await asMerchant(`/refunds?paymentId=${paid.paymentId}`)).body.data.refunds;
    expect(await page.locator("#refund-note").textContent()).toContain(
      `The recipient wallet ${printed.address} received`,
    );
    expect(await page.locator("#refund-amount").inputValue()).toBe(formatUnits(amount, 18));

    // The whole amount includes the fee the recipient never received: Kassa reads its balance first, says
    // it cannot, and records nothing (no refund, no webhook, no transaction).
    await page.getByRole("button", { name: "Refund" }).click();
    await expect
      .poll(() => page.locator("#refund-status").textContent())
      .toBe(
        `Nothing was recorded: the wallet ${printed.address} cannot send this refund. It must hold ${formatUnits(amount, 18)} KTT for the payer, and some of the chain's coin for the fees of two transactions (the approval and the refund). Add what is missing, or refund less.`,
      );
    expect(wallet?.sentTransactions).toHaveLength(0);
    expect(await refunds()).toEqual([]);
    expect((await record()).status).toBe("PAID");
    expect(receiver.received.some((delivery) => delivery.payload.type === "payment.refund_submitted")).toBe(
      false,
    );
    await screenshot(page, "refund-refused");

    // Refunds may add up to the whole amount, fee included: the recipient adds the fee from its own tokens.
    // The worker (its watcher) stopped: the refund is sent and mined, and not yet recorded by Kassa.
    await chain.mint(t.token as Address, printed.address, 10n ** 18n);
    await worker.stop();
    await page.locator("#refund-amount").fill(formatUnits(part, 18));
    await page.getByRole("button", { name: "Refund" }).click();
    await expect
      .poll(() => page.locator("#refund-status").textContent())
      .toMatch(/^Refund sent in transaction 0x[0-9a-f]{64}/);
    expect(wallet?.sentTransactions).toHaveLength(2);
    // Sent: nothing more to press for it, not even after a reload, until Kassa records it.
    expect(await page.locator("#refund").count()).toBe(0);
    await page.reload();
    await screen(page, "payment");
    await expect
      .poll(() => page.locator("#refund-status").textContent())
      .toMatch(/^Refund sent in transaction 0x[0-9a-f]{64}/);
    expect(await page.locator("#refund").count()).toBe(0);

    // The page follows the payment live: once the watcher records the refund, it shows what was refunded
    // and offers the rest, with no reload.
    worker = await startLifecycleWorker(t);
    await expect
      .poll(() => page.locator("#refunded-amount").textContent(), { timeout: 30_000 })
      .toBe(`${formatUnits(part, 18)} KTT`);
    expect((await record()).status).toBe("PAID");
    expect(await page.locator("#refund-amount").inputValue()).toBe(formatUnits(amount - part, 18));
    expect(await page.locator("#refund-note").textContent()).toContain(
      `${formatUnits(amount - part, 18)} KTT is left to refund`,
    );
    expect(await page.locator('[aria-labelledby="refunds-title"]').textContent()).toContain("REFUNDED");
    expect(wallet?.sentTransactions).toHaveLength(2);
    await screenshot(page, "refund");

    // The wallet's tokens leave it after Kassa signed the second part: the wallet will not send the refund
    // (the token's ERC20InsufficientBalance), and the page says so in words that fit the page.
    const recipient = chain.wallet(9);
    expect(recipient.account.address).toBe(printed.address);
    const held = await chain.publicClient.readContract({
      address: t.token as Address,
      abi: erc20Abi,
      functionName: "balanceOf",
      args: [printed.address],
    });
    await page.route(
      "**/api/v1/refunds",
      async (route) => {
        // Fetched from here, where kassa.test is the test app's address.
        const response = await route.fetch({ url: `${new URL(t.baseUrl).origin}/api/v1/refunds` });
        drained = await recipient.writeContract({
          address: t.token as Address,
          abi: erc20Abi,
          functionName: "transfer",
          args: [anvilAccount(8).address, held],
        });
        await chain.publicClient.waitForTransactionReceipt({ hash: drained });
        await route.fulfill({ response });
      },
      { times: 1 },
    );
    await page.getByRole("button", { name: "Refund" }).click();
    const short = `${printed.address.slice(0, 8)}…${printed.address.slice(-6)}`;
    await expect
      .poll(() => page.locator("#refund-status").textContent())
      .toBe(
        `Your wallet did not send the refund: The wallet ${short} holds 0 KTT, but ${formatUnits(amount - part, 18)} KTT must be sent: add tokens to it first. The refund stays open until its deadline: press the button to send it again.`,
      );
    const fits = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
    expect(await fits()).toBe(true);
    await screenshot(page, "refund-error");
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await fits()).toBe(true);
    await page.setViewportSize({ width: 1100, height: 900 });

    // With the tokens back, the same refund is sent; the page follows it to REFUNDED and offers nothing more.
    await chain.mint(t.token as Address, printed.address, held);
    await page.getByRole("button", { name: "Send the refund transaction" }).click();
    await expect
      .poll(() => page.locator(".facts .status").first().textContent(), { timeout: 30_000 })
      .toBe("REFUNDED");
    // Three approvals (one for the refund the wallet would not send) and two refunds.
    expect(wallet?.sentTransactions).toHaveLength(5);
    expect((await record()).refundedAmount).toBe(paid.amount);
    expect(await refunds()).toHaveLength(2);
    expect(await page.locator(".timeline").first().textContent()).toContain("payment.refunded");
    expect(await page.locator("#refund").count()).toBe(0);
    // Times name their zone (the browser's).
    expect(await page.locator(".timeline time").first().textContent()).toMatch(/\d\d:\d\d:\d\d (UTC|GMT)/);
    await screenshot(page, "payment");
  });

  it("creates a payment link that a payer pays on its page, refunds that payment, and exports a CSV that reconciles", async () => {
    const { page } = session;
    await page.getByRole("link", { name: "Payment links" }).click();
    await screen(page, "links");
    await page.locator("#link-title").fill("Espresso beans");
    await page.locator("#link-amount").fill("2");
    await page.locator("#create-link").click();
    const linkUrl = await page.locator("#new-link-url").getAttribute("href");
    expect(linkUrl).toMatch(new RegExp(`^${ORIGIN}/pay/pl_[0-9a-f]{32}$`));
    // The form is a card of its own; each address has a Copy button (here, on http, it selects the address).
    expect(await page.locator("form.card").count()).toBe(1);
    await page
      .getByRole("button", { name: `Copy ${linkUrl}` })
      .first()
      .click();
    expect(await page.evaluate(() => getSelection()?.toString())).toBe(linkUrl);
    await screenshot(page, "links");

    // The payer opens the link's page, presses Pay, and pays in the widget it is sent to.
    const payer = await openSession(browser, { chain, account: anvilAccount(5) });
    const failures = pageFailures(payer.page);
    await payer.page.goto(linkUrl!);
    expect(await payer.page.locator("h1").textContent()).toBe("Espresso beans");
    // On a 480 px phone the card keeps a margin on both sides.
    const card = (await payer.page.locator("main").boundingBox())!;
    expect(card.x).toBeGreaterThanOrEqual(12);
    expect(480 - (card.x + card.width)).toBeGreaterThanOrEqual(12);
    await payer.page.getByRole("button", { name: "Pay" }).click();
    await widgetScreen(payer.page, "connect");
    await payer.page.getByRole("button", { name: /Kassa Test Wallet/ }).click();
    await widgetScreen(payer.page, "review-gasless");
    await payer.page.locator("#kassa-direct").click();
    await widgetScreen(payer.page, "review-direct");
    await payer.page.locator("#kassa-pay").click();
    await widgetScreen(payer.page, "success");
    const paymentId = new URL(payer.page.url()).searchParams.get("paymentId")!;
    // Not even a /favicon.ico 404 on the way (the console's errors here are Chromium's about plain http).
    expect(failures.filter((failure) => !failure.startsWith("console:"))).toEqual([]);
    await payer.context.close();
    const linkId = linkUrl!.split("/").at(-1);
    await waitFor("the link's payment PAID", async () => {
      const record = (await asMerchant(`/merchants/me/payments/${paymentId}`)).body.data;
      return record.status === "PAID" && record.paymentLinkId === linkId;
    });

    // The merchant refunds it from its page (the wallet adds the fee the refund returns).
    await chain.mint(t.token as Address, printed.address, 10n ** 18n);
    await page.goto(`${ORIGIN}/dashboard#/payments/${paymentId}`);
    await screen(page, "payment");
    await page.getByRole("button", { name: "Refund" }).click();
    await expect
      .poll(() => page.locator(".facts .status").first().textContent(), { timeout: 30_000 })
      .toBe("REFUNDED");
    const refunded = (await asMerchant(`/merchants/me/payments/${paymentId}`)).body.data;
    expect(refunded.status).toBe("REFUNDED");

    // The export button downloads every movement; it adds up to the token's transfers on the chain.
    await page.locator("nav").getByRole("link", { name: "Payments", exact: true }).click();
    await screen(page, "payments");
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.locator("#export-csv").click(),
    ]);
    const csv = readFileSync((await download.path())!, "utf8");
    const [header, ...lines] = csv.trim().split("\r\n");
    const columns = header!.split(",");
    const rows = lines.map((line) =>
      Object.fromEntries(line.split(",").map((cell, i) => [columns[i], cell])),
    );
    expect(
      rows
        .filter((row) => row.type === "payment")
        .map((row) => row.payment_id)
        .sort(),
    ).toEqual([paid.paymentId, paymentId].sort());
    expect(rows.filter((row) => row.type === "refund")).toHaveLength(3);
    const units = (value: string) => parseUnits(value, 18);
    const total = (type: string, column: string) =>
      rows.filter((row) => row.type === type).reduce((sum, row) => sum + units(row[column]!), 0n);
    for (const row of rows) expect(units(row.gross!)).toBe(units(row.fee!) + units(row.net!));
    const logs = parseEventLogs({
      abi: erc20Abi,
      eventName: "Transfer",
      logs: await chain.publicClient.getLogs({ address: t.token as Address, fromBlock: 0n }),
    });
    const recipient = printed.address;
    const moved = (match: (from: Address, to: Address) => boolean) =>
      logs
        .filter((log) => log.transactionHash !== drained && match(log.args.from, log.args.to))
        .reduce((sum, log) => sum + log.args.value, 0n);
    expect(total("payment", "net")).toBe(moved((from, to) => to === recipient && from !== zeroAddress));
    expect(total("payment", "fee")).toBe(moved((_, to) => to === chain.treasury));
    expect(-total("refund", "gross")).toBe(moved((from) => from === recipient));
  });

  it("edits the webhook URL, sends a test event, and rotates the secret (shown once)", async () => {
    const { page } = session;
    await page.getByRole("link", { name: "Webhooks" }).click();
    await screen(page, "webhooks");
    const edited = `${receiver.url}?edited=1`;
    await page.getByLabel("Webhook URL").fill(edited);
    await page.getByRole("button", { name: "Save" }).click();
    await waitFor("the edited webhook URL", async () => {
      return (await asMerchant("/merchant")).body.data.merchant.webhook_url === edited;
    });

    await page.getByRole("button", { name: "Rotate webhook secret" }).click();
    const secret = (await page.locator("#new-webhook-secret").textContent()) ?? "";
    expect(secret).toMatch(/^whsec_/);

    const before = receiver.received.length;
    await page.getByRole("button", { name: "Send a test event" }).click();
    const test = await waitFor("the test event", () =>
      receiver.received.slice(before).find((delivery) => delivery.payload.type === "webhook.test"),
    );
    // Signed with the secret the dashboard showed, not the old one.
    verifyDelivery(secret, test);
    expect(() => verifyDelivery(t.merchant.webhookSecret, test)).toThrow();
    // The log shows the test event's attempt once refreshed.
    await waitFor("the test delivery's attempt in the log", async () => {
      await page.getByRole("button", { name: "Refresh" }).click();
      return (await page.locator("[data-delivery]").first().textContent())?.includes("· 200 ·");
    });
    expect(await page.locator("[data-delivery]").first().textContent()).toContain("webhook.test");
    await screenshot(page, "webhooks");
  });

  it("rotates the public key, shown once", async () => {
    const { page } = session;
    await page.getByRole("link", { name: "Keys" }).click();
    await screen(page, "keys");
    await page.getByRole("button", { name: "Rotate public key" }).click();
    const shown = (await page.locator("#new-key").textContent()) ?? "";
    expect(shown).toMatch(/^pk_/);
    expect((await asMerchant("/merchant")).body.data.merchant.public_key).toBe(shown);
    await screenshot(page, "keys");
  });

  it("toggles payment methods", async () => {
    const { page } = session;
    await page.getByRole("link", { name: "Payment methods" }).click();
    await screen(page, "methods");
    const methods = async () =>
      (await asMerchant("/merchant/payment-methods")).body.data.payment_methods as {
        tokenAddress: string;
        is_enabled: boolean;
      }[];
    await page.locator('input[data-token="KTT"]').uncheck();
    await waitFor("KTT disabled", async () =>
      (await methods()).some((m) => m.tokenAddress === t.token && !m.is_enabled),
    );
    await page.locator('input[data-token="KUSD"]').check();
    await waitFor("KUSD enabled", async () =>
      (await methods()).some((m) => m.tokenAddress === t.token6 && m.is_enabled),
    );
    await screenshot(page, "methods");
  });

  it("switches to Korean, works on a phone, and signs out", async () => {
    const { page, context } = session;
    await page.locator("nav").getByRole("link", { name: "Payments", exact: true }).click();
    await screen(page, "payments");
    await page.getByLabel("Language").selectOption("ko");
    await expect.poll(() => page.locator("nav").textContent()).toContain("결제 수단");
    expect(await page.locator("html").getAttribute("lang")).toBe("ko");
    await screenshot(page, "payments-ko");
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, "payments-phone");

    const cookie = (await context.cookies()).find((c) => c.name === "kassa_session");
    expect(cookie?.httpOnly).toBe(true);
    await page.getByRole("button", { name: "로그아웃" }).click();
    await screen(page, "sign-in");
    const after = await t.request("/dashboard/session", {
      headers: { cookie: `kassa_session=${cookie?.value}` },
    });
    expect(after.status).toBe(401);
    await context.close();
  });

  it("lets a wallet registered for several merchants choose one", async () => {
    const second = await t.addMerchant("Second shop");
    await addWallet(t.database.db, second.merchantKey, { address: anvilAccount(9).address });
    const { page, context } = await openSession(browser, { chain, account: anvilAccount(9) });
    try {
      await page.goto(`${ORIGIN}/dashboard`);
      await screen(page, "sign-in");
      await page.getByRole("button", { name: "Sign in with Ethereum" }).click();
      await page.getByRole("button", { name: "Second shop" }).click();
      await screen(page, "payments");
      expect(await page.locator(".who").textContent()).toContain("Second shop");
      expect(await page.getByText("No payments match.").count()).toBe(1);
    } finally {
      await context.close();
    }
  });
});
