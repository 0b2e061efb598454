import { randomBytes } from "node:crypto";

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  parseEther,
  parseEventLogs,
  parseUnits,
  zeroAddress,
  type Address,
  type Hex,
  type LocalAccount,
} from "viem";

import {
  computeFee,
  depositAccountAbi,
  depositAccountCode,
  depositAddress,
  depositAuthorization,
  depositReturnTypedData,
  paymentGatewayAbi,
  paymentIdOf,
  signDepositBatch,
  signDepositRequest,
  signPaymentRequest,
  testTetherTokenAbi,
  type DepositReturn,
  type DepositTerms,
} from "../src/index.js";
import { defaultFeeBps, expectRevert, id, unfundedAccount } from "./fixture.js";
import { setupChainWithRealTokens } from "./realTokens.js";

const { c, t } = await setupChainWithRealTokens();
const { accounts, gateway, chainId, publicClient } = c;
const amount = parseUnits("100", 6);
const abi = [...paymentGatewayAbi, ...testTetherTokenAbi.filter((item) => item.type === "error")];

let returnSequence = 1_000_000n;

function terms(overrides: Partial<DepositTerms> = {}): DepositTerms {
  return {
    paymentId: c.nextPaymentId(),
    tokenAddress: t.usdc,
    amount,
    minimumAmount: amount,
    recipientAddress: accounts.merchant.address,
    merchantId: id("merchant 1"),
    feeBps: defaultFeeBps,
    ...overrides,
  };
}

const addressOf = (deposit: DepositTerms) =>
  depositAddress({ chainId, gateway, terms: deposit, gatewayVersion: 3 });

/** The authorizations a transaction moving money from `deposits` carries: those of accounts without code yet. */
async function authorizationsFor(...deposits: DepositTerms[]) {
  const list = [];
  for (const terms of deposits) {
    if (!(await publicClient.getCode({ address: addressOf(terms) })))
      list.push(depositAuthorization({ chainId, gateway, terms }));
  }
  return list.length > 0 ? { authorizationList: list } : {};
}

async function sweep(
  deposit: DepositTerms,
  from: LocalAccount = accounts.relayer,
  signer: LocalAccount = accounts.signer,
) {
  const signature = await signDepositRequest(signer, { chainId, gateway, terms: deposit });
  return c.wallet(from).writeContract({
    address: gateway,
    abi,
    functionName: "sweepDeposit",
    args: [deposit, signature],
    ...(await authorizationsFor(deposit)),
  });
}

async function returnRequest(
  deposit: DepositTerms,
  overrides: Partial<DepositReturn> = {},
): Promise<DepositReturn> {
  return {
    deposit: addressOf(deposit),
    returnId: paymentIdOf(returnSequence++, randomBytes(24)),
    tokenAddress: deposit.tokenAddress,
    to: accounts.payer.address,
    amount: 0n,
    deadline: (await c.now()) + 3_600n,
    ...overrides,
  };
}

async function sendReturn(
  deposit: DepositTerms,
  request: DepositReturn,
  by: LocalAccount | { owner: LocalAccount; wallet: Address },
) {
  const typedData = depositReturnTypedData({ chainId, gateway, request });
  const signature =
    "owner" in by
      ? await t.walletSignature(by.owner, by.wallet, (await import("viem")).hashTypedData(typedData))
      : await by.signTypedData(typedData);
  return c.wallet(accounts.relayer).writeContract({
    address: gateway,
    abi,
    functionName: "returnDeposit",
    args: [deposit, request, signature],
    ...(await authorizationsFor(deposit)),
  });
}

function isPaid(paymentId: Hex) {
  return publicClient.readContract({
    address: gateway,
    abi: paymentGatewayAbi,
    functionName: "isPaid",
    args: [paymentId],
  });
}

describe("deposit addresses", () => {
  it("are keyless accounts delegated to the gateway's DepositAccount, whose authorization contracts/src derives", async () => {
    const [code, r] = await publicClient.readContract({
      address: gateway,
      abi: paymentGatewayAbi,
      functionName: "depositAccountCode",
    });
    expect(code).toBe(depositAccountCode(gateway));
    const deposit = terms();
    const authorization = depositAuthorization({ chainId, gateway, terms: deposit });
    expect(authorization).toMatchObject({ chainId, address: code, nonce: 0, r, yParity: 0 });
    // The address is the authorization's signer (nobody's key): viem's own recovery agrees.
    const { recoverAuthorizationAddress } = await import("viem/utils");
    expect(await recoverAuthorizationAddress({ authorization })).toBe(addressOf(deposit));
  });

  it("are derived without RPC exactly as the gateway derives them, and differ when any term differs", async () => {
    const base = terms();
    expect(
      await publicClient.readContract({
        address: gateway,
        abi: paymentGatewayAbi,
        functionName: "depositAddress",
        args: [base],
      }),
    ).toBe(addressOf(base));
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom<keyof DepositTerms>(
          "paymentId",
          "tokenAddress",
          "amount",
          "minimumAmount",
          "recipientAddress",
          "merchantId",
          "feeBps",
        ),
        fc.bigInt({ min: 1n, max: 2n ** 64n }),
        async (field, value) => {
          const changed = { ...base };
          if (field === "feeBps")
            changed.feeBps = Number(value % 1000n) === base.feeBps ? base.feeBps + 1 : Number(value % 1000n);
          else if (field === "amount" || field === "minimumAmount") changed[field] = base[field] + value;
          else if (field === "tokenAddress" || field === "recipientAddress")
            changed[field] = `0x${value.toString(16).padStart(40, "0")}`;
          else changed[field] = `0x${value.toString(16).padStart(64, "0")}`;
          expect(addressOf(changed)).not.toBe(addressOf(base));
          expect(
            await publicClient.readContract({
              address: gateway,
              abi: paymentGatewayAbi,
              functionName: "depositAddress",
              args: [changed],
            }),
          ).toBe(addressOf(changed));
        },
      ),
      { numRuns: 20 },
    );
  });
});

describe("sweepDeposit", () => {
  it("settles an exact transfer: the fee split of pay(), the account delegated for good, the id paid for every path", async () => {
    const deposit = terms();
    const address = addressOf(deposit);
    await t.mintUsdc(address, amount);
    // The first move needs the account's authorization in the transaction.
    const signature = await signDepositRequest(accounts.signer, { chainId, gateway, terms: deposit });
    await expectRevert(
      c.wallet(accounts.other).writeContract({
        address: gateway,
        abi,
        functionName: "sweepDeposit",
        args: [deposit, signature],
      }),
      "DepositNotDelegated",
      [address],
    );
    const receipt = await c.mined(await sweep(deposit, accounts.other));
    const fee = computeFee(amount, defaultFeeBps);
    expect(await c.balanceOf(t.usdc, accounts.merchant.address)).toBe(amount - fee);
    expect(await c.balanceOf(t.usdc, accounts.treasury.address)).toBe(fee);
    expect(await c.balanceOf(t.usdc, address)).toBe(0n);
    expect(await publicClient.getCode({ address })).toBe(
      `0xef0100${depositAccountCode(gateway).slice(2).toLowerCase()}`,
    );
    const [event] = parseEventLogs({ abi: paymentGatewayAbi, logs: receipt.logs, eventName: "DepositSwept" });
    expect(event?.args).toEqual({
      paymentId: deposit.paymentId,
      merchantId: deposit.merchantId,
      deposit: address,
      recipient: accounts.merchant.address,
      token: t.usdc,
      amount,
      fee,
    });
    expect(await isPaid(deposit.paymentId)).toBe(true);
    await expectRevert(sweep(deposit), "PaymentAlreadyProcessed", [deposit.paymentId]);
    // pay() of the same payment id is refused too.
    const signed = await c.paymentRequest({ paymentId: deposit.paymentId });
    await expectRevert(c.pay(accounts.payer, signed), "PaymentAlreadyProcessed", [deposit.paymentId]);
  });

  it("settles a short deposit within the signed tolerance, refuses one below it until topped up", async () => {
    const deposit = terms({ minimumAmount: parseUnits("99", 6) });
    const address = addressOf(deposit);
    await t.mintUsdc(address, parseUnits("98", 6));
    await expectRevert(sweep(deposit), "DepositShort", [
      deposit.paymentId,
      parseUnits("98", 6),
      parseUnits("99", 6),
    ]);
    await expectRevert(sweep(terms()), "DepositShort");
    await t.mintUsdc(address, parseUnits("1.5", 6));
    await c.mined(await sweep(deposit));
    const received = parseUnits("99.5", 6);
    expect(await c.balanceOf(t.usdc, accounts.merchant.address)).toBe(
      received - computeFee(received, defaultFeeBps),
    );
  });

  it("settles the amount of an overpayment and lets the signer return the excess (before or after the sweep)", async () => {
    const deposit = terms();
    const address = addressOf(deposit);
    await t.mintUsdc(address, amount + 30n);
    // Before the sweep: only what exceeds the amount.
    await expectRevert(
      sendReturn(deposit, await returnRequest(deposit, { amount: 31n }), accounts.signer),
      "ReturnExceedsAvailable",
      [address, t.usdc, 31n, 30n],
    );
    await c.mined(await sendReturn(deposit, await returnRequest(deposit, { amount: 10n }), accounts.signer));
    await c.mined(await sweep(deposit));
    expect(
      await publicClient.readContract({
        address: gateway,
        abi: paymentGatewayAbi,
        functionName: "isDepositSettledWithExcess",
        args: [address],
      }),
    ).toBe(true);
    // After it settled with an excess, everything left is excess (and what comes later).
    await t.mintUsdc(address, 5n);
    const request = await returnRequest(deposit, { amount: 25n });
    const receipt = await c.mined(await sendReturn(deposit, request, accounts.signer));
    expect(await c.balanceOf(t.usdc, accounts.payer.address)).toBe(35n);
    expect(await c.balanceOf(t.usdc, address)).toBe(0n);
    const [event] = parseEventLogs({
      abi: paymentGatewayAbi,
      logs: receipt.logs,
      eventName: "DepositReturned",
    });
    expect(event?.args).toMatchObject({
      deposit: address,
      returnId: request.returnId,
      amount: 25n,
      byRecipient: false,
    });
    await expectRevert(sendReturn(deposit, request, accounts.signer), "ReturnAlreadyProcessed", [
      request.returnId,
    ]);
  });

  it("returns a wrong token and native coin on the signer's authority; sweeps USDT, which returns nothing", async () => {
    const deposit = terms({ tokenAddress: t.usdt });
    const address = addressOf(deposit);
    await t.mintUsdc(address, 7n);
    await c.testClient.setBalance({ address, value: parseEther("0.5") });
    await c.mint(t.usdt, address, amount);
    // Native coin leaves only by a return, exactly the amount returned (version 2 sent the whole balance).
    const sender = unfundedAccount("native sender");
    const request = await returnRequest(deposit, {
      tokenAddress: zeroAddress,
      amount: parseEther("0.2"),
      to: sender.address,
    });
    const returned = await c.mined(await sendReturn(deposit, request, accounts.signer));
    expect(await publicClient.getBalance({ address: sender.address })).toBe(parseEther("0.2"));
    expect(await publicClient.getBalance({ address })).toBe(parseEther("0.3"));
    expect(
      parseEventLogs({ abi: paymentGatewayAbi, logs: returned.logs, eventName: "DepositReturned" })[0]?.args,
    ).toMatchObject({ token: zeroAddress, amount: parseEther("0.2") });
    // The delegated account still takes native coin (a late send), and the rest goes back too.
    await c.mined(
      await c.wallet(accounts.relayer).sendTransaction({ to: address, value: parseEther("0.1") }),
    );
    await c.mined(
      await sendReturn(
        deposit,
        await returnRequest(deposit, {
          tokenAddress: zeroAddress,
          amount: parseEther("0.4"),
          to: sender.address,
        }),
        accounts.signer,
      ),
    );
    expect(await publicClient.getBalance({ address: sender.address })).toBe(parseEther("0.6"));
    await c.mined(
      await sendReturn(
        deposit,
        await returnRequest(deposit, { tokenAddress: t.usdc, amount: 7n, to: accounts.other.address }),
        accounts.signer,
      ),
    );
    expect(await c.balanceOf(t.usdc, accounts.other.address)).toBe(7n);
    await c.mined(await sweep(deposit));
    expect(await c.balanceOf(t.usdt, accounts.merchant.address)).toBe(
      amount - computeFee(amount, defaultFeeBps),
    );
  });

  it("sweeps a batch under one signature of all its terms, and reverts it whole when one deposit is short", async () => {
    const deposits = [
      terms(),
      terms({ recipientAddress: accounts.other.address }),
      terms({ tokenAddress: c.tokens.permit18, amount: parseEther("2"), minimumAmount: parseEther("2") }),
    ];
    for (const deposit of deposits) {
      if (deposit.tokenAddress === t.usdc) await t.mintUsdc(addressOf(deposit), deposit.amount);
      else await c.mint(deposit.tokenAddress, addressOf(deposit), deposit.amount);
    }
    const sweepBatch = async (batch: DepositTerms[], signature: Hex, authorize = true) =>
      c.wallet(accounts.relayer).writeContract({
        address: gateway,
        abi,
        functionName: "sweepDeposits",
        args: [batch, signature],
        ...(authorize ? await authorizationsFor(...batch) : {}),
      });
    const short = [...deposits, terms()];
    await expectRevert(
      sweepBatch(short, await signDepositBatch(accounts.signer, { chainId, gateway, terms: short })),
      "DepositShort",
    );
    // The signature covers every deposit's terms in order: not a subset, another order, or one deposit's request.
    const signature = await signDepositBatch(accounts.signer, { chainId, gateway, terms: deposits });
    for (const batch of [deposits.slice(1), [...deposits].reverse()]) {
      await expectRevert(sweepBatch(batch, signature), "InvalidServerSignature");
    }
    await expectRevert(
      sweepBatch(
        deposits.slice(0, 1),
        await signDepositRequest(accounts.signer, { chainId, gateway, terms: deposits[0]! }),
      ),
      "InvalidServerSignature",
    );
    await expectRevert(
      sweepBatch(deposits, await signDepositBatch(accounts.other, { chainId, gateway, terms: deposits })),
      "InvalidServerSignature",
    );
    // Each account moved for the first time needs its authorization: the batch carries all three.
    await expectRevert(sweepBatch(deposits, signature, false), "DepositNotDelegated", [
      addressOf(deposits[0]!),
    ]);
    const receipt = await c.mined(await sweepBatch(deposits, signature));
    expect(
      parseEventLogs({ abi: paymentGatewayAbi, logs: receipt.logs, eventName: "DepositSwept" }),
    ).toHaveLength(3);
    for (const deposit of deposits) expect(await isPaid(deposit.paymentId)).toBe(true);
    await expectRevert(sweepBatch(deposits, signature), "PaymentAlreadyProcessed", [deposits[0]!.paymentId]);
  });

  it("passes on the token's refusal (a blocklisted recipient) and leaves the deposit unswept and unpaid", async () => {
    const deposit = terms({ recipientAddress: accounts.other.address });
    const address = addressOf(deposit);
    await t.mintUsdc(address, amount);
    await t.blacklistUsdc(accounts.other.address);
    await expect(sweep(deposit)).rejects.toThrow(/account is blacklisted/);
    expect(await c.balanceOf(t.usdc, address)).toBe(amount);
    expect(await isPaid(deposit.paymentId)).toBe(false);
  });

  it("refuses native coin and calls without data at the gateway", async () => {
    await expect(publicClient.call({ to: gateway, data: "0x" })).rejects.toThrow();
    await expect(
      c.wallet(accounts.other).sendTransaction({ to: gateway, value: 1n, data: "0x" }),
    ).rejects.toThrow();
  });

  it("has its accounts obey the gateway only, even once delegated", async () => {
    const deposit = terms();
    const address = addressOf(deposit);
    await t.mintUsdc(address, amount * 2n);
    await c.mined(await sweep(deposit));
    // The account runs DepositAccount now; a stranger (and the extension called at its own address) is refused.
    await expectRevert(
      c.wallet(accounts.other).writeContract({
        address,
        abi: depositAccountAbi,
        functionName: "move",
        args: [t.usdc, accounts.other.address, amount, zeroAddress, 0n],
      }),
      "DepositAccountUnauthorized",
      [accounts.other.address],
    );
    // Its code is the gateway's DepositAccount; called at its own address, it holds nothing and obeys the gateway.
    await expectRevert(
      c.wallet(accounts.other).writeContract({
        address: depositAccountCode(gateway),
        abi: depositAccountAbi,
        functionName: "move",
        args: [t.usdc, accounts.other.address, 0n, zeroAddress, 0n],
      }),
      "DepositAccountUnauthorized",
    );
    expect(await c.balanceOf(t.usdc, address)).toBe(amount);
  });

  it("still sweeps while the gateway is paused (money that arrived is never held)", async () => {
    const deposit = terms();
    await t.mintUsdc(addressOf(deposit), amount);
    await c.mined(
      await c.deployer.writeContract({ address: gateway, abi: paymentGatewayAbi, functionName: "pause" }),
    );
    await c.mined(await sweep(deposit));
    expect(await isPaid(deposit.paymentId)).toBe(true);
  });
});

describe("a deposit for a payment paid another way", () => {
  it("cannot be swept nor returned by the signer, and goes back on the merchant's recipient's signature", async () => {
    await c.mint(c.tokens.permit18, accounts.payer.address, parseEther("25"));
    await c.approve(accounts.payer, c.tokens.permit18, gateway, parseEther("25"));
    const signed = await c.paymentRequest();
    const deposit = terms({
      paymentId: signed.request.paymentId,
      tokenAddress: c.tokens.permit18,
      amount: parseEther("25"),
      minimumAmount: parseEther("25"),
    });
    await c.pay(accounts.payer, signed);
    const sender = unfundedAccount("double payer");
    await c.mint(c.tokens.permit18, addressOf(deposit), parseEther("25"));
    await expectRevert(sweep(deposit), "PaymentAlreadyProcessed");
    await expectRevert(
      sendReturn(deposit, await returnRequest(deposit, { amount: 1n, to: sender.address }), accounts.signer),
      "ReturnExceedsAvailable",
    );
    await c.mined(
      await sendReturn(
        deposit,
        await returnRequest(deposit, { amount: parseEther("25"), to: sender.address }),
        accounts.merchant,
      ),
    );
    expect(await c.balanceOf(c.tokens.permit18, sender.address)).toBe(parseEther("25"));
  });

  it("goes back on the signature of a smart-wallet recipient (ERC-1271)", async () => {
    const recipient = await t.deployWallet(accounts.merchant.address);
    const deposit = terms({ recipientAddress: recipient, minimumAmount: amount });
    await t.mintUsdc(addressOf(deposit), 40n);
    await c.mined(
      await sendReturn(deposit, await returnRequest(deposit, { amount: 40n }), {
        owner: accounts.merchant,
        wallet: recipient,
      }),
    );
    expect(await c.balanceOf(t.usdc, accounts.payer.address)).toBe(40n);
  });
});

describe("the operator's keys", () => {
  it("cannot move a deposit's payment amount anywhere but to its recipient and the treasury", async () => {
    const attacker = accounts.other.address;
    const deposit = terms();
    const address = addressOf(deposit);
    await t.mintUsdc(address, amount);
    const keys = {
      signer: accounts.signer,
      relayer: accounts.relayer,
      owner: accounts.deployer,
      stranger: accounts.other,
    };

    for (const [name, key] of Object.entries(keys)) {
      // Sweep under terms naming the attacker: another address, holding nothing.
      const redirected = { ...deposit, recipientAddress: attacker };
      await expectRevert(sweep(redirected, key, accounts.signer), "DepositShort", [
        deposit.paymentId,
        0n,
        amount,
      ]);
      // A return of the payment's amount to the attacker, signed by the key.
      const grab = await returnRequest(deposit, { amount, to: attacker });
      if (name === "signer")
        await expectRevert(sendReturn(deposit, grab, key), "ReturnExceedsAvailable", [
          address,
          t.usdc,
          amount,
          0n,
        ]);
      else
        await expectRevert(sendReturn(deposit, grab, key), "InvalidReturnSignature", [
          accounts.merchant.address,
        ]);
    }
    // The signer squats the payment's sequence with a request of its own (recipient: the attacker), then tries again.
    const squat = {
      ...deposit,
      paymentId: paymentIdOf(BigInt(deposit.paymentId) & (2n ** 64n - 1n), randomBytes(24)),
    };
    const request = {
      paymentId: squat.paymentId,
      tokenAddress: c.tokens.plain,
      amount: 1n,
      recipientAddress: attacker,
      merchantId: deposit.merchantId,
      deadline: (await c.now()) + 3_600n,
    };
    await c.mint(c.tokens.plain, accounts.other.address, 1n);
    await c.approve(accounts.other, c.tokens.plain, gateway, 1n);
    await c.pay(accounts.other, {
      request,
      serverSignature: await signPaymentRequest(accounts.signer, { chainId, gateway, request }),
    });
    await expectRevert(
      sendReturn(deposit, await returnRequest(deposit, { amount, to: attacker }), accounts.signer),
      "ReturnExceedsAvailable",
    );
    // The owner makes itself the signer: the bound is the same.
    await c.mined(
      await c.deployer.writeContract({
        address: gateway,
        abi: paymentGatewayAbi,
        functionName: "setSigner",
        args: [accounts.deployer.address],
      }),
    );
    await expectRevert(
      sendReturn(deposit, await returnRequest(deposit, { amount, to: attacker }), accounts.deployer),
      "ReturnExceedsAvailable",
    );
    expect(await c.balanceOf(t.usdc, attacker)).toBe(0n);
    expect(await c.balanceOf(t.usdc, address)).toBe(amount);
    // The merchant's recipient still decides: here it takes its payment.
    await c.mined(
      await sendReturn(
        deposit,
        await returnRequest(deposit, { amount, to: accounts.merchant.address }),
        accounts.merchant,
      ),
    );
    expect(await c.balanceOf(t.usdc, accounts.merchant.address)).toBe(amount);
  });
});
