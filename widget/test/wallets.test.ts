/**
 * Issue 28's payers in the browser: USDC's EIP-3009 (an account, and a smart wallet not deployed yet), its permit
 * (domain version 2), an ERC-1271 smart wallet's payment intent, a USDT-style token with a stale allowance, and a
 * blocklisted payer, in English and Korean.
 */
import type { AddressInfo } from "node:net";
import { encodeFunctionData, erc20Abi, parseEther, parseUnits, type Address } from "viem";
import type { PrivateKeyAccount } from "viem/accounts";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  balanceOf,
  browserUnavailable,
  deployRealTokens,
  freshPayer,
  launchChromium,
  openSession,
  pageFailures,
  screen,
  startGaslessEnv,
  type Browser,
  type GaslessTestEnv,
  type PayerSession,
  type RealTokens,
  type TestChain,
  type TestWalletOptions,
} from "@kassa/server/harness";
import { createPayment, waitForStatus } from "./support.js";

let chain: TestChain;
let env: GaslessTestEnv;
let t: RealTokens;
let origin: string;
let browser: Browser;
const sessions: PayerSession[] = [];

beforeAll(async () => {
  if (browserUnavailable) return;
  env = await startGaslessEnv();
  chain = env.chain;
  t = await deployRealTokens(chain);
  await env.t.acceptTokens([t.usdc, t.usdt, chain.tokens.plain]);
  await env.startWorker();
  origin = `http://127.0.0.1:${(env.app.server.address() as AddressInfo).port}`;
  browser = await launchChromium();
});
afterEach(async () => {
  for (const session of sessions.splice(0)) await session.context.close();
});
afterAll(async () => {
  await browser?.close();
  await env?.close();
});

async function openWidget(
  account: PrivateKeyAccount,
  paymentId: string,
  options: { lang?: "en" | "ko"; smartWallet?: TestWalletOptions["smartWallet"] } = {},
) {
  const opened = await openSession(browser, {
    chain,
    account,
    ...(options.smartWallet ? { smartWallet: options.smartWallet } : {}),
  });
  sessions.push(opened);
  const failures = pageFailures(opened.page);
  const lang = options.lang ? `&lang=${options.lang}` : "";
  await opened.page.goto(
    `${origin}/widget?publicKey=${env.t.merchant.publicKey}&paymentId=${paymentId}${lang}`,
  );
  await screen(opened.page, "connect");
  await opened.page.getByRole("button", { name: /Kassa Test Wallet/ }).click();
  return { ...opened, wallet: opened.wallet!, failures };
}

const steps = (page: PayerSession["page"]) =>
  page.locator(".step").evaluateAll((items) => items.map((item) => item.getAttribute("data-step")));
const text = (page: PayerSession["page"], selector: string) => page.locator(selector).first().textContent();
const signatures = (wallet: { methods(): string[] }) =>
  wallet.methods().filter((method) => method === "eth_signTypedData_v4").length;
const giveGas = (address: Address) => chain.setBalance(address, parseEther("1"));

describe.skipIf(browserUnavailable)("wallets and stablecoins in the widget (issue 28)", () => {
  it("pays USDC with one EIP-3009 signature and no gas, and with its permit (domain version 2) directly", async () => {
    const payer = freshPayer();
    await t.mintUsdc(payer.address, parseUnits("20", 6));
    const payment = await createPayment(env.t, { amount: 6.5, tokenAddress: t.usdc });
    const { page, wallet, failures } = await openWidget(payer, payment.paymentId);
    await screen(page, "review-gasless");
    await expect(steps(page)).resolves.toEqual(["authorize"]);
    await expect(text(page, ".step-title")).resolves.toMatch(/^Sign the transfer of 6\.5 USDC/);
    await expect(text(page, ".step-ask")).resolves.toBe("Your wallet asks for a signature (no fee).");
    await page.locator("#kassa-pay").click();
    await screen(page, "success");
    expect(signatures(wallet)).toBe(1);
    expect(wallet.sentTransactions).toHaveLength(0);
    await waitForStatus(env.t, payment.paymentId, "PAID");

    // Paying with its own gas, the payer signs USDC's permit: FiatToken's domain version "2", read from the token.
    await giveGas(payer.address);
    const direct = await createPayment(env.t, { amount: 3, tokenAddress: t.usdc });
    const second = await openWidget(payer, direct.paymentId);
    await screen(second.page, "review-gasless");
    await second.page.locator("#kassa-direct").click();
    await screen(second.page, "review-direct");
    await expect(steps(second.page)).resolves.toEqual(["permit", "pay"]);
    await second.page.locator("#kassa-pay").click();
    await screen(second.page, "success");
    await waitForStatus(env.t, direct.paymentId, "PAID");
    await expect(balanceOf(chain, t.usdc, payer.address)).resolves.toBe(parseUnits("10.5", 6));
    expect([...failures, ...second.failures]).toEqual([]);
  });

  it("pays EIP-3009 from a smart wallet not deployed yet (ERC-6492), in Korean", async () => {
    const owner = freshPayer();
    const address = await t.walletAddress(owner.address, 3n);
    await t.mintUsdc(address, parseUnits("5", 6));
    const payment = await createPayment(env.t, { amount: 5, tokenAddress: t.usdc });
    const { page, wallet, failures } = await openWidget(owner, payment.paymentId, {
      lang: "ko",
      smartWallet: { address, factory: t.walletFactory, nonce: 3n },
    });
    await screen(page, "review-gasless");
    await expect(steps(page)).resolves.toEqual(["authorize"]);
    await expect(text(page, ".step-title")).resolves.toMatch(/^5 USDC 전송 서명/);
    await expect(text(page, ".step-ask")).resolves.toBe("지갑이 서명을 요청합니다(수수료 없음).");
    await page.locator("#kassa-pay").click();
    await screen(page, "success");
    expect(wallet.sentTransactions).toHaveLength(0);
    const paid = await waitForStatus(env.t, payment.paymentId, "PAID");
    expect(paid.payerAddress?.toLowerCase()).toBe(address.toLowerCase());
    expect(await chain.publicClient.getCode({ address })).toMatch(/^0x[0-9a-f]+$/);
    expect(failures).toEqual([]);
  });

  it("pays from a deployed ERC-1271 smart wallet with its payment intent, never an ECDSA permit or ForwardRequest, and keeps its earlier allowance", async () => {
    const owner = freshPayer();
    await giveGas(owner.address);
    const address = await t.deployWallet(owner.address, 4n);
    await chain.mint(chain.tokens.plain, address, 10n ** 19n);
    const payment = await createPayment(env.t, { amount: 2, tokenAddress: chain.tokens.plain });
    // The wallet allowed the gateway 2 tokens before (its owner's transaction), for a subscription's charges.
    await t.walletCall(
      owner,
      address,
      chain.tokens.plain,
      encodeFunctionData({
        abi: erc20Abi,
        functionName: "approve",
        args: [payment.gatewayAddress, 10n ** 18n * 2n],
      }),
    );
    const { page, wallet, failures } = await openWidget(owner, payment.paymentId, {
      smartWallet: { address, factory: t.walletFactory, nonce: 4n },
    });
    await screen(page, "review-gasless");
    await expect(steps(page)).resolves.toEqual(["approve", "intent"]);
    await expect(text(page, '.step[data-step="intent"] .step-why')).resolves.toBe(
      "Your smart wallet approves this one payment; a relayer sends it and pays the network fee.",
    );
    await page.locator("#kassa-pay").click();
    await screen(page, "success");
    expect(signatures(wallet)).toBe(1);
    // Its own approve added the payment to the allowance, which the payment then spent: the 2 stay.
    expect(wallet.sentTransactions).toHaveLength(1);
    const paid = await waitForStatus(env.t, payment.paymentId, "PAID");
    expect(paid.payerAddress?.toLowerCase()).toBe(address.toLowerCase());
    await expect(
      chain.publicClient.readContract({
        address: chain.tokens.plain,
        abi: erc20Abi,
        functionName: "allowance",
        args: [address, payment.gatewayAddress],
      }),
    ).resolves.toBe(10n ** 18n * 2n);
    expect(failures).toEqual([]);
  });

  it("pays USDT with a stale allowance: Permit2 when gasless, else the old allowance cleared first", async () => {
    const payer = freshPayer();
    await giveGas(payer.address);
    await chain.mint(t.usdt, payer.address, parseUnits("50", 6));
    const payment = await createPayment(env.t, { amount: 7, tokenAddress: t.usdt });
    // An old allowance to the gateway remains: USDT refuses to change it to another non-zero one.
    await t.approve(payer, t.usdt, payment.gatewayAddress, parseUnits("1", 6));
    const { page, wallet, failures } = await openWidget(payer, payment.paymentId);
    await screen(page, "review-gasless");
    await expect(steps(page)).resolves.toEqual(["approvePermit2", "permit2"]);
    await page.locator("#kassa-direct").click();
    await screen(page, "review-direct");
    await expect(steps(page)).resolves.toEqual(["reset", "approve", "pay"]);
    await expect(text(page, '.step[data-step="reset"] .step-why')).resolves.toBe(
      "USDT refuses a new approval while an old one remains: this sets it to 0 first.",
    );
    await page.locator("#kassa-pay").click();
    await screen(page, "success");
    expect(wallet.sentTransactions).toHaveLength(3);
    await waitForStatus(env.t, payment.paymentId, "PAID");
    await expect(balanceOf(chain, t.usdt, payer.address)).resolves.toBe(parseUnits("43", 6));
    expect(failures).toEqual([]);
  });

  it("tells a blocklisted payer why it cannot pay before the wallet is asked to sign anything, in both languages", async () => {
    const payer = freshPayer();
    await t.mintUsdc(payer.address, parseUnits("5", 6));
    await t.blacklistUsdc(payer.address);
    const payment = await createPayment(env.t, { amount: 1, tokenAddress: t.usdc });
    for (const [lang, title] of [
      ["en", "This wallet cannot pay"],
      ["ko", "이 지갑으로는 결제할 수 없습니다"],
    ] as const) {
      const { page, wallet } = await openWidget(payer, payment.paymentId, { lang });
      await screen(page, "blocked");
      await expect(page.locator("h1, h2").first().textContent()).resolves.toBe(title);
      await expect(page.getByRole("alert").textContent()).resolves.toMatch(
        lang === "en" ? /blocklist/ : /차단 목록/,
      );
      expect(signatures(wallet)).toBe(0);
      expect(wallet.sentTransactions).toHaveLength(0);
    }
    await waitForStatus(env.t, payment.paymentId, "CREATED");
  });
});
