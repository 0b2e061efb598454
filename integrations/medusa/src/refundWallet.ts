import { fromBaseUnits, gatewayAbi, tokenAbi, type Refund } from "@kassa/sdk";
import {
  BaseError,
  createPublicClient,
  createWalletClient,
  decodeErrorResult,
  defineChain,
  http,
  type Address,
  type Chain,
  type Hex,
} from "viem";
import { nonceManager, privateKeyToAccount } from "viem/accounts";
import { KassaProviderError } from "./errors.js";

/**
 * The merchant's refund wallet: a wallet of its own (not the recipient that receives the sales) holding a
 * float of the token and some of the chain's coin, whose key the provider holds. The gateway takes a refund's
 * tokens from whichever wallet sends its transaction, so this wallet can send every refund Kassa signs, and
 * the payer gets exactly the refund asked for (docs/api.md, "Refunds").
 */
export interface RefundSender {
  readonly address: Address;
  /** Refuses, before anything is recorded, a refund the wallet does not hold the tokens for. */
  checkFunds(tokenAddress: string, units: bigint, decimals: number, symbol: string): Promise<void>;
  /** Approves the gateway when needed, sends the refund's transaction, and resolves with its hash once mined. */
  send(refund: Refund): Promise<Hex>;
}

export function refundWallet(options: { privateKey: Hex; rpcUrl: string }): RefundSender {
  // The nonce manager hands out nonces in order, so two refunds sent at once from this process do not collide.
  const account = privateKeyToAccount(options.privateKey, { nonceManager });
  const transport = http(options.rpcUrl, { retryCount: 2 });
  const publicClient = createPublicClient({ transport });
  const walletClient = createWalletClient({ account, transport });
  let chain: Promise<Chain> | undefined;

  /** The RPC's chain, checked against the one the refund is signed for. */
  async function chainFor(chainId: number): Promise<Chain> {
    chain ??= publicClient.getChainId().then((id) =>
      defineChain({
        id,
        name: `chain ${id}`,
        nativeCurrency: { name: "native coin", symbol: "ETH", decimals: 18 },
        rpcUrls: { default: { http: [options.rpcUrl] } },
      }),
    );
    const resolved = await chain.catch((error: unknown) => {
      chain = undefined;
      throw failed("the refund wallet's RPC did not answer", error);
    });
    if (resolved.id !== chainId) {
      throw new KassaProviderError(
        "unexpected_state",
        `refundWallet.rpcUrl is a node of chain ${resolved.id}, but the payment is on chain ${chainId}`,
      );
    }
    return resolved;
  }

  async function mined(hash: Hex, what: string): Promise<void> {
    const receipt = await publicClient.waitForTransactionReceipt({ hash });
    if (receipt.status !== "success") {
      throw new KassaProviderError("unexpected_state", `the refund wallet's ${what} ${hash} reverted`);
    }
  }

  return {
    address: account.address,

    async checkFunds(tokenAddress, units, decimals, symbol) {
      const balance = await publicClient
        .readContract({
          address: tokenAddress as Address,
          abi: tokenAbi,
          functionName: "balanceOf",
          args: [account.address],
        })
        .catch((error: unknown) => {
          throw failed("the refund wallet's token balance could not be read", error);
        });
      if (balance < units) {
        throw new KassaProviderError(
          "not_allowed",
          `the refund wallet ${account.address} holds ${fromBaseUnits(balance, decimals)} ${symbol}, ` +
            `short of the ${fromBaseUnits(units, decimals)} ${symbol} to refund: top it up and refund again`,
        );
      }
    },

    async send(refund) {
      const { transaction } = refund;
      const onChain = await chainFor(transaction.chainId);
      const gateway = transaction.to as Address;
      const amount = BigInt(refund.amount);
      try {
        const allowance = await publicClient.readContract({
          address: refund.tokenAddress as Address,
          abi: tokenAbi,
          functionName: "allowance",
          args: [account.address, gateway],
        });
        if (allowance < amount) {
          const approval = await walletClient.writeContract({
            chain: onChain,
            address: refund.tokenAddress as Address,
            abi: tokenAbi,
            functionName: "approve",
            args: [gateway, amount],
          });
          await mined(approval, "approval");
        }
        const call = { to: gateway, data: transaction.data as Hex, value: BigInt(transaction.value) };
        // Asked first, so that a refund the gateway would refuse is said in its words, and costs no gas.
        await publicClient.call({ account: account.address, ...call }).catch((error: unknown) => {
          throw new KassaProviderError(
            "unexpected_state",
            `the gateway refuses refund ${refund.id} from the refund wallet: ${revertReason(error)}`,
            { cause: error },
          );
        });
        const hash = await walletClient.sendTransaction({ chain: onChain, ...call });
        await mined(hash, `refund ${refund.id}`);
        return hash;
      } catch (error) {
        if (error instanceof KassaProviderError) throw error;
        throw failed(`the refund wallet could not send refund ${refund.id}`, error);
      }
    },
  };
}

/** A revert as the contract said it (`RefundAlreadyProcessed(0x...)`), or viem's short message. */
function revertReason(error: unknown): string {
  if (!(error instanceof BaseError)) return String(error);
  const withData = error.walk((cause) => /^0x[0-9a-f]{8}/i.test(String((cause as { data?: unknown }).data)));
  const data = (withData as { data?: Hex } | null)?.data;
  if (data) {
    try {
      const decoded = decodeErrorResult({ abi: [...gatewayAbi, ...tokenAbi], data });
      return `${decoded.errorName}(${(decoded.args ?? []).map(String).join(", ")})`;
    } catch {
      // Not one of the gateway's or the token's errors.
    }
  }
  return error.shortMessage;
}

function failed(what: string, error: unknown): KassaProviderError {
  const reason = error instanceof BaseError ? error.shortMessage : String(error);
  return new KassaProviderError("unexpected_state", `${what}: ${reason}`, { cause: error });
}
