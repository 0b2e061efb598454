import { getAddress } from "viem";
import { z } from "zod";
import type { PaymentDetails } from "../../db/payments/payments.js";
import { unitsToDecimal } from "../../domain/amount.js";
import { fundsAtRecipient } from "../../domain/records.js";
import { baseUnitsField as baseUnits } from "../schemaTypes.js";
import { transferUri } from "./terms.js";

/**
 * The transfer path's fields of a payment's views (POST /payments, GET /payments/:id, the merchant's record):
 * where to send a plain transfer, how much, until when, and what arrived.
 */

export const depositViewFields = {
  depositAddress: z
    .string()
    .nullable()
    .describe(
      "The payment's own deposit address (EIP-55): a plain ERC-20 transfer of the token to it pays the payment. Null when the gateway's fee could not be read at creation",
    ),
  transferAmount: z
    .string()
    .nullable()
    .describe(
      "The exact amount to transfer, in token units (decimal, e.g. 25.5); null without a deposit address",
    ),
  transferUri: z
    .string()
    .nullable()
    .describe(
      "EIP-681 request of that transfer: ethereum:<token>@<chainId>/transfer?address=<deposit>&uint256=<amount>",
    ),
  transferExpiresAt: z
    .string()
    .nullable()
    .describe(
      "End of the transfer window (ISO 8601; the merchant's setting, 60 minutes by default), later than expiresAt on purpose: exchange withdrawals take minutes to hours. A transfer after it is late and follows the merchant's late policy",
    ),
  depositMinimumAmount: baseUnits
    .nullable()
    .describe("The least that settles the payment by transfer (the amount less the merchant's tolerance)"),
  amountReceived: baseUnits.describe(
    "What final transfers of the payment's token brought to its deposit address",
  ),
  overpaidAmount: baseUnits.describe(
    "What of amountReceived the payment does not take from its deposit address (beyond the amount, or beyond what its sweep took): returnable to the sender",
  ),
  paidVia: z
    .enum(["contract", "transfer"])
    .nullable()
    .describe(
      "How it was paid: contract (pay() or a relayed call) or transfer (to its deposit address); null while unpaid",
    ),
  sweptAt: z
    .string()
    .nullable()
    .describe(
      "Paid by transfer: when Kassa's relayer swept the deposit address to the recipient and the treasury (ISO 8601; the sweep's transaction final); null before",
    ),
  sweepTransactionHash: z
    .string()
    .nullable()
    .describe("The sweep's transaction (sweepDeposit, or sweepDeposits for a batch); null before the sweep"),
  fundsAtRecipient: z
    .boolean()
    .describe(
      "Whether the payment's money has reached the recipient's wallet: paid by contract, in the paying transaction; paid by transfer, once swept (payment.swept), not before. A merchant who ships on money received waits for true",
    ),
};

export type DepositView = { [K in keyof typeof depositViewFields]: z.infer<(typeof depositViewFields)[K]> };

export function depositView(payment: PaymentDetails): DepositView {
  const address = payment.deposit_address === null ? null : getAddress(payment.deposit_address);
  return {
    depositAddress: address,
    transferAmount: address === null ? null : unitsToDecimal(BigInt(payment.amount), payment.token_decimals),
    transferUri:
      address === null
        ? null
        : transferUri({
            tokenAddress: payment.token_address,
            networkId: payment.network_id,
            depositAddress: address,
            amount: payment.amount,
          }),
    transferExpiresAt: payment.transfer_expires_at?.toISOString() ?? null,
    depositMinimumAmount: payment.deposit_minimum_amount,
    amountReceived: payment.amount_received,
    overpaidAmount: payment.overpaid_amount,
    paidVia: payment.paid_via,
    sweptAt: payment.swept_at?.toISOString() ?? null,
    sweepTransactionHash: payment.sweep_tx_hash,
    fundsAtRecipient: fundsAtRecipient(payment),
  };
}

/** A transfer that reached a payment's deposit address, as the operator sees it (`kassa admin payment show`). */
export interface DepositTransferView {
  tokenAddress: string;
  /** Whether it is the payment's token (another is a wrong token, to recover). */
  paymentToken: boolean;
  fromAddress: string;
  amount: string;
  txHash: string;
  blockNumber: string;
  /** After the payment's transfer window. */
  late: boolean;
  /** When Kassa read it final. */
  recordedAt: string;
}

export function depositTransferView(
  payment: Pick<PaymentDetails, "token_address">,
  row: {
    token_address: string;
    from_address: string;
    amount: string;
    tx_hash: string;
    block_number: string;
    late: boolean;
    created_at: Date;
  },
): DepositTransferView {
  return {
    tokenAddress: getAddress(row.token_address),
    paymentToken: row.token_address === payment.token_address.toLowerCase(),
    fromAddress: getAddress(row.from_address),
    amount: row.amount,
    txHash: row.tx_hash,
    blockNumber: String(row.block_number),
    late: row.late,
    recordedAt: row.created_at.toISOString(),
  };
}
