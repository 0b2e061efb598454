import { exampleValues as v } from "./exampleValues.js";

/**
 * The transfer path's fields in the examples of schemaExamples.ts (25 USDC on Base, tolerance 0): the payment's
 * deposit address with nothing arrived yet, and the same payment paid by pay().
 */
const deposit = "0x7A3b1C9e5D2f4A6b8C0d1E3f5A7b9C2d4E6f8A0B";

export const openDeposit = {
  depositAddress: deposit,
  transferAmount: "25",
  transferUri: `ethereum:${v.usdc}@8453/transfer?address=${deposit}&uint256=25000000`,
  transferExpiresAt: "2026-11-23T07:05:00.000Z",
  depositMinimumAmount: "25000000",
  amountReceived: "0",
  overpaidAmount: "0",
  paidVia: null,
  sweptAt: null,
  sweepTransactionHash: null,
  fundsAtRecipient: false,
} as const;

export const paidDeposit = { ...openDeposit, paidVia: "contract", fundsAtRecipient: true } as const;

/** The webhooks' fields of the transfer path, for a payment paid by pay(). */
export const depositWebhookFields = {
  paidVia: "contract",
  amountReceived: "0",
  overpaidAmount: "0",
  fundsAtRecipient: true,
} as const;

/** What the webhooks of an unpaid payment say differently from a paid one's. */
export const unpaidEventFields = {
  txHash: null,
  payerAddress: null,
  paidAt: null,
  paidVia: null,
  fundsAtRecipient: false,
} as const;
