/**
 * A refund started from the dashboard is sent by the signed-in wallet: before Kassa records or signs it,
 * it checks on the chain that this wallet is the payment's recipient, holds the amount and the coin for
 * the fees, and may approve the gateway; when it cannot, it says why and writes nothing.
 */
import { erc20Abi, type Address } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addWallet } from "../../../src/core/dashboard/wallets.js";
import type { TestApp } from "../../harness/app.js";
import type { TestChain } from "../../harness/chain.js";
import { waitFor } from "../../harness/waitFor.js";
import {
  createPayment,
  fundPayer,
  pay,
  paymentStatus,
  startLifecycleEnv,
  webhookEvents,
  type LifecycleEnv,
} from "../../harness/lifecycle.js";
import { ORIGIN, signIn, type SignedIn } from "../../harness/dashboard.js";

let env: LifecycleEnv;
let chain: TestChain;
let t: TestApp;
let recipient: SignedIn;

beforeAll(async () => {
  env = await startLifecycleEnv({}, undefined, { publicBaseUrl: ORIGIN });
  ({ chain, t } = env);
  await fundPayer(chain, chain.wallet(5), t.token as Address);
  // The harness's merchant is paid to anvil account 9, which holds nothing but what it is paid.
  recipient = await signIn(t, chain, 9);
});
afterAll(() => env?.stop());

async function paidPayment(amount: number) {
  const p = await createPayment(t, { amount });
  await pay(chain, chain.wallet(5), p);
  await waitFor("PAID", async () => (await paymentStatus(t.database.db, p.paymentId)) === "PAID");
  return p;
}

const postRefund = (session: SignedIn, json: unknown) =>
  t.request("/refunds", { method: "POST", headers: session.changeHeaders, json });

/** Nothing of a refund was written: no refund, the payment still PAID, no refund event or webhook. */
async function expectNothingWritten(paymentId: string) {
  const refunds = await t.request(`/refunds?paymentId=${paymentId}`, {
    headers: { "x-api-key": t.merchant.apiKey },
  });
  expect(refunds.body.data.refunds).toEqual([]);
  expect(await paymentStatus(t.database.db, paymentId)).toBe("PAID");
  expect((await webhookEvents(t.database.db, paymentId)).map((event) => event.type)).toEqual([
    "payment.paid",
  ]);
}

describe("a refund from the dashboard", () => {
  it("is refused to a signed-in wallet that is not the payment's recipient, naming the one that is", async () => {
    const p = await paidPayment(2);
    const staff = chain.wallet(8).account.address;
    await addWallet(t.database.db, t.merchant.merchantKey, { address: staff });
    const response = await postRefund(await signIn(t, chain, 8), { paymentId: p.paymentId, amount: "1" });
    expect(response.status).toBe(403);
    expect(response.body).toEqual({
      code: "FORBIDDEN",
      message: `refunds of this payment are sent from its recipient wallet ${t.merchant.recipient}, which it paid; you signed in with ${staff}: sign in with ${t.merchant.recipient} to refund it`,
    });
    await expectNothingWritten(p.paymentId);
  });

  it("is refused when the recipient does not hold the amount, or the coin for the fees, and goes ahead once it does", async () => {
    const p = await paidPayment(3);
    // The recipient keeps only what this payment paid it: 3 KTT less the 1% fee.
    const held = 2_970_000_000_000_000_000n;
    const balance = await chain.publicClient.readContract({
      address: t.token as Address,
      abi: erc20Abi,
      functionName: "balanceOf",
      args: [t.merchant.recipient as Address],
    });
    const hash = await chain.wallet(9).writeContract({
      address: t.token as Address,
      abi: erc20Abi,
      functionName: "transfer",
      args: [chain.wallet(7).account.address, balance - held],
    });
    await chain.publicClient.waitForTransactionReceipt({ hash });
    // The whole payment includes the fee the recipient never received.
    const whole = await postRefund(recipient, { paymentId: p.paymentId });
    expect([whole.status, whole.body.code]).toEqual([400, "INSUFFICIENT_TOKEN_BALANCE"]);
    expect(whole.body.message).toBe(
      `the wallet ${t.merchant.recipient} holds 2.97 KTT, and this refund sends 3 KTT back to the payer from it: add tokens to it, or refund less`,
    );
    await expectNothingWritten(p.paymentId);

    const native = await chain.publicClient.getBalance({ address: t.merchant.recipient as Address });
    await chain.setBalance(t.merchant.recipient as Address, 0n);
    try {
      const noGas = await postRefund(recipient, { paymentId: p.paymentId, amount: "1000000000000000000" });
      expect([noGas.status, noGas.body.code]).toEqual([400, "INSUFFICIENT_TOKEN_BALANCE"]);
      expect(noGas.body.message).toMatch(
        /holds 0 of the chain's coin, less than the fees of the approval and the refund/,
      );
      await expectNothingWritten(p.paymentId);
    } finally {
      await chain.setBalance(t.merchant.recipient as Address, native);
    }

    const part = await postRefund(recipient, { paymentId: p.paymentId, amount: "1000000000000000000" });
    expect([part.status, part.body.data?.status]).toEqual([201, "REFUND_SUBMITTED"]);
  });

  it("is not checked when the merchant's server starts it with the API key: that server says who sends it", async () => {
    const p = await paidPayment(4);
    const response = await t.request("/refunds", {
      method: "POST",
      headers: { "x-api-key": t.merchant.apiKey },
      json: { paymentId: p.paymentId },
    });
    expect([response.status, response.body.data?.amount]).toEqual([201, p.amount]);
  });
});
