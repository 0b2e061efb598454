/**
 * Stopping `kassa start` says so in one line and nothing else, even when its database connections are
 * cut while it stops (as when Ctrl-C stops the database beside it).
 */
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestApp } from "../harness/app.js";
import type { TestChain } from "../harness/chain.js";
import { causeEvent, startLifecycleEnv, type LifecycleEnv, type Receiver } from "../harness/lifecycle.js";
import { waitFor } from "../harness/waitFor.js";
import { exitOf, isRunning, startKassa, type KassaProcess } from "../harness/operations.js";

let env: LifecycleEnv;
let chain: TestChain;
let t: TestApp;
let receiver: Receiver;
let kassa: KassaProcess | undefined;

beforeAll(async () => {
  // The `kassa start` process is the worker.
  env = await startLifecycleEnv(null);
  ({ chain, t, receiver } = env);
});

afterAll(async () => {
  if (kassa && isRunning(kassa.child)) kassa.child.kill("SIGKILL");
  await env?.stop();
});

describe("kassa start on SIGTERM", () => {
  it("exits 0 with one line while its database connections are cut under it", async () => {
    kassa = await startKassa("start", { databaseUrl: t.database.url, signerKey: chain.signerKey.reveal() });
    // A delivery the receiver never answers keeps the worker stopping for a while.
    receiver.respondWith = "hang";
    await causeEvent(t);
    await waitFor("the delivery in flight", () => receiver.requests === 1);

    const exit = exitOf(kassa.child);
    kassa.child.kill("SIGTERM");
    const logs = kassa.logs;
    await waitFor("the shutdown line", () => logs.some((line) => line.includes('"msg":"shutting down"')));
    const { rows } = await sql<{ n: number }>`
      SELECT count(pg_terminate_backend(pid))::int AS n FROM pg_stat_activity
      WHERE datname = current_database() AND pid <> pg_backend_pid()`.execute(t.database.db);
    expect(rows[0]!.n).toBeGreaterThan(0);

    expect(await exit).toBe(0);
    const shutdown = logs.findIndex((line) => line.includes('"msg":"shutting down"'));
    expect(logs.slice(shutdown + 1)).toEqual([]);
    expect(logs.filter((line) => /"level":(50|60)/.test(line))).toEqual([]);
  });
});
