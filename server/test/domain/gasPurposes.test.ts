import { describe, expect, it } from "vitest";
import { gasBound, gasBounds, senderPurposeOf, type GasPurpose } from "../../src/domain/gasPurposes.js";

describe("gas purposes", () => {
  it("names each bound once, under the sender purpose it is recorded as", () => {
    const names = Object.values(gasBounds).flatMap((bounds) => Object.keys(bounds));
    expect(new Set(names).size).toBe(names.length);
    for (const [sender, bounds] of Object.entries(gasBounds)) {
      for (const name of Object.keys(bounds)) expect(senderPurposeOf(name as GasPurpose)).toBe(sender);
    }
    expect(senderPurposeOf("subscription_first_charge")).toBe("subscription_charge");
    expect(senderPurposeOf("relay_undeployed_wallet")).toBe("relay");
  });

  it("adds a batch's further items at their own bound", () => {
    expect(gasBound("deposit_sweep", 3)).toBe(170_000n + 2n * 110_000n);
    expect(gasBound("relay_intent", 3)).toBe(gasBound("relay_intent"));
  });
});
