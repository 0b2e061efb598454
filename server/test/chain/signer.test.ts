import {
  signDepositBatch,
  signDepositRequest,
  signPaymentRequest,
  signRefundRequest,
} from "@kassa/contracts";
import { anvilPrivateKeys } from "@kassa/contracts/dev";
import { getAddress, keccak256, maxUint256, stringToHex, type Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { describe, expect, it } from "vitest";
import { createPaymentSigner } from "../../src/chain/signer.js";
import { Secret } from "../../src/secret.js";

const privateKey = anvilPrivateKeys[3] as Hex;
const signer = createPaymentSigner(new Secret(privateKey));
const account = privateKeyToAccount(privateKey);

/** Deterministic but unrelated values: the n-th bytes32 and address of a label. */
const bytes32 = (label: string, n: number) => keccak256(stringToHex(`${label}-${n}`));
const address = (label: string, n: number) => getAddress(bytes32(label, n).slice(0, 42));

describe("createPaymentSigner", () => {
  it("has the key's address", () => {
    expect(signer.address).toBe(account.address);
  });

  // Both sides use RFC 6979 nonces and low s, so the WebAssembly signer must give viem's exact bytes.
  it("signs payment and refund requests exactly as viem's account does", async () => {
    const amounts = [1n, 10n ** 18n, maxUint256];
    for (const [n, amount] of amounts.entries()) {
      const chainId = [1, 31337, 11155111][n] as number;
      const gateway = address("gateway", n);
      // What a payment request and its refund request name alike.
      const shared = {
        paymentId: bytes32("payment", n),
        refundId: bytes32("refund", n),
        tokenAddress: address("token", n),
      };
      const payment = {
        chainId,
        gateway,
        request: {
          ...shared,
          amount,
          recipientAddress: address("recipient", n),
          merchantId: bytes32("merchant", n),
          deadline: 1_900_000_000n + BigInt(n),
        },
      };
      expect(await signer.signPaymentRequest(payment)).toBe(await signPaymentRequest(account, payment));
      const refund = {
        chainId,
        gateway,
        request: {
          ...shared,
          payerAddress: address("payer", n),
          amount,
          deadline: 1_900_000_000n + BigInt(n),
        },
      };
      expect(await signer.signRefundRequest(refund)).toBe(await signRefundRequest(account, refund));
    }
  });

  it("signs a sweep of one deposit as its DepositRequest, of several as one DepositBatch", async () => {
    const terms = [0, 1, 2].map((n) => ({
      paymentId: bytes32("payment", n),
      tokenAddress: address("token", n),
      amount: 10n ** 18n + BigInt(n),
      minimumAmount: 10n ** 18n,
      recipientAddress: address("recipient", n),
      merchantId: bytes32("merchant", n),
      feeBps: 100 + n,
    }));
    const domain = { chainId: 31337, gateway: address("gateway", 0) };
    const [first] = terms;
    if (!first) throw new Error("no terms");
    expect(await signer.signDepositSweep({ ...domain, terms: [first] })).toBe(
      await signDepositRequest(account, { ...domain, terms: first }),
    );
    expect(await signer.signDepositSweep({ ...domain, terms })).toBe(
      await signDepositBatch(account, { ...domain, terms }),
    );
  });

  it("writes v as 27 or 28 in the 65th byte", async () => {
    const vs = new Set<string>();
    for (let n = 0; n < 16; n++) {
      const signature = await signer.signPaymentRequest({
        chainId: 1,
        gateway: account.address,
        request: {
          paymentId: bytes32("v", n),
          tokenAddress: account.address,
          amount: 1n,
          recipientAddress: account.address,
          merchantId: bytes32("merchant", 0),
          deadline: 1n,
        },
      });
      expect(signature).toMatch(/^0x[0-9a-f]{130}$/);
      vs.add(signature.slice(-2));
    }
    expect([...vs].sort()).toEqual(["1b", "1c"]);
  });
});
