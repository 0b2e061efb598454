/**
 * Gas of the paths version 2 added (on this version's gateway), under the conditions of the version-1 rows: fee 1%,
 * recipient and treasury already holding the token, the payer's second payment (its Permit2 nonce word, its wallet,
 * its allowance already in use), everything sent by a relayer that pays the gas; the first move from a deposit
 * account carries its EIP-7702 authorization. Beside them, the figures the issues compare with.
 */
import { randomBytes } from "node:crypto";

import {
  depositAddress,
  depositAuthorization,
  depositReturnTypedData,
  fiatTokenV2_2Abi,
  paymentAuthorizationTypedData,
  paymentGatewayAbi,
  paymentIdOf,
  paymentIntentTypedData,
  receiveWithAuthorizationTypes,
  permit2Address,
  permit2PaymentTypedData,
  signDepositBatch,
  signDepositRequest,
  signPaymentRequest,
  subscriptionTypedData,
  testSmartWalletAbi,
  testSmartWalletFactoryAbi,
  testTokenPermitAbi,
  wrapErc6492Signature,
  type DepositTerms,
  type PaymentRequest,
} from "@kassa/contracts";
import {
  anvilAccount,
  createSmartWalletCalldata,
  deployFiatToken,
  deploySmartWalletFactory,
  fiatToken,
  signAsSmartWallet,
} from "@kassa/contracts/dev";
import {
  encodeFunctionData,
  hashTypedData,
  keccak256,
  maxUint256,
  parseSignature,
  parseUnits,
  stringToHex,
  type Abi,
  type Address,
  type Hex,
  type LocalAccount,
  type PublicClient,
  type WalletClient,
  type Transport,
  type Chain,
  type Account,
  type SignedAuthorization,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";

export interface V2Context {
  chainId: number;
  publicClient: PublicClient;
  wallet: (account: LocalAccount) => WalletClient<Transport, Chain, Account>;
  gateway: Address;
  /** The 18-decimal permit test token of the version-1 rows. */
  token: Address;
  treasury: Address;
  merchant: Address;
  feeBps: number;
  deadline: bigint;
  /** The next payment sequence in a bitmap word already in use. */
  nextSequence: () => bigint;
  /** Called with each measured row's transaction (`--trace`). */
  traced?: (row: string, hash: Hex) => Promise<void>;
  /** Floor.sol's `Floor3009`, compiled: the least an EIP-3009 payment with a fee split does. */
  floor3009: { abi: Abi; bytecode: Hex };
}

/** Targets of the issues (the 1271 row's is relative: at most 10% above the EOA gasless row). */
export const v2Targets: Record<string, bigint | undefined> = {
  pay_permit2_relayed: 100_000n,
  pay_3009_relayed: 111_000n,
  pay_3009_floor: undefined,
  usdc_transfer_with_authorization: undefined,
  pay_intent_1271_relayed: undefined,
  pay_3009_6492_undeployed: undefined,
  sweep_deposit: 90_000n,
  sweep_deposits_20_each: 60_000n,
  return_from_swept_deposit: undefined,
  subscription_charge_relayed: 75_000n,
};

/** What others measured for the same path (issues 28 and 29). */
export const v2Compared: Record<string, string> = {
  pay_permit2_relayed: "Coinbase Permit2 118,510",
  pay_3009_relayed: "Coinbase Commerce 165,167",
  pay_3009_floor: "bit, authorization, two transfers out, event: no signature, no check",
  usdc_transfer_with_authorization: "USDC alone: one leg, no fee, no gateway",
  sweep_deposit: "pay() direct 71,653; version 2 (CREATE2) 100,695",
  sweep_deposits_20_each: "version 2 (CREATE2) 56,155",
  return_from_swept_deposit: "a later move from a delegated account: no authorization",
  subscription_charge_relayed: "pay() direct 71,653",
};

function account(label: string): LocalAccount {
  return privateKeyToAccount(keccak256(stringToHex(`kassa gas bench v2 ${label}`)));
}

export async function measureV2(ctx: V2Context): Promise<Record<string, bigint>> {
  const { chainId, publicClient, gateway, token, merchant, deadline } = ctx;
  const deployer = ctx.wallet(anvilAccount(0));
  const relayer = ctx.wallet(anvilAccount(5));
  const signer = anvilAccount(1);
  const merchantId = keccak256(stringToHex("merchant 1"));

  async function send(
    client: WalletClient<Transport, Chain, Account>,
    to: Address,
    abi: Abi,
    functionName: string,
    args: unknown[],
    authorizationList?: SignedAuthorization[],
  ) {
    const hash = await client.sendTransaction({
      to,
      data: encodeFunctionData({ abi, functionName, args }),
      ...(authorizationList ? { authorizationList } : {}),
    });
    const receipt = await publicClient.waitForTransactionReceipt({ hash });
    if (receipt.status !== "success") throw new Error(`${functionName} reverted`);
    lastHash = hash;
    return receipt.gasUsed;
  }
  let lastHash: Hex | undefined;
  /** Traces the transaction `send` made last, as `row`. */
  const trace = async (row: string) => {
    if (ctx.traced && lastHash) await ctx.traced(row, lastHash);
  };
  const mint = (tokenAddress: Address, to: Address, amount: bigint) =>
    send(deployer, tokenAddress, testTokenPermitAbi, "mint", [to, amount]);

  async function request(
    tokenAddress: Address,
    amount: bigint,
  ): Promise<{ request: PaymentRequest; serverSignature: Hex }> {
    const paymentId = paymentIdOf(ctx.nextSequence(), randomBytes(24));
    const req = { paymentId, tokenAddress, amount, recipientAddress: merchant, merchantId, deadline };
    return {
      request: req,
      serverSignature: await signPaymentRequest(signer, { chainId, gateway, request: req }),
    };
  }

  const gas: Record<string, bigint> = {};
  const amount = parseUnits("25", 18);

  // Permit2, the payer approved Permit2 before (unlimited) and paid once: its nonce word is in use.
  const permit2Payer = account("permit2");
  await mint(token, permit2Payer.address, amount * 3n);
  await send(ctx.wallet(anvilAccount(6)), token, testTokenPermitAbi, "transfer", [
    anvilAccount(6).address,
    0n,
  ]);
  await publicClient.request({
    method: "anvil_setBalance" as never,
    params: [permit2Payer.address, "0xde0b6b3a7640000"] as never,
  });
  await send(ctx.wallet(permit2Payer), token, testTokenPermitAbi, "approve", [permit2Address, maxUint256]);
  for (const nonce of [0n, 1n]) {
    const signed = await request(token, amount);
    const signature = await permit2Payer.signTypedData(
      permit2PaymentTypedData({
        chainId,
        gateway,
        request: signed.request,
        payer: permit2Payer.address,
        nonce,
      }),
    );
    gas.pay_permit2_relayed = await send(relayer, gateway, paymentGatewayAbi, "payWithPermit2", [
      signed.request,
      signed.serverSignature,
      permit2Payer.address,
      nonce,
      signature,
    ]);
  }

  // EIP-3009 on Circle's FiatToken v2.2 behind its proxy (USDC as deployed); recipient and treasury hold USDC.
  const usdc = await deployFiatToken({ walletClient: deployer, publicClient });
  const usdcAmount = parseUnits("25", 6);
  const mintUsdc = (to: Address, value: bigint) =>
    send(deployer, usdc, fiatTokenV2_2Abi, "mint", [to, value]);
  await mintUsdc(merchant, usdcAmount);
  await mintUsdc(ctx.treasury, usdcAmount);
  const payer3009 = account("3009");
  await mintUsdc(payer3009.address, usdcAmount * 6n);
  const tokenDomain = { name: fiatToken.name, version: fiatToken.version };
  for (let i = 0; i < 2; i++) {
    const signed = await request(usdc, usdcAmount);
    const signature = await payer3009.signTypedData(
      paymentAuthorizationTypedData({
        chainId,
        gateway,
        request: signed.request,
        payer: payer3009.address,
        tokenDomain,
      }),
    );
    gas.pay_3009_relayed = await send(relayer, gateway, paymentGatewayAbi, "payWithAuthorization", [
      signed.request,
      signed.serverSignature,
      payer3009.address,
      signature,
    ]);
  }
  await trace("pay_3009_relayed");

  // The floor of that row's design, same payer and conditions: Floor3009 takes the authorization and splits the fee.
  {
    const hash = await deployer.deployContract({
      abi: ctx.floor3009.abi,
      bytecode: ctx.floor3009.bytecode,
      args: [ctx.treasury],
    });
    const floor = (await publicClient.waitForTransactionReceipt({ hash })).contractAddress as Address;
    for (let i = 0; i < 2; i++) {
      const nonce = keccak256(stringToHex(`floor 3009 ${i}`));
      const signature = await payer3009.signTypedData({
        domain: { ...tokenDomain, chainId, verifyingContract: usdc },
        types: receiveWithAuthorizationTypes,
        primaryType: "ReceiveWithAuthorization",
        message: {
          from: payer3009.address,
          to: floor,
          value: usdcAmount,
          validAfter: 0n,
          validBefore: deadline,
          nonce,
        },
      });
      const { r, s, v } = parseSignature(signature);
      gas.pay_3009_floor = await send(relayer, floor, ctx.floor3009.abi, "pay", [
        paymentIdOf(ctx.nextSequence(), randomBytes(24)),
        usdc,
        usdcAmount,
        merchant,
        payer3009.address,
        deadline,
        nonce,
        Number(v),
        r,
        s,
      ]);
    }
    await trace("pay_3009_floor");
  }

  // USDC's own part of that row: the same payer's EIP-3009 transfer straight to the recipient (one leg, no fee, no
  // gateway), sent by the relayer.
  gas.usdc_transfer_with_authorization = await send(
    relayer,
    usdc,
    fiatTokenV2_2Abi,
    "transferWithAuthorization",
    await (async () => {
      const message = {
        from: payer3009.address,
        to: merchant,
        value: usdcAmount,
        validAfter: 0n,
        validBefore: deadline,
        nonce: keccak256(stringToHex("usdc alone")),
      };
      const signature = await payer3009.signTypedData({
        domain: { ...tokenDomain, chainId, verifyingContract: usdc },
        types: { TransferWithAuthorization: receiveWithAuthorizationTypes.ReceiveWithAuthorization },
        primaryType: "TransferWithAuthorization",
        message,
      });
      const { r, s, v } = parseSignature(signature);
      return [...Object.values(message), Number(v), r, s];
    })(),
  );
  await trace("usdc_transfer_with_authorization");

  // An ERC-1271 smart wallet (Coinbase-like) that approved the gateway, paying its second payment by intent.
  const factory = await deploySmartWalletFactory({ walletClient: deployer, publicClient });
  const owner = anvilAccount(7);
  await send(deployer, factory, testSmartWalletFactoryAbi, "createAccount", [owner.address, 0n]);
  const wallet = (await publicClient.readContract({
    address: factory,
    abi: testSmartWalletFactoryAbi,
    functionName: "getAddress",
    args: [owner.address, 0n],
  })) as Address;
  await mint(token, wallet, amount * 3n);
  await send(ctx.wallet(owner), wallet, testSmartWalletAbi, "execute", [
    token,
    0n,
    encodeFunctionData({ abi: testTokenPermitAbi, functionName: "approve", args: [gateway, amount * 5n] }),
  ]);
  for (let i = 0; i < 2; i++) {
    const signed = await request(token, amount);
    const hash = hashTypedData(
      paymentIntentTypedData({ chainId, gateway, request: signed.request, payer: wallet }),
    );
    gas.pay_intent_1271_relayed = await send(relayer, gateway, paymentGatewayAbi, "payWithIntent", [
      signed.request,
      signed.serverSignature,
      wallet,
      await signAsSmartWallet(owner, { chainId, wallet, hash }),
    ]);
  }

  // An undeployed wallet (ERC-6492) paying USDC by EIP-3009: the payment deploys it.
  const newOwner = account("6492 owner");
  const undeployed = (await publicClient.readContract({
    address: factory,
    abi: testSmartWalletFactoryAbi,
    functionName: "getAddress",
    args: [newOwner.address, 0n],
  })) as Address;
  await mintUsdc(undeployed, usdcAmount);
  {
    const signed = await request(usdc, usdcAmount);
    const hash = hashTypedData(
      paymentAuthorizationTypedData({
        chainId,
        gateway,
        request: signed.request,
        payer: undeployed,
        tokenDomain,
      }),
    );
    const signature = wrapErc6492Signature({
      factory,
      factoryCalldata: createSmartWalletCalldata(newOwner.address, 0n),
      signature: await signAsSmartWallet(newOwner, { chainId, wallet: undeployed, hash }),
    });
    gas.pay_3009_6492_undeployed = await send(relayer, gateway, paymentGatewayAbi, "payWithAuthorization", [
      signed.request,
      signed.serverSignature,
      undeployed,
      signature,
    ]);
  }

  // Deposits: an exact transfer to each keyless account; one sweep, then a batch of 20, each transaction carrying the
  // authorizations of the accounts it moves money from for the first time; then a return from a swept account (its
  // code set: no authorization).
  const depositTerms = async (): Promise<DepositTerms> => {
    const terms: DepositTerms = {
      paymentId: paymentIdOf(ctx.nextSequence(), randomBytes(24)),
      tokenAddress: token,
      amount,
      minimumAmount: amount,
      recipientAddress: merchant,
      merchantId,
      feeBps: ctx.feeBps,
    };
    await mint(token, depositAddress({ chainId, gateway, terms, gatewayVersion: 3 }), amount);
    return terms;
  };
  {
    const one = await depositTerms();
    gas.sweep_deposit = await send(
      relayer,
      gateway,
      paymentGatewayAbi,
      "sweepDeposit",
      [one, await signDepositRequest(signer, { chainId, gateway, terms: one })],
      [depositAuthorization({ chainId, gateway, terms: one })],
    );
    await trace("sweep_deposit");
    const batch = [];
    for (let i = 0; i < 20; i++) batch.push(await depositTerms());
    const total = await send(
      relayer,
      gateway,
      paymentGatewayAbi,
      "sweepDeposits",
      [batch, await signDepositBatch(signer, { chainId, gateway, terms: batch })],
      batch.map((terms) => depositAuthorization({ chainId, gateway, terms })),
    );
    await trace("sweep_deposits_20");
    gas.sweep_deposits_20 = total;
    gas.sweep_deposits_20_each = total / 20n;
    // A late transfer to the first account (now running DepositAccount) and what exceeds the payment's amount of it
    // returned on the signer's word: a later move, with no authorization.
    const deposit = depositAddress({ chainId, gateway, terms: one, gatewayVersion: 3 });
    await mint(token, deposit, amount + 5n);
    const request = {
      deposit,
      returnId: paymentIdOf(ctx.nextSequence(), randomBytes(24)),
      tokenAddress: token,
      to: merchant,
      amount: 5n,
      deadline,
    };
    gas.return_from_swept_deposit = await send(relayer, gateway, paymentGatewayAbi, "returnDeposit", [
      one,
      request,
      await signer.signTypedData(depositReturnTypedData({ chainId, gateway, request })),
    ]);
  }

  // A subscription's second charge (fixed plan, allowance in use), sent by the relayer.
  const subscriber = anvilAccount(8);
  await mint(token, subscriber.address, amount * 3n);
  await send(ctx.wallet(subscriber), token, testTokenPermitAbi, "approve", [gateway, amount * 5n]);
  const now = (await publicClient.getBlock()).timestamp;
  const subscription = {
    subscriptionId: keccak256(stringToHex("bench subscription")),
    payer: subscriber.address,
    tokenAddress: token,
    amount,
    variableAmount: false,
    usePermit2: false,
    recipientAddress: merchant,
    merchantId,
    period: 86_400n,
    startsAt: now,
    charges: 12n,
  };
  const typedData = subscriptionTypedData({ chainId, gateway, subscription });
  gas.subscription_activate_relayed = await send(relayer, gateway, paymentGatewayAbi, "chargeSubscription", [
    subscription,
    { period: 0n, amount, deadline: 0n },
    await signer.signTypedData(typedData),
    await subscriber.signTypedData(typedData),
  ]);
  await publicClient.request({ method: "evm_increaseTime" as never, params: [86_400] as never });
  await publicClient.request({ method: "evm_mine" as never, params: [] as never });
  gas.subscription_charge_relayed = await send(relayer, gateway, paymentGatewayAbi, "chargeSubscription", [
    subscription,
    { period: 1n, amount, deadline: 0n },
    "0x",
    "0x",
  ]);
  return gas;
}
