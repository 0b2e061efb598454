import { paymentGatewayAbi } from "@kassa/contracts";
import {
  BaseError,
  createWalletClient,
  custom,
  decodeErrorResult,
  encodeFunctionData,
  type Address,
  type Hex,
  type PublicClient,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { KassaError } from "../errors.js";
import type { Secret } from "../secret.js";

/**
 * Sets (or, with `feeBps` null, clears) a merchant's fee override on the gateway from the owner's key, and
 * waits for the transaction: `setMerchantFee` / `clearMerchantFee`. The call is simulated first, so what
 * the gateway would refuse (a fee changed less than its SIGNATURE_LIFETIME ago, no override to clear, a fee
 * above the cap, a key that is not the owner) fails with a clear error before anything is sent. The change
 * applies to payment requests signed from its block on; requests signed earlier keep their fee.
 */
export async function sendMerchantFee(params: {
  client: PublicClient;
  ownerKey: Secret<Hex>;
  gateway: Address;
  merchantId: Hex;
  feeBps: number | null;
}): Promise<{ txHash: Hex }> {
  const { client, gateway } = params;
  const account = privateKeyToAccount(params.ownerKey.reveal());
  const owner = await client.readContract({
    address: gateway,
    abi: paymentGatewayAbi,
    functionName: "owner",
  });
  if (owner.toLowerCase() !== account.address.toLowerCase()) {
    throw new KassaError(
      "CHAIN_CONFIG_ERROR",
      `GATEWAY_OWNER_PRIVATE_KEY is ${account.address}, but the owner of gateway ${gateway} is ${owner}`,
    );
  }
  const data =
    params.feeBps === null
      ? encodeFunctionData({
          abi: paymentGatewayAbi,
          functionName: "clearMerchantFee",
          args: [params.merchantId],
        })
      : encodeFunctionData({
          abi: paymentGatewayAbi,
          functionName: "setMerchantFee",
          args: [params.merchantId, params.feeBps],
        });
  try {
    await client.call({ account, to: gateway, data });
  } catch (error) {
    throw refusal(error) ?? error;
  }
  const wallet = createWalletClient({ account, transport: custom(client) });
  const txHash = await wallet.sendTransaction({ to: gateway, data, chain: client.chain });
  const receipt = await client.waitForTransactionReceipt({ hash: txHash });
  if (receipt.status !== "success") {
    throw new KassaError("CHAIN_CONFIG_ERROR", `the fee transaction ${txHash} reverted`);
  }
  return { txHash };
}

/** The gateway's refusal as a VALIDATION_ERROR on `feeBps`, or undefined for any other failure. */
function refusal(error: unknown): KassaError | undefined {
  const withData =
    error instanceof BaseError ? error.walk((e) => typeof (e as { data?: unknown }).data === "string") : null;
  const revertData = (withData as { data?: Hex } | null)?.data;
  if (revertData === undefined) return undefined;
  let decoded;
  try {
    decoded = decodeErrorResult({ abi: paymentGatewayAbi, data: revertData });
  } catch {
    return undefined;
  }
  const args = decoded.args ?? [];
  const messages: Record<string, string> = {
    FeeChangeTooSoon: `the merchant's fee changed less than an hour ago (payments signed before a change keep their fee); it can change again at ${new Date(Number(args[0]) * 1000).toISOString()}`,
    MerchantFeeNotSet: "the merchant has no fee override to clear",
    FeeTooHigh: `the fee is above the gateway's cap of ${String(args[1])} basis points`,
  };
  const message = messages[decoded.errorName];
  if (message === undefined) return undefined;
  return new KassaError("VALIDATION_ERROR", undefined, { details: [{ path: ["feeBps"], message }] });
}
