import type { AddressInfo } from "node:net";
import { permit2Address } from "@kassa/contracts";
import { createWalletClient, erc20Abi, http, parseEther } from "viem";
import type { PrivateKeyAccount } from "viem/accounts";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  balanceOf,
  browserUnavailable,
  freshPayer,
  launchChromium,
  openSession,
  pageFailures,
  screen,
  screenshot,
  startGaslessEnv,
  type Browser,
  type GaslessTestEnv,
  type PayerSession,
  type SeededMerchant,
  type TestChain,
} from "@kassa/server/harness";
import { createPayment, waitForStatus } from "./support.js";

const TOKENS = 10n ** 18n;

let chain: TestChain;
let env: GaslessTestEnv;
let origin: string;
let browser: Browser;
/** A merchant with the faucet on and the permit-less token (KPT) enabled. */
let faucetShop: SeededMerchant;
const sessions: PayerSession[] = [];

beforeAll(async () => {
  if (browserUnavailable) return;
  env = await startGaslessEnv();
  chain = env.chain;
  await env.startWorker();
  origin = `http://127.0.0.1:${(env.app.server.address() as AddressInfo).port}`;
  faucetShop = await env.t.addMerchant("Faucet shop", { faucetEnabled: true });
  await env.t.acceptTokens([chain.tokens.plain], faucetShop.merchantKey);
  browser = await launchChromium();
});
afterEach(async () => {
  for (const session of sessions.splice(0)) await session.context.close();
});
afterAll(async () => {
  await browser?.close();
  await env?.close();
});

async function openWidget(payer: PrivateKeyAccount, paymentId: string, publicKey: string) {
  const opened = await openSession(browser, { chain, account: payer });
  sessions.push(opened);
  const failures = pageFailures(opened.page);
  await opened.page.goto(`${origin}/widget?publicKey=${publicKey}&paymentId=${paymentId}`);
  await screen(opened.page, "connect");
  await opened.page.getByRole("button", { name: /Kassa Test Wallet/ }).click();
  return { ...opened, failures };
}

const hint = (page: PayerSession["page"]) => page.locator(".hint").textContent();

const steps = (page: PayerSession["page"]) =>
  page.locator(".step").evaluateAll((items) => items.map((item) => item.getAttribute("data-step")));

const nativeBalance = (address: `0x${string}`) => chain.publicClient.getBalance({ address });

/** A payment of `amount` of the permit-less token (KPT) to the faucet shop. */
const faucetShopPayment = (amount: number) =>
  createPayment(env.t, { amount, tokenAddress: chain.tokens.plain, publicKey: faucetShop.publicKey });

/** A new payer holding 100 KPT and no ETH. */
async function plainTokenPayer(): Promise<PrivateKeyAccount> {
  const payer = freshPayer();
  await chain.mint(chain.tokens.plain, payer.address, 100n * TOKENS);
  return payer;
}

describe.skipIf(browserUnavailable)("gasless payment in the widget", () => {
  it("pays a permit token with two signatures and no native gas at all", async () => {
    const payer = freshPayer();
    await chain.mint(chain.tokens.permit18, payer.address, 100n * TOKENS);
    const payment = await createPayment(env.t, { amount: 12 });
    const { page, wallet, failures } = await openWidget(payer, payment.paymentId, env.t.merchant.publicKey);

    await screen(page, "review-gasless");
    await expect(page.locator(".step").count()).resolves.toBe(2);
    await expect(hint(page)).resolves.toBe("No network fee: you only sign, and a relayer sends the payment.");
    await screenshot(page, "review-gasless-permit");
    await page.locator("#kassa-pay").click();
    await screen(page, "success");

    expect(wallet!.methods().filter((m) => m === "eth_signTypedData_v4")).toHaveLength(2);
    expect(wallet!.sentTransactions).toHaveLength(0);
    await expect(nativeBalance(payer.address)).resolves.toBe(0n);
    await expect(balanceOf(chain, chain.tokens.permit18, payer.address)).resolves.toBe(88n * TOKENS);
    const paid = await waitForStatus(env.t, payment.paymentId, "PAID");
    expect(paid.payerAddress?.toLowerCase()).toBe(payer.address.toLowerCase());
    const relay = await env.request(`/payments/${payment.paymentId}/relay`, {
      headers: { "x-public-key": env.t.merchant.publicKey },
    });
    expect(relay.body.data).toMatchObject({ status: "CONFIRMED", transactionHash: paid.txHash });
    expect(failures).toEqual([]);
  });

  it("leaves what the payer allowed the gateway for a subscription: no permit over it, Permit2 instead", async () => {
    const payer = freshPayer();
    await chain.mint(chain.tokens.permit18, payer.address, 100n * TOKENS);
    await chain.setBalance(payer.address, parseEther("0.1"));
    // A subscription's allowance: 6 tokens the gateway may still take for the next charges.
    const own = createWalletClient({ account: payer, chain: chain.chain, transport: http(chain.rpcUrl) });
    const approved = await own.writeContract({
      address: chain.tokens.permit18,
      abi: erc20Abi,
      functionName: "approve",
      args: [chain.gateway, 6n * TOKENS],
    });
    await chain.publicClient.waitForTransactionReceipt({ hash: approved });
    const payment = await createPayment(env.t, { amount: 8 });
    const { page, failures } = await openWidget(payer, payment.paymentId, env.t.merchant.publicKey);
    await screen(page, "review-gasless");
    // A permit would replace the 6 with the payment's 8, which the payment then spends: Permit2 leaves them.
    await expect(steps(page)).resolves.toEqual(["approvePermit2", "permit2"]);
    await page.locator("#kassa-pay").click();
    await screen(page, "success");
    await waitForStatus(env.t, payment.paymentId, "PAID");
    const allowance = await chain.publicClient.readContract({
      address: chain.tokens.permit18,
      abi: erc20Abi,
      functionName: "allowance",
      args: [payer.address, chain.gateway],
    });
    expect(allowance).toBe(6n * TOKENS);
    await expect(balanceOf(chain, chain.tokens.permit18, payer.address)).resolves.toBe(92n * TOKENS);
    expect(failures).toEqual([]);
  });

  it("pays a token without permit: gas from the faucet, Permit2 approved once, one signature; then one signature only", async () => {
    const payer = await plainTokenPayer();
    const payment = await faucetShopPayment(9);
    const { page, wallet, failures } = await openWidget(payer, payment.paymentId, faucetShop.publicKey);

    await screen(page, "review-gasless");
    await expect(steps(page)).resolves.toEqual(["faucet", "approvePermit2", "permit2"]);
    await expect(hint(page)).resolves.toBe(
      "Kassa sends you the ETH for the approval's fee. Then you only sign, and a relayer sends the payment and pays its fee.",
    );
    await expect(page.locator('.step[data-step="approvePermit2"] .step-why').textContent()).resolves.toBe(
      "Once for every shop: Permit2 then moves KPT only with a signature of yours for each payment.",
    );
    await screenshot(page, "review-gasless-faucet");
    await page.locator("#kassa-pay").click();
    await screen(page, "success");

    // The approval of Permit2 is the only transaction the payer sends, once for every later payment.
    expect(wallet!.sentTransactions).toHaveLength(1);
    const approve = await chain.publicClient.getTransaction({ hash: wallet!.sentTransactions[0]! });
    expect(approve.to?.toLowerCase()).toBe(chain.tokens.plain.toLowerCase());
    expect(approve.input.slice(34, 74)).toBe(permit2Address.slice(2).toLowerCase());
    await expect(balanceOf(chain, chain.tokens.plain, payer.address)).resolves.toBe(91n * TOKENS);
    await waitForStatus(env.t, payment.paymentId, "PAID", faucetShop.publicKey);

    // The next payment, Permit2 approved before: one signature, nothing else.
    const next = await faucetShopPayment(4);
    const again = await openWidget(payer, next.paymentId, faucetShop.publicKey);
    await screen(again.page, "review-gasless");
    await expect(steps(again.page)).resolves.toEqual(["permit2"]);
    await expect(again.page.locator(".step-ask").textContent()).resolves.toBe(
      "Your wallet asks for a signature (no fee).",
    );
    await again.page.locator("#kassa-pay").click();
    await screen(again.page, "success");
    expect(again.wallet!.sentTransactions).toHaveLength(0);
    await expect(balanceOf(chain, chain.tokens.plain, payer.address)).resolves.toBe(87n * TOKENS);
    await waitForStatus(env.t, next.paymentId, "PAID", faucetShop.publicKey);
    expect([...failures, ...again.failures]).toEqual([]);
  });

  it("says the approval costs a fee when the wallet pays it, gasless and direct", async () => {
    const payer = await plainTokenPayer();
    await chain.setBalance(payer.address, parseEther("0.1"));
    const payment = await faucetShopPayment(3);
    const { page } = await openWidget(payer, payment.paymentId, faucetShop.publicKey);

    await screen(page, "review-gasless");
    await expect(steps(page)).resolves.toEqual(["approvePermit2", "permit2"]);
    await expect(hint(page)).resolves.toBe(
      "One transaction first: the approval, with a small fee in ETH. Then you only sign, and a relayer sends the payment and pays its fee.",
    );
    await page.locator("#kassa-direct").click();
    await screen(page, "review-direct");
    await expect(
      page.locator(".step").evaluateAll((steps) => steps.map((s) => s.getAttribute("data-step"))),
    ).resolves.toEqual(["approve", "pay"]);
    await expect(hint(page)).resolves.toBe(
      "You send two transactions yourself, the approval and the payment, and pay their network fees in ETH.",
    );
  });

  it("explains when the faucet cannot help a wallet that already had its grant", async () => {
    const payer = await plainTokenPayer();
    const first = await faucetShopPayment(1);
    const granted = await env.request("/payments/request-gas", {
      method: "POST",
      headers: { "x-public-key": faucetShop.publicKey, origin },
      json: { paymentId: first.paymentId, walletAddress: payer.address },
    });
    expect(granted.status).toBe(200);
    await chain.setBalance(payer.address, 0n);

    const payment = await faucetShopPayment(2);
    const { page, wallet } = await openWidget(payer, payment.paymentId, faucetShop.publicKey);
    await screen(page, "faucet-refused");
    await expect(page.getByRole("alert").textContent()).resolves.toMatch(/already received gas/);
    await screenshot(page, "faucet-refused");
    expect(wallet!.sentTransactions).toHaveLength(0);
    await expect(
      waitForStatus(env.t, payment.paymentId, "CREATED", faucetShop.publicKey),
    ).resolves.toMatchObject({
      txHash: null,
    });
  });
});
