import { anvilPrivateKeys } from "@kassa/contracts/dev";
import { paymentGatewayAbi } from "@kassa/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RELAYER_INDEX } from "../../harness/gasless.js";
import { runUntilKilled, type KillPoint } from "../../harness/killAtBroadcast.js";
import {
  PERIOD,
  PLAN_AMOUNT,
  startSubscriptionEnv,
  type SubscriptionEnv,
} from "../../harness/subscriptions.js";

let env: SubscriptionEnv;
beforeAll(async () => {
  env = await startSubscriptionEnv();
}, 60_000);
afterAll(() => env?.close());

/** Charges subscription `id` from a worker process that SIGKILLs itself at `killPoint`; its signal. */
function chargeUntilKilled(id: string, killPoint: KillPoint) {
  return runUntilKilled(
    new URL("../../harness/chargeProcess.ts", import.meta.url),
    { databaseUrl: env.t.database.url, chain: env.chain, relayerKey: anvilPrivateKeys[RELAYER_INDEX] },
    id,
    killPoint,
    String(env.clockOffsetMs()),
  );
}

describe("a worker SIGKILLed mid-charge", () => {
  it.each(["before-broadcast", "after-broadcast"] as const)(
    "%s: the period is charged exactly once",
    async (killPoint) => {
      const payer = await env.payer();
      await env.fund(payer, PLAN_AMOUNT * 3n, PLAN_AMOUNT * 3n);
      const id = await env.subscribe(payer);
      expect(await chargeUntilKilled(id, killPoint)).toBe("SIGKILL");
      // The charge's payment and its signed transaction were stored together before anything left.
      expect((await env.show(id)).body.data.chargesMade).toMatchObject([{ period: 0, status: "CREATED" }]);

      // The next worker run does not send the period again; the relayer's tracker finishes the stored one.
      await env.charge();
      await env.charge();
      const view = (await env.show(id)).body.data;
      expect(view.chargesMade).toMatchObject([{ period: 0, status: "PAID" }]);
      expect(view.nextPeriod).toBe(1);
      expect(await env.balance(payer.account.address)).toBe(PLAN_AMOUNT * 2n);
      const sent = await env.t.database.db
        .selectFrom("sender_transactions")
        .innerJoin("payments", "payments.charge_sender_transaction_id", "sender_transactions.id")
        .select("sender_transactions.id")
        .where("payments.subscription_id", "=", id)
        .execute();
      expect(sent).toHaveLength(1);
    },
    60_000,
  );
});

describe("a cancellation while the first charge is in flight", () => {
  it("is completed on-chain: the charge lands and is recorded, no later period can be charged", async () => {
    const payer = await env.payer();
    await env.fund(payer, PLAN_AMOUNT * 3n, PLAN_AMOUNT * 3n);
    const id = await env.subscribe(payer);
    const mining = (on: boolean) =>
      env.chain.publicClient.request({ method: "evm_setAutomine" as never, params: [on] as never });
    await mining(false);
    try {
      // A worker process broadcasts the first charge and dies; the charge waits in the node's pool.
      expect(await chargeUntilKilled(id, "after-broadcast")).toBe("SIGKILL");
      const auth = { "x-api-key": env.t.merchant.apiKey };
      const canceled = await env.t.request(`/subscriptions/${id}/cancel`, { method: "POST", headers: auth });
      expect(canceled.body.data).toMatchObject({ status: "CANCELED", canceledBy: "merchant" });
      // The gateway still reads the schedule as never charged: the cancellation is sent all the same.
      await env.charge();
      await env.chain.publicClient.request({ method: "evm_mine" as never });
    } finally {
      await mining(true);
    }
    await env.charge();
    const view = (await env.show(id)).body.data;
    expect(view).toMatchObject({ status: "CANCELED", chargesMade: [{ period: 0, status: "PAID" }] });
    const [active, canceledOnChain] = await env.chain.publicClient.readContract({
      address: env.chain.gateway,
      abi: paymentGatewayAbi,
      functionName: "subscriptionState",
      args: [view.digest, 1n],
    });
    expect({ active, canceledOnChain }).toEqual({ active: true, canceledOnChain: true });
    // Nobody can charge the next period, although the fixed plan's later charges need no signature.
    await env.advance(PERIOD);
    await expect(env.strangerCharge(id, 1n, PLAN_AMOUNT)).rejects.toThrow(/SubscriptionIsCanceled/);
    expect(await env.balance(payer.account.address)).toBe(PLAN_AMOUNT * 2n);
  }, 60_000);
});
