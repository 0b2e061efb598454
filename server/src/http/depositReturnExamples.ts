import { depositReturnViewSchema } from "../core/deposits/returns.js";
import { lateReturnInputSchema, lateReturnToSignSchema } from "../core/deposits/lateReturns.js";
import { example, exampleValues as v } from "./schemaExamples.js";

/** The examples of returns from deposit addresses, in the terms of schemaExamples.ts (USDC on Base). */

const deposit = "0x7A3b1C9e5D2f4A6b8C0d1E3f5A7b9C2d4E6f8A0B";

example(depositReturnViewSchema, {
  returnId: "0x5d0c7c1b9e2f4a6d8b3e1f0a2c4d6e8f1a3b5c7d9e0f2a4b0000000000000009",
  paymentId: v.paymentId,
  kind: "excess",
  tokenAddress: v.usdc,
  to: v.payer,
  amount: "1000000",
  status: "SUBMITTED",
  txHash: v.txHash,
  reason: null,
  createdAt: "2026-11-23T06:30:00.000Z",
  finishedAt: null,
});

const lateRequest = {
  deposit,
  returnId: v.paymentId,
  tokenAddress: v.usdc,
  to: v.payer,
  amount: "25000000",
  deadline: "1795420800",
};

example(lateReturnToSignSchema, {
  request: lateRequest,
  typedData: {
    domain: { name: "KassaGateway", version: "1", chainId: 8453, verifyingContract: v.gateway },
    types: {
      DepositReturn: [
        { name: "deposit", type: "address" },
        { name: "returnId", type: "bytes32" },
        { name: "tokenAddress", type: "address" },
        { name: "to", type: "address" },
        { name: "amount", type: "uint256" },
        { name: "deadline", type: "uint256" },
      ],
    },
    primaryType: "DepositReturn",
    message: lateRequest,
  },
});

/** The request body of POST /payments/:id/late-return. */
export const lateReturnExample = {
  amount: lateRequest.amount,
  deadline: lateRequest.deadline,
  signature: `0x${"4e".repeat(65)}`,
} satisfies typeof lateReturnInputSchema._input;
