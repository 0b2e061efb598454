import { expect } from "vitest";
import type { CreatedPayment, TestApp } from "@kassa/server/harness";

let orderCounter = 0;

/** POST /payments with the merchant's public key, as a merchant page would. */
export async function createPayment(
  t: TestApp,
  overrides: Partial<{
    amount: number;
    tokenAddress: string;
    successUrl: string;
    failUrl: string;
    publicKey: string;
  }> = {},
): Promise<CreatedPayment> {
  const { publicKey = t.merchant.publicKey, ...body } = overrides;
  const response = await t.request("/payments", {
    method: "POST",
    headers: { "x-public-key": publicKey },
    json: {
      orderId: `widget-${Date.now()}-${++orderCounter}`,
      amount: 25.5,
      tokenAddress: t.token,
      successUrl: "http://shop.example/ok",
      failUrl: "http://shop.example/fail",
      ...body,
    },
  });
  expect(response.status).toBe(201);
  return response.body.data;
}

export async function paymentStatus(t: TestApp, paymentId: string, publicKey = t.merchant.publicKey) {
  const response = await t.request(`/payments/${paymentId}`, { headers: { "x-public-key": publicKey } });
  expect(response.status).toBe(200);
  return response.body.data as { status: string; txHash: string | null; payerAddress: string | null };
}

/** Polls GET /payments/:id (which syncs with the chain) until the status is `status`. */
export async function waitForStatus(t: TestApp, paymentId: string, status: string, publicKey?: string) {
  for (let attempt = 0; attempt < 100; attempt++) {
    const payment = await paymentStatus(t, paymentId, publicKey);
    if (payment.status === status) return payment;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`payment ${paymentId} never reached ${status}`);
}

/** The widget page URL for a payment. */
export function widgetUrl(
  t: TestApp,
  query: Record<string, string>,
  publicKey = t.merchant.publicKey,
): string {
  return `${new URL(t.baseUrl).origin}/widget?${new URLSearchParams({ publicKey, ...query })}`;
}
