import {
  depositAccountAbi,
  depositAddress,
  depositAuthorization,
  paymentGatewayAbi,
  type DepositGatewayVersion,
  type DepositTerms,
} from "@kassa/contracts";
import {
  BaseError,
  ContractFunctionRevertedError,
  RpcRequestError,
  encodeFunctionData,
  keccak256,
  stringToHex,
  zeroAddress,
  type Address,
  type PublicClient,
  type SignedAuthorization,
} from "viem";

/**
 * Facts about a gateway's deposit addresses for core/deposits: which kind it makes (version 3: keyless EIP-7702
 * accounts; version 2: CREATE2 addresses), and the authorizations a transaction moving money from version-3 accounts
 * must carry (those of accounts no transaction has delegated yet).
 */

/**
 * How `gateway` makes deposit addresses: 3 when it answers `depositAccountCode()`, 2 when it reverts (a version-2
 * gateway has no such function). A node that does not answer throws. A gateway's code never changes, so callers may
 * keep the answer.
 */
export async function readDepositGatewayVersion(
  client: PublicClient,
  gateway: Address,
): Promise<DepositGatewayVersion> {
  try {
    await client.readContract({
      address: gateway,
      abi: paymentGatewayAbi,
      functionName: "depositAccountCode",
    });
    return 3;
  } catch (error) {
    if (error instanceof BaseError && error.walk((cause) => cause instanceof ContractFunctionRevertedError))
      return 2;
    throw error;
  }
}

/**
 * Whether the chain applies a version-3 deposit account's EIP-7702 authorization, which the first move of money from
 * every such account carries: an `eth_call` to the account of made-up terms (a payment id no payment has) with its
 * public authorization, as its gateway would call it (`move` of nothing). A node that applies it runs
 * `DepositAccount` and answers `move`'s selector; a node without EIP-7702 refuses the call (anvil: "Eip7702 is not
 * supported"), or runs it at an account without code, which answers nothing. Resolves the node's words when it does
 * not apply it; a node that does not answer at all (a timeout, a transport error) throws.
 */
export async function readDepositAuthorizationSupport(
  client: PublicClient,
  params: { chainId: number; gateway: Address },
): Promise<{ supported: true } | { supported: false; reason: string }> {
  const terms: DepositTerms = {
    paymentId: keccak256(stringToHex("kassa: does this chain apply EIP-7702 authorizations?")),
    tokenAddress: zeroAddress,
    amount: 1n,
    minimumAmount: 1n,
    recipientAddress: zeroAddress,
    merchantId: keccak256(stringToHex("kassa: no merchant")),
    feeBps: 0,
  };
  const probe = { chainId: params.chainId, gateway: params.gateway, terms };
  const move = encodeFunctionData({
    abi: depositAccountAbi,
    functionName: "move",
    args: [zeroAddress, zeroAddress, 0n, zeroAddress, 0n],
  });
  let data: string | undefined;
  try {
    ({ data } = await client.call({
      account: params.gateway,
      to: depositAddress({ ...probe, gatewayVersion: 3 }),
      data: move,
      authorizationList: [depositAuthorization(probe)],
    }));
  } catch (error) {
    const answer =
      error instanceof BaseError ? error.walk((cause) => cause instanceof RpcRequestError) : undefined;
    if (!(answer instanceof RpcRequestError)) throw error;
    return { supported: false, reason: `the node refuses an EIP-7702 authorization: ${answer.details}` };
  }
  // `move` answers its own selector, the first four bytes of its call.
  return data !== undefined && data.slice(0, 10) === move.slice(0, 10)
    ? { supported: true }
    : { supported: false, reason: "the node ignores EIP-7702 authorizations (the account runs no code)" };
}

/**
 * The EIP-7702 authorizations of the deposit accounts of `terms` on `gateway` that hold no code yet: what the
 * transaction that moves money from them (a sweep, a return) must carry. Empty for a version-2 gateway. Each is public
 * (derived from the terms) and can be carried once: an account delegated meanwhile (by any transaction) makes its
 * tuple void, never the transaction.
 */
export async function readDepositAuthorizations(
  client: PublicClient,
  params: { chainId: number; gateway: Address; terms: readonly DepositTerms[] },
): Promise<SignedAuthorization[]> {
  const { chainId, gateway } = params;
  if ((await readDepositGatewayVersion(client, gateway)) !== 3) return [];
  const pending = await Promise.all(
    params.terms.map(async (terms) => {
      const code = await client.getCode({
        address: depositAddress({ chainId, gateway, terms, gatewayVersion: 3 }),
      });
      return code === undefined || code === "0x"
        ? depositAuthorization({ chainId, gateway, terms })
        : undefined;
    }),
  );
  return pending.filter((authorization) => authorization !== undefined);
}
