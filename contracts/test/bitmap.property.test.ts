/**
 * The replay bitmap against a model: random runs of payments and refunds over sequences that straddle
 * bitmap words (128 sequences per word), in any order, some through a second id that shares a sequence.
 * No sequence is paid twice, a refund needs a paid payment, each refund id is sent once (a payment can have
 * several), and no bit touches a neighbour.
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
  /** The payment's sequence (paid, or refunded by the operation). */
  sequence: anySequence,
  /** Which of two ids that carry the sequence (the service never signs both; the contract must hold anyway). */
  variant: fc.constantFrom(0, 1),
  /** A refund's own sequence and id variant. */
  refundSequence: anySequence,
  refundVariant: fc.constantFrom(0, 1),
});

beforeAll(async () => {
  await c.mint(tokens.permit18, accounts.payer.address, amount * 1_000n);
  await c.approve(accounts.payer, tokens.permit18, gateway, maxUint256);
  await c.approve(accounts.merchant, tokens.permit18, gateway, maxUint256);
});

function read(functionName: "isPaid" | "isRefunded", id: Hex) {
  return publicClient.readContract({ address: gateway, abi: paymentGatewayAbi, functionName, args: [id] });
}

async function refund(paymentId: Hex, refundId: Hex) {
  const request = {
    paymentId,
    refundId,
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
    args: [paymentId, refundId, request.tokenAddress, request.payerAddress, 1n, request.deadline, signature],
  });
}

describe("replay bitmap", () => {
  it("pays each sequence at most once and sends each refund id at most once, across words, in any order", async () => {
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
          /** The model: the sequences spent by a payment, and those spent by a refund. */
          const paid = new Set<bigint>();
          const refunded = new Set<bigint>();
          for (const op of operations) {
            const paymentId = idOf(op.sequence, op.variant);
            if (op.kind === "pay") {
              const signed = await c.paymentRequest({ paymentId, amount });
              if (!paid.has(op.sequence)) {
                await c.pay(accounts.payer, signed);
                paid.add(op.sequence);
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
              continue;
            }
            const refundId = idOf(op.refundSequence, op.refundVariant);
            if (!paid.has(op.sequence)) {
              await expectRevert(refund(paymentId, refundId), "PaymentNotFound", [paymentId]);
            } else if (refunded.has(op.refundSequence)) {
              await expectRevert(refund(paymentId, refundId), "RefundAlreadyProcessed", [refundId]);
            } else {
              await c.mined(await refund(paymentId, refundId));
              refunded.add(op.refundSequence);
            }
          }
          // Every id of a touched sequence and its neighbours reads as the model says.
          const touched = new Set(operations.flatMap((op) => [op.sequence, op.refundSequence]));
          for (const sequence of touched) {
            for (const neighbour of [sequence - 1n, sequence, sequence + 1n]) {
              if (neighbour < 0n || neighbour > MAX_PAYMENT_SEQUENCE) continue;
              for (const variant of [0, 1]) {
                expect(await read("isPaid", idOf(neighbour, variant))).toBe(paid.has(neighbour));
                expect(await read("isRefunded", idOf(neighbour, variant))).toBe(refunded.has(neighbour));
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
