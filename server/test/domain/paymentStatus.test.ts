import { describe, expect, it } from "vitest";
import {
  canTransition,
  paymentStatuses,
  paymentTransitions,
  type PaymentStatus,
} from "../../src/domain/paymentStatus.js";

describe("payment state machine", () => {
  const allowed: [PaymentStatus, PaymentStatus][] = [
    ["CREATED", "PAID"],
    ["CREATED", "INVALID"],
    ["CREATED", "EXPIRED"],
    ["CREATED", "FAILED"],
    ["PAID", "REFUND_SUBMITTED"],
    ["REFUND_SUBMITTED", "REFUNDED"],
    // A refund not sent before its deadline.
    ["REFUND_SUBMITTED", "PAID"],
    // A reorg deeper than the chain's finality removed the pay transaction, whatever it had settled.
    ["PAID", "CREATED"],
    ["INVALID", "CREATED"],
    ["REFUND_SUBMITTED", "CREATED"],
    ["REFUNDED", "CREATED"],
    // A reorg removed a refund's transaction: open again until its deadline, else PAID again.
    ["REFUNDED", "REFUND_SUBMITTED"],
    ["REFUNDED", "PAID"],
    // Money that arrives after expiry or after a failed relay still settles the payment.
    ["EXPIRED", "PAID"],
    ["EXPIRED", "INVALID"],
    ["FAILED", "PAID"],
    ["FAILED", "INVALID"],
  ];

  it("allows exactly the documented moves between states", () => {
    for (const from of paymentStatuses) {
      for (const to of paymentStatuses) {
        const expected = allowed.some(([a, b]) => a === from && b === to);
        expect(canTransition(from, to), `${from} -> ${to}`).toBe(expected);
      }
    }
  });

  it("has a row for every status and no self-loops", () => {
    expect(Object.keys(paymentTransitions).sort()).toEqual([...paymentStatuses].sort());
    for (const status of paymentStatuses) expect(canTransition(status, status)).toBe(false);
  });
});
