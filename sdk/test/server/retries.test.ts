import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { Kassa, KassaConnectionError, KassaError, KassaRateLimitError, KassaServerError } from "@kassa/sdk";
import { afterEach, describe, expect, it } from "vitest";
import { rejectionOf } from "@kassa/server/harness";

/**
 * A local HTTP server standing in for a flaky Kassa: `script` answers each request in turn (the last
 * entry repeats), so a test decides exactly which attempts fail.
 */
type Step =
  "reset" | "hang" | { status: number; body?: unknown; raw?: string; headers?: Record<string, string> };

interface Flaky {
  kassa: Kassa;
  hits: { method: string; url: string }[];
}

const servers: Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

async function flakyKassa(
  script: Step[],
  options: { timeoutMs?: number; maxRetries?: number } = {},
): Promise<Flaky> {
  const hits: Flaky["hits"] = [];
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    hits.push({ method: request.method ?? "", url: request.url ?? "" });
    const step = script[Math.min(hits.length - 1, script.length - 1)] as Step;
    request.resume();
    if (step === "reset") {
      request.socket.destroy();
      return;
    }
    if (step === "hang") return;
    response.writeHead(step.status, { "content-type": "application/json", ...step.headers });
    response.end(step.raw ?? (step.body === undefined ? "" : JSON.stringify(step.body)));
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const kassa = new Kassa({
    baseUrl: `http://127.0.0.1:${port}/api/v1`,
    apiKey: "sk_test",
    publicKey: "pk_test",
    timeoutMs: options.timeoutMs ?? 10_000,
    retry: { initialDelayMs: 1, maxDelayMs: 50, maxRetries: options.maxRetries ?? 2 },
  });
  return { kassa, hits };
}

const ok = { status: 200, body: { success: true, data: { chains: [] } } };
const unavailable = { status: 503, body: { code: "INTERNAL_ERROR", message: "down for a moment" } };

const rejection = rejectionOf(KassaError);

describe("retries", () => {
  it("retries a GET after 5xx answers until it succeeds", async () => {
    const { kassa, hits } = await flakyKassa([unavailable, unavailable, ok]);
    expect(await kassa.chains.list()).toEqual([]);
    expect(hits).toHaveLength(3);
  });

  it("retries a GET after a dropped connection", async () => {
    const { kassa, hits } = await flakyKassa(["reset", ok]);
    expect(await kassa.chains.list()).toEqual([]);
    expect(hits).toHaveLength(2);
  });

  it("gives up after maxRetries and rejects with the last error", async () => {
    const { kassa, hits } = await flakyKassa([unavailable]);
    const error = await rejection(kassa.chains.list());
    expect(error).toBeInstanceOf(KassaServerError);
    expect(error).toMatchObject({ code: "INTERNAL_ERROR", status: 503, message: "down for a moment" });
    expect(hits).toHaveLength(3);
  });

  it("honours a per-call maxRetries", async () => {
    const { kassa, hits } = await flakyKassa([unavailable]);
    await rejection(kassa.chains.list({ maxRetries: 0 }));
    expect(hits).toHaveLength(1);
  });

  it("does not retry a 4xx", async () => {
    const { kassa, hits } = await flakyKassa([
      { status: 404, body: { code: "PAYMENT_NOT_FOUND", message: "Payment not found" } },
      ok,
    ]);
    await rejection(kassa.merchantPayments.retrieve("0x01"));
    expect(hits).toHaveLength(1);
  });

  it("retries a 429 after the Retry-After the server asked for, when short enough", async () => {
    const limited = {
      status: 429,
      body: { code: "RATE_LIMITED", message: "slow down" },
      headers: { "retry-after": "0" },
    };
    const { kassa, hits } = await flakyKassa([limited, ok]);
    expect(await kassa.chains.list()).toEqual([]);
    expect(hits).toHaveLength(2);

    const tooLong = { ...limited, headers: { "retry-after": "3600" } };
    const patient = await flakyKassa([tooLong, ok]);
    const error = await rejection(patient.kassa.chains.list());
    expect(error).toBeInstanceOf(KassaRateLimitError);
    expect((error as KassaRateLimitError).retryAfterSeconds).toBe(3600);
    expect(patient.hits).toHaveLength(1);
  });

  it("never retries a POST or PATCH other than payments.create", async () => {
    const post = await flakyKassa([unavailable, ok]);
    await rejection(
      post.kassa.paymentMethods.create({ tokenAddress: `0x${"1".repeat(40)}`, is_enabled: true }),
    );
    expect(post.hits).toEqual([{ method: "POST", url: "/api/v1/merchant/payment-methods" }]);

    const reset = await flakyKassa(["reset", ok]);
    const error = await rejection(reset.kassa.paymentMethods.update(1, { is_enabled: false }));
    expect(error).toBeInstanceOf(KassaConnectionError);
    expect(reset.hits).toHaveLength(1);
  });

  it("retries payments.create, whose orderId makes a repeat safe", async () => {
    const created = { status: 201, body: { success: true, data: { paymentId: "0xabc", orderId: "o-1" } } };
    const { kassa, hits } = await flakyKassa([unavailable, created]);
    const payment = await kassa.payments.create({
      orderId: "o-1",
      amount: 1,
      tokenAddress: `0x${"1".repeat(40)}`,
      successUrl: "service:none",
      failUrl: "service:none",
    });
    expect(payment).toMatchObject({ paymentId: "0xabc" });
    expect(hits.map((hit) => hit.method)).toEqual(["POST", "POST"]);
  });

  it("times out an attempt that gets no answer, and retries it when safe", async () => {
    const { kassa, hits } = await flakyKassa(["hang", ok], { timeoutMs: 100 });
    expect(await kassa.chains.list()).toEqual([]);
    expect(hits).toHaveLength(2);

    const stuck = await flakyKassa(["hang"], { timeoutMs: 100, maxRetries: 0 });
    const error = await rejection(stuck.kassa.chains.list());
    expect(error).toBeInstanceOf(KassaConnectionError);
    expect(error.code).toBe("TIMEOUT");
  });

  it("stops at once when the caller aborts", async () => {
    const { kassa, hits } = await flakyKassa(["hang"]);
    const controller = new AbortController();
    const pending = rejection(kassa.chains.list({ signal: controller.signal }));
    for (let i = 0; i < 500 && hits.length === 0; i++) await new Promise((resolve) => setTimeout(resolve, 5));
    controller.abort();
    const error = await pending;
    expect(error).toBeInstanceOf(KassaConnectionError);
    expect(error.code).toBe("ABORTED");
    expect(hits).toHaveLength(1);
  });

  it("reports a success answer that is not JSON as a server error", async () => {
    const { kassa } = await flakyKassa([{ status: 200, raw: "<html>proxy page</html>" }]);
    const error = await rejection(kassa.health({ maxRetries: 0 }));
    expect(error).toBeInstanceOf(KassaServerError);
    expect(error).toMatchObject({ code: "INVALID_RESPONSE", status: 200 });
  });

  it("maps an error answer without a Kassa body by its status", async () => {
    const { kassa } = await flakyKassa([{ status: 502, raw: "Bad Gateway" }]);
    const error = await rejection(kassa.health({ maxRetries: 0 }));
    expect(error).toBeInstanceOf(KassaServerError);
    expect(error).toMatchObject({ code: "INTERNAL_ERROR", status: 502 });
  });
});
