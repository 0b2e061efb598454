import type { AddressInfo } from "node:net";
import {
  encodePay,
  erc2771ForwarderAbi,
  noPermit,
  signForwardRequest,
  signPermit,
  testTokens,
  testTokenPermitAbi,
  type GatewayPermit,
  type PaymentRequest,
} from "@kassa/contracts";
import { anvilPrivateKeys, type StartAnvilOptions } from "@kassa/contracts/dev";
import type { FastifyInstance } from "fastify";
import { pino } from "pino";
import { concat, type Address, type Hex } from "viem";
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from "viem/accounts";
import type { ChainClients } from "../../src/chain/clients.js";
import { Secret } from "../../src/secret.js";
import { defaultConfig, type Config } from "../../src/config/index.js";
import { createServices } from "../../src/core/services.js";
import { buildApp } from "../../src/http/app.js";
import { migrateJobQueue } from "../../src/db/infra/jobQueue.js";
import { startWorker, type RunningWorker } from "../../src/jobs/worker.js";
import type { GaslessRuntime } from "../../src/chain/gasless.js";
import type { Db } from "../../src/db/infra/database.js";
import { defaultGaslessSettings, type GaslessSettings } from "../../src/config/gasless.js";
import { gaslessWorkerModule } from "../../src/jobs/gasless.js";
import { startTestApp, type RequestOptions, type TestApp, type TestResponse } from "./app.js";
import { chainFor, type TestChain } from "./chain.js";
import type { CreatedPayment } from "./payments.js";

/** A payment on a chain with a forwarder: every payment of the gasless tests. */
export type GaslessPayment = CreatedPayment & { forwarderAddress: Address };

/** anvil dev accounts the gasless tests (and `kassa dev`) use for the relayer and the faucet. */
export const RELAYER_INDEX = 7;
export const FAUCET_INDEX = 8;

export interface GaslessTestEnv {
  chain: TestChain;
  /** The shared test app (database, seeded merchant, an API without gasless configuration). */
  t: TestApp;
  gasless: GaslessRuntime;
  /** An API over the same database with the relayer and faucet configured. */
  app: FastifyInstance;
  request(path: string, init?: RequestOptions): Promise<TestResponse>;
  startWorker(): Promise<RunningWorker>;
  /** Stops the worker and closes the APIs, and stops the chain when the env started its own. */
  close(): Promise<void>;
}

export interface GaslessEnvOptions {
  /** A chain the caller started and stops; by default an anvil of the env's own, stopped by `close()`. */
  chain?: TestChain;
  /** The options of the env's own anvil. */
  anvil?: StartAnvilOptions;
  settings?: Partial<GaslessSettings>;
  /** Other settings of the API (trustProxy, to tell clients apart by x-forwarded-for). */
  config?: Partial<Config>;
  relayerKeys?: Hex[];
  chains?: ChainClients;
}

export function gaslessSettingsFor(
  chainId: number,
  relayerKeys: Hex[],
  overrides: Partial<GaslessSettings> = {},
): GaslessSettings {
  return defaultGaslessSettings({
    relayerKeys: new Map([[chainId, relayerKeys.map((key) => new Secret(key))]]),
    faucetKeys: new Map([[chainId, new Secret(anvilPrivateKeys[FAUCET_INDEX])]]),
    pollIntervalMs: 100,
    ...overrides,
  });
}

export async function startGaslessEnv(options: GaslessEnvOptions = {}): Promise<GaslessTestEnv> {
  const { chain, stopOwn } = await chainFor(options);
  const t = await startTestApp(chain).catch(async (error: unknown) => {
    await stopOwn();
    throw error;
  });
  await migrateJobQueue(t.database.url);
  const logger = pino({ level: "silent" });
  const config = defaultConfig({
    // No deposit addresses unless a test asks for them: its relayer key would offer payments by transfer.
    transferPayments: false,
    ...options.config,
    signerPrivateKey: chain.signerKey,
    rateLimitPerMinute: 100_000,
    gasless: gaslessSettingsFor(
      chain.chainId,
      options.relayerKeys ?? [anvilPrivateKeys[RELAYER_INDEX]],
      options.settings,
    ),
  });
  const services = createServices(config, t.database.db, {
    logger,
    confirmPollMs: 50,
    ...(options.chains ? { chains: options.chains } : {}),
  });
  const { gasless } = services;
  const app = await buildApp(services);
  await app.listen({ host: "127.0.0.1", port: 0 });
  const baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/v1`;
  const workers: RunningWorker[] = [];
  return {
    chain,
    t,
    gasless,
    app,
    async request(path, init = {}) {
      const headers: Record<string, string> = { ...init.headers };
      let body: string | undefined = init.rawBody;
      if (init.json !== undefined) {
        body = JSON.stringify(init.json, (_key, value: unknown) =>
          typeof value === "bigint" ? value.toString() : value,
        );
        headers["content-type"] ??= "application/json";
      }
      const response = await fetch(`${baseUrl}${path}`, { method: init.method ?? "GET", headers, body });
      const text = await response.text();
      return {
        status: response.status,
        headers: response.headers,
        body: text === "" ? undefined : JSON.parse(text),
      };
    },
    async startWorker() {
      const worker = await startWorker({
        databaseUrl: t.database.url,
        logger,
        modules: [gaslessWorkerModule(gasless)],
        pollInterval: 100,
        concurrency: 20,
      });
      workers.push(worker);
      return worker;
    },
    async close() {
      for (const worker of workers) await worker.stop();
      await app.close();
      await t.close();
      await stopOwn();
    },
  };
}

/** The relayer's recorded revert of transaction `hash` (relayer_reverts), if any. */
export function relayerRevertOf(db: Db, hash: string) {
  return db.selectFrom("relayer_reverts").selectAll().where("transaction_hash", "=", hash).executeTakeFirst();
}

/** Whitelists `tokens` on the env's chain and enables them for its merchant. */
export function acceptTokens(env: GaslessTestEnv, tokens: Address[]): Promise<void> {
  return env.t.acceptTokens(tokens);
}

/** The payment's signed `PaymentRequest`, as the gateway's one-signature paths take it. */
export function paymentRequestOf(p: CreatedPayment): PaymentRequest {
  return {
    paymentId: p.paymentId,
    tokenAddress: p.tokenAddress,
    amount: BigInt(p.amount),
    recipientAddress: p.recipientAddress,
    merchantId: p.merchantId,
    deadline: BigInt(p.deadline),
  };
}

/** A fresh wallet with no native token. */
export function freshPayer(): PrivateKeyAccount {
  return privateKeyToAccount(generatePrivateKey());
}

export async function createPayment(
  env: GaslessTestEnv,
  publicKey: string,
  orderId: string,
  amount: number,
  tokenAddress?: string,
): Promise<GaslessPayment> {
  const response = await env.request("/payments", {
    method: "POST",
    headers: { "x-public-key": publicKey },
    json: {
      orderId,
      amount,
      tokenAddress: tokenAddress ?? env.t.token,
      successUrl: "service:none",
      failUrl: "service:none",
    },
  });
  if (response.status !== 201) throw new Error(`create payment: ${JSON.stringify(response.body)}`);
  return response.body.data as GaslessPayment;
}

export interface RelayBodyOptions {
  /** Sign a permit for the payment (permit tokens); default true. */
  permit?: boolean;
  amount?: bigint;
  signer?: PrivateKeyAccount;
  nonce?: bigint;
  deadline?: number;
  gas?: bigint;
  /** Bytes appended to the encoded pay() call before signing (a hostile payer's padding). */
  padding?: Hex;
}

/** The body of POST /payments/:id/relay as a widget builds it: permit + pay() + signed ForwardRequest. */
export async function relayBody(
  env: Pick<GaslessTestEnv, "chain">,
  payer: PrivateKeyAccount,
  p: GaslessPayment,
  options: RelayBodyOptions = {},
) {
  const { chain } = env;
  const amount = options.amount ?? BigInt(p.amount);
  let permit: GatewayPermit = noPermit;
  if (options.permit ?? true) {
    const nonce = await chain.publicClient.readContract({
      address: p.tokenAddress,
      abi: testTokenPermitAbi,
      functionName: "nonces",
      args: [payer.address],
    });
    const name =
      p.tokenAddress.toLowerCase() === chain.tokens.permit6.toLowerCase()
        ? testTokens.permit6.name
        : testTokens.permit18.name;
    permit = await signPermit(payer, {
      chainId: chain.chainId,
      token: p.tokenAddress,
      tokenName: name,
      permit: {
        owner: payer.address,
        spender: p.gatewayAddress,
        value: amount,
        nonce,
        deadline: BigInt(p.deadline),
      },
    });
  }
  const data = concat([encodePay({ ...p, amount: String(amount) }, permit), options.padding ?? "0x"]);
  const nonce =
    options.nonce ??
    (await chain.publicClient.readContract({
      address: p.forwarderAddress,
      abi: erc2771ForwarderAbi,
      functionName: "nonces",
      args: [payer.address],
    }));
  const deadline = options.deadline ?? Math.floor(Date.now() / 1000) + 3600;
  const gas = options.gas ?? 200_000n;
  const signed = await signForwardRequest(options.signer ?? payer, {
    chainId: chain.chainId,
    forwarder: p.forwarderAddress,
    request: { from: payer.address, to: p.gatewayAddress, value: 0n, gas, nonce, deadline, data },
  });
  return {
    paymentId: p.paymentId,
    forwarderAddress: p.forwarderAddress,
    forwardRequest: {
      from: payer.address,
      to: p.gatewayAddress,
      value: "0",
      gas: gas.toString(),
      nonce: nonce.toString(),
      deadline: String(deadline),
      data,
      signature: signed.signature,
    },
  };
}

export async function relayStatus(env: GaslessTestEnv, publicKey: string, paymentId: string) {
  const response = await env.request(`/payments/${paymentId}/relay`, {
    headers: { "x-public-key": publicKey },
  });
  return response.body?.data as {
    status: string;
    transactionHash: string | null;
    errorMessage: string | null;
  };
}

export async function paymentStatus(
  env: GaslessTestEnv,
  publicKey: string,
  paymentId: string,
): Promise<string> {
  const response = await env.request(`/payments/${paymentId}`, { headers: { "x-public-key": publicKey } });
  return response.body?.data?.status as string;
}
