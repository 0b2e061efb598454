import { formatEther, formatUnits, getAddress, type Address } from "viem";
import type { ChainClients } from "../../chain/clients.js";
import { estimateFees, maxCost, type FeeQuote } from "../../chain/sender/fees.js";
import { readPayerWallet, type ReadPayerWalletReturnType } from "../../chain/walletState.js";
import { findChainById } from "../../db/chains/chains.js";
import type { Db } from "../../db/infra/database.js";
import type { PaymentDetails } from "../../db/payments/payments.js";
import { KassaError } from "../../errors.js";

/**
 * Before Kassa records and signs a refund that the dashboard's signed-in wallet will send: that wallet is
 * the payment's recipient (the gateway takes a refund from the wallet that sends it, and the recipient is
 * the one that was paid), it holds the amount, its approval of the gateway would go through, and it holds
 * the native coin for the approval's and the refund's fees. Each refusal says what is wrong in a sentence
 * (FORBIDDEN: another wallet, or an approval the token refuses; INSUFFICIENT_TOKEN_BALANCE: the amount
 * or the fees' coin); nothing is written.
 */

/** refund() costs about 63k gas (80k opening a fresh bitmap word, bench:gas); with room. */
const REFUND_GAS = 100_000n;

export interface RefundSenderDeps {
  db: Db;
  chains: ChainClients;
}

async function readSender(
  deps: RefundSenderDeps,
  payment: PaymentDetails,
  sender: Address,
  amount: bigint,
): Promise<{ wallet: ReadPayerWalletReturnType; fees: FeeQuote }> {
  const chain = await findChainById(deps.db, payment.chain_id);
  try {
    if (!chain) throw new Error(`chain ${payment.chain_id} is gone`);
    const client = deps.chains.publicClient(chain);
    const [wallet, fees] = await Promise.all([
      readPayerWallet(client, {
        wallet: sender,
        token: payment.token_address as Address,
        spender: payment.gateway_address as Address,
        amount,
      }),
      estimateFees(client),
    ]);
    return { wallet, fees };
  } catch (error) {
    throw new KassaError(
      "CHAIN_CONFIG_ERROR",
      "the chain's node did not answer, so the wallet that would send the refund could not be checked: try again",
      { cause: error },
    );
  }
}

/** Throws FORBIDDEN or INSUFFICIENT_TOKEN_BALANCE when `sender` cannot send a refund of `amount`. */
export async function checkRefundSender(
  deps: RefundSenderDeps,
  payment: PaymentDetails,
  sender: Address,
  amount: bigint,
): Promise<void> {
  const recipient = getAddress(payment.recipient_address);
  const wallet = getAddress(sender);
  if (wallet !== recipient) {
    throw new KassaError(
      "FORBIDDEN",
      `refunds of this payment are sent from its recipient wallet ${recipient}, which it paid; ` +
        `you signed in with ${wallet}: sign in with ${recipient} to refund it`,
    );
  }
  const { wallet: held, fees } = await readSender(deps, payment, wallet, amount);
  const tokens = (value: bigint) => `${formatUnits(value, payment.token_decimals)} ${payment.token_symbol}`;
  if (held.tokenBalance < amount) {
    throw new KassaError(
      "INSUFFICIENT_TOKEN_BALANCE",
      `the wallet ${wallet} holds ${tokens(held.tokenBalance)}, and this refund sends ${tokens(amount)} ` +
        "back to the payer from it: add tokens to it, or refund less",
    );
  }
  if (held.approveGas === undefined) {
    throw new KassaError(
      "FORBIDDEN",
      `the token refuses the approval of the gateway for ${tokens(amount)} from ${wallet}, ` +
        "so the refund could not be sent from it",
    );
  }
  const cost = maxCost(fees, held.approveGas + REFUND_GAS);
  if (held.nativeBalance < cost) {
    throw new KassaError(
      "INSUFFICIENT_TOKEN_BALANCE",
      `the wallet ${wallet} holds ${formatEther(held.nativeBalance)} of the chain's coin, less than the ` +
        `fees of the approval and the refund (up to ${formatEther(cost)}): add some to it first`,
    );
  }
}
