import { describe, expect, it } from "vitest";
import { parseEther } from "viem";

import { probeTokenTransfer, selectiveFeeTokenAbi, TokenProbeError } from "../src/index.js";
import { deploySelectiveFeeToken } from "../src/dev.js";
import { setupChain } from "./fixture.js";

const c = await setupChain();
const { accounts, tokens, publicClient } = c;
const amount = parseEther("100");
await c.mint(c.feeOnTransfer, accounts.payer.address, amount);
await c.mint(tokens.permit18, accounts.payer.address, amount);
await c.mint(tokens.plain, accounts.payer.address, amount);

/** A token taxing 1% of `transferFrom` (and of `transfer` with `onTransfer`), held by the payer, who is exempt. */
async function selectiveFeeToken(onTransfer: boolean): Promise<`0x${string}`> {
  const token = await deploySelectiveFeeToken({
    walletClient: c.deployer,
    publicClient,
    feeBps: 100,
    onTransfer,
  });
  await c.mint(token, accounts.payer.address, amount);
  await c.mined(
    await c.deployer.writeContract({
      address: token,
      abi: selectiveFeeTokenAbi,
      functionName: "setExempt",
      args: [accounts.payer.address, true],
    }),
  );
  return token;
}

const exact = (value: bigint) => ({ sent: value, received: value });

describe("refusing fee-on-transfer tokens at whitelisting (probeTokenTransfer)", () => {
  it("flags a token that delivers less than was sent, on each of the three transfers", async () => {
    const result = await probeTokenTransfer({
      publicClient,
      token: c.feeOnTransfer,
      holder: accounts.payer.address,
      amount,
    });
    expect(result).toEqual({
      sent: amount,
      received: parseEther("97.029900"),
      exact: false,
      legs: {
        fromHolder: { sent: amount, received: parseEther("99") },
        transferFrom: { sent: parseEther("99"), received: parseEther("98.01") },
        transfer: { sent: parseEther("98.01"), received: parseEther("97.0299") },
      },
    });
  });

  it("flags a token that taxes transferFrom only (what payments use), which a transfer alone shows exact", async () => {
    const result = await probeTokenTransfer({
      publicClient,
      token: await selectiveFeeToken(false),
      holder: accounts.payer.address,
      amount,
    });
    expect(result.exact).toBe(false);
    expect(result.legs.fromHolder).toEqual(exact(amount));
    expect(result.legs.transferFrom).toEqual({ sent: amount, received: parseEther("99") });
  });

  it("flags a token that exempts the holder it is probed with", async () => {
    const result = await probeTokenTransfer({
      publicClient,
      token: await selectiveFeeToken(true),
      holder: accounts.payer.address,
      amount,
    });
    expect(result.exact).toBe(false);
    expect(result.legs.fromHolder).toEqual(exact(amount));
    expect(result.legs.transfer).toEqual({ sent: parseEther("99"), received: parseEther("98.01") });
  });

  it("accepts standard tokens", async () => {
    for (const token of [tokens.permit18, tokens.plain]) {
      const result = await probeTokenTransfer({
        publicClient,
        token,
        holder: accounts.payer.address,
        amount,
      });
      expect(result).toEqual({
        sent: amount,
        received: amount,
        exact: true,
        legs: { fromHolder: exact(amount), transferFrom: exact(amount), transfer: exact(amount) },
      });
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
