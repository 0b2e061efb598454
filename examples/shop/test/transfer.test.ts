import { startShop, type Order, type RunningShop } from "@kassa/example-shop";
import type { Address } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  expirePaymentsPastDeadline,
  merchantRecord,
  sendTransfer,
  setWebhookUrl,
  startDepositEnv,
  waitFor,
  type LifecycleEnv,
} from "@kassa/server/harness";

/**
 * The example shop with Kassa's transfer path on (TRANSFER_PAYMENTS): an order whose payment's call path
 * expired waits for the transfer window (an exchange's withdrawal takes longer than five minutes), and a plain
 * transfer to the payment's deposit address completes it.
 */
let env: LifecycleEnv;
let shop: RunningShop;

beforeAll(async () => {
  env = await startDepositEnv();
  shop = await startShop({
    kassaUrl: env.t.baseUrl,
    apiKey: env.t.merchant.apiKey,
    publicKey: env.t.merchant.publicKey,
    webhookSecret: env.t.merchant.webhookSecret,
    tokenAddress: env.t.token,
    port: 0,
    log: () => {},
  });
  await setWebhookUrl(env.t.database.db, env.t.merchant.merchantKey, `${shop.url}/webhooks/kassa`);
});
afterAll(async () => {
  await shop?.stop();
  await env?.stop();
});

describe("an order paid by transfer", () => {
  it("stays open past the payment's expiry while its transfer window is open, and a transfer completes it", async () => {
    const response = await fetch(`${shop.url}/orders`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ productId: "mug" }),
      redirect: "manual",
    });
    const id = (response.headers.get("location") ?? "").slice("/orders/".length);
    const order = shop.store.get(id) as Order;
    const paymentId = order.paymentId as string;
    await env.t.database.db
      .updateTable("payments")
      .set({ expires_at: new Date(Date.now() - 1_000) })
      .where("payment_id", "=", paymentId)
      .execute();
    expect(await expirePaymentsPastDeadline(env.t.database.db, { paymentId })).toEqual([paymentId]);
    // The redirect back makes the shop ask Kassa: EXPIRED, but a transfer still pays it.
    await fetch(`${shop.url}/orders/${id}/return?status=fail`, { redirect: "manual" });
    expect(shop.store.get(id)?.status).toBe("awaiting_payment");

    const record = await merchantRecord(env.t, paymentId);
    await sendTransfer(env.chain, env.chain.wallet(6), {
      token: env.t.token as Address,
      to: record.depositAddress,
      amount: BigInt(record.amount),
    });
    await waitFor("the order paid", () => shop.store.get(id)?.status === "paid");
    expect(shop.store.get(id)).toMatchObject({ status: "paid", fulfilments: 1 });
  });
});
