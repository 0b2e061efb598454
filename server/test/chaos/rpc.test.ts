import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createChainClients } from "../../src/chain/clients.js";
import { errorText } from "../../src/chain/sender/nodeErrors.js";
import { LogRangeLimit } from "../../src/chain/rpcTransport.js";
import * as admin from "../../src/core/admin/index.js";
import {
  deadRpcUrl,
  startFaultyRpcProxy,
  type FaultyRpcProxy,
  type RpcFaults,
  type RpcProxyStats,
} from "../harness/rpcProxy.js";
import {
  createPayment,
  fundPayer,
  pay,
  paymentStatus,
  startLifecycleEnv,
  verifyDelivery,
  type LifecycleEnv,
} from "../harness/lifecycle.js";
import { waitFor } from "../harness/waitFor.js";

// The worker reads the chain through a dead first URL and then a proxy that behaves like a public provider
// on a bad day. Every payment must still reach PAID with its webhook, once.

let env: LifecycleEnv;
let proxy: FaultyRpcProxy;
const payer = () => env.chain.wallet(5);

beforeAll(async () => {
  env = await startLifecycleEnv({
    chains: createChainClients({ timeoutMs: 1_000 }),
    watcher: { pollIntervalMs: 100 },
  });
  proxy = await startFaultyRpcProxy(env.chain.rpcUrl);
  await fundPayer(env.chain, payer(), env.chain.tokens.permit18);
  // The RPC URLs change while the worker runs: its next poll goes to the dead URL, then to the proxy.
  await admin.updateChain({ db: env.t.database.db, chains: createChainClients() }, env.chain.chainId, {
    rpcUrl: `${await deadRpcUrl()},${proxy.url}`,
  });
  await waitFor("the worker to read through the proxy", () => proxy.stats.requests > 0);
});

afterAll(async () => {
  await env?.stop();
  await proxy?.close();
});

/**
 * Sets the faults, mines `emptyBlocks` blocks (the watcher then reads a range wider than the limit), pays
 * `count` payments and waits until each is PAID and its payment.paid webhook arrived, verified, once.
 */
async function payThrough(faults: Partial<RpcFaults>, emptyBlocks: number, count: number) {
  Object.assign(proxy.faults, faults);
  const before = { ...proxy.stats };
  await env.chain.publicClient.request({
    method: "anvil_mine" as never,
    params: [`0x${emptyBlocks.toString(16)}`] as never,
  });
  const payments = [];
  for (let i = 0; i < count; i++) {
    const p = await createPayment(env.t);
    await pay(env.chain, payer(), p);
    payments.push(p);
  }
  const started = performance.now();
  for (const p of payments) {
    await waitFor(
      `payment ${p.paymentId} PAID with its webhook`,
      async () =>
        (await paymentStatus(env.t.database.db, p.paymentId)) === "PAID" &&
        env.receiver.received.some((d) => d.payload.paymentId === p.paymentId),
      60_000,
    );
  }
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  for (const p of payments) {
    const deliveries = env.receiver.received.filter((d) => d.payload.paymentId === p.paymentId);
    expect(deliveries).toHaveLength(1);
    expect(verifyDelivery(env.t.merchant.webhookSecret, deliveries[0]!)).toMatchObject({
      type: "payment.paid",
    });
  }
  const delta = { ...proxy.stats };
  for (const name of Object.keys(delta) as (keyof RpcProxyStats)[]) delta[name] -= before[name];
  console.log(
    `rpc faults ${JSON.stringify(faults)}: ${count} payments PAID with webhooks ${seconds} s after the last pay; proxy ${JSON.stringify(delta)}`,
  );
  return delta;
}

describe("an RPC provider that limits, refuses and stalls", () => {
  it("pays every payment through a 100-block getLogs limit (-32005), 429s, 500s, slow answers and a dead first URL", async () => {
    const seen = await payThrough(
      {
        maxLogRange: 100,
        rangeRefusal: "limit-exceeded",
        tooManyEvery: 7,
        serverErrorEvery: 11,
        delayEvery: 13,
        delayMs: 1_500,
      },
      300,
      10,
    );
    expect(seen.refusedRanges).toBeGreaterThan(0);
    expect(seen.servedLogs).toBeGreaterThan(0);
    expect(seen.tooMany).toBeGreaterThan(0);
    expect(seen.serverErrors).toBeGreaterThan(0);
    expect(seen.delayed).toBeGreaterThan(0);
  });

  it("pays through a 10-block limit answered with -32602 and with HTTP 413", async () => {
    const invalidParams = await payThrough({ maxLogRange: 10, rangeRefusal: "invalid-params" }, 300, 5);
    expect(invalidParams.refusedRanges).toBeGreaterThan(0);
    const tooLarge = await payThrough({ maxLogRange: 3, rangeRefusal: "http-413" }, 100, 3);
    expect(tooLarge.refusedRanges).toBeGreaterThan(0);
  });
});

describe("what the RPC readers learn and say", () => {
  it("lowers the eth_getLogs range on a refusal, then grows it back slowly", () => {
    const limit = new LogRangeLimit();
    expect(limit.maxBlocks).toBeUndefined();
    limit.refused(361n);
    expect(limit.maxBlocks).toBe(180n);
    limit.refused(180n);
    limit.served(90n);
    expect(limit.maxBlocks).toBe(90n);
    for (let i = 0; i < LogRangeLimit.growAfter - 2; i++) limit.served(90n);
    expect(limit.maxBlocks).toBe(90n);
    limit.served(90n);
    expect(limit.maxBlocks).toBe(100n);
    // Refused above what was served: back to the largest range served, not half of it.
    limit.refused(100n);
    expect(limit.maxBlocks).toBe(90n);
  });

  it("fails over from a dead URL and never names a URL in its errors", async () => {
    const dead = (await deadRpcUrl()).replace("//", "//user:password@") + "/v2/secret-api-key";
    const chain = { network_id: env.chain.chainId, name: "Anvil", rpc_url: `${dead},${proxy.url}` };
    Object.assign(proxy.faults, { tooManyEvery: 0, serverErrorEvery: 0, delayEvery: 0 });
    const clients = createChainClients({ timeoutMs: 1_000 });
    expect(await clients.publicClient(chain).getBlockNumber()).toBeGreaterThan(0n);

    const error = await clients
      .publicClient({ ...chain, rpc_url: dead })
      .getBlockNumber()
      .catch((e: unknown) => e);
    const text = `${String(error)} ${errorText(error)} ${JSON.stringify(error)}`;
    expect(text).toContain("RPC URL 1 of chain");
    expect(text).not.toMatch(/secret-api-key|password/);
    expect(text).not.toContain(new URL(dead).host);
  });
});
