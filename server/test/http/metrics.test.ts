import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createChainClients } from "../../src/chain/clients.js";
import { watcherLag } from "../../src/core/operations/metrics.js";
import { startTestApp, type TestApp } from "../harness/app.js";
import { startTestChain, type TestChain } from "../harness/chain.js";

let chain: TestChain;
let open: TestApp;
let guarded: TestApp;

beforeAll(async () => {
  chain = await startTestChain();
  open = await startTestApp(chain, { metrics: true });
  guarded = await startTestApp(chain, { metrics: true, metricsToken: "scrape-me" });
});

afterAll(async () => {
  await open?.close();
  await guarded?.close();
  await chain?.stop();
});

async function scrape(app: TestApp, headers: Record<string, string> = {}) {
  return fetch(`${app.baseUrl.replace("/api/v1", "")}/metrics`, { headers });
}

describe("GET /metrics", () => {
  it("reports HTTP latency by route pattern and payments by status", async () => {
    const created = await open.request("/payments", {
      method: "POST",
      headers: { "x-api-key": open.merchant.apiKey },
      json: {
        orderId: "metrics-1",
        amount: 1,
        tokenAddress: open.token,
        successUrl: "service:none",
        failUrl: "service:none",
      },
    });
    expect(created.status).toBe(201);
    await open.request(`/payments/${created.body.data.paymentId}`, {
      headers: { "x-public-key": open.merchant.publicKey },
    });

    const response = await scrape(open);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/plain");
    const text = await response.text();
    expect(text).toMatch(
      /kassa_http_request_duration_seconds_count\{method="POST",route="\/api\/v1\/payments",status="201"\} 1/,
    );
    expect(text).toMatch(
      /kassa_http_request_duration_seconds_count\{method="GET",route="\/api\/v1\/payments\/:id",status="200"\} 1/,
    );
    expect(text).toMatch(/kassa_payments\{status="CREATED"\} 1/);
    expect(text).toMatch(/kassa_webhook_delivery_lag_seconds 0/);
    expect(text).not.toContain(open.merchant.apiKey);
  });

  it("asks for the bearer token when METRICS_TOKEN is set", async () => {
    const refused = await scrape(guarded);
    expect(refused.status).toBe(401);
    expect(await refused.json()).toMatchObject({ code: "UNAUTHORIZED" });
    expect((await scrape(guarded, { authorization: "Bearer wrong" })).status).toBe(401);
    expect((await scrape(guarded, { authorization: "Bearer scrape-me" })).status).toBe(200);
  });
});

describe("watcher lag", () => {
  it("is the chain head minus the watcher's cursor, per chain", async () => {
    const chainRow = await open.database.db
      .selectFrom("chains")
      .select("id")
      .where("network_id", "=", chain.chainId)
      .executeTakeFirstOrThrow();
    await open.database.db
      .insertInto("chain_cursors")
      .values({ chain_id: chainRow.id, block_number: 1, block_hash: `0x${"ab".repeat(32)}` })
      .execute();
    const head = await chain.publicClient.getBlockNumber({ cacheTime: 0 });
    const samples = await watcherLag(createChainClients()).read(open.database.db);
    expect(samples).toEqual([{ labels: { chain: String(chain.chainId) }, value: Number(head) - 1 }]);
  });
});

describe("request ids", () => {
  it("answers with a request id, keeps the caller's, and logs it", async () => {
    const fresh = await open.request("/health");
    expect(fresh.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);

    const traced = await open.request("/chains/nope", { headers: { "x-request-id": "trace-abc-123" } });
    expect(traced.status).toBe(404);
    expect(traced.headers.get("x-request-id")).toBe("trace-abc-123");
    expect(open.logs.some((line) => line.includes('"reqId":"trace-abc-123"'))).toBe(true);
  });
});
