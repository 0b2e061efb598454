/**
 * Subscriptions benchmark (issue 29): N active subscriptions due in the same minute on anvil, charged by
 * Kassa's worker through the chain's relayer; how long until every one is charged. Runs `kassa dev` (what
 * `npm start` runs: embedded PostgreSQL, anvil with automining, the API and the worker in one process) on a
 * temporary data directory, and uses only its public faces: the HTTP API, /metrics, and the chain.
 *
 * One payer (a fresh wallet, holding the tokens, the gateway allowed without limit) signs N subscriptions of
 * the demo merchant (1 KTT every 30 days, 12 charges), all starting at the same time T0, set far enough
 * ahead that every one is signed before it. From T0 the worker's minute job charges what is due (at most
 * 500 a run, one run at a time) through the relayer. Measured: from T0 to the last charge PAID, the charging
 * span (first charge PAID to last), the time per charge, and the database's busy time over that span
 * (`pg_stat_database.active_time` of Kassa's database: time spent executing statements, all of Kassa's).
 *
 *   npm run bench:subscriptions                          200 subscriptions, prints a table
 *   npm run bench:subscriptions -- --subscriptions 10000 the figure
 *   npm run bench:subscriptions -- --json                also prints one JSON object as the last line
 *
 * Target: 10,000 subscriptions due in the same hour all charged within that hour on the 2-core machine.
 */
import { subscriptionTypedData, testTokenAbi } from "@kassa/contracts";
import { rpcChain } from "@kassa/contracts";
import pg from "pg";
import { createPublicClient, createWalletClient, http, maxUint256, type Address, type Hex } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { startDevStack } from "../lib/devStack.js";

const json = process.argv.includes("--json");
const countIndex = process.argv.indexOf("--subscriptions");
const count = countIndex > 0 ? Number(process.argv[countIndex + 1]) : 200;
if (!Number.isInteger(count) || count < 1) throw new Error("--subscriptions takes a positive whole number");
const PERIOD = 30 * 86_400;
const CHARGES = 12;
/** Subscriptions created and signed at once. */
const CONCURRENCY = 8;
/** How far ahead T0 is set: time for the setup, measured on the first subscriptions, with room. */
const LEAD_MIN_SECONDS = 45;
const TARGET_SECONDS = 3600;
const TARGET_COUNT = 10_000;
const log = (line: string) => {
  process.stderr.write(`${line}\n`);
};

const stack = await startDevStack({
  RATE_LIMIT_PER_MINUTE: "10000000",
  METRICS_TOKEN: "bench-metrics-token-0001",
});
try {
  const { env } = stack;
  const chain = rpcChain(env.chainId, "anvil", env.rpcUrl);
  const client = createPublicClient({ chain, transport: http(env.rpcUrl) });
  const token = env.tokens.permit18.address;
  const call = async <T>(path: string, init: { method?: string; body?: unknown; auth?: boolean } = {}) => {
    const response = await fetch(`${env.apiUrl}${path}`, {
      method: init.method ?? "GET",
      headers: {
        ...(init.auth === false ? {} : { "x-api-key": env.merchant.apiKey }),
        ...(init.body === undefined ? {} : { "content-type": "application/json" }),
      },
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
    });
    const body = (await response.json()) as { data: T };
    if (!response.ok)
      throw new Error(`${init.method ?? "GET"} ${path}: ${response.status} ${JSON.stringify(body)}`);
    return body.data;
  };

  // The payer: native gas for its approve, the tokens of every first charge, the gateway allowed.
  const payer = privateKeyToAccount(generatePrivateKey());
  const wallet = createWalletClient({ account: payer, chain, transport: http(env.rpcUrl) });
  await client.request({
    method: "anvil_setBalance" as never,
    params: [payer.address, `0x${(10n ** 18n).toString(16)}`] as never,
  });
  const funder = createWalletClient({
    account: privateKeyToAccount(env.payers[0]?.privateKey as Hex),
    chain,
    transport: http(env.rpcUrl),
  });
  const amount = 10n ** 18n;
  for (const hash of [
    await funder.writeContract({
      address: token,
      abi: testTokenAbi,
      functionName: "mint",
      args: [payer.address, amount * BigInt(count)],
    }),
    await wallet.writeContract({
      address: token,
      abi: testTokenAbi,
      functionName: "approve",
      args: [env.contracts.gateway, maxUint256],
    }),
  ]) {
    await client.waitForTransactionReceipt({ hash });
  }

  interface View {
    id: string;
    subscriptionId: Hex;
    merchantId: Hex;
    recipientAddress: Address;
    gatewayAddress: Address;
    startsAt: number;
  }
  /** Creates one subscription starting at `startsAt` and signs it as the payer. */
  const subscribe = async (index: number, startsAt: number) => {
    const created = await call<View>("/subscriptions", {
      method: "POST",
      body: {
        orderId: `bench-${index}`,
        tokenAddress: token,
        amount: 1,
        periodSeconds: PERIOD,
        charges: CHARGES,
        startsAt,
      },
    });
    const signature = await payer.signTypedData(
      subscriptionTypedData({
        chainId: env.chainId,
        gateway: created.gatewayAddress,
        subscription: {
          subscriptionId: created.subscriptionId,
          payer: payer.address,
          tokenAddress: token,
          amount,
          variableAmount: false,
          usePermit2: false,
          recipientAddress: created.recipientAddress,
          merchantId: created.merchantId,
          period: BigInt(PERIOD),
          startsAt: BigInt(startsAt),
          charges: BigInt(CHARGES),
        },
      }),
    );
    await call(`/public/subscriptions/${created.id}/authorize`, {
      method: "POST",
      auth: false,
      body: { payer: payer.address, startsAt, signature },
    });
  };
  const runAll = async (from: number, to: number, startsAt: number) => {
    let next = from;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < to) await subscribe(next++, startsAt);
      }),
    );
  };

  // T0 from the setup rate of a first batch measured against a far start, then everyone at T0.
  const probe = Math.min(count, 40);
  const probeStarted = performance.now();
  const farStart = Math.floor(Date.now() / 1000) + 86_400;
  await runAll(0, probe, farStart);
  const perSetup = (performance.now() - probeStarted) / probe / 1000;
  const t0 =
    Math.floor(Date.now() / 1000) + Math.ceil(Math.max(LEAD_MIN_SECONDS, perSetup * count * 1.5 + 15));
  log(
    `setup: ${(perSetup * 1000).toFixed(1)} ms a subscription; T0 in ${t0 - Math.floor(Date.now() / 1000)} s`,
  );
  // The probe's subscriptions start tomorrow: cancel them, and sign them again starting at T0.
  // (They are the merchant's: cancelling through the API, as a merchant would.)
  const { subscriptions: probed } = await call<{ subscriptions: { id: string }[] }>(
    `/subscriptions?limit=100&status=ACTIVE`,
  );
  for (const sub of probed) await call(`/subscriptions/${sub.id}/cancel`, { method: "POST" });
  const setupStarted = performance.now();
  await runAll(probe, probe + count, t0);
  const setupSeconds = (performance.now() - setupStarted) / 1000;
  const lateSetup = Date.now() / 1000 > t0;
  log(`${count} subscriptions signed in ${setupSeconds.toFixed(1)} s${lateSetup ? " (after T0!)" : ""}`);

  // Kassa's database: its busy time over the charging (statements executing, ms).
  const db = new pg.Client({ connectionString: env.databaseUrl });
  await db.connect();
  const activeMs = async (): Promise<number | null> => {
    try {
      const { rows } = await db.query<{ active: number }>(
        "SELECT active_time AS active FROM pg_stat_database WHERE datname = current_database()",
      );
      return Number(rows[0]?.active);
    } catch {
      return null;
    }
  };
  const paidCount = async () => {
    const totals = await call<{ byToken: { tokenAddress: string; paidCount: number }[] }>(
      "/merchants/me/payments/totals",
    );
    return (
      totals.byToken.find((row) => row.tokenAddress.toLowerCase() === token.toLowerCase())?.paidCount ?? 0
    );
  };
  const paidBefore = await paidCount();
  while (Date.now() / 1000 < t0) await new Promise((resolve) => setTimeout(resolve, 200));
  const activeAtT0 = await activeMs();

  // Until every charge is PAID, or an hour and a half.
  const deadline = Date.now() + 90 * 60_000;
  let paid = 0;
  let firstPaidAt: number | undefined;
  let lastLogged = 0;
  while (paid < count && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    paid = (await paidCount()) - paidBefore;
    if (paid > 0) firstPaidAt ??= Date.now() / 1000;
    if (Date.now() - lastLogged > 15_000) {
      log(`${Math.round(Date.now() / 1000 - t0)} s after T0: ${paid} of ${count} charged`);
      lastLogged = Date.now();
    }
  }
  const allPaidAt = Date.now() / 1000;
  const activeAtEnd = await activeMs();
  await db.end();
  const scrape = await fetch(`${env.apiUrl.replace(/\/api\/v1$/, "")}/metrics`, {
    headers: { authorization: "Bearer bench-metrics-token-0001" },
  });
  const metricsLines = (await scrape.text())
    .split("\n")
    .filter((line) => line.startsWith("kassa_payments{") && line.includes('status="PAID"'));

  const fromT0 = allPaidAt - t0;
  const span = firstPaidAt === undefined ? 0 : allPaidAt - firstPaidAt;
  const perCharge = paid > 0 ? span / paid : NaN;
  const dbSeconds = activeAtT0 === null || activeAtEnd === null ? null : (activeAtEnd - activeAtT0) / 1000;
  // Extrapolated: the wait for the first run, then the measured pace.
  const projected = fromT0 - span + perCharge * TARGET_COUNT;
  const result = {
    subscriptions: count,
    charged: paid,
    setup_seconds: Number(setupSeconds.toFixed(1)),
    setup_after_t0: lateSetup,
    seconds_from_due_to_all_charged: Number(fromT0.toFixed(1)),
    charging_span_seconds: Number(span.toFixed(1)),
    ms_per_charge: Number((perCharge * 1000).toFixed(1)),
    charges_per_hour: Math.floor(3600 / perCharge),
    db_active_seconds: dbSeconds === null ? null : Number(dbSeconds.toFixed(1)),
    db_ms_per_charge:
      dbSeconds === null || paid === 0 ? null : Number(((dbSeconds * 1000) / paid).toFixed(1)),
    projected_seconds_for_10000: Number(projected.toFixed(0)),
    target_met:
      count >= TARGET_COUNT ? paid === count && fromT0 <= TARGET_SECONDS : projected <= TARGET_SECONDS,
    measured_not_projected: count >= TARGET_COUNT,
  };
  const rows: [string, string][] = [
    ["subscriptions due at T0", String(count)],
    ["charged (PAID)", String(paid)],
    ["setup (create + sign)", `${result.setup_seconds} s`],
    ["T0 to all charged", `${result.seconds_from_due_to_all_charged} s`],
    ["charging span", `${result.charging_span_seconds} s`],
    ["time per charge", `${result.ms_per_charge} ms`],
    ["charges per hour at that pace", String(result.charges_per_hour)],
    ["database busy over the run", dbSeconds === null ? "n/a" : `${result.db_active_seconds} s`],
    ["database time per charge", result.db_ms_per_charge === null ? "n/a" : `${result.db_ms_per_charge} ms`],
    [
      result.measured_not_projected
        ? "10,000 within the hour (measured)"
        : "10,000 within the hour (projected)",
      `${result.target_met ? "yes" : "no"} (${result.measured_not_projected ? fromT0.toFixed(0) : result.projected_seconds_for_10000} s)`,
    ],
  ];
  for (const [label, value] of rows) console.log(`${label.padEnd(36)} ${value}`);
  if (metricsLines.length > 0) log(`/metrics: ${metricsLines.join("; ")}`);
  if (json) console.log(JSON.stringify(result));
  if (paid < count) process.exitCode = 1;
} finally {
  await stack.stop();
}
