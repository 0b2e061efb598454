/**
 * Payments by transfer under a real `kassa start` process (the API, the watcher and the worker's sweeps with a
 * relayer, TRANSFER_PAYMENTS=true), as the audit of issue 39 ran them: the test is the payer, the stranger and the
 * merchant, over HTTP and the chain. The in-process app only sets up the database, the chain and the merchant.
 */
import { anvilPrivateKeys, type StartAnvilOptions } from "@kassa/contracts/dev";
import { sql } from "kysely";
import { testTokenAbi } from "@kassa/contracts";
import type { Address, Hex } from "viem";
import { TASKS } from "../../src/domain/tasks.js";
import type { TestApp, TestResponse } from "./app.js";
import { startTestChain, type TestChain, type TestWalletClient } from "./chain.js";
import { RELAYER_INDEX } from "./gasless.js";
import { fundPayer, setWebhookUrl, startLifecycleApp, startReceiver, type Receiver } from "./lifecycle.js";
import { exitOf, isRunning, startKassa, type KassaProcess } from "./operations.js";
import type { CreatedPayment } from "./payments.js";
import { waitFor } from "./waitFor.js";

export type DepositPayment = CreatedPayment & { depositAddress: Address };

export interface DepositProcessEnv {
  chain: TestChain;
  t: TestApp;
  receiver: Receiver;
  kassa: KassaProcess;
  /** Anvil's wallet 6, as an exchange's hot wallet: holds the merchant's token and permit6. */
  payer: TestWalletClient;
  /** Anvil's wallet 8: holds the same, and no merchant key. */
  stranger: TestWalletClient;
  /** The merchant's recipient wallet (anvil's wallet 9, the test app's first merchant's). */
  recipient: TestWalletClient;
  /** A call of the process's API with the merchant's API key: status and body. */
  api(
    path: string,
    init?: { method?: string; json?: unknown },
  ): Promise<Pick<TestResponse, "status" | "body">>;
  /** POST /payments of `amount` of the merchant's token. */
  create(amount?: number): Promise<DepositPayment>;
  /**
   * Has the worker run its sweep now (the job it runs every minute) and waits until `paymentId` is swept, calling
   * `poll` (mine a block, on a chain where the sweep must be final) between looks.
   */
  swept(paymentId: string, poll?: () => Promise<unknown>): Promise<void>;
  stop(): Promise<void>;
}

export async function startDepositProcess(
  options: { anvil?: StartAnvilOptions } = {},
): Promise<DepositProcessEnv> {
  const chain = await startTestChain(options.anvil ? { anvil: options.anvil } : {});
  const t = await startLifecycleApp(chain);
  const receiver = await startReceiver();
  await setWebhookUrl(t.database.db, t.merchant.merchantKey, receiver.url);
  const payer = chain.wallet(6);
  const stranger = chain.wallet(8);
  for (const wallet of [payer, stranger]) {
    await fundPayer(chain, wallet, t.token as Address);
    await fundPayer(chain, wallet, chain.tokens.permit6);
  }
  const kassa = await startKassa("start", {
    databaseUrl: t.database.url,
    signerKey: chain.signerKey.reveal(),
    env: {
      TRANSFER_PAYMENTS: "true",
      [`RELAYER_PRIVATE_KEYS_${chain.chainId}`]: anvilPrivateKeys[RELAYER_INDEX],
    },
  });
  let orders = 0;
  const env: DepositProcessEnv = {
    chain,
    t,
    receiver,
    kassa,
    payer,
    stranger,
    recipient: chain.wallet(9),
    async api(path, init = {}) {
      const response = await fetch(`${kassa.url}${path}`, {
        method: init.method ?? "GET",
        headers: {
          "x-api-key": t.merchant.apiKey,
          ...(init.json === undefined ? {} : { "content-type": "application/json" }),
        },
        ...(init.json === undefined ? {} : { body: JSON.stringify(init.json) }),
      });
      return { status: response.status, body: (await response.json()) as TestResponse["body"] };
    },
    async create(amount = 1.5) {
      const created = await env.api("/payments", {
        method: "POST",
        json: {
          orderId: `hostile-${Date.now()}-${orders++}`,
          amount,
          tokenAddress: t.token,
          successUrl: "service:none",
          failUrl: "service:none",
        },
      });
      if (created.status !== 201) throw new Error(`POST /payments: ${JSON.stringify(created.body)}`);
      return created.body.data as DepositPayment;
    },
    async swept(paymentId, poll) {
      await sql`SELECT graphile_worker.add_job(${TASKS.sweepDeposits}, '{}'::json)`.execute(t.database.db);
      await waitFor(`${paymentId} swept`, async () => {
        await poll?.();
        const row = await t.database.db
          .selectFrom("payments")
          .select("swept_at")
          .where("payment_id", "=", paymentId)
          .executeTakeFirstOrThrow();
        return row.swept_at !== null;
      });
    },
    async stop() {
      if (isRunning(kassa.child)) {
        kassa.child.kill("SIGTERM");
        await exitOf(kassa.child);
      }
      await receiver.close();
      await t.close();
      await chain.stop();
    },
  };
  return env;
}

/** A token transfer sent and not waited for (`transferFrom` when `from` is given): its hash. */
export function sendTokenCall(
  wallet: TestWalletClient,
  call: { token: Address; to: Address; amount: bigint; from?: Address; tip?: bigint },
): Promise<Hex> {
  const fees = call.tip === undefined ? {} : { maxPriorityFeePerGas: call.tip };
  return call.from === undefined
    ? wallet.writeContract({
        address: call.token,
        abi: testTokenAbi,
        functionName: "transfer",
        args: [call.to, call.amount],
        ...fees,
      })
    : wallet.writeContract({
        address: call.token,
        abi: testTokenAbi,
        functionName: "transferFrom",
        args: [call.from, call.to, call.amount],
        ...fees,
      });
}
