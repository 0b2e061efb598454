/**
 * Relayer benchmark: 100 gasless payments (permit + ForwardRequest) from 100 fresh payers holding no native
 * token, submitted at once to POST /payments/:id/relay, on anvil with 1 s blocks. `kassa start` (the API, the
 * worker and its relayer) runs on a fresh database seeded with `kassa admin`; the relayer has two keys. What
 * it reports comes from the API (each relay's status and transaction), the chain (the blocks that mined them)
 * and /metrics (kassa_sender_nonce_errors_total, kassa_sender_replacements_total).
 *
 *   npm run bench:relay            prints a table
 *   npm run bench:relay -- --json  also prints {"relays":100,"confirmed":N,"blocks":N,"seconds":N,"nonce_errors":N}
 *                                  as the last line
 *   --relays N                     payments (default 100)
 *
 * PostgreSQL: DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres; a database is created on it and
 * dropped). Target: all confirmed within 5 blocks, zero nonce errors.
 */
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
  type PayablePaymentFields,
} from "@kassa/contracts";
import { anvilAccount, anvilPrivateKeys, startAnvil } from "@kassa/contracts/dev";
import { createPublicClient, createWalletClient, http, type Hash } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { freshDatabase, metricSum, seedShop, startKassa } from "../lib/kassa.js";

const json = process.argv.includes("--json");
const relaysIndex = process.argv.indexOf("--relays");
const relayCount = relaysIndex > 0 ? Number(process.argv[relaysIndex + 1]) : 100;
const RELAYER_KEYS = [anvilPrivateKeys[6], anvilPrivateKeys[7]];
const targets = { blocks: 5, nonceErrors: 0 };
/** Progress lines: on stderr, so that the table and the JSON line stay the only output on stdout. */
const log = (line: string) => {
  process.stderr.write(`${line}\n`);
};

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

    const database = await freshDatabase("kassa_bench_relay");
    stops.unshift(database.drop);
    const chainId = String(anvil.chainId);
    const merchant = await seedShop(database.url, {
      networkId: anvil.chainId,
      rpcUrl: anvil.rpcUrl,
      gateway,
      forwarder,
      token: tokens.permit18,
      recipient: anvilAccount(9).address,
    });

    const kassa = await startKassa("start", {
      DATABASE_URL: database.url,
      DATABASE_POOL_SIZE: "30",
      KASSA_SIGNER_PRIVATE_KEY: anvilPrivateKeys[1]!,
      RATE_LIMIT_PER_MINUTE: "1000000",
      [`RELAYER_PRIVATE_KEYS_${chainId}`]: RELAYER_KEYS.join(","),
      RELAYER_POLL_INTERVAL_MS: "200",
      // Every relay comes from this one address and shop, all in flight at once: their gas limits would fill the
      // client's and the merchant's budgets of gas at risk (docs/operations.md) long before the last is sent.
      RELAYER_CLIENT_GAS_BUDGET: String(relayCount * 1_000_000),
      RELAYER_MERCHANT_GAS_BUDGET: String(relayCount * 1_000_000),
    });
    stops.unshift(kassa.stop);
    const base = `${kassa.baseUrl}/api/v1`;

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
        const p = ((await created.json()) as { data: PayablePaymentFields }).data;
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

    // Done when the PAID payments (/metrics, one cheap read a round) and the FAILED relays (read from the API
    // every 2 s, not to load the process that sends them) account for every accepted relay.
    const finals = new Map<string, { status: string; transactionHash: string | null }>();
    const open = bodies.filter((_, i) => responses[i] === 202).map(({ paymentId }) => paymentId);
    const readFinals = () =>
      Promise.all(
        open
          .filter((paymentId) => !finals.has(paymentId))
          .map(async (paymentId) => {
            const answer = await fetch(`${base}/payments/${paymentId}/relay`, { headers });
            const relay = (
              (await answer.json()) as { data: { status: string; transactionHash: string | null } }
            ).data;
            if (relay.status === "CONFIRMED" || relay.status === "FAILED") finals.set(paymentId, relay);
          }),
      );
    const failedRelays = () => [...finals.values()].filter((relay) => relay.status === "FAILED").length;
    for (let round = 1, deadline = Date.now() + 120_000; Date.now() < deadline; round++) {
      if (round % 20 === 0) await readFinals();
      const paid = await metricSum(kassa.baseUrl, "kassa_payments", { status: "PAID" });
      if (paid + failedRelays() >= open.length) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const seconds = (performance.now() - started) / 1000;
    // A payment is PAID when the watcher reads its block; its relay is CONFIRMED when the relayer's tracker does,
    // a moment later: wait for every relay's own outcome, so that the blocks counted are all of theirs.
    for (let deadline = Date.now() + 60_000; Date.now() < deadline;) {
      await readFinals();
      if (finals.size >= open.length) break;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    const confirmedHashes = [...finals.values()]
      .filter((relay) => relay.status === "CONFIRMED" && relay.transactionHash !== null)
      .map((relay) => relay.transactionHash as Hash);
    const confirmed = confirmedHashes.length;
    const failed = failedRelays();
    const minedIn = await Promise.all(
      confirmedHashes.map(async (hash) => (await publicClient.getTransactionReceipt({ hash })).blockNumber),
    );
    const lastBlock = minedIn.reduce((last, block) => (block > last ? block : last), startBlock);
    const blocks = Number(lastBlock - startBlock);
    const distinctBlocks = new Set(minedIn).size;
    const nonceErrors = await metricSum(kassa.baseUrl, "kassa_sender_nonce_errors_total");
    const replaced = await metricSum(kassa.baseUrl, "kassa_sender_replacements_total");

    const rows: [string, string, string][] = [
      ["relays submitted", String(relayCount), ""],
      ["accepted (202)", String(accepted), ""],
      ["all 202 answered in", `${acceptedSeconds.toFixed(2)} s`, ""],
      ["confirmed", String(confirmed), `${failed} failed`],
      ["time to all PAID", `${seconds.toFixed(2)} s`, ""],
      ["relays/s", (confirmed / seconds).toFixed(1), ""],
      ["blocks used (after submission)", String(blocks), `target <= ${targets.blocks}`],
      ["blocks holding relays", String(distinctBlocks), ""],
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
