/**
 * The replay bitmap against a model: random runs of payments and refunds over sequences that straddle
 * bitmap words (128 sequences per word), in any order, some through a second id that shares a sequence.
 * No sequence is paid twice, a refund needs a payment and happens once, and no bit touches a neighbour.
 */
import { randomBytes } from "node:crypto";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { maxUint256, type Hex } from "viem";

import {
  MAX_PAYMENT_SEQUENCE,
  paymentGatewayAbi,
  paymentIdOf,
  paymentSequence,
  signRefundRequest,
} from "../src/index.js";
import { expectRevert, id, setupChain } from "./fixture.js";

const c = await setupChain();
const { accounts, gateway, tokens, publicClient } = c;
const amount = 1_000n;

/** Sequences at and around word boundaries, at both ends of the 64-bit range, and a few anywhere. */
const boundarySequences = [
  0n,
  1n,
  126n,
  127n,
  128n,
  129n,
  255n,
  256n,
  257n,
  MAX_PAYMENT_SEQUENCE - 1n,
  MAX_PAYMENT_SEQUENCE,
];
const anySequence = fc.oneof(
  fc.constantFrom(...boundarySequences),
  fc.bigInt({ min: 0n, max: 1_000n }),
  fc.bigInt({ min: 0n, max: MAX_PAYMENT_SEQUENCE }),
);
const operation = fc.record({
  kind: fc.constantFrom("pay", "refund"),
  sequence: anySequence,
  /** Which of two ids that carry the sequence (the service never signs both; the contract must hold anyway). */
  variant: fc.constantFrom(0, 1),
});

beforeAll(async () => {
  await c.mint(tokens.permit18, accounts.payer.address, amount * 1_000n);
  await c.approve(accounts.payer, tokens.permit18, gateway, maxUint256);
  await c.approve(accounts.merchant, tokens.permit18, gateway, maxUint256);
});

function status(paymentId: Hex) {
  return publicClient.readContract({
    address: gateway,
    abi: paymentGatewayAbi,
    functionName: "paymentStatus",
    args: [paymentId],
  });
}

async function refund(paymentId: Hex) {
  const request = {
    paymentId,
    tokenAddress: tokens.permit18,
    payerAddress: accounts.payer.address,
    amount: 1n,
    deadline: (await c.now()) + 3_600n,
  };
  const signature = await signRefundRequest(accounts.signer, { chainId: c.chainId, gateway, request });
  return c.wallet(accounts.merchant).writeContract({
    address: gateway,
    abi: paymentGatewayAbi,
    functionName: "refund",
    args: [paymentId, request.tokenAddress, request.payerAddress, amount, 1n, request.deadline, signature],
  });
}

describe("replay bitmap", () => {
  it("pays each sequence at most once and refunds each paid one at most once, across words, in any order", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(operation, { minLength: 1, maxLength: 14 }), async (operations) => {
        const snapshot = await c.testClient.snapshot();
        try {
          const ids = new Map<string, Hex>();
          const idOf = (sequence: bigint, variant: number) => {
            const key = `${sequence}:${variant}`;
            let paymentId = ids.get(key);
            if (!paymentId) {
              paymentId = paymentIdOf(sequence, randomBytes(24));
              ids.set(key, paymentId);
            }
            return paymentId;
          };
          /** The model: per sequence, 1 paid, 2 refunded. */
          const model = new Map<bigint, 1 | 2>();
          for (const op of operations) {
            const paymentId = idOf(op.sequence, op.variant);
            const state = model.get(op.sequence);
            if (op.kind === "pay") {
              const signed = await c.paymentRequest({ paymentId, amount });
              if (state === undefined) {
                await c.pay(accounts.payer, signed);
                model.set(op.sequence, 1);
              } else {
                await expectRevert(
                  c.wallet(accounts.payer).writeContract({
                    address: gateway,
                    abi: paymentGatewayAbi,
                    functionName: "pay",
                    args: c.payArgs(signed),
                  }),
                  "PaymentAlreadyProcessed",
                  [paymentId],
                );
              }
            } else if (state === 1) {
              await c.mined(await refund(paymentId));
              model.set(op.sequence, 2);
            } else {
              await expectRevert(
                refund(paymentId),
                state === 2 ? "PaymentAlreadyRefunded" : "PaymentNotFound",
                [paymentId],
              );
            }
          }
          // Every id of a touched sequence and its neighbours reads as the model says.
          const touched = new Set(operations.map((op) => op.sequence));
          for (const sequence of touched) {
            for (const neighbour of [sequence - 1n, sequence, sequence + 1n]) {
              if (neighbour < 0n || neighbour > MAX_PAYMENT_SEQUENCE) continue;
              for (const variant of [0, 1]) {
                expect(await status(idOf(neighbour, variant))).toBe(model.get(neighbour) ?? 0);
              }
            }
          }
        } finally {
          await c.testClient.revert({ id: snapshot });
        }
      }),
      { numRuns: 40 },
    );
  });

  it("reads the sequence from the low 64 bits only", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: MAX_PAYMENT_SEQUENCE }), (sequence) => {
        const paymentId = paymentIdOf(sequence, randomBytes(24));
        expect(paymentId).toMatch(/^0x[0-9a-f]{64}$/);
        expect(paymentSequence(paymentId)).toBe(sequence);
      }),
    );
    expect(() => paymentIdOf(MAX_PAYMENT_SEQUENCE + 1n, randomBytes(24))).toThrow(RangeError);
    expect(() => paymentIdOf(-1n, randomBytes(24))).toThrow(RangeError);
    expect(paymentSequence(id("any"))).toBe(BigInt(id("any")) & MAX_PAYMENT_SEQUENCE);
  });
});
