import { describe, expect, it } from "vitest";
import { encodeFunctionData, parseEventLogs, parseEther, parseUnits, zeroAddress, type Hex } from "viem";

import {
  computeFee,
  deployKassa,
  erc2771ForwarderAbi,
  noPermit,
  paymentGatewayAbi,
  signPaymentRequest,
  testTokenPermitAbi,
} from "../src/index.js";
import { defaultFeeBps, expectRevert, id, setupChain, unfundedAccount } from "./fixture.js";

const c = await setupChain();
c.snapshotEachTest();
const { accounts, gateway, tokens, publicClient } = c;
const amount = parseEther("25");
const fee = (amount * BigInt(defaultFeeBps)) / 10_000n;

/** The gateway's ABI plus the token's errors, which bubble up through the gateway. */
const gatewayAndTokenAbi = [
  ...paymentGatewayAbi,
  ...testTokenPermitAbi.filter((item) => item.type === "error"),
];

async function balances(token: Hex, payer: Hex) {
  return {
    payer: await c.balanceOf(token, payer),
    recipient: await c.balanceOf(token, accounts.merchant.address),
    treasury: await c.balanceOf(token, accounts.treasury.address),
  };
}

describe("pay", () => {
  it("moves amount - fee to the recipient and the fee to the treasury, and emits PaymentCompleted", async () => {
    await c.mint(tokens.permit18, accounts.payer.address, amount * 2n);
    await c.approve(accounts.payer, tokens.permit18, gateway, amount);
    const signed = await c.paymentRequest();
    const before = await balances(tokens.permit18, accounts.payer.address);

    const receipt = await c.pay(accounts.payer, signed);

    const after = await balances(tokens.permit18, accounts.payer.address);
    expect(fee).toBe(parseEther("0.25"));
    expect(before.payer - after.payer).toBe(amount);
    expect(after.recipient - before.recipient).toBe(amount - fee);
    expect(after.treasury - before.treasury).toBe(fee);
    const [event] = parseEventLogs({
      abi: paymentGatewayAbi,
      logs: receipt.logs,
      eventName: "PaymentCompleted",
    });
    expect(event?.args).toEqual({
      paymentId: signed.request.paymentId,
      merchantId: signed.request.merchantId,
      payer: accounts.payer.address,
      recipient: accounts.merchant.address,
      token: tokens.permit18,
      amount,
      fee,
    });
    expect(
      await publicClient.readContract({
        address: gateway,
        abi: paymentGatewayAbi,
        functionName: "isPaid",
        args: [signed.request.paymentId],
      }),
    ).toBe(true);
    expect(
      await publicClient.readContract({
        address: tokens.permit18,
        abi: testTokenPermitAbi,
        functionName: "allowance",
        args: [accounts.payer.address, gateway],
      }),
    ).toBe(0n);
  });

  it("pays with a 6-decimal token and a plain token (no permit)", async () => {
    for (const token of [tokens.permit6, tokens.plain]) {
      const value = token === tokens.permit6 ? parseUnits("12.34", 6) : parseEther("3");
      await c.mint(token, accounts.payer.address, value);
      await c.approve(accounts.payer, token, gateway, value);
      const before = await balances(token, accounts.payer.address);
      await c.pay(accounts.payer, await c.paymentRequest({ tokenAddress: token, amount: value }));
      const after = await balances(token, accounts.payer.address);
      expect(after.payer).toBe(0n);
      expect(after.treasury - before.treasury).toBe(computeFee(value, defaultFeeBps));
      expect(after.recipient - before.recipient).toBe(value - computeFee(value, defaultFeeBps));
    }
  });

  it("uses the permit when the payer gave no allowance", async () => {
    await c.mint(tokens.permit18, accounts.payer.address, amount);
    const permit = await c.permitFor(accounts.payer, tokens.permit18, amount);
    await c.pay(accounts.payer, await c.paymentRequest(), permit);
    expect(await c.balanceOf(tokens.permit18, accounts.payer.address)).toBe(0n);
    expect(await c.balanceOf(tokens.permit18, accounts.merchant.address)).toBe(amount - fee);
  });

  it("still pays when someone submitted the permit first (front-run)", async () => {
    await c.mint(tokens.permit18, accounts.payer.address, amount);
    const permit = await c.permitFor(accounts.payer, tokens.permit18, amount);
    // The attacker (any account) submits the payer's permit before the payment.
    await c.mined(
      await c.wallet(accounts.other).writeContract({
        address: tokens.permit18,
        abi: testTokenPermitAbi,
        functionName: "permit",
        args: [accounts.payer.address, gateway, amount, permit.deadline, permit.v, permit.r, permit.s],
      }),
    );
    const signed = await c.paymentRequest();
    const receipt = await c.pay(accounts.payer, signed, permit);
    const [event] = parseEventLogs({
      abi: paymentGatewayAbi,
      logs: receipt.logs,
      eventName: "PaymentCompleted",
    });
    expect(event?.args.paymentId).toBe(signed.request.paymentId);
    expect(await c.balanceOf(tokens.permit18, accounts.merchant.address)).toBe(amount - fee);
  });

  it("fails with the token's error when the permit fails and the allowance does not suffice", async () => {
    await c.mint(tokens.permit18, accounts.payer.address, amount);
    const permit = await c.permitFor(accounts.payer, tokens.permit18, amount);
    const badPermit = { ...permit, s: id("not a signature") };
    await expectRevert(
      c.wallet(accounts.payer).writeContract({
        address: gateway,
        abi: gatewayAndTokenAbi,
        functionName: "pay",
        args: c.payArgs(await c.paymentRequest(), badPermit),
      }),
      "ERC20InsufficientAllowance",
      [gateway, 0n, fee],
    );
  });

  it("pays gasless through the forwarder with a ForwardRequest signed by a payer holding no native token", async () => {
    const payer = unfundedAccount("gasless payer");
    await c.mint(tokens.permit18, payer.address, amount);
    expect(await publicClient.getBalance({ address: payer.address })).toBe(0n);
    const signed = await c.paymentRequest();
    const permit = await c.permitFor(payer, tokens.permit18, amount);
    const data = encodeFunctionData({
      abi: paymentGatewayAbi,
      functionName: "pay",
      args: c.payArgs(signed, permit),
    });
    const request = await c.forwardRequest(payer, data);

    const receipt = await c.mined(
      await c.wallet(accounts.relayer).writeContract({
        address: c.forwarder,
        abi: erc2771ForwarderAbi,
        functionName: "execute",
        args: [request],
      }),
    );

    const [executed] = parseEventLogs({
      abi: erc2771ForwarderAbi,
      logs: receipt.logs,
      eventName: "ExecutedForwardRequest",
    });
    expect(executed?.args).toEqual({ signer: payer.address, nonce: 0n, success: true });
    const [event] = parseEventLogs({
      abi: paymentGatewayAbi,
      logs: receipt.logs,
      eventName: "PaymentCompleted",
    });
    expect(event?.args.payer).toBe(payer.address);
    expect(await c.balanceOf(tokens.permit18, payer.address)).toBe(0n);
    expect(await c.balanceOf(tokens.permit18, accounts.merchant.address)).toBe(amount - fee);
    expect(await c.balanceOf(tokens.permit18, accounts.treasury.address)).toBe(fee);
    expect(await publicClient.getBalance({ address: payer.address })).toBe(0n);
    expect(
      await publicClient.readContract({
        address: c.forwarder,
        abi: erc2771ForwarderAbi,
        functionName: "nonces",
        args: [payer.address],
      }),
    ).toBe(1n);
  });

  it("ignores an address appended to calldata by anyone but the trusted forwarder", async () => {
    const victim = unfundedAccount("victim");
    await c.mint(tokens.permit18, victim.address, amount);
    await c.mint(tokens.permit18, accounts.other.address, 0n);
    const data = encodeFunctionData({
      abi: paymentGatewayAbi,
      functionName: "pay",
      args: c.payArgs(await c.paymentRequest()),
    });
    // `other` has no tokens and no allowance; the appended victim address must not be taken as the payer.
    const spoofed = `${data}${victim.address.slice(2)}` as Hex;
    await expect(c.wallet(accounts.other).sendTransaction({ to: gateway, data: spoofed })).rejects.toThrow(
      /ERC20InsufficientAllowance|reverted/,
    );
    expect(await c.balanceOf(tokens.permit18, victim.address)).toBe(amount);
  });
});

describe("pay reverts", () => {
  async function payCall(args: ReturnType<typeof c.payArgs>, from = accounts.payer) {
    return c
      .wallet(from)
      .writeContract({ address: gateway, abi: paymentGatewayAbi, functionName: "pay", args });
  }

  it("on a signature by another key", async () => {
    const signed = await c.paymentRequest({}, accounts.other);
    await expectRevert(payCall(c.payArgs(signed)), "InvalidServerSignature", [
      accounts.other.address,
      accounts.signer.address,
    ]);
  });

  it("on terms other than those signed", async () => {
    await c.mint(tokens.permit18, accounts.payer.address, amount * 2n);
    await c.approve(accounts.payer, tokens.permit18, gateway, amount * 2n);
    const signed = await c.paymentRequest();
    const tampered = [
      { ...signed.request, amount: amount - 1n },
      { ...signed.request, recipientAddress: accounts.other.address },
      { ...signed.request, tokenAddress: tokens.permit6 },
      { ...signed.request, merchantId: id("merchant 2") },
      { ...signed.request, deadline: signed.request.deadline + 1n },
    ];
    for (const request of tampered) {
      await expectRevert(
        payCall(c.payArgs({ request, serverSignature: signed.serverSignature })),
        "InvalidServerSignature",
      );
    }
  });

  it("on a signature for another gateway or chain", async () => {
    const other = await deployKassa({
      walletClient: c.deployer,
      publicClient,
      signer: accounts.signer.address,
      treasury: accounts.treasury.address,
      defaultFeeBps,
    });
    const { request } = await c.paymentRequest();
    for (const [chainId, address] of [
      [c.chainId, other.gateway],
      [c.chainId + 1, gateway],
    ] as const) {
      const serverSignature = await signPaymentRequest(accounts.signer, {
        chainId,
        gateway: address,
        request,
      });
      await expectRevert(payCall(c.payArgs({ request, serverSignature })), "InvalidServerSignature");
    }
  });

  it("on a malformed signature", async () => {
    const signed = await c.paymentRequest();
    await expectRevert(
      payCall(c.payArgs({ ...signed, serverSignature: signed.serverSignature.slice(0, 130) as Hex })),
      "InvalidServerSignature",
      [zeroAddress, accounts.signer.address],
    );
  });

  it("after the deadline", async () => {
    const signed = await c.paymentRequest({ deadline: (await c.now()) + 60n });
    await c.testClient.increaseTime({ seconds: 61 });
    await c.testClient.mine({ blocks: 1 });
    await expectRevert(payCall(c.payArgs(signed)), "PaymentRequestExpired", [
      signed.request.paymentId,
      signed.request.deadline,
    ]);
  });

  it("on dirty high bits of an address argument (the request is hashed from calldata as sent)", async () => {
    await c.mint(tokens.permit18, accounts.payer.address, amount);
    await c.approve(accounts.payer, tokens.permit18, gateway, amount);
    const signed = await c.paymentRequest();
    const data = encodeFunctionData({ abi: paymentGatewayAbi, functionName: "pay", args: c.payArgs(signed) });
    // tokenAddress is the second word after the selector: set a bit above its 160.
    const dirty = `${data.slice(0, 10 + 64)}01${data.slice(10 + 64 + 2)}` as Hex;
    const wallet = c.wallet(accounts.payer);
    const hash = await wallet.sendTransaction({ to: gateway, data: dirty, gas: 300_000n });
    expect((await publicClient.waitForTransactionReceipt({ hash })).status).toBe("reverted");
    // The clean request still pays.
    await c.pay(accounts.payer, signed);
  });

  it("on a payment id paid already", async () => {
    await c.mint(tokens.permit18, accounts.payer.address, amount * 2n);
    await c.approve(accounts.payer, tokens.permit18, gateway, amount * 2n);
    const signed = await c.paymentRequest();
    await c.pay(accounts.payer, signed);
    await expectRevert(payCall(c.payArgs(signed)), "PaymentAlreadyProcessed", [signed.request.paymentId]);
    // Nor through another request for the same id (another amount), nor by another payer.
    const again = await c.paymentRequest({ paymentId: signed.request.paymentId, amount: 1n });
    await expectRevert(payCall(c.payArgs(again), accounts.other), "PaymentAlreadyProcessed");
  });

  it("through a forwarder the gateway does not trust", async () => {
    const payer = unfundedAccount("untrusted forwarder payer");
    await c.mint(tokens.permit18, payer.address, amount);
    const rogue = await deployKassa({
      walletClient: c.deployer,
      publicClient,
      signer: accounts.signer.address,
      treasury: accounts.treasury.address,
      defaultFeeBps,
    });
    const permit = await c.permitFor(payer, tokens.permit18, amount);
    const data = encodeFunctionData({
      abi: paymentGatewayAbi,
      functionName: "pay",
      args: c.payArgs(await c.paymentRequest(), permit),
    });
    const request = await c.forwardRequest(payer, data, { forwarderAddress: rogue.forwarder });
    await expectRevert(
      c.wallet(accounts.relayer).writeContract({
        address: rogue.forwarder,
        abi: erc2771ForwarderAbi,
        functionName: "execute",
        args: [request],
      }),
      "ERC2771UntrustfulTarget",
      [gateway, rogue.forwarder],
    );
    expect(await c.balanceOf(tokens.permit18, payer.address)).toBe(amount);
  });

  it("through the forwarder with a request signed by someone else than `from`", async () => {
    const payer = unfundedAccount("impersonated payer");
    const data = encodeFunctionData({
      abi: paymentGatewayAbi,
      functionName: "pay",
      args: c.payArgs(await c.paymentRequest()),
    });
    const request = await c.forwardRequest(accounts.other, data);
    await expectRevert(
      c.wallet(accounts.relayer).writeContract({
        address: c.forwarder,
        abi: erc2771ForwarderAbi,
        functionName: "execute",
        args: [{ ...request, from: payer.address }],
      }),
      "ERC2771ForwarderInvalidSigner",
    );
  });

  it("while paused", async () => {
    await c.mint(tokens.permit18, accounts.payer.address, amount);
    await c.approve(accounts.payer, tokens.permit18, gateway, amount);
    await c.mined(
      await c.deployer.writeContract({ address: gateway, abi: paymentGatewayAbi, functionName: "pause" }),
    );
    const signed = await c.paymentRequest();
    await expectRevert(payCall(c.payArgs(signed)), "EnforcedPause", []);
    await c.mined(
      await c.deployer.writeContract({ address: gateway, abi: paymentGatewayAbi, functionName: "unpause" }),
    );
    await c.pay(accounts.payer, signed);
  });

  it("reports a zero permit as unused", () => {
    expect(noPermit.deadline).toBe(0n);
  });
});
