import { toBaseUnits } from "./amount.js";
import { configError } from "./api.js";
import { KassaVerificationError, type PaymentMismatch } from "./errors.js";
import type { MerchantPaymentsResource } from "./resources/merchantPayments.js";
import type { RequestOptions } from "./transport.js";
import type { MerchantPaymentRecord } from "./types.js";

/** What the merchant stored for the order before creating the payment, to check the payment against. */
export type ExpectedPayment = {
  orderId: string;
  tokenAddress: string;
  /** The merchant's chain (EIP-155 id); checked when given. */
  chainId?: number;
} & (
  | { /** Token amount in base units (wei), as a decimal string. */ amount: string; currency?: undefined }
  | {
      /** Fiat code the payment was created with, e.g. USD. */
      currency: string;
      /** The fiat amount the payment was created with. */
      fiatAmount: number | string;
      amount?: undefined;
    }
);

/** A payment that verifyPayment found PAID and matching the order. */
export type VerifiedPayment = MerchantPaymentRecord & { status: "PAID" };

/** Fetches the payment with the API key and checks it against the order: see Kassa.verifyPayment. */
export async function verifyPayment(
  merchantPayments: MerchantPaymentsResource,
  paymentId: string,
  expected: ExpectedPayment,
  options?: RequestOptions,
): Promise<VerifiedPayment> {
  checkExpectedPayment(expected);
  const payment = await merchantPayments.retrieve(paymentId, options);
  const mismatches = paymentMismatches(payment, expected);
  if (mismatches.length > 0) throw new KassaVerificationError(paymentId, mismatches);
  return payment as VerifiedPayment;
}

export const sameAddress = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

function sameDecimal(a: number | string, b: number | string): boolean {
  const normalize = (value: number | string) => {
    try {
      return toBaseUnits(value, 18);
    } catch {
      return `invalid:${value}`;
    }
  };
  return normalize(a) === normalize(b);
}

function checkExpectedPayment(expected: ExpectedPayment): void {
  if (typeof expected !== "object" || expected === null) {
    throw configError(
      "verifyPayment needs the expected { orderId, tokenAddress, amount | currency + fiatAmount }",
    );
  }
  if (typeof expected.orderId !== "string" || typeof expected.tokenAddress !== "string") {
    throw configError("expected.orderId and expected.tokenAddress are required");
  }
  if (expected.currency !== undefined) {
    if (expected.fiatAmount === undefined) throw configError("expected.currency needs expected.fiatAmount");
    return;
  }
  if (typeof expected.amount !== "string" || !/^\d+$/.test(expected.amount)) {
    throw configError(
      'expected.amount must be the token amount in base units (wei) as a decimal string, e.g. toBaseUnits("12.5", 18)',
    );
  }
}

/** Every way `payment` differs from what the merchant expected. */
export function paymentMismatches(
  payment: MerchantPaymentRecord,
  expected: ExpectedPayment,
): PaymentMismatch[] {
  const mismatches: PaymentMismatch[] = [];
  if (payment.status !== "PAID") {
    mismatches.push({ field: "status", expected: "PAID", actual: payment.status });
  }
  if (payment.orderId !== expected.orderId) {
    mismatches.push({ field: "orderId", expected: expected.orderId, actual: payment.orderId });
  }
  if (!sameAddress(payment.tokenAddress, expected.tokenAddress)) {
    mismatches.push({ field: "tokenAddress", expected: expected.tokenAddress, actual: payment.tokenAddress });
  }
  if (expected.chainId !== undefined && payment.chainId !== expected.chainId) {
    mismatches.push({
      field: "chainId",
      expected: String(expected.chainId),
      actual: String(payment.chainId),
    });
  }
  if (expected.currency !== undefined) {
    if (payment.currency === null || payment.currency.toUpperCase() !== expected.currency.toUpperCase()) {
      mismatches.push({ field: "currency", expected: expected.currency, actual: String(payment.currency) });
    }
    if (payment.fiatAmount === null || !sameDecimal(payment.fiatAmount, expected.fiatAmount)) {
      mismatches.push({
        field: "fiatAmount",
        expected: String(expected.fiatAmount),
        actual: String(payment.fiatAmount),
      });
    }
  } else if (BigInt(payment.amount) !== BigInt(expected.amount)) {
    mismatches.push({ field: "amount", expected: expected.amount, actual: payment.amount });
  }
  return mismatches;
}
