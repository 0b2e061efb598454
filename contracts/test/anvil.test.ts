import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { afterAll, describe, expect, it } from "vitest";
import { createPublicClient, http } from "viem";

import { anvilAccount, anvilPrivateKeys, startAnvil, type AnvilInstance } from "../src/dev.js";

const started: AnvilInstance[] = [];
afterAll(async () => {
  await Promise.all(started.map((anvil) => anvil.stop()));
});

async function start(options: Parameters<typeof startAnvil>[0] = {}) {
  const anvil = await startAnvil(options);
  started.push(anvil);
  return anvil;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe("startAnvil", () => {
  it("starts nodes on distinct free ports with the chain id asked for", async () => {
    const [a, b] = await Promise.all([start({ chainId: 4242 }), start()]);
    expect(a?.port).not.toBe(b?.port);
    const client = createPublicClient({ transport: http(a?.rpcUrl) });
    expect(await client.getChainId()).toBe(4242);
    expect(b?.chainId).toBe(31337);
  });

  it("funds the well-known dev accounts with the balance asked for", async () => {
    const anvil = await start({ balance: 5, accounts: 3 });
    const client = createPublicClient({ transport: http(anvil.rpcUrl) });
    expect(await client.getBalance({ address: anvilAccount(2).address })).toBe(5n * 10n ** 18n);
    expect(anvilPrivateKeys).toHaveLength(10);
    expect(anvilAccount(0).address).toBe("0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266");
    expect(() => anvilAccount(10)).toThrow(RangeError);
  });

  it("stop() kills the node and is idempotent", async () => {
    const anvil = await startAnvil();
    expect(isAlive(anvil.pid)).toBe(true);
    await Promise.all([anvil.stop(), anvil.stop()]);
    expect(isAlive(anvil.pid)).toBe(false);
    await expect(fetch(anvil.rpcUrl, { method: "POST" })).rejects.toThrow();
  });

  it("fails clearly when the port asked for is taken", async () => {
    const a = await start();
    await expect(startAnvil({ port: a.port })).rejects.toThrow(/exited before it was ready/);
  });

  it("keeps the chain state in statePath across restarts", async () => {
    const dir = mkdtempSync(join(tmpdir(), "kassa-anvil-"));
    try {
      const statePath = join(dir, "state.json");
      const first = await startAnvil({ statePath });
      const client = createPublicClient({ transport: http(first.rpcUrl) });
      await client.request({ method: "anvil_mine" as never, params: ["0x5"] as never });
      expect(await client.getBlockNumber()).toBe(5n);
      await first.stop();
      const second = await start({ statePath });
      expect(await createPublicClient({ transport: http(second.rpcUrl) }).getBlockNumber()).toBe(5n);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("mines on an interval with blockTime", async () => {
    const anvil = await start({ blockTime: 1 });
    const client = createPublicClient({ transport: http(anvil.rpcUrl), pollingInterval: 100 });
    const first = await client.getBlockNumber({ cacheTime: 0 });
    // Waits for a new block rather than for a duration.
    const next = await new Promise<bigint>((resolve) => {
      const unwatch = client.watchBlockNumber({
        onBlockNumber: (n) => {
          if (n > first) {
            unwatch();
            resolve(n);
          }
        },
      });
    });
    expect(next).toBeGreaterThan(first);
  });
});
