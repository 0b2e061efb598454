/**
 * Relayer benchmark: 100 gasless payments (permit + ForwardRequest) from 100 fresh payers holding no native
 * token, submitted at once to POST /payments/:id/relay, on anvil with 1 s blocks. The API, the graphile-worker
 * runner and the relayer tracker run in this process on a fresh database; the relayer has two keys.
 *
 *   npm run bench:relay            prints a table
 *   npm run bench:relay -- --json  also prints {"relays":100,"confirmed":N,"blocks":N,"seconds":N,"nonce_errors":N}
 *                                  as the last line
 *   --relays N                     payments (default 100)
 *
 * PostgreSQL: DATABASE_URL (a database is created and dropped on it), else embedded PostgreSQL in a temporary
 * directory. Target: all confirmed within 5 blocks, zero nonce errors.
 */
import { mkdtemp, rm, chmod } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  deployKassa,
  deployTestTokens,
  encodePay,
  erc2771ForwarderAbi,
  signForwardRequest,
  signPermit,
  testTokenAbi,
  testTokens,
  rpcChain,
} from "@kassa/contracts";
import { anvilAccount, anvilPrivateKeys, startAnvil } from "@kassa/contracts/dev";
import pg from "pg";
import { pino } from "pino";
import { createPublicClient, createWalletClient, http } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { createChainClients } from "../../server/src/chain/clients.js";
import { defaultConfig } from "../../server/src/config/index.js";
import { Secret } from "../../server/src/secret.js";
import * as admin from "../../server/src/core/admin/index.js";
import { createServices } from "../../server/src/core/services.js";
import { createDb } from "../../server/src/db/infra/database.js";
import { startEmbeddedPostgres } from "../../server/src/db/infra/embedded.js";
import { migrate } from "../../server/src/db/migrate.js";
import { defaultGaslessSettings } from "../../server/src/config/gasless.js";
import { gaslessWorkerModule } from "../../server/src/jobs/gasless.js";
import { buildApp } from "../../server/src/http/app.js";
import { migrateJobQueue } from "../../server/src/db/infra/jobQueue.js";
import { startWorker } from "../../server/src/jobs/worker.js";
import type { CreatedPayment } from "../../server/test/harness/payments.js";

const json = process.argv.includes("--json");
const relaysIndex = process.argv.indexOf("--relays");
const relayCount = relaysIndex > 0 ? Number(process.argv[relaysIndex + 1]) : 100;
const RELAYER_KEYS = [anvilPrivateKeys[6], anvilPrivateKeys[7]];
const targets = { blocks: 5, nonceErrors: 0 };
/** Progress lines: on stderr, so that the table and the JSON line stay the only output on stdout. */
const log = (line: string) => {
  process.stderr.write(`${line}\n`);
};

async function database(): Promise<{ url: string; stop: () => Promise<void> }> {
  const name = `kassa_bench_relay_${Date.now()}`;
  const adminUrl = process.env.DATABASE_URL;
  if (adminUrl) {
    const run = async (query: string) => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        await client.query(query);
      } finally {
        await client.end();
      }
    };
    await run(`CREATE DATABASE ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    return { url: url.toString(), stop: () => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
  }
  const dataDir = await mkdtemp(join(tmpdir(), "kassa-bench-relay-pg-"));
  await chmod(dataDir, 0o755);
  const postgres = await startEmbeddedPostgres({ dataDir, persistent: false });
  return {
    url: postgres.url,
    stop: async () => {
      await postgres.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

async function main(): Promise<void> {
  const stops: (() => Promise<void>)[] = [];
  try {
    const anvil = await startAnvil({ blockTime: 1 });
    stops.unshift(() => anvil.stop());
    const chain = rpcChain(anvil.chainId, "Anvil", anvil.rpcUrl);
    const transport = http(anvil.rpcUrl);
    const publicClient = createPublicClient({ chain, transport, pollingInterval: 100 });
    const deployer = createWalletClient({ account: anvilAccount(0), chain, transport });
    log("deploying contracts on anvil (1 s blocks)...");
    const { gateway, forwarder } = await deployKassa({
      walletClient: deployer,
      publicClient,
      signer: anvilAccount(1).address,
      treasury: anvilAccount(2).address,
      defaultFeeBps: 100,
    });
    const tokens = await deployTestTokens({ walletClient: deployer, publicClient });

    const pgHandle = await database();
    stops.unshift(pgHandle.stop);
    const db = createDb(pgHandle.url, { max: 30 });
    stops.unshift(() => db.destroy());
    await migrate(db);
    await migrateJobQueue(pgHandle.url);
    const adminDeps: admin.AdminDeps = { db, chains: createChainClients() };
    await admin.addChain(adminDeps, {
      networkId: anvil.chainId,
      name: "Anvil",
      isTestnet: true,
      rpcUrl: anvil.rpcUrl,
      gatewayAddress: gateway,
      forwarderAddress: forwarder,
      confirmations: 0,
    });
    await admin.addToken(adminDeps, { networkId: anvil.chainId, address: tokens.permit18 });
    const merchant = await admin.createMerchant(adminDeps, {
      name: "Bench shop",
      networkId: anvil.chainId,
      recipientAddress: anvilAccount(9).address,
    });
    await admin.addPaymentMethod(adminDeps, merchant.merchant.merchantKey, { tokenAddress: tokens.permit18 });

    const logger = pino({ level: "silent" });
    const config = defaultConfig({
      signerPrivateKey: new Secret(anvilPrivateKeys[1]),
      rateLimitPerMinute: 1_000_000,
      gasless: defaultGaslessSettings({
        relayerKeys: new Map([[anvil.chainId, RELAYER_KEYS.map((key) => new Secret(key))]]),
        pollIntervalMs: 200,
      }),
    });
    const services = createServices(config, db, { logger, paymentSync: false });
    const { gasless } = services;
    const app = await buildApp(services);
    await app.listen({ host: "127.0.0.1", port: 0 });
    stops.unshift(() => app.close());
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/v1`;
    const worker = await startWorker({
      databaseUrl: pgHandle.url,
      logger,
      modules: [gaslessWorkerModule(gasless)],
      concurrency: 20,
      pollInterval: 200,
    });
    stops.unshift(() => worker.stop());

    log(`preparing ${relayCount} payers, payments and signatures...`);
    const payers = Array.from({ length: relayCount }, () => privateKeyToAccount(generatePrivateKey()));
    const firstNonce = await publicClient.getTransactionCount({
      address: deployer.account.address,
      blockTag: "pending",
    });
    const mints = await Promise.all(
      payers.map((payer, i) =>
        deployer.writeContract({
          address: tokens.permit18,
          abi: testTokenAbi,
          functionName: "mint",
          args: [payer.address, 10n ** 20n],
          nonce: firstNonce + i,
          gas: 100_000n,
        }),
      ),
    );
    await Promise.all(mints.map((hash) => publicClient.waitForTransactionReceipt({ hash })));

    const headers = { "content-type": "application/json", "x-public-key": merchant.publicKey };
    const bodies = await Promise.all(
      payers.map(async (payer, i) => {
        const created = await fetch(`${base}/payments`, {
          method: "POST",
          headers,
          body: JSON.stringify({
            orderId: `bench-relay-${i}`,
            amount: 1.5,
            tokenAddress: tokens.permit18,
            successUrl: "service:none",
            failUrl: "service:none",
          }),
        });
        const p = ((await created.json()) as { data: CreatedPayment }).data;
        const permit = await signPermit(payer, {
          chainId: anvil.chainId,
          token: tokens.permit18,
          tokenName: testTokens.permit18.name,
          permit: {
            owner: payer.address,
            spender: gateway,
            value: BigInt(p.amount),
            nonce: 0n,
            deadline: BigInt(p.deadline),
          },
        });
        const data = encodePay(p, permit);
        const nonce = await publicClient.readContract({
          address: forwarder,
          abi: erc2771ForwarderAbi,
          functionName: "nonces",
          args: [payer.address],
        });
        const deadline = Math.floor(Date.now() / 1000) + 3600;
        const signed = await signForwardRequest(payer, {
          chainId: anvil.chainId,
          forwarder,
          request: { from: payer.address, to: gateway, value: 0n, gas: 200_000n, nonce, deadline, data },
        });
        return {
          paymentId: p.paymentId,
          body: JSON.stringify({
            paymentId: p.paymentId,
            forwarderAddress: forwarder,
            forwardRequest: {
              from: payer.address,
              to: gateway,
              value: "0",
              gas: "200000",
              nonce: nonce.toString(),
              deadline: String(deadline),
              data,
              signature: signed.signature,
            },
          }),
        };
      }),
    );

    log(`submitting ${relayCount} relays at once...`);
    const startBlock = await publicClient.getBlockNumber({ cacheTime: 0 });
    const started = performance.now();
    const responses = await Promise.all(
      bodies.map(({ paymentId, body }) =>
        fetch(`${base}/payments/${paymentId}/relay`, { method: "POST", headers, body }).then((r) => r.status),
      ),
    );
    const acceptedSeconds = (performance.now() - started) / 1000;
    const accepted = responses.filter((status) => status === 202).length;

    let confirmed = 0;
    let failed = 0;
    for (const deadline = Date.now() + 120_000; Date.now() < deadline;) {
      const rows = await db
        .selectFrom("relay_requests")
        .select(["status", db.fn.countAll<string>().as("n")])
        .groupBy("status")
        .execute();
      confirmed = Number(rows.find((r) => r.status === "CONFIRMED")?.n ?? 0);
      failed = Number(rows.find((r) => r.status === "FAILED")?.n ?? 0);
      if (confirmed + failed >= accepted) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const seconds = (performance.now() - started) / 1000;
    const mined = await db
      .selectFrom("sender_transactions")
      .select([db.fn.max("block_number").as("last"), db.fn.countAll<string>().as("n")])
      .where("purpose", "=", "relay")
      .where("status", "=", "CONFIRMED")
      .executeTakeFirstOrThrow();
    const distinctBlocks = await db
      .selectFrom("sender_transactions")
      .select(db.fn.count<string>("block_number").distinct().as("n"))
      .where("purpose", "=", "relay")
      .executeTakeFirstOrThrow();
    const lastBlock = mined.last === null ? Number(startBlock) : Number(mined.last);
    const blocks = lastBlock - Number(startBlock);
    const nonceErrors = gasless.senders().reduce((sum, sender) => sum + sender.counters.nonceErrors, 0);
    const replaced = gasless.senders().reduce((sum, sender) => sum + sender.counters.replaced, 0);

    const rows: [string, string, string][] = [
      ["relays submitted", String(relayCount), ""],
      ["accepted (202)", String(accepted), ""],
      ["all 202 answered in", `${acceptedSeconds.toFixed(2)} s`, ""],
      ["confirmed", String(confirmed), `${failed} failed`],
      ["time to all CONFIRMED", `${seconds.toFixed(2)} s`, ""],
      ["relays/s", (confirmed / seconds).toFixed(1), ""],
      ["blocks used (after submission)", String(blocks), `target <= ${targets.blocks}`],
      ["blocks holding relays", String(Number(distinctBlocks.n)), ""],
      ["relayer keys", String(RELAYER_KEYS.length), ""],
      ["nonce errors", String(nonceErrors), `target ${targets.nonceErrors}`],
      ["replacements", String(replaced), ""],
    ];
    const width = Math.max(...rows.map(([label]) => label.length));
    for (const [label, value, note] of rows)
      console.log(`${label.padEnd(width)}  ${value.padStart(10)}  ${note}`);
    if (json) {
      console.log(
        JSON.stringify({
          relays: relayCount,
          confirmed,
          blocks,
          seconds: Number(seconds.toFixed(2)),
          nonce_errors: nonceErrors,
        }),
      );
    }
  } finally {
    for (const stop of stops) {
      try {
        await stop();
      } catch {
        // Best effort: the rest still stops.
      }
    }
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
