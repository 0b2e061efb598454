import { describe, expect, it } from "vitest";
import {
  canTransition,
  isTerminal,
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
    // A reorg deeper than the chain's finality removed the pay transaction.
    ["PAID", "CREATED"],
    ["REFUND_SUBMITTED", "REFUNDED"],
    // A refund not sent before its deadline.
    ["REFUND_SUBMITTED", "PAID"],
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

  it("treats INVALID and REFUNDED as terminal; PAID, EXPIRED and FAILED not", () => {
    expect(paymentStatuses.filter(isTerminal).sort()).toEqual(["INVALID", "REFUNDED"]);
  });
});
