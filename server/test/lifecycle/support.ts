import { noPermit, paymentGatewayAbi, testTokenAbi } from "@kassa/contracts";
import { sql } from "kysely";
import type { Address, Hex, TransactionReceipt } from "viem";
import { expect } from "vitest";
import type { Db } from "../../src/db/database.js";
import { migrateJobQueue } from "../../src/jobs/queue.js";
import { startTestApp, type StartTestAppOptions, type TestApp } from "../harness/app.js";
import type { TestChain, TestWalletClient } from "../harness/chain.js";

export interface CreatedPayment {
  paymentId: Hex;
  orderId: string;
  tokenAddress: Address;
  amount: string;
  recipientAddress: Address;
  merchantId: Hex;
  deadline: string;
  gatewayAddress: Address;
  serverSignature: Hex;
  expiresAt: string;
}

/** startTestApp plus graphile-worker's schema in the test database (the lifecycle enqueues jobs). */
export async function startLifecycleApp(
  chain: TestChain,
  options: StartTestAppOptions = {},
): Promise<TestApp> {
  const t = await startTestApp(chain, options);
  await migrateJobQueue(t.database.url);
  return t;
}

let orderCounter = 0;
export function nextOrderId(prefix = "order"): string {
  orderCounter += 1;
  return `${prefix}-${process.pid}-${Date.now()}-${orderCounter}`;
}

export async function createPayment(
  t: TestApp,
  options: { publicKey?: string; amount?: number; orderId?: string } = {},
): Promise<CreatedPayment> {
  const response = await t.request("/payments", {
    method: "POST",
    headers: { "x-public-key": options.publicKey ?? t.merchant.publicKey },
    json: {
      orderId: options.orderId ?? nextOrderId(),
      amount: options.amount ?? 1.5,
      tokenAddress: t.token,
      successUrl: "https://shop.example.com/ok",
      failUrl: "service:none",
    },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.data as CreatedPayment;
}

/** Mints and approves enough of `token` for the payer to pay many times. */
export async function fundPayer(chain: TestChain, payer: TestWalletClient, token: Address): Promise<void> {
  await chain.mint(token, payer.account.address, 10n ** 30n);
  const hash = await payer.writeContract({
    address: token,
    abi: testTokenAbi,
    functionName: "approve",
    args: [chain.gateway, 2n ** 255n],
  });
  await chain.publicClient.waitForTransactionReceipt({ hash });
}

export function payArgs(p: CreatedPayment, overrides: { amount?: bigint; signature?: Hex } = {}) {
  return [
    p.paymentId,
    p.tokenAddress,
    overrides.amount ?? BigInt(p.amount),
    p.recipientAddress,
    p.merchantId,
    BigInt(p.deadline),
    overrides.signature ?? p.serverSignature,
    noPermit,
  ] as const;
}

export async function pay(
  chain: TestChain,
  payer: TestWalletClient,
  p: CreatedPayment,
  overrides: { amount?: bigint; signature?: Hex } = {},
): Promise<TransactionReceipt> {
  const hash = await payer.writeContract({
    address: p.gatewayAddress,
    abi: paymentGatewayAbi,
    functionName: "pay",
    args: payArgs(p, overrides),
  });
  const receipt = await chain.publicClient.waitForTransactionReceipt({ hash });
  expect(receipt.status).toBe("success");
  return receipt;
}

/** Polls `check` until it returns a value other than undefined/false, or fails after `timeoutMs`. */
export async function waitFor<T>(
  what: string,
  check: () => Promise<T | undefined | false> | T | undefined | false,
  timeoutMs = 20_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value !== undefined && value !== false) return value;
    } catch (error) {
      last = error;
    }
    if (Date.now() > deadline) {
      throw new Error(`timed out waiting for ${what}${last ? `: ${String(last)}` : ""}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

export async function paymentStatus(db: Db, paymentId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom("payments")
    .select("status")
    .where("payment_id", "=", paymentId)
    .executeTakeFirst();
  return row?.status;
}

export async function webhookEvents(db: Db, paymentId: string) {
  return db
    .selectFrom("webhook_events")
    .innerJoin("payments", "payments.id", "webhook_events.payment_id")
    .select(["webhook_events.id", "webhook_events.type", "webhook_events.payload"])
    .where("payments.payment_id", "=", paymentId)
    .orderBy("webhook_events.created_at")
    .execute();
}

export async function countJobs(db: Db, task: string): Promise<number> {
  const result = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM graphile_worker.jobs WHERE task_identifier = ${task}`.execute(db);
  return result.rows[0]?.n ?? 0;
}
