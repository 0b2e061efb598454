import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { bytesToHex, getAddress, hashTypedData, maxUint256 } from "viem";

import { gatewayDomain, paymentRequestDigest, paymentRequestTypes } from "../src/index.js";

const bytes32 = fc.uint8Array({ minLength: 32, maxLength: 32 }).map((b) => bytesToHex(b));
const address = fc.uint8Array({ minLength: 20, maxLength: 20 }).map((b) => getAddress(bytesToHex(b)));
const uint256 = fc.bigInt({ min: 0n, max: maxUint256 });

describe("paymentRequestDigest", () => {
  it("equals viem's generic EIP-712 hash for any request, chain and gateway", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 2 ** 40 }),
        address,
        fc.record({
          paymentId: bytes32,
          tokenAddress: address,
          amount: uint256,
          recipientAddress: address,
          merchantId: bytes32,
          deadline: uint256,
        }),
        (chainId, gateway, request) => {
          expect(paymentRequestDigest({ chainId, gateway, request })).toBe(
            hashTypedData({
              domain: gatewayDomain(chainId, gateway),
              types: paymentRequestTypes,
              primaryType: "PaymentRequest",
              message: request,
            }),
          );
        },
      ),
      { numRuns: 500 },
    );
  });

  it("depends on the domain: the same request on another chain or gateway has another digest", () => {
    const request = {
      paymentId: `0x${"11".repeat(32)}`,
      tokenAddress: getAddress(`0x${"22".repeat(20)}`),
      amount: 10n ** 18n,
      recipientAddress: getAddress(`0x${"33".repeat(20)}`),
      merchantId: `0x${"44".repeat(32)}`,
      deadline: 1_900_000_000n,
    } as const;
    const gateway = getAddress(`0x${"55".repeat(20)}`);
    const digest = paymentRequestDigest({ chainId: 1, gateway, request });
    expect(paymentRequestDigest({ chainId: 2, gateway, request })).not.toBe(digest);
    expect(
      paymentRequestDigest({ chainId: 1, gateway: getAddress(`0x${"66".repeat(20)}`), request }),
    ).not.toBe(digest);
  });

  it("refuses a paymentId that is not 32 bytes", () => {
    const request = {
      paymentId: `0x${"11".repeat(33)}`,
      tokenAddress: getAddress(`0x${"22".repeat(20)}`),
      amount: 1n,
      recipientAddress: getAddress(`0x${"33".repeat(20)}`),
      merchantId: `0x${"44".repeat(32)}`,
      deadline: 1n,
    } as const;
    expect(() =>
      paymentRequestDigest({ chainId: 1, gateway: getAddress(`0x${"55".repeat(20)}`), request }),
    ).toThrow();
  });
});
