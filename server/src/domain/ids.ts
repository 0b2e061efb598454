import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { PAYMENT_ID_RANDOM_BYTES, paymentIdOf } from "@kassa/contracts/paymentId";

export type Bytes32 = `0x${string}`;

const bytes32Pattern = /^0x[0-9a-f]{64}$/;

export function isBytes32(value: string): value is Bytes32 {
  return bytes32Pattern.test(value);
}

function randomBytes32(): Bytes32 {
  return `0x${randomBytes(32).toString("hex")}`;
}

/**
 * A payment id for `sequence` (the payment's sequence on its gateway, which the gateway's replay bitmap
 * indexes): the sequence in the low 64 bits under 192 random bits, lowercase hex, the `paymentId` of `pay()`.
 */
export function newPaymentId(sequence: bigint): Bytes32 {
  return paymentIdOf(sequence, randomBytes(PAYMENT_ID_RANDOM_BYTES));
}

/** A fresh merchant id: 256 random bits, the `merchantId` of `pay()`. */
export const newMerchantId: () => Bytes32 = randomBytes32;

/** A short public handle for a merchant, for operators and logs (`mch_` + 64 random bits). */
export function newMerchantKey(): string {
  return `mch_${randomBytes(8).toString("hex")}`;
}

/** Secret API key: `sk_` + 192 random bits. Shown once, stored as a hash. */
export function newApiKey(): string {
  return `sk_${randomBytes(24).toString("base64url")}`;
}

/** Browser-safe public key: `pk_` + 192 random bits. */
export function newPublicKey(): string {
  return `pk_${randomBytes(24).toString("base64url")}`;
}

/** Webhook signing secret in the Standard Webhooks format: `whsec_` + base64 of 192 random bits. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(24).toString("base64")}`;
}

/** A webhook event's id (`evt_` + 128 random bits): the Standard Webhooks `webhook-id` of its deliveries. */
export function newEventId(): string {
  return `evt_${randomBytes(16).toString("hex")}`;
}

/** A webhook delivery's id: `whd_` + 128 random bits. */
export function newDeliveryId(): string {
  return `whd_${randomBytes(16).toString("hex")}`;
}

/** SHA-256 of a key, hex. Keys carry >= 128 random bits, so a fast unsalted hash is enough. */
export function hashKey(key: string): string {
  return createHash("sha256").update(key, "utf8").digest("hex");
}

/** Compares a presented key with a stored hash in constant time. */
export function keyMatchesHash(key: string, storedHash: string): boolean {
  const presented = Buffer.from(hashKey(key), "hex");
  const stored = Buffer.from(storedHash, "hex");
  return presented.length === stored.length && timingSafeEqual(presented, stored);
}
