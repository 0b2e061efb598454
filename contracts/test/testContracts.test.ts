import { describe, expect, it } from "vitest";
import { domainSeparator, encodeFunctionData, parseUnits, type Hex } from "viem";

import {
  fiatTokenV2_2Abi,
  permit2Abi,
  permit2Address,
  receiveWithAuthorizationTypes,
  testSmartWalletAbi,
  testTetherTokenAbi,
} from "../src/index.js";
import { fiatToken } from "../src/dev.js";
import { expectRevert, id, unfundedAccount } from "./fixture.js";
import { setupChainWithRealTokens } from "./realTokens.js";

const { c, t } = await setupChainWithRealTokens();
const { accounts, publicClient } = c;

const usdtErrors = testTetherTokenAbi;

describe("the USDT-like token", () => {
  it("returns nothing from transfer, transferFrom and approve", () => {
    for (const name of ["transfer", "transferFrom", "approve"]) {
      const item = testTetherTokenAbi.find((entry) => entry.type === "function" && entry.name === name);
      expect(item && "outputs" in item ? item.outputs : undefined).toEqual([]);
    }
  });

  it("refuses to change a non-zero allowance to another non-zero one, and accepts a reset to zero first", async () => {
    await c.approve(accounts.payer, t.usdt, accounts.other.address, 5n);
    await expectRevert(
      c.wallet(accounts.payer).writeContract({
        address: t.usdt,
        abi: usdtErrors,
        functionName: "approve",
        args: [accounts.other.address, 7n],
      }),
      "NonZeroAllowanceChange",
      [accounts.payer.address, accounts.other.address, 5n, 7n],
    );
    await c.approve(accounts.payer, t.usdt, accounts.other.address, 0n);
    await c.approve(accounts.payer, t.usdt, accounts.other.address, 7n);
    expect(
      await publicClient.readContract({
        address: t.usdt,
        abi: testTetherTokenAbi,
        functionName: "allowance",
        args: [accounts.payer.address, accounts.other.address],
      }),
    ).toBe(7n);
  });

  it("stops a blocklisted sender but not a blocklisted receiver", async () => {
    await c.mint(t.usdt, accounts.payer.address, 100n);
    await t.blacklistUsdt(accounts.payer.address);
    await expectRevert(
      c.wallet(accounts.payer).writeContract({
        address: t.usdt,
        abi: usdtErrors,
        functionName: "transfer",
        args: [accounts.other.address, 1n],
      }),
      "SenderBlackListed",
      [accounts.payer.address],
    );
    await c.mint(t.usdt, accounts.other.address, 100n);
    await c.mined(
      await c.wallet(accounts.other).writeContract({
        address: t.usdt,
        abi: testTetherTokenAbi,
        functionName: "transfer",
        args: [accounts.payer.address, 10n],
      }),
    );
    expect(await c.balanceOf(t.usdt, accounts.payer.address)).toBe(110n);
  });

  it("takes the fee the owner switched on, for the owner", async () => {
    await c.mint(t.usdt, accounts.payer.address, parseUnits("100", 6));
    await t.setUsdtFee(10n, parseUnits("1", 6));
    await c.mined(
      await c.wallet(accounts.payer).writeContract({
        address: t.usdt,
        abi: testTetherTokenAbi,
        functionName: "transfer",
        args: [accounts.other.address, parseUnits("50", 6)],
      }),
    );
    expect(await c.balanceOf(t.usdt, accounts.other.address)).toBe(parseUnits("49.95", 6));
    expect(await c.balanceOf(t.usdt, accounts.deployer.address)).toBe(parseUnits("0.05", 6));
  });
});

describe("FiatToken v2.2 (USDC)", () => {
  it("is Circle's build: 6 decimals, domain version 2, and no eip712Domain()", async () => {
    const read = (functionName: "decimals" | "version" | "name" | "DOMAIN_SEPARATOR") =>
      publicClient.readContract({ address: t.usdc, abi: fiatTokenV2_2Abi, functionName });
    expect(await read("decimals")).toBe(6);
    expect(await read("version")).toBe("2");
    expect(await read("name")).toBe(fiatToken.name);
    expect(await read("DOMAIN_SEPARATOR")).toBe(
      domainSeparator({
        domain: { name: fiatToken.name, version: "2", chainId: c.chainId, verifyingContract: t.usdc },
      }),
    );
    await expect(
      publicClient.call({ to: t.usdc, data: "0x84b0196e" /* eip712Domain() */ }),
    ).rejects.toThrow();
  });

  it("moves tokens with a receiveWithAuthorization only to its caller, once per nonce", async () => {
    const payer = unfundedAccount("usdc authorizer");
    await t.mintUsdc(payer.address, parseUnits("10", 6));
    const message = {
      from: payer.address,
      to: accounts.other.address,
      value: parseUnits("4", 6),
      validAfter: 0n,
      validBefore: (await c.now()) + 3_600n,
      nonce: id("usdc nonce"),
    };
    const signature = await payer.signTypedData({
      domain: {
        name: fiatToken.name,
        version: fiatToken.version,
        chainId: c.chainId,
        verifyingContract: t.usdc,
      },
      types: receiveWithAuthorizationTypes,
      primaryType: "ReceiveWithAuthorization",
      message,
    });
    const args = [
      message.from,
      message.to,
      message.value,
      message.validAfter,
      message.validBefore,
      message.nonce,
      signature,
    ] as const;
    // Anyone but the payee is refused.
    await expect(
      c.wallet(accounts.relayer).writeContract({
        address: t.usdc,
        abi: fiatTokenV2_2Abi,
        functionName: "receiveWithAuthorization",
        args,
      }),
    ).rejects.toThrow(/caller must be the payee/);
    await c.mined(
      await c.wallet(accounts.other).writeContract({
        address: t.usdc,
        abi: fiatTokenV2_2Abi,
        functionName: "receiveWithAuthorization",
        args,
      }),
    );
    expect(await c.balanceOf(t.usdc, accounts.other.address)).toBe(parseUnits("4", 6));
    await expect(
      c.wallet(accounts.other).writeContract({
        address: t.usdc,
        abi: fiatTokenV2_2Abi,
        functionName: "receiveWithAuthorization",
        args,
      }),
    ).rejects.toThrow(/authorization is used or canceled/);
  });

  it("refuses transfers from and to a blacklisted account", async () => {
    await t.mintUsdc(accounts.payer.address, 100n);
    await t.blacklistUsdc(accounts.other.address);
    await expect(
      c.wallet(accounts.payer).writeContract({
        address: t.usdc,
        abi: fiatTokenV2_2Abi,
        functionName: "transfer",
        args: [accounts.other.address, 1n],
      }),
    ).rejects.toThrow(/account is blacklisted/);
  });
});

describe("the test smart wallet", () => {
  it("accepts its owner's signature of its replay-safe hash (ERC-1271), not another wallet's", async () => {
    const wallet = await t.deployWallet(accounts.payer.address);
    const other = await t.deployWallet(accounts.payer.address, 1n);
    const hash = id("a message");
    const signature = await t.walletSignature(accounts.payer, wallet, hash);
    const check = (address: Hex, sig: Hex) =>
      publicClient.readContract({
        address,
        abi: testSmartWalletAbi,
        functionName: "isValidSignature",
        args: [hash, sig],
      });
    expect(await check(wallet, signature)).toBe("0x1626ba7e");
    expect(await check(other, signature)).toBe("0xffffffff");
    expect(await check(wallet, await t.walletSignature(accounts.other, wallet, hash))).toBe("0xffffffff");
  });

  it("has its address before it is deployed, and an ERC-6492 signature verifies before deployment", async () => {
    const owner = unfundedAccount("undeployed wallet owner");
    const wallet = await t.walletAddress(owner.address);
    expect(await publicClient.getCode({ address: wallet })).toBeUndefined();
    const hash = id("counterfactual");
    const signature = await t.undeployedWalletSignature(owner, hash);
    expect(await publicClient.verifyHash({ address: wallet, hash, signature })).toBe(true);
    expect(await t.deployWallet(owner.address)).toBe(wallet);
    expect(await publicClient.getCode({ address: wallet })).not.toBeUndefined();
  });

  it("lets only its owner make it call other contracts", async () => {
    const wallet = await t.deployWallet(accounts.payer.address);
    const approve = encodeFunctionData({
      abi: testTetherTokenAbi,
      functionName: "approve",
      args: [accounts.other.address, 1n],
    });
    await expectRevert(
      c.wallet(accounts.other).writeContract({
        address: wallet,
        abi: testSmartWalletAbi,
        functionName: "execute",
        args: [t.usdt, 0n, approve],
      }),
      "Unauthorized",
      [accounts.other.address],
    );
    await t.walletCall(accounts.payer, wallet, t.usdt, approve);
    expect(
      await publicClient.readContract({
        address: t.usdt,
        abi: testTetherTokenAbi,
        functionName: "allowance",
        args: [wallet, accounts.other.address],
      }),
    ).toBe(1n);
  });
});

describe("Permit2", () => {
  it("is installed at its canonical address with a domain for this chain", async () => {
    expect(await publicClient.getCode({ address: permit2Address })).toMatch(/^0x6040/);
    const separator = await publicClient.readContract({
      address: permit2Address,
      abi: permit2Abi,
      functionName: "DOMAIN_SEPARATOR",
    });
    expect(separator).toBe(
      domainSeparator({ domain: { name: "Permit2", chainId: c.chainId, verifyingContract: permit2Address } }),
    );
  });
});
