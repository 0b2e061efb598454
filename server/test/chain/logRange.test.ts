/**
 * The eth_getLogs range limit a chain's provider imposes is learnt from its refusals and kept in the
 * chain's row: a process started afterwards (a restart, another worker) reads at that limit at once,
 * without the refusal that taught it.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createChainClients } from "../../src/chain/clients.js";
import { defaultConfig } from "../../src/config/index.js";
import * as admin from "../../src/core/admin/index.js";
import { configuredChainClients } from "../../src/core/services.js";
import { findChainByNetworkId } from "../../src/db/chains/chains.js";
import { startTestChain, type TestChain } from "../harness/chain.js";
import { createTestDatabase, type TestDatabase } from "../harness/db.js";
import { startFaultyRpcProxy, type FaultyRpcProxy } from "../harness/rpcProxy.js";
import { waitFor } from "../harness/waitFor.js";

let chain: TestChain;
let database: TestDatabase;
let proxy: FaultyRpcProxy;

beforeAll(async () => {
  [chain, database] = await Promise.all([startTestChain(), createTestDatabase()]);
  proxy = await startFaultyRpcProxy(chain.rpcUrl);
  proxy.faults.maxLogRange = 100;
  await admin.addChain(
    { db: database.db, chains: createChainClients() },
    {
      networkId: chain.chainId,
      name: "Anvil",
      isTestnet: true,
      rpcUrl: proxy.url,
      gatewayAddress: chain.gateway,
    },
  );
  await chain.publicClient.request({ method: "anvil_mine" as never, params: ["0x1f4"] as never });
});
afterAll(async () => {
  await proxy?.close();
  await database?.close();
  await chain?.stop();
});

const row = async () => (await findChainByNetworkId(database.db, chain.chainId))!;
const readAllLogs = async (clients: ReturnType<typeof configuredChainClients>) =>
  clients.publicClient(await row()).getLogs({ address: chain.gateway, fromBlock: 0n, toBlock: 499n });

describe("the learnt eth_getLogs range limit", () => {
  it("is kept in the chain's row, and a restarted process reads at it without a refusal", async () => {
    expect((await row()).logs_max_blocks).toBeNull();
    await readAllLogs(configuredChainClients(defaultConfig(), undefined, database.db));
    expect(proxy.stats.refusedRanges).toBeGreaterThan(0);
    const learnt = await waitFor(
      "the limit to be kept",
      async () => (await row()).logs_max_blocks ?? undefined,
    );
    expect(learnt).toBeLessThanOrEqual(100);

    const refusedBefore = proxy.stats.refusedRanges;
    const servedBefore = proxy.stats.servedLogs;
    await readAllLogs(configuredChainClients(defaultConfig(), undefined, database.db));
    expect(proxy.stats.refusedRanges).toBe(refusedBefore);
    expect(proxy.stats.servedLogs - servedBefore).toBe(Math.ceil(500 / learnt));
  });
});
