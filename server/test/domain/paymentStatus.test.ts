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
    ["REFUND_SUBMITTED", "REFUNDED"],
  ];

  it("allows exactly the moves of SPEC.md section 3.1", () => {
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

  it("treats the failure states and REFUNDED as terminal, PAID not", () => {
    expect(paymentStatuses.filter(isTerminal).sort()).toEqual(["EXPIRED", "FAILED", "INVALID", "REFUNDED"]);
  });
});
