import { describe, expect, it } from "vitest";
import {
  hashTypedData,
  maxUint256,
  parseEventLogs,
  parseUnits,
  type Address,
  type Hex,
  type LocalAccount,
} from "viem";

import {
  cancelSubscriptionTypedData,
  computeFee,
  paymentGatewayAbi,
  permit2Abi,
  permit2Address,
  subscriptionChargeTypedData,
  subscriptionDigest,
  subscriptionTypedData,
  type Subscription,
  type SubscriptionCharge,
} from "../src/index.js";
import { defaultFeeBps, expectRevert, id } from "./fixture.js";
import { setupChainWithRealTokens } from "./realTokens.js";

const { c, t } = await setupChainWithRealTokens();
const { accounts, gateway, chainId, publicClient } = c;
const amount = parseUnits("10", 6);
const period = 30n * 86_400n;

async function schedule(overrides: Partial<Subscription> = {}): Promise<Subscription> {
  return {
    subscriptionId: id(`subscription ${Math.random()}`),
    payer: accounts.payer.address,
    tokenAddress: t.usdc,
    amount,
    variableAmount: false,
    usePermit2: false,
    recipientAddress: accounts.merchant.address,
    merchantId: id("merchant 1"),
    period,
    startsAt: await c.now(),
    charges: 3n,
    ...overrides,
  };
}

const sign = (account: LocalAccount, subscription: Subscription) =>
  account.signTypedData(subscriptionTypedData({ chainId, gateway, subscription }));

function charge(
  subscription: Subscription,
  chargeArgs: SubscriptionCharge,
  serverSignature: Hex = "0x",
  payerSignature: Hex = "0x",
  from: LocalAccount = accounts.relayer,
) {
  return c.wallet(from).writeContract({
    address: gateway,
    abi: paymentGatewayAbi,
    functionName: "chargeSubscription",
    args: [subscription, chargeArgs, serverSignature, payerSignature],
  });
}

/** A fixed plan's first charge, with both signatures. */
async function activate(subscription: Subscription, payer: Hex | LocalAccount = accounts.payer) {
  const payerSignature = typeof payer === "string" ? payer : await sign(payer, subscription);
  return c.mined(
    await charge(
      subscription,
      { period: 0n, amount: subscription.amount, deadline: 0n },
      await sign(accounts.signer, subscription),
      payerSignature,
    ),
  );
}

async function state(subscription: Subscription, chargePeriod: bigint) {
  return publicClient.readContract({
    address: gateway,
    abi: paymentGatewayAbi,
    functionName: "subscriptionState",
    args: [subscriptionDigest({ chainId, gateway, subscription }), chargePeriod],
  });
}

async function nextPeriod() {
  await c.testClient.increaseTime({ seconds: Number(period) });
  await c.testClient.mine({ blocks: 1 });
}

describe("chargeSubscription (fixed plan)", () => {
  it("charges each period once with pay()'s fee split, then no more", async () => {
    await t.mintUsdc(accounts.payer.address, amount * 3n);
    await c.approve(accounts.payer, t.usdc, gateway, amount * 3n);
    const subscription = await schedule();
    const receipt = await activate(subscription);
    const fee = computeFee(amount, defaultFeeBps);
    const [event] = parseEventLogs({
      abi: paymentGatewayAbi,
      logs: receipt.logs,
      eventName: "SubscriptionCharged",
    });
    expect(event?.args).toEqual({
      subscriptionId: subscription.subscriptionId,
      merchantId: subscription.merchantId,
      payer: accounts.payer.address,
      period: 0n,
      recipient: accounts.merchant.address,
      token: t.usdc,
      amount,
      fee,
    });
    expect(await state(subscription, 0n)).toEqual([true, false, true]);
    // A second charge in the same period is refused, with or without signatures.
    await expectRevert(
      charge(subscription, { period: 0n, amount, deadline: 0n }),
      "SubscriptionPeriodAlreadyCharged",
      [subscription.subscriptionId, 0n],
    );
    // The next period opens only when its time comes.
    await expectRevert(
      charge(subscription, { period: 1n, amount, deadline: 0n }),
      "SubscriptionPeriodNotOpen",
    );
    await nextPeriod();
    // Later charges need no signature; anyone may send them.
    await c.mined(
      await charge(subscription, { period: 1n, amount, deadline: 0n }, "0x", "0x", accounts.other),
    );
    await nextPeriod();
    await c.mined(await charge(subscription, { period: 2n, amount, deadline: 0n }));
    await nextPeriod();
    await expectRevert(
      charge(subscription, { period: 3n, amount, deadline: 0n }),
      "SubscriptionPeriodNotOpen",
      [subscription.subscriptionId, 3n, 0n, 0n],
    );
    expect(await c.balanceOf(t.usdc, accounts.merchant.address)).toBe((amount - fee) * 3n);
    expect(await c.balanceOf(t.usdc, accounts.treasury.address)).toBe(fee * 3n);
  });

  it("refuses a missed period once it closed, another amount, and terms the payer did not sign", async () => {
    await t.mintUsdc(accounts.payer.address, amount * 3n);
    await c.approve(accounts.payer, t.usdc, gateway, amount * 3n);
    const subscription = await schedule();
    await expectRevert(
      charge(
        subscription,
        { period: 0n, amount: amount + 1n, deadline: 0n },
        await sign(accounts.signer, subscription),
        await sign(accounts.payer, subscription),
      ),
      "SubscriptionAmountNotAllowed",
      [subscription.subscriptionId, amount + 1n, amount],
    );
    // Terms changed after the payer signed (another recipient): the payer's signature fails.
    const payerSignature = await sign(accounts.payer, subscription);
    const redirected = { ...subscription, recipientAddress: accounts.other.address };
    await expectRevert(
      charge(
        redirected,
        { period: 0n, amount, deadline: 0n },
        await sign(accounts.signer, redirected),
        payerSignature,
      ),
      "InvalidPayerSignature",
      [accounts.payer.address],
    );
    // Without the service's signature, a payer cannot start a schedule of its own terms.
    await expectRevert(
      charge(subscription, { period: 0n, amount, deadline: 0n }, "0x", payerSignature),
      "InvalidServerSignature",
    );
    await activate(subscription);
    await nextPeriod();
    await nextPeriod();
    await expectRevert(
      charge(subscription, { period: 1n, amount, deadline: 0n }),
      "SubscriptionPeriodNotOpen",
    );
    await c.mined(await charge(subscription, { period: 2n, amount, deadline: 0n }));
  });

  it("stops when the payer revokes the allowance", async () => {
    await t.mintUsdc(accounts.payer.address, amount * 3n);
    await c.approve(accounts.payer, t.usdc, gateway, amount * 3n);
    const subscription = await schedule();
    await activate(subscription);
    await c.approve(accounts.payer, t.usdc, gateway, 0n);
    await nextPeriod();
    await expect(charge(subscription, { period: 1n, amount, deadline: 0n })).rejects.toThrow(
      /exceeds allowance/,
    );
    expect(await state(subscription, 1n)).toEqual([true, false, false]);
  });

  it("charges through the payer's Permit2 allowance, for a smart wallet payer", async () => {
    const wallet = await t.deployWallet(accounts.payer.address);
    await t.mintUsdc(wallet, amount * 2n);
    const { encodeFunctionData } = await import("viem");
    await t.walletCall(
      accounts.payer,
      wallet,
      t.usdc,
      encodeFunctionData({
        abi: [...(await import("../src/index.js")).fiatTokenV2_2Abi],
        functionName: "approve",
        args: [permit2Address, maxUint256],
      }),
    );
    await t.walletCall(
      accounts.payer,
      wallet,
      permit2Address,
      encodeFunctionData({
        abi: permit2Abi,
        functionName: "approve",
        args: [t.usdc, gateway, amount * 2n, 2 ** 40],
      }),
    );
    const subscription = await schedule({ payer: wallet, usePermit2: true });
    const walletSignature = await t.walletSignature(
      accounts.payer,
      wallet,
      subscriptionDigest({ chainId, gateway, subscription }),
    );
    await activate(subscription, walletSignature);
    expect(await c.balanceOf(t.usdc, wallet)).toBe(amount);
  });
});

describe("chargeSubscription (variable plan)", () => {
  it("charges what the service signs each time, never above the payer's maximum", async () => {
    await t.mintUsdc(accounts.payer.address, amount * 3n);
    await c.approve(accounts.payer, t.usdc, gateway, amount * 3n);
    const subscription = await schedule({ variableAmount: true });
    const payerSignature = await sign(accounts.payer, subscription);
    const signedCharge = async (chargeArgs: SubscriptionCharge) =>
      accounts.signer.signTypedData(
        subscriptionChargeTypedData({ chainId, gateway, subscription, charge: chargeArgs }),
      );
    const deadline = (await c.now()) + 3_600n;
    const first = { period: 0n, amount: parseUnits("9.5", 6), deadline };
    await c.mined(await charge(subscription, first, await signedCharge(first), payerSignature));
    expect(await c.balanceOf(t.usdc, accounts.merchant.address)).toBe(
      first.amount - computeFee(first.amount, defaultFeeBps),
    );
    await nextPeriod();
    // Even the service's signer cannot charge above the maximum the payer signed.
    const tooMuch = { period: 1n, amount: amount + 1n, deadline: (await c.now()) + 3_600n };
    await expectRevert(
      charge(subscription, tooMuch, await signedCharge(tooMuch)),
      "SubscriptionAmountNotAllowed",
    );
    const expired = { period: 1n, amount, deadline: (await c.now()) - 1n };
    await expectRevert(
      charge(subscription, expired, await signedCharge(expired)),
      "SubscriptionChargeExpired",
    );
    const unsigned = { period: 1n, amount, deadline: (await c.now()) + 3_600n };
    await expectRevert(
      charge(
        subscription,
        unsigned,
        await accounts.other.signTypedData(
          subscriptionChargeTypedData({ chainId, gateway, subscription, charge: unsigned }),
        ),
      ),
      "InvalidServerSignature",
    );
  });
});

describe("chargeSubscription (variable plan): the fee of a charge", () => {
  it("is the fee in force when the service signed it, dated deadline - SIGNATURE_LIFETIME to the second", async () => {
    await t.mintUsdc(accounts.payer.address, amount * 6n);
    await c.approve(accounts.payer, t.usdc, gateway, amount * 6n);
    // Three schedules of the same payer, one charge each in period 0.
    const schedules = [];
    for (let i = 0; i < 3; i++) schedules.push(await schedule({ variableAmount: true, charges: 1n }));
    // The default fee goes from 1% to 5% in a block of known time.
    const changed = await c.mined(
      await c.deployer.writeContract({
        address: gateway,
        abi: paymentGatewayAbi,
        functionName: "setDefaultFee",
        args: [500],
      }),
    );
    const changedAt = (await publicClient.getBlock({ blockNumber: changed.blockNumber })).timestamp;
    const fees: bigint[] = [];
    // Dated in the second of the change (counts as after it), the second before, and 1,000 seconds before.
    for (const [i, signedAt] of [changedAt, changedAt - 1n, changedAt - 1_000n].entries()) {
      const subscription = schedules[i]!;
      const chargeArgs = { period: 0n, amount, deadline: signedAt + 3_600n };
      const before = await c.balanceOf(t.usdc, accounts.treasury.address);
      await c.mined(
        await charge(
          subscription,
          chargeArgs,
          await accounts.signer.signTypedData(
            subscriptionChargeTypedData({ chainId, gateway, subscription, charge: chargeArgs }),
          ),
          await sign(accounts.payer, subscription),
        ),
      );
      fees.push((await c.balanceOf(t.usdc, accounts.treasury.address)) - before);
    }
    // A service that signs with less than the lifetime (a deadline cut to the period's close, as the version-2
    // server did in a period's last hour) dates its charge before the signature: the old fee. Hence exactly an hour.
    expect(fees).toEqual([
      computeFee(amount, 500),
      computeFee(amount, defaultFeeBps),
      computeFee(amount, defaultFeeBps),
    ]);
  });
});

describe("cancellation", () => {
  async function cancelled(subscription: Subscription) {
    await nextPeriod();
    await expectRevert(charge(subscription, { period: 1n, amount, deadline: 0n }), "SubscriptionIsCanceled", [
      subscription.subscriptionId,
    ]);
    expect((await state(subscription, 1n))[1]).toBe(true);
  }

  it("by the payer or the recipient on-chain, and no one else", async () => {
    await t.mintUsdc(accounts.payer.address, amount * 3n);
    await c.approve(accounts.payer, t.usdc, gateway, maxUint256);
    for (const who of [accounts.payer, accounts.merchant]) {
      const subscription = await schedule();
      await activate(subscription);
      await expectRevert(
        c.wallet(accounts.other).writeContract({
          address: gateway,
          abi: paymentGatewayAbi,
          functionName: "cancelSubscription",
          args: [subscription],
        }),
        "SubscriptionCancelNotAllowed",
        [subscription.subscriptionId, accounts.other.address],
      );
      const receipt = await c.mined(
        await c.wallet(who).writeContract({
          address: gateway,
          abi: paymentGatewayAbi,
          functionName: "cancelSubscription",
          args: [subscription],
        }),
      );
      const [event] = parseEventLogs({
        abi: paymentGatewayAbi,
        logs: receipt.logs,
        eventName: "SubscriptionCanceled",
      });
      expect(event?.args).toEqual({
        subscriptionId: subscription.subscriptionId,
        payer: accounts.payer.address,
        canceledBy: who.address,
      });
      await cancelled(subscription);
    }
  });

  it("by a signature of the payer (EOA or smart wallet) or of the service's signer, sent by anyone", async () => {
    await t.mintUsdc(accounts.payer.address, amount * 3n);
    await c.approve(accounts.payer, t.usdc, gateway, maxUint256);
    const wallet = await t.deployWallet(accounts.payer.address);
    const signers: ((s: Subscription) => Promise<Hex>)[] = [
      (s) => accounts.payer.signTypedData(cancelSubscriptionTypedData({ chainId, gateway, subscription: s })),
      (s) =>
        accounts.signer.signTypedData(cancelSubscriptionTypedData({ chainId, gateway, subscription: s })),
    ];
    for (const signCancel of signers) {
      const subscription = await schedule();
      await activate(subscription);
      await c.mined(
        await c.wallet(accounts.other).writeContract({
          address: gateway,
          abi: paymentGatewayAbi,
          functionName: "cancelSubscriptionBySignature",
          args: [subscription, await signCancel(subscription)],
        }),
      );
      await cancelled(subscription);
    }
    // A smart-wallet payer cancels before its first charge.
    const subscription = await schedule({ payer: wallet });
    const hash = hashTypedData(cancelSubscriptionTypedData({ chainId, gateway, subscription }));
    await c.mined(
      await c.wallet(accounts.other).writeContract({
        address: gateway,
        abi: paymentGatewayAbi,
        functionName: "cancelSubscriptionBySignature",
        args: [subscription, await t.walletSignature(accounts.payer, wallet, hash)],
      }),
    );
    await expectRevert(activate(subscription, "0x" as Hex), "SubscriptionIsCanceled");
    await expectRevert(
      c.wallet(accounts.other).writeContract({
        address: gateway,
        abi: paymentGatewayAbi,
        functionName: "cancelSubscriptionBySignature",
        args: [
          subscription,
          await accounts.other.signTypedData(cancelSubscriptionTypedData({ chainId, gateway, subscription })),
        ],
      }),
      "InvalidPayerSignature",
      [wallet as Address],
    );
  });
});
