import { connect, type Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../harness/app.js";
import { startTestChain, type TestChain } from "../harness/chain.js";
import { waitFor } from "../harness/waitFor.js";

/**
 * Clients that stall: 25 connections that send a request's headers with `Content-Length: 5000` and then
 * nothing, and some that never finish their headers. With the timeouts shortened by configuration, each
 * is answered INVALID_REQUEST in the error format and closed; the server goes on answering others.
 */
const REQUEST_TIMEOUT_MS = 400;
const HEADERS_TIMEOUT_MS = 200;

let chain: TestChain;
let t: TestApp;
beforeAll(async () => {
  chain = await startTestChain();
  t = await startTestApp(chain, {
    http: { requestTimeoutMs: REQUEST_TIMEOUT_MS, headersTimeoutMs: HEADERS_TIMEOUT_MS },
  });
});
afterAll(async () => {
  await t?.close();
  await chain?.stop();
});

interface Stalled {
  socket: Socket;
  received: () => string;
  closed: Promise<void>;
}

/** A connection that sends `head` and then nothing. */
function stall(head: string): Promise<Stalled> {
  const { port } = new URL(t.baseUrl);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), "127.0.0.1", () => {
      socket.write(head);
      resolve({ socket, received: () => text, closed });
    });
    let text = "";
    socket.on("data", (chunk: Buffer) => (text += chunk.toString("utf8")));
    const closed = new Promise<void>((done) => socket.on("close", () => done()));
    socket.once("error", reject);
  });
}

const stalledBody =
  "POST /api/v1/dashboard/session HTTP/1.1\r\nHost: kassa.test\r\nContent-Type: application/json\r\n" +
  'Content-Length: 5000\r\n\r\n{"message":';

describe("stalled requests", () => {
  it("25 bodies that stop after their headers are answered INVALID_REQUEST and closed", async () => {
    const stalled = await Promise.all(Array.from({ length: 25 }, () => stall(stalledBody)));
    // Bounded wait: the server's checks run every quarter of the headers timeout.
    await waitFor("every stalled connection closed", async () => {
      const open = await Promise.race([
        Promise.all(stalled.map((connection) => connection.closed)).then(() => false),
        new Promise<boolean>((resolve) => setTimeout(() => resolve(true), 50)),
      ]);
      return !open;
    });
    for (const connection of stalled) {
      const answer = connection.received();
      expect(answer).toMatch(/^HTTP\/1\.1 400 /);
      const body = JSON.parse(answer.slice(answer.indexOf("\r\n\r\n") + 4));
      expect(body).toEqual({ code: "INVALID_REQUEST", message: "the request was not received in time" });
    }
    expect((await t.request("/health")).status).toBe(200);
  });

  it("headers that never end are answered the same way", async () => {
    const connection = await stall("GET /api/v1/health HTTP/1.1\r\nHost: kassa.test\r\nX-Slow: ");
    await waitFor("the connection closed", () =>
      Promise.race([
        connection.closed.then(() => true),
        new Promise<false>((resolve) => setTimeout(() => resolve(false), 50)),
      ]),
    );
    expect(connection.received()).toContain('"code":"INVALID_REQUEST"');
  });

  it("a request sent in time is answered as usual on the same settings", async () => {
    const response = await t.request("/dashboard/nonce");
    expect(response.status).toBe(404); // the dashboard is not configured here: an answer, not a timeout
    expect(response.body.code).toBe("NOT_FOUND");
  });
});
