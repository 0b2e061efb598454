/**
 * A chain for one test file: an anvil node with Kassa and the test tokens deployed, funded accounts, and
 * helpers that sign and send payments. Call `snapshotEachTest()` inside the file to isolate tests.
 */
import { randomBytes } from "node:crypto";
import { rpcChain } from "../src/chain.js";
import { afterAll, afterEach, beforeEach, expect } from "vitest";
import {
  BaseError,
  ContractFunctionRevertedError,
  createPublicClient,
  createTestClient,
  createWalletClient,
  http,
  keccak256,
  parseEther,
  stringToHex,
  type Address,
  type Hex,
  type LocalAccount,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";

import {
  deployFeeOnTransferToken,
  deployKassa,
  deployTestTokens,
  erc2771ForwarderAbi,
  noPermit,
  paymentGatewayAbi,
  paymentIdOf,
  signForwardRequest,
  signPaymentRequest,
  signPermit,
  testTokenPermitAbi,
  testTokens,
  type PaymentRequest,
} from "../src/index.js";
import { anvilAccount, startAnvil } from "../src/dev.js";

export const defaultFeeBps = 100;

export type PermitArg = { deadline: bigint; v: number; r: Hex; s: Hex };

export function id(label: string): Hex {
  return keccak256(stringToHex(label));
}

/** An account with no native token, derived from a label (gasless payers). */
export function unfundedAccount(label: string): LocalAccount {
  return privateKeyToAccount(id(`unfunded ${label}`));
}

export async function setupChain() {
  const anvil = await startAnvil();
  afterAll(() => anvil.stop());
  const chain = rpcChain(anvil.chainId, "anvil", anvil.rpcUrl);
  const transport = http(anvil.rpcUrl);
  // Short polling and no cache: blocks come instantly, and evm_revert moves the chain backwards.
  const publicClient = createPublicClient({ chain, transport, pollingInterval: 50, cacheTime: 0 });
  const testClient = createTestClient({ chain, transport, mode: "anvil" });
  const wallet = (account: LocalAccount) => createWalletClient({ chain, transport, account });

  const accounts = {
    deployer: anvilAccount(0),
    signer: anvilAccount(1),
    treasury: anvilAccount(2),
    merchant: anvilAccount(3),
    payer: anvilAccount(4),
    relayer: anvilAccount(5),
    other: anvilAccount(6),
  };
  const deployer = wallet(accounts.deployer);
  const { forwarder, gateway } = await deployKassa({
    walletClient: deployer,
    publicClient,
    signer: accounts.signer.address,
    treasury: accounts.treasury.address,
    defaultFeeBps,
  });
  const tokens = await deployTestTokens({ walletClient: deployer, publicClient });
  const feeOnTransfer = await deployFeeOnTransferToken({
    walletClient: deployer,
    publicClient,
    transferFeeBps: 100,
  });

  const chainId = anvil.chainId;

  async function mined(hash: Hex) {
    const receipt = await publicClient.waitForTransactionReceipt({ hash });
    expect(receipt.status).toBe("success");
    return receipt;
  }

  async function mint(token: Address, to: Address, amount: bigint) {
    await mined(
      await deployer.writeContract({
        address: token,
        abi: testTokenPermitAbi,
        functionName: "mint",
        args: [to, amount],
      }),
    );
  }

  async function approve(owner: LocalAccount, token: Address, spender: Address, amount: bigint) {
    await mined(
      await wallet(owner).writeContract({
        address: token,
        abi: testTokenPermitAbi,
        functionName: "approve",
        args: [spender, amount],
      }),
    );
  }

  function balanceOf(token: Address, account: Address) {
    return publicClient.readContract({
      address: token,
      abi: testTokenPermitAbi,
      functionName: "balanceOf",
      args: [account],
    });
  }

  async function now(): Promise<bigint> {
    return (await publicClient.getBlock()).timestamp;
  }

  let sequence = 0n;
  /** A fresh payment id as the service makes them: the next sequence under 192 random bits. */
  function nextPaymentId(): Hex {
    return paymentIdOf(++sequence, randomBytes(24));
  }

  /** A signed payment request; fields default to a 25-token payment of the 18-decimal permit token. */
  async function paymentRequest(
    overrides: Partial<PaymentRequest> = {},
    signer: LocalAccount = accounts.signer,
  ) {
    const request: PaymentRequest = {
      paymentId: nextPaymentId(),
      tokenAddress: tokens.permit18,
      amount: parseEther("25"),
      recipientAddress: accounts.merchant.address,
      merchantId: id("merchant 1"),
      deadline: (await now()) + 3_600n,
      ...overrides,
    };
    const serverSignature = await signPaymentRequest(signer, { chainId, gateway, request });
    return { request, serverSignature };
  }

  function payArgs(
    signed: { request: PaymentRequest; serverSignature: Hex },
    permit: PermitArg = noPermit,
  ): readonly [Hex, Address, bigint, Address, Hex, bigint, Hex, PermitArg] {
    const r = signed.request;
    return [
      r.paymentId,
      r.tokenAddress,
      r.amount,
      r.recipientAddress,
      r.merchantId,
      r.deadline,
      signed.serverSignature,
      permit,
    ];
  }

  /** The payer's EIP-2612 permit for the gateway, for exactly `value`. */
  async function permitFor(owner: LocalAccount, token: Address, value: bigint, spender: Address = gateway) {
    const nonce = await publicClient.readContract({
      address: token,
      abi: testTokenPermitAbi,
      functionName: "nonces",
      args: [owner.address],
    });
    const name = token === tokens.permit6 ? testTokens.permit6.name : testTokens.permit18.name;
    return signPermit(owner, {
      chainId,
      token,
      tokenName: name,
      permit: { owner: owner.address, spender, value, nonce, deadline: (await now()) + 3_600n },
    });
  }

  /** Sends `pay` from `payer` and returns the receipt. */
  async function pay(
    payer: LocalAccount,
    signed: { request: PaymentRequest; serverSignature: Hex },
    permit?: PermitArg,
  ) {
    return mined(
      await wallet(payer).writeContract({
        address: gateway,
        abi: paymentGatewayAbi,
        functionName: "pay",
        args: payArgs(signed, permit),
      }),
    );
  }

  /** A ForwardRequest signed by `from` for `data` on `to` (default: the gateway), with its current nonce. */
  async function forwardRequest(
    from: LocalAccount,
    data: Hex,
    options: { to?: Address; forwarderAddress?: Address } = {},
  ) {
    const forwarderAddress = options.forwarderAddress ?? forwarder;
    const nonce = await publicClient.readContract({
      address: forwarderAddress,
      abi: erc2771ForwarderAbi,
      functionName: "nonces",
      args: [from.address],
    });
    return signForwardRequest(from, {
      chainId,
      forwarder: forwarderAddress,
      request: {
        from: from.address,
        to: options.to ?? gateway,
        value: 0n,
        gas: 300_000n,
        nonce,
        deadline: Number(await now()) + 3_600,
        data,
      },
    });
  }

  return {
    anvil,
    chainId,
    publicClient,
    testClient,
    wallet,
    accounts,
    deployer,
    forwarder,
    gateway,
    tokens,
    feeOnTransfer,
    mined,
    mint,
    approve,
    balanceOf,
    now,
    nextPaymentId,
    paymentRequest,
    payArgs,
    permitFor,
    pay,
    forwardRequest,
    /** Reverts the chain to its state before each test. */
    snapshotEachTest() {
      let snapshot: Hex | undefined;
      beforeEach(async () => {
        snapshot = await testClient.snapshot();
      });
      afterEach(async () => {
        if (snapshot) await testClient.revert({ id: snapshot });
      });
    },
  };
}

export type Chain = Awaited<ReturnType<typeof setupChain>>;

/** Expects `promise` to fail with the custom error `errorName` (and `args`, if given) decoded from the ABI. */
export async function expectRevert(promise: Promise<unknown>, errorName: string, args?: readonly unknown[]) {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error, `expected a revert with ${errorName}`).toBeInstanceOf(BaseError);
  const revert = (error as BaseError).walk((e) => e instanceof ContractFunctionRevertedError);
  expect(revert, String(error)).toBeInstanceOf(ContractFunctionRevertedError);
  const data = (revert as ContractFunctionRevertedError).data;
  expect(data?.errorName).toBe(errorName);
  if (args) expect(data?.args ?? []).toEqual(args);
}

export const oneEther = parseEther("1");
