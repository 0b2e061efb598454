import { paymentGatewayAbi } from "@kassa/contracts";
import { parseUnits, type Hex } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPriceService } from "../../../src/core/prices/service.js";
import { upsertTokenPriceSource } from "../../../src/db/prices/prices.js";
import type { TestChain } from "../../harness/chain.js";
import { addSamples } from "../../harness/prices.js";
import { PERIOD, startSubscriptionEnv, type SubscriptionEnv } from "../../harness/subscriptions.js";

const HOUR = 3600;

let chain: TestChain;
let env: SubscriptionEnv;
let tokenId: number;
beforeAll(async () => {
  env = await startSubscriptionEnv({
    prices: (db, now) => createPriceService({ db, now, currencies: ["USD"] }),
  });
  chain = env.chain;
  const token = await env.t.database.db
    .selectFrom("tokens")
    .select("id")
    .where("address", "=", env.t.token)
    .executeTakeFirstOrThrow();
  tokenId = token.id;
  await upsertTokenPriceSource(env.t.database.db, { token_id: tokenId, kind: "static", ref: "test" });
}, 60_000);
afterAll(() => env?.close());

/** `usd` is the token's USD price over the hour before the server's clock (its hourly average). */
const priceIs = (usd: string) =>
  addSamples(env.t.database.db, tokenId, "USD", [
    [new Date(env.now().getTime() - HOUR * 1000).toISOString(), usd],
  ]);

describe("a fiat-priced plan", () => {
  it("charges the price converted each period, refuses a price beyond the signed maximum, and retries", async () => {
    const payer = await env.payer();
    await env.fund(payer, parseUnits("100", 18), parseUnits("100", 18));
    const payerBefore = await env.balance(payer.account.address);
    // 20 USD a period, at most 12 tokens a charge.
    const id = await env.subscribe(payer, {
      amount: 20,
      currency: "usd",
      maxAmount: 12,
      retrySchedule: [HOUR],
      onFailure: "PAST_DUE",
    });
    expect((await env.show(id)).body.data).toMatchObject({
      variableAmount: true,
      currency: "USD",
      fiatAmount: "20",
      amount: parseUnits("12", 18).toString(),
    });

    await priceIs("2");
    await env.charge();
    let view = (await env.show(id)).body.data;
    expect(view).toMatchObject({ status: "ACTIVE", nextPeriod: 1 });
    expect(view.chargesMade).toMatchObject([
      { period: 0, status: "PAID", amount: parseUnits("10", 18).toString(), tokenPrice: "2" },
    ]);

    // The token fell: 20 USD is 13.33 tokens, above the 12 the payer signed. Not charged, and the merchant told.
    await env.advance(PERIOD);
    await priceIs("1.5");
    await env.charge();
    view = (await env.show(id)).body.data;
    expect(view).toMatchObject({ status: "ACTIVE", nextPeriod: 1, failedAttempts: 1 });
    expect(view.chargesMade).toHaveLength(1);
    expect(view.lastError).toBe(
      "the price moved beyond the payer's signed maximum: 20 USD at 1.5 USD per KTT is 13.33 KTT, above the maximum of 12 KTT per charge",
    );
    expect(await env.balance(payer.account.address)).toBe(payerBefore - parseUnits("10", 18));
    const failed = await env.t.database.db
      .selectFrom("webhook_events")
      .select("payload")
      .where("type", "=", "subscription.charge_failed")
      .execute();
    expect(failed.map((row) => row.payload)).toEqual([
      expect.objectContaining({ subscriptionId: id, reason: view.lastError }),
    ]);

    // Retried on the merchant's schedule, at the price of then.
    await env.advance(HOUR);
    await priceIs("2.5");
    await env.charge();
    view = (await env.show(id)).body.data;
    expect(view).toMatchObject({ status: "ACTIVE", nextPeriod: 2, failedAttempts: 0 });
    expect(view.chargesMade[0]).toMatchObject({
      period: 1,
      status: "PAID",
      amount: parseUnits("8", 18).toString(),
      tokenPrice: "2.5",
    });
    expect(await env.balance(payer.account.address)).toBe(payerBefore - parseUnits("18", 18));
    expect(await env.eventTypes(id)).toEqual([
      "subscription.charge_failed",
      "subscription.charged",
      "subscription.charged",
      "subscription.created",
    ]);
  }, 60_000);

  it("takes the fee in force when a charge is signed, also in its period's last hour", async () => {
    const payer = await env.payer();
    await env.fund(payer, parseUnits("100", 18), parseUnits("100", 18));
    const id = await env.subscribe(payer, { amount: 20, currency: "usd", maxAmount: 12 });
    const setFee = async (feeBps: number) => {
      const hash = await chain.deployer.writeContract({
        address: chain.gateway,
        abi: paymentGatewayAbi,
        functionName: "setMerchantFee",
        args: [(await env.show(id)).body.data.merchantId as Hex, feeBps],
      });
      await chain.publicClient.waitForTransactionReceipt({ hash });
    };
    await setFee(100);
    // Half an hour before period 0 closes, the merchant's fee goes from 1% to 5%; the charge is signed after.
    await env.advance(PERIOD - 1800);
    await setFee(500);
    await env.advance(60);
    await priceIs("2");
    await env.charge();
    const [charge] = (await env.show(id)).body.data.chargesMade;
    expect(charge).toMatchObject({ period: 0, status: "PAID", amount: parseUnits("10", 18).toString() });
    const paid = await env.t.database.db
      .selectFrom("payments")
      .select("fee_amount")
      .where("payment_id", "=", charge.paymentId)
      .executeTakeFirstOrThrow();
    expect(paid.fee_amount).toBe(parseUnits("0.5", 18).toString());
  }, 60_000);

  it("is refused at creation without a maximum in tokens", async () => {
    const created = await env.create({
      orderId: "fiat-without-maximum",
      tokenAddress: env.t.token,
      amount: 20,
      currency: "USD",
      periodSeconds: PERIOD,
      charges: 3,
    });
    expect(created.status).toBe(400);
    expect(created.body.details).toEqual([expect.objectContaining({ path: ["maxAmount"] })]);
  });
});
