import { describe, expect, it } from "vitest";
import { parseEther } from "viem";

import { probeTokenTransfer, TokenProbeError } from "../src/index.js";
import { setupChain } from "./fixture.js";

const c = await setupChain();
const { accounts, tokens, publicClient } = c;
const amount = parseEther("100");
await c.mint(c.feeOnTransfer, accounts.payer.address, amount);
await c.mint(tokens.permit18, accounts.payer.address, amount);
await c.mint(tokens.plain, accounts.payer.address, amount);

describe("refusing fee-on-transfer tokens at whitelisting (probeTokenTransfer)", () => {
  it("flags a token that delivers less than was sent", async () => {
    const result = await probeTokenTransfer({
      publicClient,
      token: c.feeOnTransfer,
      holder: accounts.payer.address,
      amount,
    });
    expect(result).toEqual({ sent: amount, received: parseEther("99"), exact: false });
  });

  it("accepts standard tokens", async () => {
    for (const token of [tokens.permit18, tokens.plain]) {
      const result = await probeTokenTransfer({
        publicClient,
        token,
        holder: accounts.payer.address,
        amount,
      });
      expect(result).toEqual({ sent: amount, received: amount, exact: true });
    }
  });

  it("moves nothing for real (it is a simulation)", async () => {
    await probeTokenTransfer({
      publicClient,
      token: tokens.permit18,
      holder: accounts.payer.address,
      amount,
    });
    expect(await c.balanceOf(tokens.permit18, accounts.payer.address)).toBe(amount);
    expect(await publicClient.getCode({ address: accounts.payer.address })).toBeUndefined();
  });

  it("fails clearly when the holder does not hold the amount", async () => {
    await expect(
      probeTokenTransfer({ publicClient, token: tokens.permit18, holder: accounts.other.address, amount }),
    ).rejects.toBeInstanceOf(TokenProbeError);
  });
});
