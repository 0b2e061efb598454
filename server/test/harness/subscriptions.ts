import { paymentGatewayAbi, subscriptionTypedData, testTokenAbi, type Subscription } from "@kassa/contracts";
import { anvilPrivateKeys, type StartAnvilOptions } from "@kassa/contracts/dev";
import { createWalletClient, http, parseUnits, type Address, type Hex } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { createGasless } from "../../src/core/gasless/gasless.js";
import type { GaslessRuntime } from "../../src/chain/gasless.js";
import type { GaslessSettings } from "../../src/config/gasless.js";
import { cancelOnChain } from "../../src/core/subscriptions/chainCancel.js";
import { noPriceService, type PriceService } from "../../src/core/prices/service.js";
import { chargeDueSubscriptions } from "../../src/core/subscriptions/charge.js";
import { findChainByNetworkId } from "../../src/db/chains/chains.js";
import type { Db } from "../../src/db/infra/database.js";
import type { ChainRow } from "../../src/db/schema/rows.js";
import { startTestApp, type StartTestAppOptions, type TestApp, type TestResponse } from "./app.js";
import { balanceOf, chainFor, type TestChain, type TestWalletClient } from "./chain.js";
import { gaslessSettingsFor, RELAYER_INDEX } from "./gasless.js";

/**
 * A test app whose clock follows the chain's (moved together with `evm_increaseTime`), and the relayer of
 * the chain for the charges, driven by hand: `charge()` runs the worker's task once and lets the relayer's
 * tracker finish what it sent.
 */
/** The period of the tests' schedules: 30 days. */
export const PERIOD = 30 * 86_400;
/** What a period of `subscribe()`'s plan charges, in base units: 10 of the app's test token (18 decimals). */
export const PLAN_AMOUNT = parseUnits("10", 18);

export interface SubscriptionEnv {
  chain: TestChain;
  t: TestApp;
  gasless: GaslessRuntime;
  /** The server's clock. */
  now(): Date;
  /** Moves the chain's time and the server's clock by `seconds`, and mines a block. */
  advance(seconds: number): Promise<void>;
  /** One run of the worker's task (charges, on-chain cancellations), then one tracking pass of the relayer. */
  charge(): Promise<void>;
  /** A PENDING subscription of the seeded merchant (POST /subscriptions). */
  create(body: Record<string, unknown>): Promise<TestResponse>;
  /** The payer signs the schedule and sends it (POST /public/subscriptions/:id/authorize). */
  authorize(id: string, payer: TestWalletClient, options?: { startsAt?: bigint }): Promise<TestResponse>;
  show(id: string): Promise<TestResponse>;
  /** The schedule as the payer signed it. */
  schedule(id: string): Promise<Subscription>;
  /** A stranger (anvil's wallet 5) simulates charging `period` of `id` with no signature: what the gateway says. */
  strangerCharge(id: string, period: bigint, amount: bigint): Promise<unknown>;
  /** The payer cancels the schedule on the gateway (`cancelSubscription`), mined. */
  cancelOnChain(payer: TestWalletClient, id: string): Promise<void>;
  /** Mints `amount` of the test token to the payer and approves the gateway for `allowance`. */
  fund(payer: TestWalletClient, amount: bigint, allowance: bigint): Promise<void>;
  chainNow(): Promise<bigint>;
  /** A subscription of `payer`, created (10 tokens every 30 days, 3 times, unless `body` says) and signed. */
  subscribe(payer: TestWalletClient, body?: Record<string, unknown>): Promise<string>;
  /** The types of the webhook events recorded about subscription `id`, sorted (one transaction's share a time). */
  eventTypes(id: string): Promise<string[]>;
  balance(address: Address): Promise<bigint>;
  /** A new payer wallet holding 1 ETH for its approvals. */
  payer(): Promise<TestWalletClient>;
  /** How far the server's clock is ahead of the system's (ms), for another process to follow it. */
  clockOffsetMs(): number;
  /** Closes the app, and stops the chain when the env started its own. */
  close(): Promise<void>;
}

/**
 * `prices`: the price service of fiat plans, built on the app's database and clock (default: none, so a fiat
 * plan's charge fails).
 */
export async function startSubscriptionEnv(
  options: {
    /** A chain the caller started and stops; by default an anvil of the env's own, stopped by `close()`. */
    chain?: TestChain;
    /** The options of the env's own anvil. */
    anvil?: StartAnvilOptions;
    prices?: (db: Db, now: () => Date) => PriceService;
    /** The relayer's settings besides its key (its gas budgets). */
    settings?: Partial<GaslessSettings>;
    /** The app's other options (payments by transfer). */
    app?: StartTestAppOptions;
  } = {},
): Promise<SubscriptionEnv> {
  const { chain, stopOwn } = await chainFor(options);
  let offsetMs = 0;
  const now = () => new Date(Date.now() + offsetMs);
  const t = await startTestApp(chain, { ...options.app, now, publicBaseUrl: "http://kassa.test" }).catch(
    async (error: unknown) => {
      await stopOwn();
      throw error;
    },
  );
  const prices = options.prices?.(t.database.db, now) ?? noPriceService;
  const gasless = createGasless({
    db: t.database.db,
    chains: t.services.chains,
    settings: gaslessSettingsFor(chain.chainId, [anvilPrivateKeys[RELAYER_INDEX]], options.settings),
    now,
  });
  const auth = { "x-api-key": t.merchant.apiKey };
  const env: SubscriptionEnv = {
    chain,
    t,
    gasless,
    now,
    async advance(seconds) {
      offsetMs += seconds * 1000;
      await chain.publicClient.request({ method: "evm_increaseTime" as never, params: [seconds] as never });
      await chain.publicClient.request({ method: "evm_mine" as never });
    },
    async charge() {
      await chargeDueSubscriptions(gasless, undefined, { prices, signer: t.services.signer });
      await cancelOnChain(gasless, t.services.signer);
      // As the worker's tracker: every chain with a relayer key, whether this process sent on it or not.
      const row = await findChainByNetworkId(t.database.db, chain.chainId);
      await gasless.relayer(row as ChainRow)?.track();
    },
    create: (body) => t.request("/subscriptions", { method: "POST", headers: auth, json: body }),
    async authorize(id, payer, options = {}) {
      const { body } = await t.request(`/public/subscriptions/${id}`);
      const view = body.data;
      const startsAt = options.startsAt ?? BigInt(view.startsAt ?? (await env.chainNow()));
      const subscription = scheduleFromView(view, payer.account.address, startsAt);
      const signature = await payer.signTypedData(
        subscriptionTypedData({ chainId: chain.chainId, gateway: chain.gateway, subscription }),
      );
      return t.request(`/public/subscriptions/${id}/authorize`, {
        method: "POST",
        json: { payer: payer.account.address, startsAt: Number(startsAt), signature },
      });
    },
    show: (id) => t.request(`/subscriptions/${id}`, { headers: auth }),
    async schedule(id) {
      const { body } = await env.show(id);
      return scheduleFromView(body.data, body.data.payerAddress, BigInt(body.data.startsAt));
    },
    async strangerCharge(id, period, amount) {
      return chain.publicClient.simulateContract({
        account: chain.wallet(5).account,
        address: chain.gateway,
        abi: paymentGatewayAbi,
        functionName: "chargeSubscription",
        args: [await env.schedule(id), { period, amount, deadline: 0n }, "0x", "0x"],
      });
    },
    async cancelOnChain(payer, id) {
      const hash = await payer.writeContract({
        address: chain.gateway,
        abi: paymentGatewayAbi,
        functionName: "cancelSubscription",
        args: [await env.schedule(id)],
      });
      await chain.publicClient.waitForTransactionReceipt({ hash });
    },
    async fund(payer, amount, allowance) {
      if (amount > 0n) await chain.mint(t.token as Address, payer.account.address, amount);
      const hash = await payer.writeContract({
        address: t.token as Address,
        abi: testTokenAbi,
        functionName: "approve",
        args: [chain.gateway, allowance],
      });
      await chain.publicClient.waitForTransactionReceipt({ hash });
    },
    async chainNow() {
      return (await chain.publicClient.getBlock()).timestamp;
    },
    async payer() {
      const account = privateKeyToAccount(generatePrivateKey());
      await chain.setBalance(account.address, 10n ** 18n);
      return createWalletClient({ account, chain: chain.chain, transport: http(chain.rpcUrl) });
    },
    clockOffsetMs: () => offsetMs,
    async subscribe(payer, body = {}) {
      const created = await env.create({
        orderId: `plan-${payer.account.address}-${Math.random()}`,
        tokenAddress: t.token,
        amount: 10, // PLAN_AMOUNT, in tokens
        periodSeconds: PERIOD,
        charges: 3,
        ...body,
      });
      if (created.status !== 201) throw new Error(`POST /subscriptions: ${JSON.stringify(created.body)}`);
      const id = created.body.data.id as string;
      const signed = await env.authorize(id, payer);
      if (signed.status !== 200) throw new Error(`authorize: ${JSON.stringify(signed.body)}`);
      return id;
    },
    async eventTypes(id) {
      const rows = await t.database.db.selectFrom("webhook_events").select(["type", "payload"]).execute();
      return rows
        .filter((row) => (row.payload as { subscriptionId?: string }).subscriptionId === id)
        .map((row) => row.type)
        .sort();
    },
    balance: (address) => balanceOf(chain, t.token, address),
    async close() {
      await t.close();
      await stopOwn();
    },
  };
  return env;
}

// The view's fields are the schedule's; tests read them as the API answers.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
function scheduleFromView(view: any, payer: Address, startsAt: bigint): Subscription {
  return {
    subscriptionId: view.subscriptionId as Hex,
    payer,
    tokenAddress: view.tokenAddress as Address,
    amount: BigInt(view.amount),
    variableAmount: view.variableAmount as boolean,
    usePermit2: false,
    recipientAddress: view.recipientAddress as Address,
    merchantId: view.merchantId as Hex,
    period: BigInt(view.periodSeconds),
    startsAt,
    charges: BigInt(view.charges),
  };
}
