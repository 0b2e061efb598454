import { beforeEach, describe, expect, it } from "vitest";
import { parseEther, parseEventLogs, type Hex } from "viem";

import { randomBytes } from "node:crypto";
import { paymentGatewayAbi, paymentIdOf, signRefundRequest, type RefundRequest } from "../src/index.js";
import { expectRevert, id, setupChain } from "./fixture.js";

const c = await setupChain();
c.snapshotEachTest();
const { accounts, gateway, tokens, publicClient } = c;
const amount = parseEther("25");

let paymentId: Hex;
let nextRefundSequence = 1_000n;

/** A fresh refund id: its own sequence, as the service takes them from the payments' counter. */
function newRefundId(): Hex {
  return paymentIdOf(nextRefundSequence++, randomBytes(24));
}

beforeEach(async () => {
  await c.mint(tokens.permit18, accounts.payer.address, amount);
  await c.approve(accounts.payer, tokens.permit18, gateway, amount);
  const signed = await c.paymentRequest({ amount });
  await c.pay(accounts.payer, signed);
  paymentId = signed.request.paymentId;
  // The merchant lets the gateway move its tokens for refunds.
  await c.approve(accounts.merchant, tokens.permit18, gateway, amount);
});

async function refundRequest(overrides: Partial<RefundRequest> = {}, signer = accounts.signer) {
  const request: RefundRequest = {
    paymentId,
    refundId: newRefundId(),
    tokenAddress: tokens.permit18,
    payerAddress: accounts.payer.address,
    amount,
    deadline: (await c.now()) + 3_600n,
    ...overrides,
  };
  return { request, signature: await signRefundRequest(signer, { chainId: c.chainId, gateway, request }) };
}

function refund(
  signed: { request: RefundRequest; signature: Hex },
  options: { from?: typeof accounts.merchant } = {},
) {
  const r = signed.request;
  return c.wallet(options.from ?? accounts.merchant).writeContract({
    address: gateway,
    abi: paymentGatewayAbi,
    functionName: "refund",
    args: [r.paymentId, r.refundId, r.tokenAddress, r.payerAddress, r.amount, r.deadline, signed.signature],
  });
}

function read(functionName: "isPaid" | "isRefunded", id: Hex) {
  return publicClient.readContract({ address: gateway, abi: paymentGatewayAbi, functionName, args: [id] });
}

describe("refund", () => {
  it("sends the amount from the merchant wallet back to the payer and emits RefundCompleted", async () => {
    const partial = parseEther("10");
    const merchantBefore = await c.balanceOf(tokens.permit18, accounts.merchant.address);
    const signed = await refundRequest({ amount: partial });
    expect(await read("isRefunded", signed.request.refundId)).toBe(false);
    const receipt = await c.mined(await refund(signed));
    expect(await c.balanceOf(tokens.permit18, accounts.payer.address)).toBe(partial);
    expect(merchantBefore - (await c.balanceOf(tokens.permit18, accounts.merchant.address))).toBe(partial);
    const [event] = parseEventLogs({
      abi: paymentGatewayAbi,
      logs: receipt.logs,
      eventName: "RefundCompleted",
    });
    expect(event?.args).toEqual({
      paymentId,
      refundId: signed.request.refundId,
      recipient: accounts.merchant.address,
      payer: accounts.payer.address,
      token: tokens.permit18,
      amount: partial,
    });
    expect(await read("isRefunded", signed.request.refundId)).toBe(true);
    expect(await read("isPaid", paymentId)).toBe(true);
    expect(await read("isRefunded", paymentId)).toBe(false);
  });

  it("refunds one payment several times, each refund id once", async () => {
    const first = await refundRequest({ amount: parseEther("10") });
    const second = await refundRequest({ amount: parseEther("5") });
    await c.mined(await refund(first));
    await c.mined(await refund(second));
    expect(await c.balanceOf(tokens.permit18, accounts.payer.address)).toBe(parseEther("15"));
    await expectRevert(refund(first), "RefundAlreadyProcessed", [first.request.refundId]);
  });

  it("refunds the full amount, fee included, when the merchant holds it", async () => {
    await c.mint(tokens.permit18, accounts.merchant.address, amount);
    await c.mined(await refund(await refundRequest()));
    expect(await c.balanceOf(tokens.permit18, accounts.payer.address)).toBe(amount);
  });

  it("from another sender moves that sender's tokens, once, and the merchant's refund then reverts", async () => {
    const signed = await refundRequest({ amount: 1n });
    await c.mint(tokens.permit18, accounts.other.address, 1n);
    await c.approve(accounts.other, tokens.permit18, gateway, 1n);
    const merchantBefore = await c.balanceOf(tokens.permit18, accounts.merchant.address);
    await c.mined(await refund(signed, { from: accounts.other }));
    expect(await c.balanceOf(tokens.permit18, accounts.other.address)).toBe(0n);
    expect(await c.balanceOf(tokens.permit18, accounts.payer.address)).toBe(1n);
    expect(await c.balanceOf(tokens.permit18, accounts.merchant.address)).toBe(merchantBefore);
    await expectRevert(refund(signed), "RefundAlreadyProcessed", [signed.request.refundId]);
  });

  it("reverts the second time with the same refund id", async () => {
    const signed = await refundRequest({ amount: 1n });
    await c.mined(await refund(signed));
    await expectRevert(refund(signed), "RefundAlreadyProcessed", [signed.request.refundId]);
  });

  it("reverts when the payer or token given are not those the service signed", async () => {
    const signed = await refundRequest({ amount: 1n });
    for (const change of [
      { payerAddress: accounts.other.address },
      { tokenAddress: tokens.permit6 },
      { refundId: newRefundId() },
    ]) {
      await expectRevert(
        refund({ ...signed, request: { ...signed.request, ...change } }),
        "InvalidServerSignature",
      );
    }
  });

  it("reverts for an unknown payment", async () => {
    await expectRevert(refund(await refundRequest({ paymentId: id("unknown") })), "PaymentNotFound", [
      id("unknown"),
    ]);
  });

  it("reverts on a signature by another key or over other terms", async () => {
    await expectRevert(refund(await refundRequest({}, accounts.other)), "InvalidServerSignature", [
      accounts.other.address,
      accounts.signer.address,
    ]);
    const signed = await refundRequest({ amount: 1n });
    await expectRevert(
      refund({ ...signed, request: { ...signed.request, amount: 2n } }),
      "InvalidServerSignature",
    );
  });

  it("reverts after the deadline", async () => {
    const signed = await refundRequest({ deadline: (await c.now()) + 30n });
    await c.testClient.increaseTime({ seconds: 31 });
    await c.testClient.mine({ blocks: 1 });
    await expectRevert(refund(signed), "RefundRequestExpired", [
      signed.request.refundId,
      signed.request.deadline,
    ]);
  });

  it("reverts while paused", async () => {
    await c.mined(
      await c.deployer.writeContract({ address: gateway, abi: paymentGatewayAbi, functionName: "pause" }),
    );
    const signed = await refundRequest();
    await expectRevert(refund(signed), "EnforcedPause");
    expect(await read("isRefunded", signed.request.refundId)).toBe(false);
  });
});
