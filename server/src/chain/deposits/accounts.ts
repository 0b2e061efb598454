import {
  depositAddress,
  depositAuthorization,
  paymentGatewayAbi,
  type DepositGatewayVersion,
  type DepositTerms,
} from "@kassa/contracts";
import {
  BaseError,
  ContractFunctionRevertedError,
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
