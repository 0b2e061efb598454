/**
 * Payment ids of the gateway: the low 64 bits are the payment's sequence on its gateway (one bit of the
 * gateway's replay bitmap), the high 192 bits are random, so ids stay unique across gateways and
 * unguessable. See the NatSpec of `PaymentGateway` and docs/architecture.md.
 */
import { bytesToHex, hexToBigInt, type Hex } from "viem";

/** Bits of a payment id that hold its sequence. */
export const PAYMENT_SEQUENCE_BITS = 64;
/** Largest sequence a payment id can carry. */
export const MAX_PAYMENT_SEQUENCE = (1n << BigInt(PAYMENT_SEQUENCE_BITS)) - 1n;
/** Bytes of randomness above the sequence. */
export const PAYMENT_ID_RANDOM_BYTES = 24;

/**
 * The seconds between the server signing a payment request and its deadline: the gateway prices a payment
 * at the fee in effect at `deadline - PAYMENT_SIGNATURE_LIFETIME` (`SIGNATURE_LIFETIME` on-chain).
 */
export const PAYMENT_SIGNATURE_LIFETIME = 3_600;

/** The payment id of `sequence` with `random` (24 bytes) above it, lowercase hex. */
export function paymentIdOf(sequence: bigint, random: Uint8Array): Hex {
  if (sequence < 0n || sequence > MAX_PAYMENT_SEQUENCE) {
    throw new RangeError(`payment sequence ${sequence} is outside 0..2^64-1`);
  }
  if (random.length !== PAYMENT_ID_RANDOM_BYTES) {
    throw new RangeError(`expected ${PAYMENT_ID_RANDOM_BYTES} random bytes, got ${random.length}`);
  }
  return `${bytesToHex(random)}${sequence.toString(16).padStart(16, "0")}`;
}

/** The sequence a payment id carries (its low 64 bits). */
export function paymentSequence(paymentId: Hex): bigint {
  return hexToBigInt(paymentId) & MAX_PAYMENT_SEQUENCE;
}
