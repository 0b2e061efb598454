import { encodeFunctionData, erc20Abi, type Address, type Hex, type PublicClient } from "viem";
import { classifySendError } from "./sender/nodeErrors.js";

/**
 * What the gas faucet reads of a chain before a grant, in viem's style of actions: each takes the
 * client first. A node that does not answer throws; an estimate the node refuses is an answer
 * (`undefined`), since it says something about the wallet.
 */

/** An estimate the node refused; a node that did not answer rethrows. */
function refusedEstimate(error: unknown): undefined {
  if (classifySendError(error) === "unreachable") throw error;
  return undefined;
}

export interface ReadPayerWalletParameters {
  wallet: Address;
  token: Address;
  /** The spender the payer approves (the gateway) and the amount. */
  spender: Address;
  amount: bigint;
}

export interface ReadPayerWalletReturnType {
  nativeBalance: bigint;
  tokenBalance: bigint;
  /** The node's estimate of the real approve(spender, amount) sent by the wallet; undefined: it fails. */
  approveGas: bigint | undefined;
  /** The code at the wallet's address ("0x" or undefined for an externally owned account). */
  code: Hex | undefined;
}

/** A payer's balances, what its approve would cost, and whether it is a contract. */
export async function readPayerWallet(
  client: PublicClient,
  { wallet, token, spender, amount }: ReadPayerWalletParameters,
): Promise<ReadPayerWalletReturnType> {
  const [nativeBalance, tokenBalance, approveGas, code] = await Promise.all([
    client.getBalance({ address: wallet }),
    client.readContract({ address: token, abi: erc20Abi, functionName: "balanceOf", args: [wallet] }),
    client
      .estimateGas({
        account: wallet,
        to: token,
        data: encodeFunctionData({ abi: erc20Abi, functionName: "approve", args: [spender, amount] }),
      })
      .catch(refusedEstimate),
    client.getCode({ address: wallet }),
  ]);
  return { nativeBalance, tokenBalance, approveGas, code };
}

export interface ReadNativeTransferParameters {
  from: Address;
  to: Address;
  value: bigint;
}

export interface ReadNativeTransferReturnType {
  /** The transfer's gas as the node estimates it; undefined: the recipient refuses native token. */
  gasLimit: bigint | undefined;
  /** The sender's native balance. */
  senderBalance: bigint;
}

/** What sending `value` of native token from `from` to `to` would take, and what `from` holds. */
export async function readNativeTransfer(
  client: PublicClient,
  { from, to, value }: ReadNativeTransferParameters,
): Promise<ReadNativeTransferReturnType> {
  const [gasLimit, senderBalance] = await Promise.all([
    client.estimateGas({ account: from, to, value }).catch(refusedEstimate),
    client.getBalance({ address: from }),
  ]);
  return { gasLimit, senderBalance };
}

/** EIP-7702: an externally owned account that delegates to code still signs and pays for itself. */
const delegationDesignator = /^0xef0100[0-9a-f]{40}$/i;

/** Whether code read at an address makes it a contract (a smart account) rather than a key. */
export function isContract(code: Hex | undefined): boolean {
  return code !== undefined && code !== "0x" && !delegationDesignator.test(code);
}
