import { getAddress } from "viem";
import { parseSiweMessage } from "viem/siwe";
import { describe, expect, it } from "vitest";

import { signInMessage } from "../src/wallet.js";

// The reference `siwe` package is not installed in this repository; EIP-4361 requires the address EIP-55
// checksummed (what that library checks), so the test checks the checksum itself.
describe("the dashboard's sign-in message", () => {
  it("writes the address EIP-55 checksummed when the wallet answers it in lowercase", () => {
    const address = "0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266";
    const message = signInMessage({
      domain: "pay.example.com",
      address,
      uri: "https://pay.example.com",
      chainId: 31337,
      nonce: "692a9c4e0f3b5d7a",
      issuedAt: new Date("2026-11-26T10:00:00.000Z"),
    });
    const line = message.split("\n")[1];
    expect(line).toBe("0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266");
    expect(line).toBe(getAddress(address));
    expect(parseSiweMessage(message).address).toBe(line);
  });
});
