import { describe, expect, it } from "vitest";
import {
  encodeFunctionData,
  hashTypedData,
  parseEther,
  parseEventLogs,
  parseUnits,
  type Address,
  type Hex,
  type LocalAccount,
} from "viem";

import {
  computeFee,
  fiatTokenV2_2Abi,
  paymentAuthorizationTypedData,
  paymentGatewayAbi,
  paymentIntentDigest,
  paymentIntentTypedData,
  permit2Abi,
  permit2Address,
  permit2PaymentTypedData,
  pickPermit2Nonce,
  reentrantFactoryAbi,
  testTetherTokenAbi,
  wrapErc6492Signature,
  type PaymentRequest,
} from "../src/index.js";
import { deployReentrantFactory, deploySelectiveFeeToken, fiatToken } from "../src/dev.js";
import { defaultFeeBps, expectRevert, unfundedAccount } from "./fixture.js";
import { setupChainWithRealTokens } from "./realTokens.js";

const { c, t } = await setupChainWithRealTokens();
const { accounts, gateway, chainId, publicClient } = c;
const usdcAmount = parseUnits("12.34", 6);

/** The gateway's errors plus Permit2's and the tokens', which bubble up through the gateway. */
const abi = [
  ...paymentGatewayAbi,
  ...permit2Abi.filter((item) => item.type === "error"),
  ...testTetherTokenAbi.filter((item) => item.type === "error"),
];

type Signed = { request: PaymentRequest; serverSignature: Hex };
type Path = "payWithPermit2" | "payWithAuthorization" | "payWithIntent";

function send(
  path: Path,
  signed: Signed,
  payer: Address,
  payerSignature: Hex,
  nonce = 0n,
  from = accounts.relayer,
) {
  const client = c.wallet(from);
  if (path === "payWithPermit2") {
    return client.writeContract({
      address: gateway,
      abi,
      functionName: path,
      args: [signed.request, signed.serverSignature, payer, nonce, payerSignature],
    });
  }
  return client.writeContract({
    address: gateway,
    abi,
    functionName: path,
    args: [signed.request, signed.serverSignature, payer, payerSignature],
  });
}

async function expectPaid(
  receipt: { logs: Parameters<typeof parseEventLogs>[0]["logs"] },
  signed: Signed,
  payer: Address,
) {
  const [event] = parseEventLogs({
    abi: paymentGatewayAbi,
    logs: receipt.logs,
    eventName: "PaymentCompleted",
  });
  const fee = computeFee(signed.request.amount, defaultFeeBps);
  expect(event?.args).toEqual({
    paymentId: signed.request.paymentId,
    merchantId: signed.request.merchantId,
    payer,
    recipient: signed.request.recipientAddress,
    token: signed.request.tokenAddress,
    amount: signed.request.amount,
    fee,
  });
  const token = signed.request.tokenAddress;
  expect(await c.balanceOf(token, signed.request.recipientAddress)).toBe(signed.request.amount - fee);
  expect(await c.balanceOf(token, accounts.treasury.address)).toBe(fee);
  expect(await c.balanceOf(token, gateway)).toBe(0n);
}

/** The typed data an EOA or a wallet signs, and how: the EOA directly, a wallet through its owner. */
async function signAs(
  signer: { eoa: LocalAccount } | { owner: LocalAccount; wallet: Address; undeployed?: boolean },
  typedData: Parameters<typeof hashTypedData>[0],
): Promise<Hex> {
  if ("eoa" in signer)
    return signer.eoa.signTypedData(typedData as Parameters<LocalAccount["signTypedData"]>[0]);
  const hash = hashTypedData(typedData);
  return signer.undeployed
    ? t.undeployedWalletSignature(signer.owner, hash)
    : t.walletSignature(signer.owner, signer.wallet, hash);
}

async function permit2Signature(
  signer: Parameters<typeof signAs>[0],
  payer: Address,
  signed: Signed,
  nonce: bigint,
) {
  return signAs(signer, permit2PaymentTypedData({ chainId, gateway, request: signed.request, payer, nonce }));
}

async function authorizationSignature(signer: Parameters<typeof signAs>[0], payer: Address, signed: Signed) {
  const tokenDomain = { name: fiatToken.name, version: fiatToken.version };
  return signAs(
    signer,
    paymentAuthorizationTypedData({ chainId, gateway, request: signed.request, payer, tokenDomain }),
  );
}

describe("payWithPermit2", () => {
  it("pays with one Permit2 signature through the relayer, for USDC, an 18-decimal token and USDT", async () => {
    const payer = unfundedAccount("permit2 payer");
    for (const [token, amount] of [
      [t.usdc, usdcAmount],
      [c.tokens.permit18, parseEther("25")],
      [t.usdt, parseUnits("7.5", 6)],
    ] as const) {
      if (token === t.usdc) await t.mintUsdc(payer.address, amount);
      else await c.mint(token, payer.address, amount);
      // The payer approved Permit2 once, earlier (the gas of that approval is the faucet's); it holds no gas now.
      await c.testClient.setBalance({ address: payer.address, value: parseEther("1") });
      await t.approvePermit2(payer, token);
      await c.testClient.setBalance({ address: payer.address, value: 0n });
      const signed = await c.paymentRequest({ tokenAddress: token, amount });
      const nonce = pickPermit2Nonce(0n, await t.nonceBitmap(payer.address, 0n));
      const signature = await permit2Signature({ eoa: payer }, payer.address, signed, nonce);
      await expectPaid(
        await c.mined(await send("payWithPermit2", signed, payer.address, signature, nonce)),
        signed,
        payer.address,
      );
      expect(await c.balanceOf(token, payer.address)).toBe(0n);
    }
  });

  it("cannot be replayed, nor front-run into another payment, nor used by another spender", async () => {
    const payer = accounts.payer;
    await t.mintUsdc(payer.address, usdcAmount * 3n);
    await t.approvePermit2(payer, t.usdc);
    const signed = await c.paymentRequest({ tokenAddress: t.usdc, amount: usdcAmount });
    const signature = await permit2Signature({ eoa: payer }, payer.address, signed, 7n);
    // An attacker with its own genuine payment (recipient: itself) submits the payer's signature for it.
    const other = await c.paymentRequest({
      tokenAddress: t.usdc,
      amount: usdcAmount,
      recipientAddress: accounts.other.address,
    });
    // Permit2's SignatureVerification error InvalidSigner() (0x815e1d64): the witness is another payment's.
    await expect(send("payWithPermit2", other, payer.address, signature, 7n)).rejects.toThrow(/0x815e1d64/);
    // Nor straight to Permit2, as spender.
    await expect(
      c.wallet(accounts.other).writeContract({
        address: permit2Address,
        abi: permit2Abi,
        functionName: "permitWitnessTransferFrom",
        args: [
          { permitted: { token: t.usdc, amount: usdcAmount }, nonce: 7n, deadline: signed.request.deadline },
          { to: accounts.other.address, requestedAmount: usdcAmount },
          payer.address,
          hashTypedData(
            paymentIntentTypedData({ chainId, gateway, request: signed.request, payer: payer.address }),
          ),
          "PaymentIntent witness)PaymentIntent(bytes32 paymentId,address tokenAddress,uint256 amount,address recipientAddress,bytes32 merchantId,uint256 deadline,address payer)TokenPermissions(address token,uint256 amount)",
          signature,
        ],
      }),
    ).rejects.toThrow();
    await c.mined(await send("payWithPermit2", signed, payer.address, signature, 7n));
    await expectRevert(
      send("payWithPermit2", signed, payer.address, signature, 7n),
      "PaymentAlreadyProcessed",
      [signed.request.paymentId],
    );
    expect(await c.balanceOf(t.usdc, accounts.other.address)).toBe(0n);
  });

  it("pays from an ERC-1271 smart wallet that approved Permit2", async () => {
    const wallet = await t.deployWallet(accounts.payer.address);
    await t.mintUsdc(wallet, usdcAmount);
    await t.walletCall(
      accounts.payer,
      wallet,
      t.usdc,
      (await import("viem")).encodeFunctionData({
        abi: fiatTokenV2_2Abi,
        functionName: "approve",
        args: [permit2Address, 2n ** 255n],
      }),
    );
    const signed = await c.paymentRequest({ tokenAddress: t.usdc, amount: usdcAmount });
    const signature = await permit2Signature({ owner: accounts.payer, wallet }, wallet, signed, 0n);
    await expectPaid(await c.mined(await send("payWithPermit2", signed, wallet, signature)), signed, wallet);
  });
});

describe("payWithAuthorization (EIP-3009)", () => {
  it("pays USDC with one signature, the authorization's nonce being the payment intent's digest", async () => {
    const payer = unfundedAccount("3009 payer");
    await t.mintUsdc(payer.address, usdcAmount);
    const signed = await c.paymentRequest({ tokenAddress: t.usdc, amount: usdcAmount });
    const signature = await authorizationSignature({ eoa: payer }, payer.address, signed);
    await expectPaid(
      await c.mined(await send("payWithAuthorization", signed, payer.address, signature)),
      signed,
      payer.address,
    );
    const nonce = paymentIntentDigest({ chainId, gateway, request: signed.request, payer: payer.address });
    expect(
      await publicClient.readContract({
        address: t.usdc,
        abi: fiatTokenV2_2Abi,
        functionName: "authorizationState",
        args: [payer.address, nonce],
      }),
    ).toBe(true);
  });

  it("cannot be replayed nor front-run into another payment", async () => {
    const payer = accounts.payer;
    await t.mintUsdc(payer.address, usdcAmount * 2n);
    const signed = await c.paymentRequest({ tokenAddress: t.usdc, amount: usdcAmount });
    const signature = await authorizationSignature({ eoa: payer }, payer.address, signed);
    const other = await c.paymentRequest({
      tokenAddress: t.usdc,
      amount: usdcAmount,
      recipientAddress: accounts.other.address,
    });
    await expect(send("payWithAuthorization", other, payer.address, signature)).rejects.toThrow(
      /invalid signature/,
    );
    await c.mined(await send("payWithAuthorization", signed, payer.address, signature));
    await expectRevert(
      send("payWithAuthorization", signed, payer.address, signature),
      "PaymentAlreadyProcessed",
    );
    expect(await c.balanceOf(t.usdc, accounts.other.address)).toBe(0n);
  });

  it("pays from an ERC-1271 wallet, deployed or not yet (ERC-6492: deployed by the payment)", async () => {
    const wallet = await t.deployWallet(accounts.payer.address);
    await t.mintUsdc(wallet, usdcAmount);
    const signed = await c.paymentRequest({ tokenAddress: t.usdc, amount: usdcAmount });
    await expectPaid(
      await c.mined(
        await send(
          "payWithAuthorization",
          signed,
          wallet,
          await authorizationSignature({ owner: accounts.payer, wallet }, wallet, signed),
        ),
      ),
      signed,
      wallet,
    );

    const owner = unfundedAccount("undeployed 3009 owner");
    const undeployed = await t.walletAddress(owner.address);
    await t.mintUsdc(undeployed, usdcAmount);
    const second = await c.paymentRequest({
      tokenAddress: t.usdc,
      amount: usdcAmount,
      recipientAddress: accounts.other.address,
    });
    const signature = await authorizationSignature(
      { owner, wallet: undeployed, undeployed: true },
      undeployed,
      second,
    );
    await c.mined(await send("payWithAuthorization", second, undeployed, signature));
    expect(await publicClient.getCode({ address: undeployed })).not.toBeUndefined();
    expect(await c.balanceOf(t.usdc, undeployed)).toBe(0n);
  });

  it("refuses a blocklisted payer or recipient", async () => {
    const payer = accounts.payer;
    await t.mintUsdc(payer.address, usdcAmount);
    await t.blacklistUsdc(payer.address);
    const signed = await c.paymentRequest({ tokenAddress: t.usdc, amount: usdcAmount });
    const signature = await authorizationSignature({ eoa: payer }, payer.address, signed);
    await expect(send("payWithAuthorization", signed, payer.address, signature)).rejects.toThrow(
      /blacklisted/,
    );
    const toBlocked = await c.paymentRequest({
      tokenAddress: t.usdc,
      amount: usdcAmount,
      recipientAddress: accounts.other.address,
    });
    await t.blacklistUsdc(accounts.other.address);
    const payer2 = unfundedAccount("3009 payer 2");
    await t.mintUsdc(payer2.address, usdcAmount);
    await expect(
      send(
        "payWithAuthorization",
        toBlocked,
        payer2.address,
        await authorizationSignature({ eoa: payer2 }, payer2.address, toBlocked),
      ),
    ).rejects.toThrow(/blacklisted/);
  });
});

describe("payWithIntent", () => {
  async function intentSignature(signer: Parameters<typeof signAs>[0], payer: Address, signed: Signed) {
    return signAs(signer, paymentIntentTypedData({ chainId, gateway, request: signed.request, payer }));
  }

  it("pays by allowance with an EOA's intent signature, through the relayer", async () => {
    const payer = accounts.payer;
    await c.mint(c.tokens.permit18, payer.address, parseEther("25"));
    await c.approve(payer, c.tokens.permit18, gateway, parseEther("25"));
    const signed = await c.paymentRequest();
    const signature = await intentSignature({ eoa: payer }, payer.address, signed);
    await expectPaid(
      await c.mined(await send("payWithIntent", signed, payer.address, signature)),
      signed,
      payer.address,
    );
  });

  it("pays from an ERC-1271 wallet, and accepts its ERC-6492-wrapped signature once deployed", async () => {
    const wallet = await t.deployWallet(accounts.payer.address);
    await c.mint(t.usdt, wallet, parseUnits("20", 6));
    await t.walletCall(
      accounts.payer,
      wallet,
      t.usdt,
      (await import("viem")).encodeFunctionData({
        abi: testTetherTokenAbi,
        functionName: "approve",
        args: [gateway, parseUnits("20", 6)],
      }),
    );
    const signed = await c.paymentRequest({ tokenAddress: t.usdt, amount: parseUnits("10", 6) });
    await expectPaid(
      await c.mined(
        await send(
          "payWithIntent",
          signed,
          wallet,
          await intentSignature({ owner: accounts.payer, wallet }, wallet, signed),
        ),
      ),
      signed,
      wallet,
    );
    const second = await c.paymentRequest({
      tokenAddress: t.usdt,
      amount: parseUnits("10", 6),
      recipientAddress: accounts.other.address,
    });
    const wrapped = await intentSignature(
      { owner: accounts.payer, wallet, undeployed: true },
      wallet,
      second,
    );
    await c.mined(await send("payWithIntent", second, wallet, wrapped));
    expect(await c.balanceOf(t.usdt, wallet)).toBe(0n);
  });

  it("refuses a signature for other terms, another payer's wallet, a replay, and a blocklisted USDT payer", async () => {
    const wallet = await t.deployWallet(accounts.payer.address);
    const sibling = await t.deployWallet(accounts.payer.address, 1n);
    const signed = await c.paymentRequest({ tokenAddress: t.usdt, amount: parseUnits("10", 6) });
    const signature = await intentSignature({ owner: accounts.payer, wallet }, wallet, signed);
    const other = await c.paymentRequest({
      tokenAddress: t.usdt,
      amount: parseUnits("10", 6),
      recipientAddress: accounts.other.address,
    });
    await expectRevert(send("payWithIntent", other, wallet, signature), "InvalidPayerSignature", [wallet]);
    // The same owner's other wallet: Coinbase's replay-safe hash binds the signature to one wallet.
    await expectRevert(send("payWithIntent", signed, sibling, signature), "InvalidPayerSignature", [sibling]);

    const payer = accounts.payer;
    await c.mint(t.usdt, payer.address, parseUnits("20", 6));
    await c.approve(payer, t.usdt, gateway, parseUnits("20", 6));
    const eoaSignature = await intentSignature({ eoa: payer }, payer.address, signed);
    await c.mined(await send("payWithIntent", signed, payer.address, eoaSignature));
    await expectRevert(send("payWithIntent", signed, payer.address, eoaSignature), "PaymentAlreadyProcessed");
    await t.blacklistUsdt(payer.address);
    const third = await c.paymentRequest({ tokenAddress: t.usdt, amount: parseUnits("10", 6) });
    await expectRevert(
      send(
        "payWithIntent",
        third,
        payer.address,
        await intentSignature({ eoa: payer }, payer.address, third),
      ),
      "SenderBlackListed",
      [payer.address],
    );
  });

  it("is paused with the gateway, and the server signature still binds the terms", async () => {
    const payer = accounts.payer;
    const signed = await c.paymentRequest({ amount: 5n });
    const tampered = { ...signed, request: { ...signed.request, amount: 4n } };
    const signature = await intentSignature({ eoa: payer }, payer.address, tampered);
    await expectRevert(send("payWithIntent", tampered, payer.address, signature), "InvalidServerSignature");
    await c.mined(
      await c.deployer.writeContract({ address: gateway, abi: paymentGatewayAbi, functionName: "pause" }),
    );
    await expectRevert(send("payWithIntent", signed, payer.address, signature), "EnforcedPause");
  });
});

describe("an ERC-6492 envelope around an EOA's own signature", () => {
  it("pays on each path without running the envelope's factory (whoever submits it chooses it)", async () => {
    const payer = unfundedAccount("wrapped eoa payer");
    const factory = await deployReentrantFactory({ walletClient: c.deployer, publicClient });
    const wrap = (signature: Hex) =>
      wrapErc6492Signature({
        factory,
        factoryCalldata: encodeFunctionData({ abi: reentrantFactoryAbi, functionName: "run" }),
        signature,
      });
    await t.mintUsdc(payer.address, usdcAmount * 3n);
    await c.testClient.setBalance({ address: payer.address, value: parseEther("1") });
    await t.approvePermit2(payer, t.usdc);
    await c.approve(payer, t.usdc, gateway, usdcAmount);
    const permit2Signed = await c.paymentRequest({ tokenAddress: t.usdc, amount: usdcAmount });
    await c.mined(
      await send(
        "payWithPermit2",
        permit2Signed,
        payer.address,
        wrap(await permit2Signature({ eoa: payer }, payer.address, permit2Signed, 3n)),
        3n,
      ),
    );
    const authorizationSigned = await c.paymentRequest({ tokenAddress: t.usdc, amount: usdcAmount });
    await c.mined(
      await send(
        "payWithAuthorization",
        authorizationSigned,
        payer.address,
        wrap(await authorizationSignature({ eoa: payer }, payer.address, authorizationSigned)),
      ),
    );
    const intentSigned = await c.paymentRequest({ tokenAddress: t.usdc, amount: usdcAmount });
    await c.mined(
      await send(
        "payWithIntent",
        intentSigned,
        payer.address,
        wrap(
          await signAs(
            { eoa: payer },
            paymentIntentTypedData({ chainId, gateway, request: intentSigned.request, payer: payer.address }),
          ),
        ),
      ),
    );
    expect(await c.balanceOf(t.usdc, payer.address)).toBe(0n);
    expect(
      await publicClient.readContract({ address: factory, abi: reentrantFactoryAbi, functionName: "runs" }),
    ).toBe(0n);
  });
});

describe("what reaches the gateway on a pull", () => {
  it("is measured: Permit2 with a token taxing transferFrom is refused, nothing the gateway holds pays", async () => {
    const token = await deploySelectiveFeeToken({
      walletClient: c.deployer,
      publicClient,
      feeBps: 100,
      onTransfer: false,
    });
    const payer = accounts.payer;
    const amount = parseEther("10");
    await c.mint(token, payer.address, amount);
    // Tokens sent to the gateway by mistake, which would cover the shortfall.
    await c.mint(token, gateway, amount);
    await t.approvePermit2(payer, token);
    const signed = await c.paymentRequest({ tokenAddress: token, amount });
    await expectRevert(
      send(
        "payWithPermit2",
        signed,
        payer.address,
        await permit2Signature({ eoa: payer }, payer.address, signed, 0n),
      ),
      "PaymentNotReceived",
      [signed.request.paymentId, amount, parseEther("9.9")],
    );
    expect(await c.balanceOf(token, gateway)).toBe(amount);
  });
});
