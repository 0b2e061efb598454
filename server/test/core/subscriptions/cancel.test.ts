import { paymentGatewayAbi } from "@kassa/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPayment, pay } from "../../harness/lifecycle.js";
import {
  PERIOD,
  PLAN_AMOUNT,
  startSubscriptionEnv,
  type SubscriptionEnv,
} from "../../harness/subscriptions.js";

let env: SubscriptionEnv;
beforeAll(async () => {
  env = await startSubscriptionEnv();
}, 60_000);
afterAll(() => env?.close());

/** A subscription whose first period was charged. */
async function chargedOnce() {
  const payer = await env.payer();
  await env.fund(payer, PLAN_AMOUNT * 3n, PLAN_AMOUNT * 3n);
  const id = await env.subscribe(payer);
  await env.charge();
  expect((await env.show(id)).body.data.chargesMade).toMatchObject([{ period: 0, status: "PAID" }]);
  return { payer, id };
}

describe("cancellation", () => {
  it("by the payer revoking the allowance: noticed, no more charges", async () => {
    const { payer, id } = await chargedOnce();
    await env.fund(payer, 0n, 0n);
    await env.advance(PERIOD);
    await env.charge();
    const view = (await env.show(id)).body.data;
    expect(view).toMatchObject({ status: "CANCELED", canceledBy: "allowance", chargesMade: [{ period: 0 }] });
    expect(await env.balance(payer.account.address)).toBe(PLAN_AMOUNT * 2n);
    expect(await env.eventTypes(id)).toEqual([
      "subscription.canceled",
      "subscription.charged",
      "subscription.created",
    ]);
  }, 60_000);

  it("by the payer on-chain (cancelSubscription): seen before the next charge", async () => {
    const { payer, id } = await chargedOnce();
    await env.cancelOnChain(payer, id);
    await env.advance(PERIOD);
    await env.charge();
    expect((await env.show(id)).body.data).toMatchObject({ status: "CANCELED", canceledBy: "chain" });
    expect(await env.balance(payer.account.address)).toBe(PLAN_AMOUNT * 2n);
  }, 60_000);

  it("by the merchant through the API, once, and on-chain", async () => {
    const { payer, id } = await chargedOnce();
    const auth = { "x-api-key": env.t.merchant.apiKey };
    const canceled = await env.t.request(`/subscriptions/${id}/cancel`, { method: "POST", headers: auth });
    expect(canceled.status).toBe(200);
    expect(canceled.body.data).toMatchObject({
      status: "CANCELED",
      canceledBy: "merchant",
      nextChargeAt: null,
    });
    const again = await env.t.request(`/subscriptions/${id}/cancel`, { method: "POST", headers: auth });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe("INVALID_SUBSCRIPTION_STATUS");
    await env.advance(PERIOD);
    await env.charge();
    expect((await env.show(id)).body.data.chargesMade).toHaveLength(1);
    expect(await env.balance(payer.account.address)).toBe(PLAN_AMOUNT * 2n);
    // Canceled on-chain too (by the relayer, with the signer's CancelSubscription): no one else can charge it.
    const [, canceledOnChain] = await env.chain.publicClient.readContract({
      address: env.chain.gateway,
      abi: paymentGatewayAbi,
      functionName: "subscriptionState",
      args: [(await env.show(id)).body.data.digest, 1n],
    });
    expect(canceledOnChain).toBe(true);
    await expect(env.strangerCharge(id, 1n, PLAN_AMOUNT)).rejects.toThrow(/SubscriptionIsCanceled/);
    // Another merchant's key sees nothing of it.
    const other = await env.t.addMerchant("Other shop");
    const foreign = await env.t.request(`/subscriptions/${id}/cancel`, {
      method: "POST",
      headers: { "x-api-key": other.apiKey },
    });
    expect(foreign.status).toBe(404);
  }, 60_000);
});

describe("the payer's allowance, shared with one-off payments", () => {
  it("spent to 0 by a one-off payment: PAST_DUE with a notice, not canceled, and charged once allowed again", async () => {
    const payer = await env.payer();
    await env.fund(payer, PLAN_AMOUNT * 5n, PLAN_AMOUNT * 3n);
    const id = await env.subscribe(payer);
    await env.charge();
    // A one-off payment from the same wallet takes the 20 the subscription still needs (a pay() on its allowance).
    const oneOff = await createPayment(env.t, { amount: 20, orderId: "one-off-on-the-allowance" });
    await pay(env.chain, payer, oneOff);
    await env.advance(PERIOD);
    await env.charge();
    let view = (await env.show(id)).body.data;
    expect(view).toMatchObject({ status: "PAST_DUE", canceledBy: null, nextPeriod: 1, failedAttempts: 1 });
    expect(view.lastError).toBe(`the payer's allowance 0 is below the charge ${PLAN_AMOUNT}`);
    const notice = await env.t.database.db
      .selectFrom("webhook_events")
      .select("payload")
      .where("type", "=", "subscription.past_due")
      .execute();
    expect(notice.map((row) => row.payload)).toEqual([
      expect.objectContaining({
        subscriptionId: id,
        status: "PAST_DUE",
        reason: expect.stringMatching(
          /^the payer's allowance 0 is below the charge \d+: the payer is to allow the gateway again/,
        ),
      }),
    ]);
    // The payer allows the gateway again: the retry charges the period, and the subscription is ACTIVE again.
    await env.fund(payer, 0n, PLAN_AMOUNT * 2n);
    await env.advance(3600);
    await env.charge();
    view = (await env.show(id)).body.data;
    expect(view).toMatchObject({ status: "ACTIVE", nextPeriod: 2, failedAttempts: 0 });
    expect(view.chargesMade).toMatchObject([
      { period: 1, status: "PAID" },
      { period: 0, status: "PAID" },
    ]);
  }, 60_000);
});
