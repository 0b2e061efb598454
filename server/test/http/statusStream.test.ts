import { get, type ClientRequest } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { movePaymentStatus } from "../../src/db/payments/paymentStatus.js";
import { MAX_STREAMS_PER_CLIENT } from "../../src/http/statusStream.js";
import { startTestApp, type TestApp } from "../harness/app.js";
import { startTestChain, type TestChain } from "../harness/chain.js";
import { waitFor } from "../harness/waitFor.js";

const RATE_LIMIT = 5;

let chain: TestChain;
let t: TestApp;
beforeAll(async () => {
  chain = await startTestChain();
  // Behind a trusted proxy, so each payer has its own client IP (X-Forwarded-For).
  t = await startTestApp(chain, { rateLimitPerMinute: RATE_LIMIT, trustProxy: true });
});
afterAll(async () => {
  await t?.close();
  await chain?.stop();
});

let counter = 0;
/** A payment created with the public key, from a client IP of its own. */
function createPayment(): Promise<string> {
  const client = counter++;
  return createPaymentOn(t, `stream-${client}`, {
    "x-public-key": t.merchant.publicKey,
    "x-forwarded-for": `10.1.0.${client}`,
  });
}

/** A payment created on `app` with `headers` (default: its API key). */
async function createPaymentOn(
  app: TestApp,
  orderId: string,
  headers: Record<string, string> = { "x-api-key": app.merchant.apiKey },
): Promise<string> {
  const created = await app.request("/payments", {
    method: "POST",
    headers,
    json: {
      orderId,
      amount: 1,
      tokenAddress: app.token,
      successUrl: "service:none",
      failUrl: "service:none",
    },
  });
  expect(created.status).toBe(201);
  return created.body.data.paymentId as string;
}

interface Stream {
  status: number;
  contentType: string | null;
  /** Every `data` of an `event: status`, until the server ends the stream. */
  events: Promise<{ status: string; paymentId: string }[]>;
  /** Resolves at the first event. */
  first: Promise<{ status: string }>;
  abort(): void;
}

async function openStream(paymentId: string, ip: string, publicKey = t.merchant.publicKey): Promise<Stream> {
  const controller = new AbortController();
  const response = await fetch(`${t.baseUrl}/payments/${paymentId}/events`, {
    headers: { "x-public-key": publicKey, "x-forwarded-for": ip, accept: "text/event-stream" },
    signal: controller.signal,
  });
  let onFirst: (event: { status: string }) => void = () => {};
  const first = new Promise<{ status: string }>((resolve) => (onFirst = resolve));
  const events = (async () => {
    const seen: { status: string; paymentId: string }[] = [];
    if (!response.ok || !response.body) return seen;
    let buffer = "";
    const decoder = new TextDecoder();
    try {
      const reader = response.body.getReader();
      for (let read = await reader.read(); !read.done; read = await reader.read()) {
        buffer += decoder.decode(read.value, { stream: true });
        for (let end = buffer.indexOf("\n\n"); end >= 0; end = buffer.indexOf("\n\n")) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = block
            .split("\n")
            .filter((line) => line.startsWith("data: "))
            .map((line) => line.slice(6))
            .join("\n");
          if (!block.startsWith("event: status\n") || data === "") continue;
          const event = JSON.parse(data) as { status: string; paymentId: string };
          seen.push(event);
          onFirst(event);
        }
      }
    } catch (error) {
      if (!controller.signal.aborted) throw error;
    }
    return seen;
  })();
  return {
    status: response.status,
    contentType: response.headers.get("content-type"),
    events,
    first,
    abort: () => controller.abort(),
  };
}

function pay(paymentId: string) {
  return movePaymentStatus(t.database.db, {
    payment: { paymentId },
    from: "CREATED",
    to: "PAID",
    set: {
      tx_hash: `0x${"ab".repeat(32)}`,
      payer_address: chain.wallet(4).account.address,
      confirmed_at: new Date(),
    },
  });
}

describe("GET /payments/:id/events", () => {
  it("sends the status at once, then the change, and ends when the payment leaves CREATED", async () => {
    const paymentId = await createPayment();
    const stream = await openStream(paymentId, "10.2.0.1");
    expect(stream.status).toBe(200);
    expect(stream.contentType).toMatch(/^text\/event-stream/);
    expect((await stream.first).status).toBe("CREATED");
    expect(await pay(paymentId)).toBeDefined();
    const events = await stream.events;
    expect(events.map((event) => event.status)).toEqual(["CREATED", "PAID"]);
    expect(events.every((event) => event.paymentId === paymentId)).toBe(true);
  });

  it("a finished payment gets its one event and the end", async () => {
    const paymentId = await createPayment();
    await pay(paymentId);
    const stream = await openStream(paymentId, "10.2.0.2");
    expect((await stream.events).map((event) => event.status)).toEqual(["PAID"]);
  });

  it("many payers of one merchant wait at once without spending its rate limit", async () => {
    const payers = RATE_LIMIT * 4;
    const paymentIds = await Promise.all(Array.from({ length: payers }, () => createPayment()));
    const streams = await Promise.all(paymentIds.map((id, i) => openStream(id, `10.3.0.${i}`)));
    expect(streams.map((stream) => stream.status)).toEqual(streams.map(() => 200));
    await Promise.all(streams.map((stream) => stream.first));
    await Promise.all(paymentIds.map(pay));
    for (const stream of streams) expect((await stream.events).at(-1)?.status).toBe("PAID");
  });

  it(`refuses more than ${MAX_STREAMS_PER_CLIENT} open streams from one client network (an IPv6 /64)`, async () => {
    // Six addresses of one /64 (one subscriber's) share one allowance; another /64 has its own.
    const address = (i: number) => `2001:db8:5:1::${(i % 6) + 1}`;
    const open = [];
    // Each open also counts one request in this network's bucket: spread them over the minute's budget.
    const limited = await startTestApp(chain, {
      rateLimitPerMinute: MAX_STREAMS_PER_CLIENT * 2,
      trustProxy: true,
    });
    try {
      const id = await createPaymentOn(limited, "cap");
      const headers = (ip: string) => ({ "x-public-key": limited.merchant.publicKey, "x-forwarded-for": ip });
      for (let i = 0; i < MAX_STREAMS_PER_CLIENT; i++) {
        const response = await fetch(`${limited.baseUrl}/payments/${id}/events`, {
          headers: headers(address(i)),
        });
        expect(response.status).toBe(200);
        open.push(response);
      }
      const refused = await limited.request(`/payments/${id}/events`, {
        headers: headers("2001:db8:5:1:ffff:ffff:ffff:fffe"),
      });
      expect(refused.status).toBe(429);
      expect(refused.body).toEqual({ code: "RATE_LIMITED", message: expect.any(String) });
      // Another network is not affected.
      const other = await fetch(`${limited.baseUrl}/payments/${id}/events`, {
        headers: headers("2001:db8:5:2::1"),
      });
      expect(other.status).toBe(200);
      await other.body?.cancel();
    } finally {
      await limited.close();
    }
  });

  it("refuses streams beyond the process's STATUS_STREAMS_MAX, whoever asks", async () => {
    const limited = await startTestApp(chain, { trustProxy: true, http: { maxStatusStreams: 3 } });
    const opened: ClientRequest[] = [];
    try {
      const id = await createPaymentOn(limited, "process-cap");
      // Each on a connection of its own, closed by the test (its client leaving).
      const from = (ip: string) =>
        new Promise<number>((resolve, reject) => {
          const request = get(
            `${limited.baseUrl}/payments/${id}/events`,
            { agent: false, headers: { "x-public-key": limited.merchant.publicKey, "x-forwarded-for": ip } },
            (response) => resolve(response.statusCode ?? 0),
          );
          request.on("error", (error) => (request.destroyed ? undefined : reject(error)));
          opened.push(request);
        });
      expect([await from("10.6.0.1"), await from("10.6.0.2"), await from("10.6.0.3")]).toEqual([
        200, 200, 200,
      ]);
      expect(await from("10.6.0.4")).toBe(429);
      // A stream whose client leaves makes room for another.
      opened[0]?.destroy();
      await waitFor("a freed place", async () => (await from("10.6.0.5")) === 200);
    } finally {
      for (const request of opened) request.destroy();
      await limited.close();
    }
  });

  it("answers errors in the error format before any stream starts", async () => {
    const other = await t.addMerchant("Other shop");
    const paymentId = await createPayment();
    const foreign = await t.request(`/payments/${paymentId}/events`, {
      headers: { "x-public-key": other.publicKey, "x-forwarded-for": "10.4.0.1" },
    });
    const read = await t.request(`/payments/${paymentId}`, {
      headers: { "x-public-key": other.publicKey, "x-forwarded-for": "10.4.0.1" },
    });
    // The same refusal as GET /payments/:id gives another merchant's key.
    expect(read.status).toBeGreaterThanOrEqual(400);
    expect(foreign.body).toEqual(read.body);
    const anonymous = await t.request(`/payments/${paymentId}/events`, {
      headers: { "x-forwarded-for": "10.4.0.2" },
    });
    expect(anonymous.status).toBe(401);
  });
});
