import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ErrorCode } from "../../src/errors.js";
import { errorStatuses } from "../../src/http/errorStatuses.js";
import { startTestApp, type TestApp } from "../harness/app.js";
import { startTestChain, type TestChain } from "../harness/chain.js";

/**
 * One table of hostile requests sent to every route the app serves (read from Fastify's own route tree,
 * not listed here): malformed JSON, text/plain, an empty JSON body, a body over the limit, a body nested
 * 30,000 deep, and NUL in each path parameter. Each answer is the one error body with a code of the closed
 * list at that code's status, never a 500 (Fastify's own errors included, through each route's response
 * schema).
 */

const ORIGIN = "http://kassa.test";
let chain: TestChain;
let t: TestApp;
let routes: { method: string; path: string }[];

beforeAll(async () => {
  chain = await startTestChain();
  t = await startTestApp(chain, { publicBaseUrl: ORIGIN, metrics: true });
  routes = routeTable(t.app.printRoutes({ commonPrefix: false }));
});
afterAll(async () => {
  await t?.close();
  await chain?.stop();
});

/**
 * The routes of `printRoutes({ commonPrefix: false })`: each line is a path segment under the line above it
 * at one indent less, with its methods in parentheses.
 */
function routeTable(tree: string): { method: string; path: string }[] {
  const parents: string[] = [];
  const table: { method: string; path: string }[] = [];
  for (const line of tree.split("\n")) {
    const match = /^((?:│ {3}| {4})*)[├└]── (.+?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = (match[1] as string).length / 4;
    const path = (parents[depth - 1] ?? "") + (match[2] as string);
    parents[depth] = path;
    parents.length = depth + 1;
    for (const method of (match[3] ?? "").split(", ").filter(Boolean)) table.push({ method, path });
  }
  return table;
}

const BODY_METHODS = new Set(["POST", "PATCH", "PUT", "DELETE"]);

interface Hostile {
  name: string;
  /** Methods it applies to. */
  applies: (method: string, path: string) => boolean;
  /** The path as sent: each parameter (and wildcard) filled in. */
  fill: (path: string) => string;
  contentType?: string;
  body?: string;
}

const filled = (value: string) => (path: string) =>
  path.replace(/^\*/, "/*").replace(/:\w+/g, value).replace(/\*$/, value);
const withBody = (method: string) => BODY_METHODS.has(method);

const hostile: Hostile[] = [
  {
    name: "malformed JSON",
    applies: withBody,
    fill: filled("x"),
    contentType: "application/json",
    body: '{"amount": 1,',
  },
  { name: "text/plain", applies: withBody, fill: filled("x"), contentType: "text/plain", body: "amount=1" },
  {
    name: "an empty JSON body",
    applies: withBody,
    fill: filled("x"),
    contentType: "application/json",
    body: "",
  },
  {
    name: "a body over 64 KiB",
    applies: withBody,
    fill: filled("x"),
    contentType: "application/json",
    body: JSON.stringify({ note: "n".repeat(70 * 1024) }),
  },
  {
    name: "JSON nested 30,000 deep",
    applies: withBody,
    fill: filled("x"),
    contentType: "application/json",
    body: `{"message":"m","signature":"0x00","a":${"[".repeat(30_000)}${"]".repeat(30_000)}}`,
  },
  {
    name: "NUL in the path parameters",
    applies: (_method, path) => /:\w+|\*$/.test(path),
    fill: filled("%00"),
  },
];

const errorKeys = new Set(["code", "message", "details"]);

describe("hostile requests to every route", () => {
  it("finds the routes of the app in Fastify's route tree", () => {
    expect(routes.length).toBeGreaterThan(40);
    expect(routes).toContainEqual({ method: "POST", path: "/api/v1/dashboard/session" });
    expect(routes).toContainEqual({ method: "GET", path: "/pay/:id" });
  });

  it.each(hostile)("$name: the one error body, never a 500", async (kind) => {
    const answers: string[] = [];
    const failures: string[] = [];
    for (const { method, path } of routes.filter((route) => kind.applies(route.method, route.path))) {
      const url = `${t.baseUrl.replace(/\/api\/v1$/, "")}${kind.fill(path)}`;
      const response = await fetch(url, {
        method,
        headers: {
          "x-api-key": t.merchant.apiKey,
          "x-public-key": t.merchant.publicKey,
          origin: ORIGIN,
          ...(kind.contentType ? { "content-type": kind.contentType } : {}),
        },
        ...(kind.body !== undefined ? { body: kind.body } : {}),
      });
      const text = await response.text();
      const where = `${method} ${path}: ${response.status} ${text.slice(0, 200)}`;
      answers.push(where);
      if (response.status >= 500 || response.status < 400) {
        failures.push(where);
        continue;
      }
      if (method === "HEAD") continue; // no body, by definition
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(text) as Record<string, unknown>;
      } catch {
        failures.push(`${where} (not JSON)`);
        continue;
      }
      const code = body.code as ErrorCode;
      if (
        errorStatuses[code] !== response.status ||
        typeof body.message !== "string" ||
        !Object.keys(body).every((key) => errorKeys.has(key))
      ) {
        failures.push(`${where} (not the error body)`);
      }
    }
    expect(failures).toEqual([]);
    expect(answers.length).toBeGreaterThan(12);
  });
});
