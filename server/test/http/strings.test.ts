import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ErrorCode } from "../../src/errors.js";
import { errorStatuses } from "../../src/http/errorStatuses.js";
import { startTestApp, type RequestOptions, type TestApp } from "../harness/app.js";
import { startTestChain, type TestChain } from "../harness/chain.js";

const BODY_LIMIT = 16 * 1024;

let chain: TestChain;
let t: TestApp;
beforeAll(async () => {
  chain = await startTestChain();
  t = await startTestApp(chain, { bodyLimit: BODY_LIMIT });
});
afterAll(async () => {
  await t?.close();
  await chain?.stop();
});

let counter = 0;
function payment(overrides: Record<string, unknown>): Record<string, unknown> {
  return {
    orderId: `strings-${counter++}`,
    amount: 1,
    tokenAddress: t.token,
    successUrl: "https://shop.example.com/ok",
    failUrl: "https://shop.example.com/fail",
    ...overrides,
  };
}

interface Case {
  name: string;
  path: () => string;
  init: () => RequestOptions;
  code: string;
  /** The details[].path of a VALIDATION_ERROR. */
  detailPath?: string[];
}

const sk = () => ({ "x-api-key": t.merchant.apiKey });
const pk = () => ({ "x-public-key": t.merchant.publicKey });
const post = (json: unknown) => () => ({ method: "POST", headers: sk(), json });

const cases: Case[] = [
  {
    name: "NUL in orderId (body)",
    path: () => "/payments",
    init: () => post(payment({ orderId: "a\u0000b" }))(),
    code: "VALIDATION_ERROR",
    detailPath: ["orderId"],
  },
  {
    name: "lone high surrogate in orderId (body)",
    path: () => "/payments",
    init: () => ({
      method: "POST",
      headers: { ...sk(), "content-type": "application/json" },
      rawBody: JSON.stringify(payment({})).replace('"orderId":"', '"orderId":"x\\ud800'),
    }),
    code: "VALIDATION_ERROR",
    detailPath: ["orderId"],
  },
  {
    name: "lone low surrogate in failUrl (body)",
    path: () => "/payments",
    init: () => post(payment({ failUrl: "https://shop.example.com/\udc00" }))(),
    code: "VALIDATION_ERROR",
    detailPath: ["failUrl"],
  },
  {
    name: "NUL in an object key (body)",
    path: () => "/payments",
    init: () => post({ ...payment({}), "x\u0000": 1 })(),
    code: "VALIDATION_ERROR",
    detailPath: ["x\u0000"],
  },
  {
    name: "NUL in orderId (query)",
    path: () => "/merchant/payments?orderId=%00",
    init: () => ({ headers: sk() }),
    code: "VALIDATION_ERROR",
    detailPath: ["orderId"],
  },
  {
    name: "NUL in a path parameter",
    path: () => "/payments/%00",
    init: () => ({ headers: pk() }),
    code: "VALIDATION_ERROR",
    detailPath: ["id"],
  },
  {
    name: "successUrl over 2,048 characters",
    path: () => "/payments",
    init: () => post(payment({ successUrl: `https://shop.example.com/${"a".repeat(2048)}` }))(),
    code: "VALIDATION_ERROR",
    detailPath: ["successUrl"],
  },
  {
    name: "orderId over 255 characters",
    path: () => "/payments",
    init: () => post(payment({ orderId: "o".repeat(256) }))(),
    code: "VALIDATION_ERROR",
    detailPath: ["orderId"],
  },
  {
    name: "any string over the backstop (a field without its own limit)",
    path: () => "/payments/request-gas",
    init: () => ({
      method: "POST",
      headers: pk(),
      json: { paymentId: "p".repeat(5000), walletAddress: chain.wallet(4).account.address },
    }),
    code: "VALIDATION_ERROR",
    detailPath: ["paymentId"],
  },
  {
    name: "path parameter longer than the router allows (was 414 FST_ERR_MAX_PARAM_LENGTH)",
    path: () => `/payments/${"f".repeat(300)}`,
    init: () => ({ headers: pk() }),
    code: "INVALID_REQUEST",
  },
  {
    name: "URL that does not decode",
    path: () => "/payments/%E0%A4%A",
    init: () => ({ headers: pk() }),
    code: "INVALID_REQUEST",
  },
  {
    name: "bad JSON",
    path: () => "/payments",
    init: () => ({ method: "POST", headers: { ...sk(), "content-type": "application/json" }, rawBody: "{" }),
    code: "INVALID_REQUEST",
  },
  {
    name: "body too large",
    path: () => "/payments",
    init: () => post(payment({ note: "n".repeat(BODY_LIMIT) }))(),
    code: "INVALID_REQUEST",
  },
  {
    name: "unsupported media type",
    path: () => "/payments",
    init: () => ({ method: "POST", headers: { ...sk(), "content-type": "text/plain" }, rawBody: "hello" }),
    code: "INVALID_REQUEST",
  },
  {
    name: "unknown route",
    path: () => "/no-such-route",
    init: () => ({ headers: sk() }),
    code: "NOT_FOUND",
  },
];

describe("bad strings and framework errors: one error format, one code list", () => {
  it.each(cases)("$name -> $code", async ({ path, init, code, detailPath }) => {
    const response = await t.request(path(), init());
    expect(response.status).toBe(errorStatuses[code as ErrorCode]);
    expect(response.body.code).toBe(code);
    expect(typeof response.body.message).toBe("string");
    expect(Object.keys(response.body).every((key) => ["code", "message", "details"].includes(key))).toBe(
      true,
    );
    if (detailPath)
      expect(response.body.details.map((d: { path: string[] }) => d.path)).toContainEqual(detailPath);
  });

  it("a valid non-ASCII orderId (a surrogate pair) is kept as sent", async () => {
    const orderId = "order-\u{1F600}-ü";
    const created = await t.request("/payments", post(payment({ orderId }))());
    expect(created.status).toBe(201);
    expect(created.body.data.orderId).toBe(orderId);
  });

  it("after a NUL request the server still answers (no crash, no 500)", async () => {
    const found = await t.request(`/merchant/payments?orderId=${encodeURIComponent("a\u0000")}`, {
      headers: sk(),
    });
    expect(found.status).toBe(400);
    const health = await t.request("/health");
    expect(health.status).toBe(200);
  });
});
