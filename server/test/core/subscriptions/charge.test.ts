import { computeFee } from "@kassa/contracts";
import type { Address } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
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

describe("subscriptions charged by the worker through the relayer", () => {
  it("charges a full schedule period by period, once each, then completes", async () => {
    const payer = await env.payer();
    await env.fund(payer, PLAN_AMOUNT * 3n, PLAN_AMOUNT * 3n);
    const recipient = env.t.merchant.recipient as Address;
    const merchantBefore = await env.balance(recipient);
    const id = await env.subscribe(payer);
    expect((await env.show(id)).body.data).toMatchObject({ status: "ACTIVE", nextPeriod: 0 });

    await env.charge();
    let view = (await env.show(id)).body.data;
    expect(view.chargesMade).toHaveLength(1);
    expect(view.chargesMade[0]).toMatchObject({ period: 0, status: "PAID", amount: PLAN_AMOUNT.toString() });
    expect(view.nextPeriod).toBe(1);

    // Due again only when the next period opens: a second run sends nothing.
    await env.charge();
    expect((await env.show(id)).body.data.chargesMade).toHaveLength(1);
    // And the gateway refuses a second charge of the period, whoever sends it.
    await expect(env.strangerCharge(id, 0n, PLAN_AMOUNT)).rejects.toThrow(/SubscriptionPeriodAlreadyCharged/);

    for (const period of [1, 2]) {
      await env.advance(PERIOD);
      await env.charge();
      view = (await env.show(id)).body.data;
      expect(view.chargesMade[0]).toMatchObject({ period, status: "PAID" });
    }
    expect(view.status).toBe("COMPLETED");
    expect(view.chargesMade).toHaveLength(3);
    const fee = computeFee(PLAN_AMOUNT, 100);
    expect((await env.balance(recipient)) - merchantBefore).toBe((PLAN_AMOUNT - fee) * 3n);
    expect(await env.balance(payer.account.address)).toBe(0n);

    // A later charge (no signatures to check) costs less than the target.
    const receipt = await env.chain.publicClient.getTransactionReceipt({ hash: view.chargesMade[1].txHash });
    expect(receipt.gasUsed).toBeLessThanOrEqual(75_000n);

    // Each charge is a payment of its own, with the payment's own webhook.
    const payments = await env.t.database.db
      .selectFrom("payments")
      .select(["status", "subscription_period"])
      .where("subscription_id", "=", id)
      .orderBy("subscription_period")
      .execute();
    expect(payments).toEqual([0, 1, 2].map((period) => ({ status: "PAID", subscription_period: period })));
    expect(await env.eventTypes(id)).toEqual([
      "subscription.charged",
      "subscription.charged",
      "subscription.charged",
      "subscription.completed",
      "subscription.created",
    ]);
  }, 60_000);

  it("retries a failed charge on the merchant's schedule, then leaves the period past due", async () => {
    const payer = await env.payer();
    // An allowance, but no tokens yet.
    await env.fund(payer, 0n, PLAN_AMOUNT * 3n);
    const id = await env.subscribe(payer, { retrySchedule: [60, 120], onFailure: "PAST_DUE" });

    await env.charge();
    let view = (await env.show(id)).body.data;
    expect(view).toMatchObject({ status: "ACTIVE", failedAttempts: 1, nextPeriod: 0, chargesMade: [] });
    expect(view.lastError).toMatch(/balance 0 is below the charge/);
    // Not due before the retry's time.
    await env.advance(30);
    await env.charge();
    expect((await env.show(id)).body.data.failedAttempts).toBe(1);
    await env.advance(30);
    await env.charge();
    expect((await env.show(id)).body.data.failedAttempts).toBe(2);
    await env.advance(120);
    await env.charge();
    view = (await env.show(id)).body.data;
    expect(view).toMatchObject({ status: "PAST_DUE", failedAttempts: 0, nextPeriod: 1, chargesMade: [] });

    // The payer tops up: the next period is charged and the subscription is ACTIVE again.
    await env.fund(payer, PLAN_AMOUNT, PLAN_AMOUNT * 3n);
    await env.advance(PERIOD);
    await env.charge();
    view = (await env.show(id)).body.data;
    expect(view).toMatchObject({ status: "ACTIVE", nextPeriod: 2 });
    expect(view.chargesMade).toMatchObject([{ period: 1, status: "PAID" }]);
    expect(await env.eventTypes(id)).toEqual([
      "subscription.charge_failed",
      "subscription.charge_failed",
      "subscription.charge_failed",
      "subscription.charged",
      "subscription.created",
      "subscription.past_due",
    ]);
  }, 60_000);

  it("cancels after the last retry when the merchant says so", async () => {
    const payer = await env.payer();
    await env.fund(payer, 0n, PLAN_AMOUNT);
    const id = await env.subscribe(payer, { retrySchedule: [], onFailure: "CANCELED" });
    await env.charge();
    expect((await env.show(id)).body.data).toMatchObject({ status: "CANCELED", canceledBy: "retries" });
    expect(await env.eventTypes(id)).toEqual([
      "subscription.canceled",
      "subscription.charge_failed",
      "subscription.created",
    ]);
  }, 60_000);
});
