import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { anvilPrivateKeys } from "@kassa/contracts/dev";
import { parseUnits } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RELAYER_INDEX } from "../../harness/gasless.js";
import { startTestChain, type TestChain } from "../../harness/chain.js";
import type { KillPoint } from "../../harness/killAtBroadcast.js";
import { startSubscriptionEnv, type SubscriptionEnv } from "../../harness/subscriptions.js";

const AMOUNT = parseUnits("10", 18);

let chain: TestChain;
let env: SubscriptionEnv;
beforeAll(async () => {
  chain = await startTestChain();
  env = await startSubscriptionEnv(chain);
}, 60_000);
afterAll(async () => {
  await env?.close();
  await chain?.stop();
});

/** Charges subscription `id` from a worker process that SIGKILLs itself at `killPoint`; its signal. */
function chargeUntilKilled(id: string, killPoint: KillPoint) {
  const script = fileURLToPath(new URL("../../harness/chargeProcess.ts", import.meta.url));
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
      id,
      killPoint,
      String(env.clockOffsetMs()),
    ],
    { stdio: ["ignore", "inherit", "inherit"] },
  );
  return new Promise<NodeJS.Signals | null>((resolve) =>
    child.once("exit", (_code, signal) => resolve(signal)),
  );
}

describe("a worker SIGKILLed mid-charge", () => {
  it.each(["before-broadcast", "after-broadcast"] as const)(
    "%s: the period is charged exactly once",
    async (killPoint) => {
      const payer = await env.payer();
      await env.fund(payer, AMOUNT * 3n, AMOUNT * 3n);
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
      expect(await env.balance(payer.account.address)).toBe(AMOUNT * 2n);
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
