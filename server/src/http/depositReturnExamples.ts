import { depositReturnTypes } from "@kassa/contracts";
import { depositReturnViewSchema } from "../core/deposits/returnViews.js";
import {
  lateReturnsToSignSchema,
  lateReturnToSignSchema,
  type lateReturnInputSchema,
} from "../core/deposits/lateReturns.js";
import { webhookEventSchemas } from "../core/webhooks/events.js";
import { example, exampleValues as v, paidEvent, unpaid } from "./schemaExamples.js";

/** The examples of returns from deposit addresses, in the terms of schemaExamples.ts (USDC on Base). */

const deposit = "0x7A3b1C9e5D2f4A6b8C0d1E3f5A7b9C2d4E6f8A0B";

example(depositReturnViewSchema, {
  returnId: "0x5d0c7c1b9e2f4a6d8b3e1f0a2c4d6e8f1a3b5c7d9e0f2a4b0000000000000009",
  paymentId: v.paymentId,
  kind: "excess",
  tokenAddress: v.usdc,
  to: v.payer,
  amount: "1000000",
  transfers: [{ txHash: v.txHash, logIndex: 3, amount: "26000000" }],
  status: "SUBMITTED",
  txHash: v.txHash,
  reason: null,
  createdAt: "2026-11-23T06:30:00.000Z",
  finishedAt: null,
});

const lateRequest = {
  deposit,
  returnId: "0x9c41e07a2b5d8f3c6e1a4b7d0f2c5e8a1b3d6f9c2e4a7b0d0000000000000011",
  tokenAddress: v.usdc,
  to: v.payer,
  amount: "25000000",
  deadline: "1795420800",
};

const lateReturn = {
  request: lateRequest,
  transfers: [
    {
      txHash: "0x8e2a4c6d8b0f3e5a7c9d1b3f5e7a9c0d2b4f6e8a0c1d4f1d0c2b7a9e3d5c8b1f",
      logIndex: 0,
      amount: "25000000",
    },
  ],
  typedData: {
    domain: { name: "KassaGateway", version: "1", chainId: 8453, verifyingContract: v.gateway },
    types: {
      DepositReturn: [...depositReturnTypes.DepositReturn],
    },
    primaryType: "DepositReturn" as const,
    message: lateRequest,
  },
};
example(lateReturnToSignSchema, lateReturn);
example(lateReturnsToSignSchema, { returns: [lateReturn] });

/** The request body of POST /payments/:id/late-return. */
export const lateReturnExample = {
  returnId: lateRequest.returnId,
  to: lateRequest.to,
  amount: lateRequest.amount,
  deadline: lateRequest.deadline,
  signature: `0x${"4e".repeat(65)}`,
} satisfies typeof lateReturnInputSchema._input;

example(webhookEventSchemas["payment.late_deposit"], {
  ...unpaid,
  type: "payment.late_deposit",
  status: "EXPIRED",
  createdAt: "2026-11-23T07:40:00.000Z",
  amountReceived: "25000000",
});
example(webhookEventSchemas["payment.deposit_returned"], {
  ...paidEvent,
  type: "payment.deposit_returned",
  createdAt: "2026-11-23T06:30:00.000Z",
  paidVia: "transfer",
  fundsAtRecipient: false,
  amountReceived: "25000000",
  overpaidAmount: "1000000",
  depositReturn: {
    returnId: "0x5d0c7c1b9e2f4a6d8b3e1f0a2c4d6e8f1a3b5c7d9e0f2a4b0000000000000009",
    kind: "excess",
    tokenAddress: paidEvent.tokenAddress,
    to: paidEvent.payerAddress,
    amount: "1000000",
    txHash: "0x4f1d0c2b7a9e3d5c8b1f0e2a4c6d8b0f3e5a7c9d1b3f5e7a9c0d2b4f6e8a0c1d",
  },
});
example(webhookEventSchemas["payment.swept"], {
  ...paidEvent,
  type: "payment.swept",
  createdAt: "2026-11-23T06:07:30.000Z",
  txHash: "0x8e2a4c6d8b0f3e5a7c9d1b3f5e7a9c0d2b4f6e8a0c1d4f1d0c2b7a9e3d5c8b1f",
  paidVia: "transfer",
  amountReceived: "25000000",
  fundsAtRecipient: true,
  sweep: {
    txHash: "0x3c5e7a9b1d2f4a6c8e0b2d4f6a8c0e1b3d5f7a9c2e4b6d8f0a1c3e5b7d9f2a4c",
    blockNumber: 22841912,
    amount: "25000000",
    fee: "250000",
    recipientReceived: "24750000",
    recipientAddress: v.recipient,
  },
});
