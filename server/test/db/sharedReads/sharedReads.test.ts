import { describe, expect, it } from "vitest";
import { singleFlight } from "../../../src/db/sharedReads/sharedReads.js";

/** A read whose calls are counted and which resolves (or rejects) only when told. */
function controlledRead() {
  const calls: { key: string; settle: (value: string | Error) => void }[] = [];
  const read = (key: string) =>
    new Promise<string>((resolve, reject) => {
      calls.push({ key, settle: (value) => (value instanceof Error ? reject(value) : resolve(value)) });
    });
  return { calls, read };
}

describe("singleFlight", () => {
  it("gives callers of one key that arrive during a read that read's result", async () => {
    const { calls, read } = controlledRead();
    const shared = singleFlight(read);
    const results = Promise.all([shared("a"), shared("a"), shared("a")]);
    expect(calls.map((call) => call.key)).toEqual(["a"]);
    calls[0]!.settle("row a");
    expect(await results).toEqual(["row a", "row a", "row a"]);
  });

  it("reads each key on its own", async () => {
    const { calls, read } = controlledRead();
    const shared = singleFlight(read);
    const a = shared("a");
    const b = shared("b");
    expect(calls.map((call) => call.key)).toEqual(["a", "b"]);
    calls[1]!.settle("row b");
    calls[0]!.settle("row a");
    expect([await a, await b]).toEqual(["row a", "row b"]);
  });

  it("keeps nothing once a read ends: the next caller reads again", async () => {
    const { calls, read } = controlledRead();
    const shared = singleFlight(read);
    const first = shared("a");
    calls[0]!.settle("old");
    expect(await first).toBe("old");
    const second = shared("a");
    expect(calls).toHaveLength(2);
    calls[1]!.settle("new");
    expect(await second).toBe("new");
  });

  it("fails every caller of a failed read, and the next caller tries again", async () => {
    const { calls, read } = controlledRead();
    const shared = singleFlight(read);
    const joined = [shared("a"), shared("a")];
    calls[0]!.settle(new Error("connection lost"));
    for (const result of await Promise.allSettled(joined)) {
      expect(result).toMatchObject({ status: "rejected", reason: { message: "connection lost" } });
    }
    const retry = shared("a");
    expect(calls).toHaveLength(2);
    calls[1]!.settle("row a");
    expect(await retry).toBe("row a");
  });

  it("starts a fresh read on request, which later callers share instead of the older one", async () => {
    const { calls, read } = controlledRead();
    const shared = singleFlight(read);
    const before = shared("a");
    const fresh = shared.fresh("a");
    const after = shared("a");
    expect(calls).toHaveLength(2);
    calls[0]!.settle("before the change");
    expect(await before).toBe("before the change");
    // The older read ending does not drop the fresh one: a caller arriving now still shares it.
    const later = shared("a");
    expect(calls).toHaveLength(2);
    calls[1]!.settle("after the change");
    expect([await fresh, await after, await later]).toEqual([
      "after the change",
      "after the change",
      "after the change",
    ]);
  });

  it("shares by the key a composite argument maps to", async () => {
    const seen: string[] = [];
    const shared = singleFlight(
      async (query: { chainId: number; address: string }) => {
        seen.push(`${query.chainId}/${query.address}`);
        return query.address;
      },
      (query) => `${query.chainId} ${query.address}`,
    );
    await Promise.all([
      shared({ chainId: 1, address: "0xa" }),
      shared({ chainId: 1, address: "0xa" }),
      shared({ chainId: 2, address: "0xa" }),
    ]);
    expect(seen).toEqual(["1/0xa", "2/0xa"]);
  });
});
