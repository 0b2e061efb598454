import { describe, expect, it } from "vitest";
import { parseEther, parseEventLogs, zeroAddress, type Hex, type TransactionReceipt } from "viem";

import { maxFeeBps, PAYMENT_SIGNATURE_LIFETIME, paymentGatewayAbi } from "../src/index.js";
import { defaultFeeBps, expectRevert, id, setupChain } from "./fixture.js";

const c = await setupChain();
c.snapshotEachTest();
const { accounts, gateway, tokens, publicClient } = c;

type WriteName =
  | "setDefaultFee"
  | "setMerchantFee"
  | "clearMerchantFee"
  | "setTreasury"
  | "setSigner"
  | "pause"
  | "unpause"
  | "transferOwnership"
  | "acceptOwnership"
  | "renounceOwnership"
  | "pruneMerchantFee";

function write(functionName: WriteName, args: readonly unknown[] = [], from = accounts.deployer) {
  return c.wallet(from).writeContract({
    address: gateway,
    abi: paymentGatewayAbi,
    functionName,
    args,
  } as never) as Promise<Hex>;
}

async function owner(functionName: WriteName, args: readonly unknown[] = []) {
  return c.mined(await write(functionName, args));
}

function events(receipt: TransactionReceipt) {
  return parseEventLogs({ abi: paymentGatewayAbi, logs: receipt.logs }).map((log) => ({
    eventName: log.eventName,
    args: log.args,
  }));
}

function read<T>(functionName: string, args: readonly unknown[] = []): Promise<T> {
  return publicClient.readContract({
    address: gateway,
    abi: paymentGatewayAbi,
    functionName,
    args,
  } as never) as Promise<T>;
}

/** A payment request of 1 token for `merchantId`, signed now. */
function oneTokenRequest(merchantId: Hex) {
  return c.paymentRequest({ amount: parseEther("1"), merchantId });
}

/** Pays 1 token for `merchantId` (with a request signed now, or `signed`) and returns the fee taken. */
async function feeOfPayment(
  merchantId: Hex,
  signed?: Awaited<ReturnType<typeof oneTokenRequest>>,
): Promise<bigint> {
  const amount = parseEther("1");
  await c.mint(tokens.permit18, accounts.payer.address, amount);
  await c.approve(accounts.payer, tokens.permit18, gateway, amount);
  const receipt = await c.pay(accounts.payer, signed ?? (await oneTokenRequest(merchantId)));
  const [event] = parseEventLogs({
    abi: paymentGatewayAbi,
    logs: receipt.logs,
    eventName: "PaymentCompleted",
  });
  return event?.args.fee ?? -1n;
}

/** Filter bit of a merchant id, as the gateway computes it. */
const filterBit = (merchantId: Hex) => BigInt(merchantId) & 63n;

/** Lets the signature lifetime pass, after which a fee can change again. */
async function afterSignatureLifetime() {
  await c.testClient.increaseTime({ seconds: PAYMENT_SIGNATURE_LIFETIME });
  await c.testClient.mine({ blocks: 1 });
}

describe("deployment", () => {
  it("sets owner, signer, treasury, fee and the trusted forwarder", async () => {
    expect(await read("owner")).toBe(accounts.deployer.address);
    expect(await read("signer")).toBe(accounts.signer.address);
    expect(await read("treasury")).toBe(accounts.treasury.address);
    expect(await read("defaultFeeBps")).toBe(defaultFeeBps);
    expect(await read("trustedForwarder")).toBe(c.forwarder);
    expect(await read("paused")).toBe(false);
    expect(await read("MAX_FEE_BPS")).toBe(maxFeeBps);
    const domain = await read<readonly unknown[]>("eip712Domain");
    expect(domain.slice(1, 5)).toEqual(["KassaGateway", "1", BigInt(c.chainId), gateway]);
  });
});

describe("owner functions", () => {
  it("setDefaultFee changes the fee of merchants without an override and emits DefaultFeeUpdated", async () => {
    const receipt = await owner("setDefaultFee", [250]);
    expect(events(receipt)).toEqual([
      { eventName: "DefaultFeeUpdated", args: { previousFeeBps: 100, newFeeBps: 250 } },
    ]);
    expect(await read("defaultFeeBps")).toBe(250);
    expect(await feeOfPayment(id("merchant 1"))).toBe(parseEther("0.025"));
  });

  it("accepts a fee at the cap and refuses one above it", async () => {
    await owner("setDefaultFee", [maxFeeBps]);
    await expectRevert(write("setDefaultFee", [maxFeeBps + 1]), "FeeTooHigh", [
      BigInt(maxFeeBps + 1),
      BigInt(maxFeeBps),
    ]);
    await expectRevert(write("setMerchantFee", [id("m"), maxFeeBps + 1]), "FeeTooHigh", [
      BigInt(maxFeeBps + 1),
      BigInt(maxFeeBps),
    ]);
  });

  it("setMerchantFee overrides the default for that merchant only; clearMerchantFee restores it", async () => {
    const merchant = id("merchant override");
    let receipt = await owner("setMerchantFee", [merchant, 30]);
    expect(events(receipt)).toEqual([
      { eventName: "MerchantFeeUpdated", args: { merchantId: merchant, feeBps: 30 } },
    ]);
    expect(await read("merchantFee", [merchant])).toEqual([30, true]);
    expect(await read("merchantFee", [id("merchant 1")])).toEqual([defaultFeeBps, false]);
    expect(await feeOfPayment(merchant)).toBe(parseEther("0.003"));
    expect(await feeOfPayment(id("merchant 1"))).toBe(parseEther("0.01"));

    await afterSignatureLifetime();
    receipt = await owner("clearMerchantFee", [merchant]);
    expect(events(receipt)).toEqual([{ eventName: "MerchantFeeCleared", args: { merchantId: merchant } }]);
    expect(await read("merchantFee", [merchant])).toEqual([defaultFeeBps, false]);
    expect(await feeOfPayment(merchant)).toBe(parseEther("0.01"));
    await expectRevert(write("clearMerchantFee", [merchant]), "MerchantFeeNotSet", [merchant]);
  });

  it("a zero merchant fee skips the treasury transfer", async () => {
    const merchant = id("merchant free");
    await owner("setMerchantFee", [merchant, 0]);
    const amount = parseEther("1");
    await c.mint(tokens.permit18, accounts.payer.address, amount);
    await c.approve(accounts.payer, tokens.permit18, gateway, amount);
    const treasuryBefore = await c.balanceOf(tokens.permit18, accounts.treasury.address);
    const receipt = await c.pay(accounts.payer, await c.paymentRequest({ amount, merchantId: merchant }));
    expect(await c.balanceOf(tokens.permit18, accounts.treasury.address)).toBe(treasuryBefore);
    // One Transfer log (payer -> recipient) and the PaymentCompleted log.
    expect(
      receipt.logs.filter((log) => log.address.toLowerCase() === tokens.permit18.toLowerCase()),
    ).toHaveLength(1);
  });

  it("keeps overrides of merchants that share a filter bit independent", async () => {
    // Find three merchant ids with the same filter bit.
    const sameBit: Hex[] = [];
    for (let i = 0; sameBit.length < 3; i++) {
      const candidate = id(`bit merchant ${i}`);
      if (sameBit.length === 0 || filterBit(candidate) === filterBit(sameBit[0] as Hex))
        sameBit.push(candidate);
    }
    const [a, b, noOverride] = sameBit as [Hex, Hex, Hex];
    await owner("setMerchantFee", [a, 500]);
    await owner("setMerchantFee", [b, 200]);
    await afterSignatureLifetime();
    await owner("setMerchantFee", [a, 400]); // updating an override does not count twice
    await afterSignatureLifetime();
    await owner("clearMerchantFee", [a]);
    expect(await feeOfPayment(b)).toBe(parseEther("0.02"));
    expect(await feeOfPayment(a)).toBe(parseEther("0.01"));
    // The bit is set (b), but noOverride has no override: the default applies.
    expect(await feeOfPayment(noOverride)).toBe(parseEther("0.01"));
    await afterSignatureLifetime();
    await owner("pruneMerchantFee", [a]);
    await owner("clearMerchantFee", [b]);
    expect(await feeOfPayment(b)).toBe(parseEther("0.01"));
    expect(await feeOfPayment(a)).toBe(parseEther("0.01"));
  });

  // Block times have one-second steps: a request signed in the second of a change pays the new fee, so each
  // change here comes one second after the request signed before it.
  const nextSecond = () => c.testClient.increaseTime({ seconds: 1 });

  it("prices a payment at the fee in effect when it was signed, whatever changes before it is paid", async () => {
    const merchant = id("merchant timing");
    const beforeDefaultChange = await oneTokenRequest(merchant);
    await nextSecond();
    await owner("setDefaultFee", [250]);
    const beforeOverride = await oneTokenRequest(merchant);
    await nextSecond();
    await owner("setMerchantFee", [merchant, 30]);
    const withOverride = await oneTokenRequest(merchant);
    // Paid after every change, in another order than signed.
    expect(await feeOfPayment(merchant, withOverride)).toBe(parseEther("0.003"));
    expect(await feeOfPayment(merchant, beforeDefaultChange)).toBe(parseEther("0.01"));
    expect(await feeOfPayment(merchant, beforeOverride)).toBe(parseEther("0.025"));
  });

  it("a cleared override still prices the requests signed before the clear", async () => {
    const merchant = id("merchant clear timing");
    await owner("setMerchantFee", [merchant, 30]);
    await afterSignatureLifetime();
    const beforeClear = await oneTokenRequest(merchant);
    await nextSecond();
    await owner("clearMerchantFee", [merchant]);
    const afterClear = await oneTokenRequest(merchant);
    expect(await feeOfPayment(merchant, afterClear)).toBe(parseEther("0.01"));
    expect(await feeOfPayment(merchant, beforeClear)).toBe(parseEther("0.003"));
  });

  it("refuses a second change of a fee within the signature lifetime", async () => {
    const merchant = id("merchant twice");
    await owner("setDefaultFee", [200]);
    const defaultReceipt = await owner("setMerchantFee", [merchant, 50]);
    const changedAt = (await publicClient.getBlock({ blockNumber: defaultReceipt.blockNumber })).timestamp;
    await expectRevert(write("setMerchantFee", [merchant, 60]), "FeeChangeTooSoon", [
      changedAt + BigInt(PAYMENT_SIGNATURE_LIFETIME),
    ]);
    await expectRevert(write("clearMerchantFee", [merchant]), "FeeChangeTooSoon");
    await expectRevert(write("setDefaultFee", [300]), "FeeChangeTooSoon");
    await afterSignatureLifetime();
    await owner("setDefaultFee", [300]);
    await owner("setMerchantFee", [merchant, 60]);
    expect(await read("merchantFee", [merchant])).toEqual([60, true]);
  });

  it("pruneMerchantFee forgets a cleared override only after the signature lifetime", async () => {
    const merchant = id("merchant prune");
    await expectRevert(write("pruneMerchantFee", [merchant]), "MerchantFeeNotSet", [merchant]);
    await owner("setMerchantFee", [merchant, 30]);
    await expectRevert(write("pruneMerchantFee", [merchant]), "MerchantFeeNotSet", [merchant]);
    await afterSignatureLifetime();
    await owner("clearMerchantFee", [merchant]);
    await expectRevert(write("pruneMerchantFee", [merchant], accounts.other), "FeeChangeTooSoon");
    await afterSignatureLifetime();
    // Anyone can prune.
    await c.mined(await write("pruneMerchantFee", [merchant], accounts.other));
    await expectRevert(write("pruneMerchantFee", [merchant]), "MerchantFeeNotSet", [merchant]);
    expect(await feeOfPayment(merchant)).toBe(parseEther("0.01"));
    // A new override counts in the filter again.
    await owner("setMerchantFee", [merchant, 30]);
    expect(await feeOfPayment(merchant)).toBe(parseEther("0.003"));
  });

  it("refuses to renounce ownership, to the owner too", async () => {
    await expectRevert(write("renounceOwnership"), "OwnershipCannotBeRenounced");
    await expectRevert(write("renounceOwnership", [], accounts.other), "OwnershipCannotBeRenounced");
    expect(await read("owner")).toBe(accounts.deployer.address);
  });

  it("setTreasury redirects fees and emits TreasuryUpdated; zero is refused", async () => {
    const receipt = await owner("setTreasury", [accounts.other.address]);
    expect(events(receipt)).toEqual([
      {
        eventName: "TreasuryUpdated",
        args: { previousTreasury: accounts.treasury.address, newTreasury: accounts.other.address },
      },
    ]);
    await feeOfPayment(id("merchant 1"));
    expect(await c.balanceOf(tokens.permit18, accounts.other.address)).toBe(parseEther("0.01"));
    await expectRevert(write("setTreasury", [zeroAddress]), "InvalidTreasury", [zeroAddress]);
  });

  it("setSigner makes the old signer's requests invalid and emits SignerUpdated; zero is refused", async () => {
    const signedByOld = await c.paymentRequest();
    const receipt = await owner("setSigner", [accounts.other.address]);
    expect(events(receipt)).toEqual([
      {
        eventName: "SignerUpdated",
        args: { previousSigner: accounts.signer.address, newSigner: accounts.other.address },
      },
    ]);
    await c.mint(tokens.permit18, accounts.payer.address, parseEther("50"));
    await c.approve(accounts.payer, tokens.permit18, gateway, parseEther("50"));
    await expectRevert(
      c.wallet(accounts.payer).writeContract({
        address: gateway,
        abi: paymentGatewayAbi,
        functionName: "pay",
        args: c.payArgs(signedByOld),
      }),
      "InvalidServerSignature",
      [accounts.signer.address, accounts.other.address],
    );
    await c.pay(accounts.payer, await c.paymentRequest({}, accounts.other));
    await expectRevert(write("setSigner", [zeroAddress]), "InvalidSigner", [zeroAddress]);
  });

  it("pause and unpause emit Paused and Unpaused and refuse a repeated call", async () => {
    expect(events(await owner("pause"))).toEqual([
      { eventName: "Paused", args: { account: accounts.deployer.address } },
    ]);
    expect(await read("paused")).toBe(true);
    await expectRevert(write("pause"), "EnforcedPause");
    expect(events(await owner("unpause"))).toEqual([
      { eventName: "Unpaused", args: { account: accounts.deployer.address } },
    ]);
    expect(await read("paused")).toBe(false);
    await expectRevert(write("unpause"), "ExpectedPause");
  });

  it("pausing keeps the fee configuration, and fee changes keep the pause", async () => {
    await owner("setMerchantFee", [id("m"), 7]);
    await owner("pause");
    await owner("setDefaultFee", [9]);
    expect(await read("paused")).toBe(true);
    expect(await read("merchantFee", [id("m")])).toEqual([7, true]);
    await owner("unpause");
    expect(await read("defaultFeeBps")).toBe(9);
  });

  it("refuses every owner function to anyone else", async () => {
    const calls: [WriteName, unknown[]][] = [
      ["setDefaultFee", [1]],
      ["setMerchantFee", [id("m"), 1]],
      ["clearMerchantFee", [id("m")]],
      ["setTreasury", [accounts.other.address]],
      ["setSigner", [accounts.other.address]],
      ["pause", []],
      ["unpause", []],
    ];
    for (const [name, args] of calls) {
      await expectRevert(write(name, args, accounts.other), "OwnableUnauthorizedAccount", [
        accounts.other.address,
      ]);
    }
  });

  it("transfers ownership in two steps", async () => {
    await owner("transferOwnership", [accounts.other.address]);
    expect(await read("owner")).toBe(accounts.deployer.address);
    expect(await read("pendingOwner")).toBe(accounts.other.address);
    await c.mined(await write("acceptOwnership", [], accounts.other));
    expect(await read("owner")).toBe(accounts.other.address);
    await expectRevert(write("pause"), "OwnableUnauthorizedAccount", [accounts.deployer.address]);
  });
});
