import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Writable } from "node:stream";
import { anvilPrivateKeys } from "@kassa/contracts/dev";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createChainClients } from "../../src/chain/clients.js";
import { defaultConfig } from "../../src/config/index.js";
import * as admin from "../../src/core/admin/index.js";
import { createServices } from "../../src/core/services.js";
import { buildApp } from "../../src/http/app.js";
import { createLogger } from "../../src/logger.js";
import { scrubLogLine, scrubText } from "../../src/scrub.js";
import { startTestApp, type TestApp } from "../harness/app.js";
import { startTestChain, type TestChain } from "../harness/chain.js";
import { freshPayer, gaslessSettingsFor, relayBody, RELAYER_INDEX } from "../harness/gasless.js";

const FAKE_KEY = "SECRET-INFURA-KEY-abc123";

/**
 * An RPC provider that refuses every call with an error quoting the caller's key, as providers do for
 * a key over its quota (and viem quotes the URL in every error it makes of it).
 */
async function refusingProvider(): Promise<Server> {
  const server = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString()));
    request.on("end", () => {
      const id = (JSON.parse(body) as { id?: number }).id ?? 1;
      response.setHeader("content-type", "application/json");
      response.end(
        JSON.stringify({
          jsonrpc: "2.0",
          id,
          error: { code: -32000, message: `project ${FAKE_KEY} has no access to ${request.url}` },
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return server;
}

let chain: TestChain;
let t: TestApp;
let app: FastifyInstance;
let baseUrl: string;
let publicKey: string;
let provider: Server;
const logs: string[] = [];
const responses: { what: string; status: number; text: string }[] = [];

async function call(what: string, path: string, init: { method?: string; json?: unknown } = {}) {
  const response = await fetch(`${baseUrl}${path}`, {
    method: init.method ?? "GET",
    headers: {
      "x-public-key": publicKey,
      ...(init.json === undefined ? {} : { "content-type": "application/json" }),
    },
    body: init.json === undefined ? undefined : JSON.stringify(init.json),
  });
  const text = await response.text();
  responses.push({ what, status: response.status, text });
  return { status: response.status, body: JSON.parse(text) };
}

beforeAll(async () => {
  chain = await startTestChain();
  t = await startTestApp(chain);
  const merchant = await t.addMerchant("Faucet shop", { faucetEnabled: true });
  publicKey = merchant.publicKey;
  // A payment while the chain answers: the gateway's sequences were read from the chain moments ago, so the
  // app below takes its first range without it (the payment sequences' fallback when the RPC fails).
  const first = await t.request("/payments", {
    method: "POST",
    headers: { "x-public-key": publicKey },
    json: {
      orderId: "secret-0",
      amount: 1,
      tokenAddress: t.token,
      successUrl: "service:none",
      failUrl: "service:none",
    },
  });
  expect(first.status).toBe(201);
  // The chain's stored RPC URL now carries a provider key, and its provider refuses every call.
  provider = await refusingProvider();
  const rpcUrl = `http://127.0.0.1:${(provider.address() as AddressInfo).port}/v3/${FAKE_KEY}`;
  await admin.updateChain(t.adminDeps, chain.chainId, { rpcUrl });
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logs.push(chunk.toString("utf8"));
      done();
    },
  });
  const logger = createLogger({ level: "debug", destination });
  const chains = createChainClients({ logger });
  const config = defaultConfig({
    signerPrivateKey: chain.signerKey,
    rateLimitPerMinute: 100_000,
    gasless: gaslessSettingsFor(chain.chainId, [anvilPrivateKeys[RELAYER_INDEX]]),
  });
  app = await buildApp(createServices(config, t.database.db, { logger, chains }));
  await app.listen({ host: "127.0.0.1", port: 0 });
  baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/v1`;
});
afterAll(async () => {
  await app?.close();
  await t?.close();
  provider?.close();
  await chain?.stop();
});

describe("an RPC URL with a provider key never leaves Kassa", () => {
  it("runs every public-key path that calls the failing RPC", async () => {
    const created = await call("create", "/payments", {
      method: "POST",
      json: {
        orderId: "secret-1",
        amount: 1,
        tokenAddress: t.token,
        successUrl: "service:none",
        failUrl: "service:none",
      },
    });
    expect(created.status).toBe(201);
    const payment = created.body.data;
    const payer = freshPayer();

    const gasStatus = await call(
      "gas-status",
      `/payments/${payment.paymentId}/gas-status?walletAddress=${payer.address}`,
    );
    const requestGas = await call("request-gas", "/payments/request-gas", {
      method: "POST",
      json: { paymentId: payment.paymentId, walletAddress: payer.address },
    });
    const relay = await call("relay", `/payments/${payment.paymentId}/relay`, {
      method: "POST",
      json: await relayBody({ chain }, payer, payment, { permit: false, nonce: 0n }),
    });
    // The on-demand chain sync of a CREATED payment fails behind a 200 (and a log line).
    const read = await call("status", `/payments/${payment.paymentId}`);

    for (const failed of [gasStatus, requestGas, relay]) {
      expect(failed.status).toBeGreaterThanOrEqual(400);
      expect(Object.keys(failed.body).sort()).toEqual(["code", "message"]);
    }
    expect(read.status).toBe(200);
    expect(read.body.data.status).toBe("CREATED");
  });

  it("finds the key in no response and no log line", () => {
    // The paths did reach the RPC: its failure is reported (scrubbed), in responses and in the logs.
    expect(responses.some((r) => r.what !== "create" && r.text.includes("[redacted]"))).toBe(true);
    expect(logs.some((line) => line.includes("on-demand payment sync failed"))).toBe(true);
    for (const response of responses) expect(response.text, response.what).not.toContain(FAKE_KEY);
    for (const line of logs) expect(line).not.toContain(FAKE_KEY);
  });
});

describe("scrubText", () => {
  it("cuts keys out of URLs it was never told about, keeping scheme and host", () => {
    const viemMessage = [
      "HTTP request failed.",
      "",
      "URL: https://user:pass@eth-mainnet.g.alchemy.com/v2/ALCHEMY-KEY-9?x=1",
      'Request body: {"method":"eth_call","params":[{"data":"0xdeadbeef"}]}',
      "",
      "Details: fetch failed",
    ].join("\n");
    const scrubbed = scrubText(viemMessage);
    expect(scrubbed).toContain("URL: https://eth-mainnet.g.alchemy.com/[redacted]");
    expect(scrubbed).not.toMatch(/ALCHEMY-KEY-9|pass|0xdeadbeef/);
    expect(scrubbed).toContain("Details: fetch failed");
    // Inside a JSON log line every string is cut the same way, and the line stays JSON.
    const line = `${JSON.stringify({ err: { message: viemMessage, meta: [viemMessage] }, msg: "sync failed" })}\n`;
    expect(JSON.parse(scrubLogLine(line))).toEqual({
      err: { message: scrubbed, meta: [scrubbed] },
      msg: "sync failed",
    });
  });

  it("keeps bare origins and stack frames (nothing secret in them)", () => {
    expect(scrubText("listening at http://127.0.0.1:3000")).toBe("listening at http://127.0.0.1:3000");
    const frame = "at request (file:///srv/kassa/node_modules/viem/http.js:12:3)";
    expect(scrubText(frame)).toBe(frame);
  });
});
