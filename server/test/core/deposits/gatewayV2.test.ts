import { computeFee, depositAddress, paymentGatewayAbi, type DepositTerms } from "@kassa/contracts";
import type { Address, Hex } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DepositEnv } from "../../harness/deposits.js";
import { sendTransfer, startDepositEnv } from "../../harness/deposits.js";
import { createPayment, merchantRecord } from "../../harness/lifecycle.js";
import type { CreatedPayment } from "../../harness/payments.js";
import { sweepDriver, type SweepDriver } from "../../harness/sweeps.js";
import { waitFor } from "../../harness/waitFor.js";

/**
 * A chain whose gateway is still version 2 (the server upgraded before `kassa deploy` of version 3, or payments signed
 * before it): its payments by transfer get version 2's CREATE2 addresses and are swept as before, with no
 * authorization.
 */

let env: DepositEnv;
let sweeps: SweepDriver;

beforeAll(async () => {
  env = await startDepositEnv({}, 2);
  sweeps = sweepDriver(env);
}, 60_000);
afterAll(() => env?.stop());

describe("payments by transfer on a version-2 gateway", () => {
  it("get the terms' CREATE2 address and are swept by a plain transaction", async () => {
    const { chain, t, sender } = env;
    const p = (await createPayment(t, { amount: 1.5 })) as CreatedPayment & { depositAddress: Address };
    const [feeBps] = await chain.publicClient.readContract({
      address: chain.gateway,
      abi: paymentGatewayAbi,
      functionName: "merchantFee",
      args: [p.merchantId as Hex],
    });
    const terms: DepositTerms = {
      paymentId: p.paymentId as Hex,
      tokenAddress: p.tokenAddress as Address,
      amount: BigInt(p.amount),
      minimumAmount: BigInt(p.amount),
      recipientAddress: p.recipientAddress as Address,
      merchantId: p.merchantId as Hex,
      feeBps,
    };
    const params = { chainId: chain.chainId, gateway: chain.gateway, terms };
    expect(p.depositAddress).toBe(depositAddress({ ...params, gatewayVersion: 2 }));
    expect(p.depositAddress).not.toBe(depositAddress({ ...params, gatewayVersion: 3 }));
    // The gateway itself agrees (version 2's depositAddress view).
    expect(
      await chain.publicClient.readContract({
        address: chain.gateway,
        abi: paymentGatewayAbi,
        functionName: "depositAddress",
        args: [terms],
      }),
    ).toBe(p.depositAddress);

    const amount = BigInt(p.amount);
    const sent = await sendTransfer(chain, sender, {
      token: t.token as Address,
      to: p.depositAddress,
      amount,
    });
    expect(sent.status).toBe("success");
    await waitFor(
      `${p.paymentId} PAID`,
      async () => (await merchantRecord(t, p.paymentId)).status === "PAID",
    );
    const before = await sweeps.balance(p.recipientAddress as Address);
    expect(await sweeps.sweep()).toBe(1);
    expect(await sweeps.balance(p.depositAddress)).toBe(0n);
    expect(await sweeps.balance(p.recipientAddress as Address)).toBe(
      before + amount - computeFee(amount, feeBps),
    );
    const [sweep] = await sweeps.sweepsOf(p.paymentId);
    const mined = await chain.publicClient.getTransaction({ hash: sweep?.txHash as Hex });
    expect(mined.type).toBe("eip1559");
    // CREATE2 and self-destruct in the sweep: nothing left at the address.
    expect(await chain.publicClient.getCode({ address: p.depositAddress })).toBeUndefined();
  });
});
