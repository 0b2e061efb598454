import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { anvilAccount, anvilPrivateKeys } from "@kassa/contracts";
import { createTestClient, http, parseGwei, type Hex } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestChain } from "../harness/chain.js";
import {
  createPayment,
  freshPayer,
  paymentStatus,
  relayBody,
  relayStatus,
  RELAYER_INDEX,
  startGaslessEnv,
  waitFor,
  type GaslessTestEnv,
} from "./support.js";
import { startTestChain } from "../harness/chain.js";

const relayer = anvilAccount(RELAYER_INDEX).address;

async function relayRows(env: GaslessTestEnv, paymentId: string) {
  const relay = await env.t.database.db
    .selectFrom("relay_requests")
    .innerJoin("payments", "payments.id", "relay_requests.payment_id")
    .select(["relay_requests.id", "relay_requests.status", "relay_requests.sender_transaction_id"])
    .where("payments.payment_id", "=", paymentId)
    .executeTakeFirstOrThrow();
  const broadcasts =
    relay.sender_transaction_id === null
      ? []
      : await env.t.database.db
          .selectFrom("sender_broadcasts")
          .selectAll()
          .where("sender_transaction_id", "=", relay.sender_transaction_id)
          .orderBy("id")
          .execute();
  return { relay, broadcasts };
}

describe("a relayer process killed right after broadcasting", () => {
  let chain: TestChain;
  let env: GaslessTestEnv;
  beforeAll(async () => {
    chain = await startTestChain();
    env = await startGaslessEnv(chain);
  });
  afterAll(async () => {
    await env?.close();
    await chain?.stop();
  });

  it("sends nothing twice after a restart and confirms the relay", async () => {
    const pk = env.t.merchant.publicKey;
    const payer = freshPayer();
    await chain.mint(chain.tokens.permit18, payer.address, 10n ** 20n);
    const p = await createPayment(env, pk, "crash", 4);
    const response = await env.request(`/payments/${p.paymentId}/relay`, {
      method: "POST",
      headers: { "x-public-key": pk },
      json: await relayBody(env, payer, p),
    });
    expect(response.status).toBe(202);
    const nonceBefore = await chain.publicClient.getTransactionCount({ address: relayer });
    const { relay } = await relayRows(env, p.paymentId);

    const script = fileURLToPath(new URL("./fixtures/relayerProcess.ts", import.meta.url));
    const child = spawn(
      process.execPath,
      [
        "--import",
        "tsx",
        script,
        env.t.database.url,
        chain.rpcUrl,
        String(chain.chainId),
        anvilPrivateKeys[RELAYER_INDEX],
        String(relay.id),
      ],
      { stdio: ["ignore", "inherit", "inherit"] },
    );
    const signal = await new Promise<NodeJS.Signals | null>((resolve) =>
      child.once("exit", (_code, sig) => resolve(sig)),
    );
    expect(signal).toBe("SIGKILL");

    // The transaction is on chain, but the dead process never recorded that it was sent.
    const crashed = await relayRows(env, p.paymentId);
    expect(crashed.relay.status).toBe("SUBMITTED");
    expect(crashed.broadcasts).toHaveLength(1);
    expect(crashed.broadcasts[0]!.status).toBe("PENDING");
    expect(await chain.publicClient.getTransactionCount({ address: relayer })).toBe(nonceBefore + 1);

    // Restart: the queued job finds the relay already taken, the tracker finds the landed transaction.
    await env.startWorker();
    const done = await waitFor(
      () => relayStatus(env, pk, p.paymentId),
      (r) => r.status === "CONFIRMED" || r.status === "FAILED",
      { what: "relay CONFIRMED after restart" },
    );
    expect(done.status).toBe("CONFIRMED");
    expect(done.transactionHash).toBe(crashed.broadcasts[0]!.tx_hash);
    expect(await paymentStatus(env, pk, p.paymentId)).toBe("PAID");
    expect(await chain.publicClient.getTransactionCount({ address: relayer })).toBe(nonceBefore + 1);
    expect((await relayRows(env, p.paymentId)).broadcasts).toHaveLength(1);
  });
});

describe("a relay stuck under low fees", () => {
  let chain: TestChain;
  let env: GaslessTestEnv;
  beforeAll(async () => {
    chain = await startTestChain({ anvil: { blockTime: 1 } });
    env = await startGaslessEnv(chain, { settings: { stuckAfterSeconds: 1 } });
  });
  afterAll(async () => {
    await env?.close();
    await chain?.stop();
  });

  it("is replaced with the same nonce and higher fees, and confirms once", async () => {
    const pk = env.t.merchant.publicKey;
    const payer = freshPayer();
    await chain.mint(chain.tokens.permit18, payer.address, 10n ** 20n);
    const p = await createPayment(env, pk, "stuck", 2);
    const body = await relayBody(env, payer, p);
    const testClient = createTestClient({ mode: "anvil", chain: chain.chain, transport: http(chain.rpcUrl) });
    const nonceBefore = await chain.publicClient.getTransactionCount({ address: relayer });
    await env.startWorker();

    // Hold the blocks while the relay is priced at today's base fee, then make blocks expensive.
    await testClient.setIntervalMining({ interval: 0 });
    const response = await env.request(`/payments/${p.paymentId}/relay`, {
      method: "POST",
      headers: { "x-public-key": pk },
      json: body,
    });
    expect(response.status).toBe(202);
    const submitted = await waitFor(
      () => relayRows(env, p.paymentId),
      (rows) => rows.broadcasts[0]?.status === "SENT",
      { what: "first broadcast sent" },
    );
    const first = submitted.broadcasts[0]!;
    expect(BigInt(first.max_fee_per_gas!)).toBeLessThan(parseGwei("100"));
    await testClient.setNextBlockBaseFeePerGas({ baseFeePerGas: parseGwei("100") });
    await testClient.setIntervalMining({ interval: 1 });

    const done = await waitFor(
      () => relayStatus(env, pk, p.paymentId),
      (r) => r.status === "CONFIRMED" || r.status === "FAILED",
      { what: "relay CONFIRMED after replacement", timeoutMs: 45_000 },
    );
    expect(done.status).toBe("CONFIRMED");
    expect(done.transactionHash).not.toBe(first.tx_hash);

    const { broadcasts } = await relayRows(env, p.paymentId);
    expect(broadcasts.length).toBeGreaterThanOrEqual(2);
    const mined = broadcasts.find((b) => b.tx_hash === done.transactionHash)!;
    // Every replacement pays at least 10% more than the one before it.
    for (let i = 1; i < broadcasts.length; i++) {
      const previous = broadcasts[i - 1]!;
      const current = broadcasts[i]!;
      expect(BigInt(current.max_fee_per_gas!) * 10n).toBeGreaterThanOrEqual(
        BigInt(previous.max_fee_per_gas!) * 11n,
      );
      expect(BigInt(current.max_priority_fee_per_gas!) * 10n).toBeGreaterThanOrEqual(
        BigInt(previous.max_priority_fee_per_gas!) * 11n,
      );
    }
    const minedTx = await chain.publicClient.getTransaction({ hash: mined.tx_hash as Hex });
    expect(minedTx.nonce).toBe(nonceBefore);
    await expect(chain.publicClient.getTransactionReceipt({ hash: first.tx_hash as Hex })).rejects.toThrow();
    expect(await chain.publicClient.getTransactionCount({ address: relayer })).toBe(nonceBefore + 1);
    expect(await paymentStatus(env, pk, p.paymentId)).toBe("PAID");
  });
});
