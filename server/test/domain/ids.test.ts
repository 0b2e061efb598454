import { paymentSequence } from "@kassa/contracts/paymentId";
import { describe, expect, it } from "vitest";
import {
  hashKey,
  isBytes32,
  keyMatchesHash,
  newApiKey,
  newMerchantId,
  newPaymentId,
  newPublicKey,
  newWebhookSecret,
} from "../../src/domain/ids.js";

describe("ids and keys", () => {
  it("makes bytes32 ids that do not repeat", () => {
    const ids = new Set(Array.from({ length: 1000 }, () => newPaymentId(7n)));
    expect(ids.size).toBe(1000);
    // The sequence in the low 64 bits, the rest random.
    for (const id of ids) expect(paymentSequence(id)).toBe(7n);
    expect(newPaymentId(2n ** 64n - 1n).endsWith("ffffffffffffffff")).toBe(true);
    expect(() => newPaymentId(2n ** 64n)).toThrow(RangeError);
    for (const id of ids) expect(isBytes32(id)).toBe(true);
    expect(isBytes32(newMerchantId())).toBe(true);
    expect(isBytes32("0x1234")).toBe(false);
  });

  it("makes keys with their prefix and at least 128 random bits", () => {
    const apiKey = newApiKey();
    const publicKey = newPublicKey();
    const secret = newWebhookSecret();
    expect(apiKey).toMatch(/^sk_[A-Za-z0-9_-]{32}$/);
    expect(publicKey).toMatch(/^pk_[A-Za-z0-9_-]{32}$/);
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(Buffer.from(apiKey.slice(3), "base64url").length * 8).toBeGreaterThanOrEqual(128);
    expect(Buffer.from(secret.slice(6), "base64").length * 8).toBeGreaterThanOrEqual(128);
  });

  it("matches a key against its stored hash only", () => {
    const key = newApiKey();
    const stored = hashKey(key);
    expect(stored).toMatch(/^[0-9a-f]{64}$/);
    expect(keyMatchesHash(key, stored)).toBe(true);
    expect(keyMatchesHash(newApiKey(), stored)).toBe(false);
    expect(keyMatchesHash(key, "abcd")).toBe(false);
  });
});
