import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../harness/app.js";
import { startTestChain, type TestChain } from "../harness/chain.js";

const widget = "https://pay.example.com";
const evil = "https://evil.example.com";

let chain: TestChain;
let t: TestApp;
let paymentId: string;
beforeAll(async () => {
  chain = await startTestChain();
  t = await startTestApp(chain, { allowedWidgetOrigin: widget });
  const created = await t.request("/payments", {
    method: "POST",
    headers: { "x-api-key": t.merchant.apiKey },
    json: {
      orderId: "origin-seed",
      amount: 1,
      tokenAddress: t.token,
      successUrl: "service:none",
      failUrl: "service:none",
    },
  });
  paymentId = created.body.data.paymentId;
});
afterAll(async () => {
  await t?.close();
  await chain?.stop();
});

let counter = 0;
function postPayment(headers: Record<string, string>) {
  return t.request("/payments", {
    method: "POST",
    headers,
    json: {
      orderId: `origin-${counter++}`,
      amount: 1,
      tokenAddress: t.token,
      successUrl: "service:none",
      failUrl: "service:none",
    },
  });
}

describe("Origin rules with ALLOWED_WIDGET_ORIGIN set", () => {
  it.each([
    ["matching Origin", { origin: widget }, 201],
    ["no Origin", {}, 403],
    ["another Origin", { origin: evil }, 403],
    ["Origin with a trailing slash", { origin: `${widget}/` }, 403],
    ["x-origin instead of Origin (GET only)", { "x-origin": widget }, 403],
    ["x-origin matching but Origin foreign", { origin: evil, "x-origin": widget }, 403],
  ])("POST /payments with the public key and %s", async (_name, headers, status) => {
    const response = await postPayment({ "x-public-key": t.merchant.publicKey, ...headers });
    expect(response.status).toBe(status);
    if (status === 403) expect(response.body.code).toBe("FORBIDDEN");
  });

  it("POST /payments with the API key needs no Origin, and ignores a foreign one", async () => {
    expect((await postPayment({ "x-api-key": t.merchant.apiKey })).status).toBe(201);
    expect((await postPayment({ "x-api-key": t.merchant.apiKey, origin: evil })).status).toBe(201);
  });

  it("checks the key before the Origin", async () => {
    const response = await postPayment({ origin: evil });
    expect([response.status, response.body.code]).toEqual([401, "UNAUTHORIZED"]);
  });

  it.each([
    ["matching Origin", { origin: widget }, 200],
    ["matching x-origin behind a proxy", { "x-origin": widget, origin: "https://proxy.example.com" }, 200],
    ["no Origin (same-origin page or server)", {}, 200],
    ["another Origin", { origin: evil }, 403],
    ["another x-origin", { "x-origin": evil, origin: widget }, 403],
  ])("GET /payments/:id with %s", async (_name, headers, status) => {
    const response = await t.request(`/payments/${paymentId}`, {
      headers: { "x-public-key": t.merchant.publicKey, ...headers },
    });
    expect(response.status).toBe(status);
    if (status === 403) expect(response.body.code).toBe("FORBIDDEN");
  });

  it("answers CORS preflights for the widget origin only, never allowing x-api-key", async () => {
    const preflight = (origin: string) =>
      fetch(`${t.baseUrl}/payments`, {
        method: "OPTIONS",
        headers: {
          origin,
          "access-control-request-method": "POST",
          "access-control-request-headers": "content-type,x-public-key",
        },
      });
    const allowed = await preflight(widget);
    expect(allowed.headers.get("access-control-allow-origin")).toBe(widget);
    expect(allowed.headers.get("access-control-allow-headers")).toContain("x-public-key");
    expect(allowed.headers.get("access-control-allow-headers")).not.toContain("x-api-key");
    const denied = await preflight(evil);
    expect(denied.headers.get("access-control-allow-origin")).toBeNull();
  });
});

describe("without ALLOWED_WIDGET_ORIGIN", () => {
  let open: TestApp;
  beforeAll(async () => {
    open = await startTestApp(chain);
  });
  afterAll(() => open.close());

  it("accepts any or no Origin and sends no CORS headers", async () => {
    for (const headers of <Record<string, string>[]>[{}, { origin: evil }]) {
      const response = await open.request("/payments", {
        method: "POST",
        headers: { "x-public-key": open.merchant.publicKey, ...headers },
        json: {
          orderId: `open-${counter++}`,
          amount: 1,
          tokenAddress: open.token,
          successUrl: "service:none",
          failUrl: "service:none",
        },
      });
      expect(response.status).toBe(201);
      expect(response.headers.get("access-control-allow-origin")).toBeNull();
    }
  });
});
