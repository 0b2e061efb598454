import { describe, expect, it } from "vitest";
import { KassaProviderError } from "../../src/errors.js";
import { parseOptions } from "../../src/options.js";

const valid = {
  kassaUrl: "https://pay.example.com",
  apiKey: "sk_secret_value",
  publicKey: "pk_public_value",
  webhookSecret: "whsec_c2VjcmV0",
  tokenAddress: "0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0",
};

function refusal(options: unknown): KassaProviderError {
  try {
    parseOptions(options);
  } catch (error) {
    if (error instanceof KassaProviderError) return error;
    throw error;
  }
  throw new Error("the options were accepted");
}

describe("the provider's options", () => {
  it("take Kassa's URL with or without /api/v1, and default to no redirect and no refund wallet", () => {
    const parsed = parseOptions({ ...valid, peggedCurrencies: ["USD", "eur"] });
    expect(parsed).toMatchObject({
      apiUrl: "https://pay.example.com/api/v1",
      kassaOrigin: "https://pay.example.com",
      successUrl: "service:none",
      failUrl: "service:none",
      refundWallet: null,
    });
    expect([...parsed.peggedCurrencies]).toEqual(["usd", "eur"]);
    expect(parseOptions({ ...valid, kassaUrl: "https://pay.example.com/kassa/api/v1/" }).apiUrl).toBe(
      "https://pay.example.com/kassa/api/v1",
    );
    expect(parseOptions({ ...valid, kassaUrl: "http://127.0.0.1:3000/kassa" })).toMatchObject({
      apiUrl: "http://127.0.0.1:3000/kassa/api/v1",
      kassaOrigin: "http://127.0.0.1:3000",
    });
  });

  it("name every problem at once, as Medusa's invalid data, without echoing a secret", () => {
    const error = refusal({
      kassaUrl: "ftp://pay.example.com",
      apiKey: "pk_put_in_the_wrong_place",
      webhookSecret: 42,
      tokenAddress: "0x1234",
      peggedCurrencies: ["usd", "dollars"],
      successUrl: "javascript:alert(1)",
      refundWallet: { privateKey: "0xnot-a-key", rpcUrl: "localhost:8545" },
      apikey: "sk_misspelt",
    });
    expect(error.kind).toBe("invalid_data");
    expect(error.message).toBe(
      "The Kassa payment provider's options are not valid: " +
        [
          "kassaUrl must be an http(s) URL, e.g. https://pay.example.com (got ftp://pay.example.com)",
          "apiKey must be the merchant's API key (sk_...)",
          "publicKey is required",
          "webhookSecret must be a string",
          "tokenAddress must be an address (0x and 40 hex digits), got 0x1234",
          'peggedCurrencies: "dollars" is not an ISO 4217 code',
          "successUrl must be an http(s) URL or service:none",
          "refundWallet.privateKey must be a private key (0x and 64 hex digits)",
          "refundWallet.rpcUrl must be an http(s) JSON-RPC URL of the chain",
          "apikey is not an option of the Kassa provider",
        ].join("; ") +
        ".",
    );
    expect(error.message).not.toContain("pk_put_in_the_wrong_place");
    expect(error.message).not.toContain("sk_misspelt");
  });

  it("refuse no options at all", () => {
    expect(refusal(undefined).message).toContain("the options must be an object");
  });

  it("take a refund wallet as a key and a JSON-RPC URL", () => {
    const privateKey = `0x${"ab".repeat(32)}`;
    expect(
      parseOptions({ ...valid, refundWallet: { privateKey, rpcUrl: "https://rpc.example" } }).refundWallet,
    ).toEqual({ privateKey, rpcUrl: "https://rpc.example" });
  });
});
