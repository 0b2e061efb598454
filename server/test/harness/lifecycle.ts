import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { encodePay, payArgs, paymentGatewayAbi, signPaymentRequest, testTokenAbi } from "@kassa/contracts";
import { type StartAnvilOptions } from "@kassa/contracts/dev";
import { Webhook } from "standardwebhooks";
import { sql } from "kysely";
import type { Address, Hex, TransactionReceipt } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { expect } from "vitest";
import { createChainClients } from "../../src/chain/clients.js";
import { failPayment } from "../../src/core/settlement/settlement.js";
import { webhookEventSchemas } from "../../src/core/webhooks/events.js";
import { findChainIdByNetworkId } from "../../src/db/chains/chains.js";
import type { Db } from "../../src/db/infra/database.js";
import {
  lifecycleWorkerModule,
  type LifecycleModule,
  type LifecycleModuleOptions,
} from "../../src/jobs/settlement.js";
import { startWorker } from "../../src/jobs/worker.js";
import { createLogger } from "../../src/logger.js";
import { migrateJobQueue } from "../../src/db/infra/jobQueue.js";
import { startTestApp, type StartTestAppOptions, type TestApp } from "./app.js";
import { startTestChain, type TestChain, type TestWalletClient } from "./chain.js";
import type { CreatedPayment } from "./payments.js";
import { waitFor } from "./waitFor.js";

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
  options: { publicKey?: string; amount?: number; orderId?: string; tokenAddress?: string } = {},
): Promise<CreatedPayment> {
  const response = await t.request("/payments", {
    method: "POST",
    headers: { "x-public-key": options.publicKey ?? t.merchant.publicKey },
    json: {
      orderId: options.orderId ?? nextOrderId(),
      amount: options.amount ?? 1.5,
      tokenAddress: options.tokenAddress ?? t.token,
      successUrl: "https://shop.example.com/ok",
      failUrl: "service:none",
    },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.data as CreatedPayment;
}

/** A payment event (payment.failed is the cheapest to cause) and the delivery it starts. */
export async function causeEvent(t: TestApp, publicKey = t.merchant.publicKey): Promise<CreatedPayment> {
  const p = await createPayment(t, { publicKey });
  expect(await failPayment(t.database.db, p.paymentId, "test")).toBe(true);
  return p;
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
    args: payArgs({
      ...p,
      amount: String(overrides.amount ?? p.amount),
      serverSignature: overrides.signature ?? p.serverSignature,
    }),
  });
  const receipt = await chain.publicClient.waitForTransactionReceipt({ hash });
  expect(receipt.status).toBe("success");
  return receipt;
}

/**
 * Signs PaymentRequests with another key and makes the gateway trust it while `run` runs, for payments the
 * chain settles on terms that disagree with Kassa's (an INVALID payment: a short amount, say).
 */
export async function withForeignSigner<T>(
  chain: TestChain,
  run: (sign: (p: CreatedPayment, amount: bigint) => Promise<Hex>) => Promise<T>,
): Promise<T> {
  const foreign = privateKeyToAccount(generatePrivateKey());
  const setSigner = async (address: Hex) => {
    const hash = await chain.deployer.writeContract({
      address: chain.gateway,
      abi: paymentGatewayAbi,
      functionName: "setSigner",
      args: [address],
    });
    await chain.publicClient.waitForTransactionReceipt({ hash });
  };
  await setSigner(foreign.address);
  try {
    return await run((p, amount) =>
      signPaymentRequest(foreign, {
        chainId: chain.chainId,
        gateway: chain.gateway,
        request: {
          paymentId: p.paymentId,
          tokenAddress: p.tokenAddress,
          amount,
          recipientAddress: p.recipientAddress,
          merchantId: p.merchantId,
          deadline: BigInt(p.deadline),
        },
      }),
    );
  } finally {
    await setSigner(chain.signerAccount.address);
  }
}

/** A signed pay() transaction, not sent: a test can send the same bytes again after a reorg. */
export async function signPayTransaction(
  payer: TestWalletClient,
  chain: TestChain,
  p: CreatedPayment,
): Promise<Hex> {
  const request = await payer.prepareTransactionRequest({
    to: chain.gateway,
    data: encodePay(p),
    gas: 300_000n,
  });
  return payer.signTransaction(request);
}

/** The merchant's record of a payment, as GET /merchants/me/payments/:id answers it. */
export async function merchantRecord(t: TestApp, paymentId: string) {
  const response = await t.request(`/merchants/me/payments/${paymentId}`, {
    headers: { "x-api-key": t.merchant.apiKey },
  });
  expect(response.status).toBe(200);
  return response.body.data;
}

/** The row id (chains.id) of the chain with EIP-155 id `networkId`. */
export async function chainRowIdOf(db: Db, networkId: number): Promise<number> {
  const id = await findChainIdByNetworkId(db, networkId);
  if (id === undefined) throw new Error(`no chain ${networkId} registered`);
  return id;
}

export async function paymentStatus(db: Db, paymentId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom("payments")
    .select("status")
    .where("payment_id", "=", paymentId)
    .executeTakeFirst();
  return row?.status;
}

/**
 * The payment's webhook events, oldest first. Each payload is checked against the schema the OpenAPI
 * document publishes for its type (no field missing, none unlisted), so every test reading events also
 * tests that reference.
 */
export async function webhookEvents(db: Db, paymentId: string) {
  const events = await db
    .selectFrom("webhook_events")
    .innerJoin("payments", "payments.id", "webhook_events.payment_id")
    .select(["webhook_events.id", "webhook_events.type", "webhook_events.payload"])
    .where("payments.payment_id", "=", paymentId)
    .orderBy("webhook_events.created_at")
    .execute();
  for (const event of events) webhookEventSchemas[event.type].strict().parse(event.payload);
  return events;
}

/** The jobs queued of `task`, or of every task. */
export async function countJobs(db: Db, task?: string): Promise<number> {
  const result = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM graphile_worker.jobs
    WHERE ${task ?? null}::text IS NULL OR task_identifier = ${task ?? null}`.execute(db);
  return result.rows[0]?.n ?? 0;
}

/** The deliveries of an event: status and when due. */
export function deliveriesOfEvent(db: Db, eventId: string) {
  return db
    .selectFrom("webhook_deliveries")
    .select(["status", "next_attempt_at"])
    .where("event_id", "=", eventId)
    .execute();
}

// Webhook receiver and worker

export interface ReceivedWebhook {
  headers: Record<string, string>;
  body: string;
  payload: Record<string, unknown>;
  receivedAt: number;
}

export interface Receiver {
  url: string;
  received: ReceivedWebhook[];
  /**
   * Status answered (default 200), "down" to drop the connection, or "hang" to read the request and keep
   * it waiting (its answer, with the status set by then, is kept in `held`).
   */
  respondWith: number | "down" | "hang";
  /** Answers of the requests kept waiting by "hang". */
  held: (() => void)[];
  /** Delay before answering, ms. */
  delayMs: number;
  /** Requests that arrived, answered or not. */
  requests: number;
  close(): Promise<void>;
}

/** A merchant's webhook endpoint on a free port that records every request it answers with 2xx. */
export async function startReceiver(): Promise<Receiver> {
  const received: ReceivedWebhook[] = [];
  const state: Receiver = {
    url: "",
    received,
    respondWith: 200,
    held: [],
    delayMs: 0,
    requests: 0,
    close: async () => {},
  };
  const server = createServer((request, response) => {
    state.requests += 1;
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const answer = () => {
        if (state.respondWith === "hang") {
          state.held.push(answer);
          return;
        }
        if (state.respondWith === "down") {
          request.socket.destroy();
          return;
        }
        const body = Buffer.concat(chunks).toString("utf8");
        if (state.respondWith >= 200 && state.respondWith < 300) {
          received.push({
            headers: Object.fromEntries(
              Object.entries(request.headers).map(([name, value]) => [name, String(value)]),
            ),
            body,
            payload: JSON.parse(body) as Record<string, unknown>,
            receivedAt: performance.now(),
          });
        }
        response.statusCode = state.respondWith;
        response.end("ok");
      };
      if (state.delayMs > 0) setTimeout(answer, state.delayMs);
      else answer();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  state.url = `http://127.0.0.1:${port}/hooks`;
  state.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return state;
}

/** Waits for the `nth` delivery of a `type` webhook about the payment. */
export function deliveredWebhook(
  receiver: Receiver,
  paymentId: string,
  type: string,
  nth = 1,
): Promise<ReceivedWebhook> {
  return waitFor(`${type} webhook #${nth} for ${paymentId}`, () => {
    const matching = receiver.received.filter(
      (d) => d.payload.paymentId === paymentId && d.payload.type === type,
    );
    return matching[nth - 1];
  });
}

/** Verifies a delivery exactly as a merchant would, with the standardwebhooks package. */
export function verifyDelivery(secret: string, delivery: ReceivedWebhook): Record<string, unknown> {
  return new Webhook(secret).verify(delivery.body, delivery.headers) as Record<string, unknown>;
}

export async function setWebhookUrl(db: Db, merchantKey: string, url: string | null): Promise<void> {
  await db
    .updateTable("merchants")
    .set({ webhook_url: url })
    .where("merchant_key", "=", merchantKey)
    .execute();
}

export const silentLogger = createLogger({ level: "silent" });

export async function startLifecycleWorker(
  t: TestApp,
  options: Partial<LifecycleModuleOptions> = {},
): Promise<{ module: LifecycleModule; stop: () => Promise<void> }> {
  const module = lifecycleWorkerModule({
    db: t.database.db,
    databaseUrl: t.database.url,
    chains: createChainClients(),
    logger: silentLogger,
    webhookAllowPrivate: true,
    webhookRetryScheduleMs: [100, 200, 400, 800, 1600],
    webhookTimeoutMs: 2_000,
    ...options,
    watcher: { pollIntervalMs: 50, ...options.watcher },
  });
  const worker = await startWorker({
    databaseUrl: t.database.url,
    logger: silentLogger,
    modules: [module],
    pollInterval: 100,
  });
  return { module, stop: () => worker.stop() };
}

export interface LifecycleEnv {
  chain: TestChain;
  t: TestApp;
  /** Where the demo merchant's webhooks go. */
  receiver: Receiver;
  /** None when started with `workerOptions` null. */
  worker: Awaited<ReturnType<typeof startLifecycleWorker>> | undefined;
  /** Stops everything, in the reverse order. */
  stop(): Promise<void>;
}

/**
 * What the lifecycle tests run on: their own anvil, an app with the job queue, a webhook receiver set as
 * the merchant's webhook URL, and a lifecycle worker (its options as given; none with null, for the tests
 * whose `kassa` processes are the workers).
 */
export async function startLifecycleEnv(
  workerOptions: Partial<LifecycleModuleOptions> | null = {},
  anvil?: StartAnvilOptions,
  appOptions: StartTestAppOptions = {},
  gatewayVersion?: 2 | 3,
): Promise<LifecycleEnv> {
  const stops: (() => Promise<void>)[] = [];
  const stop = async () => {
    for (const step of stops.splice(0).reverse()) await step();
  };
  try {
    const chain = await startTestChain({
      ...(anvil ? { anvil } : {}),
      ...(gatewayVersion ? { gatewayVersion } : {}),
    });
    stops.push(() => chain.stop());
    const t = await startLifecycleApp(chain, appOptions);
    stops.push(() => t.close());
    const receiver = await startReceiver();
    stops.push(() => receiver.close());
    await setWebhookUrl(t.database.db, t.merchant.merchantKey, receiver.url);
    const worker = workerOptions ? await startLifecycleWorker(t, workerOptions) : undefined;
    if (worker) stops.push(() => worker.stop());
    return { chain, t, receiver, worker, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
