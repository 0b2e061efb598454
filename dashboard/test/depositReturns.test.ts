import { anvilPrivateKeys } from "@kassa/contracts/dev";
import { erc20Abi, type Address } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  browserUnavailable,
  closeTransferWindow,
  createPayment,
  devDashboardWallet,
  findChainByNetworkId,
  fundPayer,
  gaslessSettingsFor,
  launchChromium,
  openSession,
  ORIGIN,
  RELAYER_INDEX,
  sendTransfer,
  startLifecycleApp,
  startLifecycleWorker,
  startTestChain,
  sweepDriver,
  waitFor,
  type Browser,
  type ChainRow,
  type CreatedPayment,
  type PayerSession,
  type TestApp,
  type TestChain,
} from "@kassa/server/harness";

/** The payment screen's returns from a deposit address: the excess (no signature), a late deposit (signed). */

type DepositPayment = CreatedPayment & { depositAddress: Address };

let chain: TestChain;
let t: TestApp;
let worker: Awaited<ReturnType<typeof startLifecycleWorker>>;
let browser: Browser;
let session: PayerSession;
let chainRow: ChainRow;

beforeAll(async () => {
  if (browserUnavailable) return;
  chain = await startTestChain();
  t = await startLifecycleApp(chain, {
    publicBaseUrl: ORIGIN,
    transferPayments: true,
    gasless: gaslessSettingsFor(chain.chainId, [anvilPrivateKeys[RELAYER_INDEX]]),
  });
  worker = await startLifecycleWorker(t, { transferPayments: true });
  chainRow = (await findChainByNetworkId(t.database.db, chain.chainId)) as ChainRow;
  await fundPayer(chain, chain.wallet(6), t.token as Address);
  const port = new URL(t.baseUrl).port;
  browser = await launchChromium([`--host-resolver-rules=MAP kassa.test:80 127.0.0.1:${port}`]);
  // The recipient's wallet signs in (and signs a late deposit's return).
  const recipient = devDashboardWallet(t.merchant.recipient as Address);
  session = await openSession(
    browser,
    { chain, account: privateKeyToAccount(recipient.privateKey) },
    { viewport: { width: 1100, height: 900 } },
  );
  session.page.on("dialog", (dialog) => void dialog.accept());
  await session.page.goto(`${ORIGIN}/dashboard`);
  await session.page.getByRole("button", { name: "Sign in with Ethereum" }).click();
  await session.page.locator('[data-screen="payments"]').waitFor({ timeout: 30_000 });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await worker?.stop();
  await t?.close();
  await chain?.stop();
});

const balance = (owner: Address) =>
  chain.publicClient.readContract({
    address: t.token as Address,
    abi: erc20Abi,
    functionName: "balanceOf",
    args: [owner],
  });

/** A transfer of `amount` to the payment's deposit address, once the watcher recorded `received` in all. */
async function transfer(p: DepositPayment, amount: bigint, received = amount): Promise<void> {
  await sendTransfer(chain, chain.wallet(6), { token: t.token as Address, to: p.depositAddress, amount });
  await waitFor("the deposit recorded", async () => {
    const row = await t.database.db
      .selectFrom("payments")
      .select("amount_received")
      .where("payment_id", "=", p.paymentId)
      .executeTakeFirstOrThrow();
    return row.amount_received === String(received);
  });
}

/** A payment that its amount and `extra` reached by a plain transfer, once the watcher recorded it. */
async function deposited(extra: bigint, late: boolean): Promise<DepositPayment> {
  const p = (await createPayment(t, { amount: 1.5 })) as DepositPayment;
  if (late) await closeTransferWindow(t.database.db, p.paymentId);
  await transfer(p, BigInt(p.amount) + extra);
  return p;
}

/** Opens the payment's screen, presses `button`, and lets the relayer's tracker finish the return. */
async function returnFrom(p: DepositPayment, button: string, status: string): Promise<void> {
  const { page } = session;
  await page.goto(`${ORIGIN}/dashboard#/payments/${p.paymentId}`);
  await page.locator('[data-screen="payment"]').waitFor({ timeout: 30_000 });
  await page.getByRole("button", { name: button }).click();
  await expect.poll(() => page.locator(status).textContent(), { timeout: 30_000 }).toContain("Returning");
  await waitFor("the return mined", async () => {
    await t.services.gasless.relayer(chainRow)?.track();
    const row = await t.database.db
      .selectFrom("deposit_returns")
      .select("status")
      .orderBy("id", "desc")
      .executeTakeFirst();
    return row?.status === "RETURNED";
  });
}

describe.skipIf(browserUnavailable)("returns from deposit addresses in the dashboard", () => {
  it("returns an overpayment's excess with one button, the wallet signing nothing", async () => {
    const sender = chain.wallet(6).account.address;
    const p = await deposited(5n, false);
    const before = await balance(sender);
    await returnFrom(p, "Return the excess to whoever sent it", "#excess-status");
    expect(await balance(sender)).toBe(before + 5n);
    expect(session.wallet?.methods()).not.toContain("eth_signTypedData_v4");
  });

  it("returns a late deposit under 'return' on the recipient wallet's signature", async () => {
    await t.database.db
      .updateTable("merchants")
      .set({ deposit_late_policy: "return" })
      .where("merchant_key", "=", t.merchant.merchantKey)
      .execute();
    const sender = chain.wallet(6).account.address;
    const p = await deposited(0n, true);
    const before = await balance(sender);
    await returnFrom(p, "Return the late deposit to its sender", "#late-status");
    expect(session.wallet?.methods()).toContain("eth_signTypedData_v4");
    expect(await balance(sender)).toBe(before + BigInt(p.amount));
    expect(await balance(p.depositAddress)).toBe(0n);
  });

  it("returns a second payment that came after the sweep on the recipient wallet's signature", async () => {
    const sender = chain.wallet(6).account.address;
    const p = await deposited(0n, false);
    await sweepDriver({ chain, t }).sweep();
    const amount = BigInt(p.amount);
    await transfer(p, amount, 2n * amount);
    const before = await balance(sender);
    await returnFrom(p, "Return the late deposit to its sender", "#late-status");
    // The excess button (Kassa's key) is not offered: the gateway lets only the recipient move this.
    expect(await session.page.locator("#return-excess").count()).toBe(0);
    expect(await balance(sender)).toBe(before + amount);
    expect(await balance(p.depositAddress)).toBe(0n);
  });

  it("says whether the money is in the wallet: waiting at the deposit address until the sweep, then swept, live", async () => {
    const p = await deposited(0n, false);
    const { page } = session;
    await page.goto(`${ORIGIN}/dashboard#/payments/${p.paymentId}`);
    await page.locator('[data-screen="payment"]').waitFor({ timeout: 30_000 });
    expect(await page.locator("#in-wallet").textContent()).toContain("Not yet: paid by transfer");
    await sweepDriver({ chain, t }).sweep();
    const sweep = await t.database.db
      .selectFrom("payments")
      .select("sweep_tx_hash")
      .where("payment_id", "=", p.paymentId)
      .executeTakeFirstOrThrow();
    // The page reads the payment again while shown: the sweep appears without a reload.
    await expect
      .poll(() => page.locator("#in-wallet").textContent(), { timeout: 30_000 })
      .toContain(`Yes: swept`);
    expect(await page.locator("#in-wallet").textContent()).toContain(sweep.sweep_tx_hash as string);
    expect(await page.locator('section[aria-labelledby="timeline-title"]').textContent()).toContain(
      `payment.swept PAID`,
    );
  });
});
