import type { Address } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sendTransfer, startDepositEnv } from "../harness/deposits.js";
import { createPayment, deliveredWebhook, fundPayer, pay, type LifecycleEnv } from "../harness/lifecycle.js";

/**
 * kassa_watcher_block_db_seconds on GET /metrics: the watcher (in this process, as in `kassa dev` or a process
 * running API and worker) observes the database time of each poll that read blocks, per block.
 */

let env: LifecycleEnv;

beforeAll(async () => {
  env = await startDepositEnv({ metrics: true });
  await fundPayer(env.chain, env.chain.wallet(5), env.t.token as Address);
});
afterAll(() => env?.stop());

/** The histogram's count and sum for the test chain, as a Prometheus scrape reads them. */
async function scrape(): Promise<{ count: number; sum: number }> {
  const text = await (await fetch(env.t.baseUrl.replace("/api/v1", "/metrics"))).text();
  const sample = (suffix: string) => {
    const line = text
      .split("\n")
      .find((row) =>
        row.startsWith(`kassa_watcher_block_db_seconds_${suffix}{chain="${env.chain.chainId}"}`),
      );
    return line === undefined ? 0 : Number(line.split(" ").at(-1));
  };
  return { count: sample("count"), sum: sample("sum") };
}

describe("the watcher's database time per block", () => {
  it("is observed for the blocks of a pay() and of a transfer to a deposit address", async () => {
    const before = await scrape();
    const payer = env.chain.wallet(5);
    const paid = await createPayment(env.t);
    await pay(env.chain, payer, paid);
    await deliveredWebhook(env.receiver, paid.paymentId, "payment.paid");
    const deposit = (await createPayment(env.t)) as typeof paid & { depositAddress: Address };
    await sendTransfer(env.chain, payer, {
      token: env.t.token as Address,
      to: deposit.depositAddress,
      amount: BigInt(deposit.amount),
    });
    await deliveredWebhook(env.receiver, deposit.paymentId, "payment.paid");
    const after = await scrape();
    // Two blocks at least (each transaction is mined in a block of its own on anvil), each read after a poll.
    expect(after.count - before.count).toBeGreaterThanOrEqual(2);
    expect(after.sum).toBeGreaterThan(before.sum);
  });
});
