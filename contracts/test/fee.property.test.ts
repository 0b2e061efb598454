import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { maxUint256, parseEventLogs } from "viem";

import { computeFee, maxFeeBps, paymentGatewayAbi } from "../src/index.js";
import { expectRevert, id, setupChain } from "./fixture.js";

const c = await setupChain();
c.snapshotEachTest();
const { accounts, gateway, tokens, publicClient } = c;

const anyAmount = fc.bigInt({ min: 0n, max: maxUint256 });
const anyFee = fc.integer({ min: 0, max: maxFeeBps });

describe("fee split (pure mirror of the contract)", () => {
  it("fee + net == amount, fee is floor(amount * bps / 10,000), at most 10% of the amount", () => {
    fc.assert(
      fc.property(anyAmount, anyFee, (amount, bps) => {
        const fee = computeFee(amount, bps);
        const net = amount - fee;
        expect(fee + net).toBe(amount);
        expect(net).toBeGreaterThanOrEqual(0n);
        expect(fee * 10_000n).toBeLessThanOrEqual(amount * BigInt(bps));
        expect((fee + 1n) * 10_000n).toBeGreaterThan(amount * BigInt(bps));
        expect(fee * 10n).toBeLessThanOrEqual(amount);
      }),
      { numRuns: 2_000 },
    );
  });

  it("grows with the amount and the fee rate", () => {
    fc.assert(
      fc.property(anyAmount, anyAmount, anyFee, anyFee, (a, b, x, y) => {
        const [lo, hi] = a <= b ? [a, b] : [b, a];
        const [bpsLo, bpsHi] = x <= y ? [x, y] : [y, x];
        expect(computeFee(lo, bpsLo)).toBeLessThanOrEqual(computeFee(hi, bpsLo));
        expect(computeFee(lo, bpsLo)).toBeLessThanOrEqual(computeFee(lo, bpsHi));
      }),
    );
  });
});

describe("fee split on-chain", () => {
  it("the contract's computeFee equals the mirror for any uint256 amount (no overflow near 2^256)", async () => {
    const edge = fc.oneof(anyAmount, fc.bigInt({ min: maxUint256 - 20_000n, max: maxUint256 }));
    await fc.assert(
      fc.asyncProperty(edge, anyFee, async (amount, bps) => {
        const onChain = await publicClient.readContract({
          address: gateway,
          abi: paymentGatewayAbi,
          functionName: "computeFee",
          args: [amount, bps],
        });
        expect(onChain).toBe(computeFee(amount, bps));
      }),
      { numRuns: 200 },
    );
  });

  it("computeFee refuses a rate above the cap", async () => {
    await expectRevert(
      publicClient.readContract({
        address: gateway,
        abi: paymentGatewayAbi,
        functionName: "computeFee",
        args: [1n, maxFeeBps + 1],
      }),
      "FeeTooHigh",
      [BigInt(maxFeeBps + 1), BigInt(maxFeeBps)],
    );
  });

  it("recipient + treasury receive exactly the amount, split as the mirror says, in real payments", async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.bigInt({ min: 1n, max: 10n ** 30n }), anyFee, async (amount, bps) => {
        const merchantId = id(`property merchant ${run++}`);
        await c.mined(
          await c.deployer.writeContract({
            address: gateway,
            abi: paymentGatewayAbi,
            functionName: "setMerchantFee",
            args: [merchantId, bps],
          }),
        );
        await c.mint(tokens.permit18, accounts.payer.address, amount);
        await c.approve(accounts.payer, tokens.permit18, gateway, amount);
        const recipientBefore = await c.balanceOf(tokens.permit18, accounts.merchant.address);
        const treasuryBefore = await c.balanceOf(tokens.permit18, accounts.treasury.address);

        const receipt = await c.pay(accounts.payer, await c.paymentRequest({ amount, merchantId }));

        const toRecipient = (await c.balanceOf(tokens.permit18, accounts.merchant.address)) - recipientBefore;
        const toTreasury = (await c.balanceOf(tokens.permit18, accounts.treasury.address)) - treasuryBefore;
        expect(toRecipient + toTreasury).toBe(amount);
        expect(toTreasury).toBe(computeFee(amount, bps));
        const [event] = parseEventLogs({
          abi: paymentGatewayAbi,
          logs: receipt.logs,
          eventName: "PaymentCompleted",
        });
        expect(event?.args.fee).toBe(toTreasury);
      }),
      {
        numRuns: 25,
        examples: [
          [1n, 1_000],
          [9_999n, 999],
          [10n ** 30n, 1_000],
          [12_345n, 0],
        ],
      },
    );
  });
});
