import { computeFee, paymentGatewayAbi } from "@kassa/contracts";
import { anvilPrivateKeys } from "@kassa/contracts/dev";
import type { Address } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestApp } from "../../harness/app.js";
import type { TestChain, TestWalletClient } from "../../harness/chain.js";
import { sendTransfer, startDepositEnv, type DepositEnv } from "../../harness/deposits.js";
import { RELAYER_INDEX } from "../../harness/gasless.js";
import { runUntilKilled, type KillPoint } from "../../harness/killAtBroadcast.js";
import { createPayment, merchantRecord } from "../../harness/lifecycle.js";
import type { CreatedPayment } from "../../harness/payments.js";
import { sweepDriver, type SweepDriver } from "../../harness/sweeps.js";
import { waitFor } from "../../harness/waitFor.js";

let env: DepositEnv;
let chain: TestChain;
let t: TestApp;
let sender: TestWalletClient;
let sweeps: SweepDriver;

beforeAll(async () => {
  env = await startDepositEnv();
  ({ chain, t, sender } = env);
  sweeps = sweepDriver(env);
}, 60_000);
afterAll(() => env?.stop());

/** Runs the sweep task in a worker process that SIGKILLs itself at `killPoint`; its signal. */
function sweepUntilKilled(killPoint: KillPoint) {
  return runUntilKilled(
    new URL("../../harness/sweepProcess.ts", import.meta.url),
    { databaseUrl: t.database.url, chain, relayerKey: anvilPrivateKeys[RELAYER_INDEX] },
    chain.signerKey.reveal(),
    killPoint,
  );
}

describe("a worker SIGKILLed mid-sweep", () => {
  it.each(["before-broadcast", "after-broadcast"] as const)(
    "%s: the deposit is swept exactly once after the restart",
    async (killPoint) => {
      const p = (await createPayment(t)) as CreatedPayment & { depositAddress: Address };
      const amount = BigInt(p.amount);
      await sendTransfer(chain, sender, { token: t.token as Address, to: p.depositAddress, amount });
      await waitFor(
        "the payment PAID by transfer",
        async () => (await merchantRecord(t, p.paymentId)).status === "PAID",
      );
      const recipient = p.recipientAddress as Address;
      const before = await sweeps.balance(recipient);

      expect(await sweepUntilKilled(killPoint)).toBe("SIGKILL");
      // The sweep's record and its signed transaction were stored together before anything left.
      expect(await sweeps.sweepsOf(p.paymentId)).toMatchObject([{ status: "PENDING" }]);

      // The next worker run sends nothing for it; the relayer's tracker finishes the stored one.
      expect(await sweeps.run()).toBe(0);
      await sweeps.settle();
      expect(await sweeps.run()).toBe(0);

      const [feeBps] = await chain.publicClient.readContract({
        address: chain.gateway,
        abi: paymentGatewayAbi,
        functionName: "merchantFee",
        args: [p.merchantId],
      });
      expect(await sweeps.balance(recipient)).toBe(before + amount - computeFee(amount, feeBps));
      expect(await sweeps.balance(p.depositAddress)).toBe(0n);
      const [sweep, ...others] = await sweeps.sweepsOf(p.paymentId);
      expect(others).toEqual([]);
      expect(sweep?.status).toBe("CONFIRMED");
      expect((await merchantRecord(t, p.paymentId)).sweepTransactionHash).toBe(sweep?.txHash);
      const sent = await t.database.db
        .selectFrom("sender_transactions")
        .select("id")
        .where("purpose", "=", "deposit_sweep")
        .execute();
      // One sweep per kill point so far: none was sent twice.
      expect(sent).toHaveLength(killPoint === "before-broadcast" ? 1 : 2);
    },
    60_000,
  );
});
