import type { AddressInfo } from "node:net";
import { testTokenAbi } from "@kassa/contracts";
import { freePort } from "@kassa/contracts/dev";
import type { Address } from "viem";
import { expect } from "vitest";
import { defaultConfig } from "../../server/src/config/index.js";
import { createServices, type ServicesOptions } from "../../server/src/core/services.js";
import { buildApp, type AppOptions } from "../../server/src/http/app.js";
import type { TestApp } from "../../server/test/harness/app.js";
import type { TestChain } from "../../server/test/harness/chain.js";
import type { CreatedPayment } from "../../server/test/harness/payments.js";

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

export function balanceOf(chain: TestChain, token: string, owner: string): Promise<bigint> {
  return chain.publicClient.readContract({
    address: token as Address,
    abi: testTokenAbi,
    functionName: "balanceOf",
    args: [owner as Address],
  });
}

/** The widget page URL for a payment. */
export function widgetUrl(
  t: TestApp,
  query: Record<string, string>,
  publicKey = t.merchant.publicKey,
): string {
  return `${new URL(t.baseUrl).origin}/widget?${new URLSearchParams({ publicKey, ...query })}`;
}

/**
 * A second API on the test app's database (same merchants, tokens and chain), built with the
 * given extra dependencies: the widget's dev wallet, a relayer and faucet. `ownOriginOnly`: as
 * `npm start` does, public keys work only from the API's own origin (ALLOWED_WIDGET_ORIGIN).
 */
export async function startSiblingApp(
  t: TestApp,
  chain: TestChain,
  deps: Pick<AppOptions, "widget"> & Pick<ServicesOptions, "gasless">,
  options: { ownOriginOnly?: boolean } = {},
): Promise<{ origin: string; baseUrl: string; close(): Promise<void> }> {
  const ownPort = options.ownOriginOnly ? await freePort() : 0;
  const config = defaultConfig({
    signerPrivateKey: chain.signerKey,
    rateLimitPerMinute: 100_000,
    ...(options.ownOriginOnly ? { allowedWidgetOrigin: `http://127.0.0.1:${ownPort}` } : {}),
  });
  const services = createServices(config, t.database.db, deps.gasless ? { gasless: deps.gasless } : {});
  const app = await buildApp(services, deps.widget === undefined ? {} : { widget: deps.widget });
  await app.listen({ host: "127.0.0.1", port: ownPort });
  const { port } = app.server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  return { origin, baseUrl: `${origin}/api/v1`, close: () => app.close() };
}
