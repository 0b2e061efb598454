import { encodePay, noPermit, paymentGatewayAbi } from "@kassa/contracts";
import { NO_PERMIT, gatewayAbi, payArgs, type PayablePayment } from "@kassa/sdk";
import { encodeFunctionData, type Hex } from "viem";
import { describe, expect, it } from "vitest";

const payment: PayablePayment = {
  paymentId: `0x${"ab".repeat(31)}07`,
  tokenAddress: "0x5FbDB2315678afecb367f032d93F642f64180aa3",
  amount: "12500000000000000000",
  recipientAddress: "0x90F79bf6EB2c4f870365E785982E1f101E93b906",
  merchantId: `0x${"cd".repeat(32)}`,
  deadline: "1798000000",
  serverSignature: `0x${"11".repeat(65)}`,
};

/** `pay()`'s calldata as a payer encodes it with the SDK, checked against the contracts' own encoder. */
describe("payArgs and the gateway ABI shipped in the SDK", () => {
  it("encode the same pay() call as the contracts package, without and with a permit", () => {
    const permit = {
      deadline: 1_798_000_100n,
      v: 27,
      r: `0x${"22".repeat(32)}` as Hex,
      s: `0x${"33".repeat(32)}` as Hex,
    };
    for (const [sdkPermit, contractsPermit] of [
      [NO_PERMIT, noPermit],
      [permit, permit],
    ] as const) {
      const data = encodeFunctionData({
        abi: gatewayAbi,
        functionName: "pay",
        args: payArgs(payment, sdkPermit),
      });
      expect(data).toBe(encodePay(payment, contractsPermit));
    }
  });

  it("gives integers as bigint and the permit last, in the contract's order", () => {
    expect(payArgs(payment)).toEqual([
      payment.paymentId,
      payment.tokenAddress,
      12_500_000_000_000_000_000n,
      payment.recipientAddress,
      payment.merchantId,
      1_798_000_000n,
      payment.serverSignature,
      NO_PERMIT,
    ]);
  });

  it("names the missing field of an incomplete payment", () => {
    const { deadline: _, ...incomplete } = payment;
    expect(() => payArgs(incomplete as PayablePayment)).toThrow("payment.deadline is missing");
  });

  it("decodes every gateway error (the ABI carries all of them)", () => {
    const errors = (abi: readonly { type: string; name?: string }[]) =>
      abi
        .filter((item) => item.type === "error")
        .map((item) => item.name)
        .sort();
    expect(errors(gatewayAbi)).toEqual(errors(paymentGatewayAbi));
  });
});
