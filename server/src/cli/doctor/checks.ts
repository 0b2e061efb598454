import { statSync } from "node:fs";
import { formatEther, getAddress, zeroAddress, type Address, type PublicClient } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { splitRpcUrls } from "../../chain/clients.js";
import {
  hasCode,
  readGatewayPermit2,
  readGatewaySigner,
  readNativeBalance,
  readRpcChainId,
} from "../../chain/preflight.js";
import { faucetDailyBudgetWei } from "../../config/gasless.js";
import { readTransferOffer } from "../../core/deposits/offer.js";
import { kassaPublicUrl, listenHost, type Config } from "../../config/index.js";
import type { ChainRow } from "../../db/schema/rows.js";
import type { DatabaseState } from "../../db/operations/preflight.js";
import { readDashboardBundle, readWidgetBundle } from "../../http/bundles.js";
import { scrubText } from "../../scrub.js";

/** One line of `kassa doctor`. A fatal failure also stops `kassa start`, `api` and `worker`. */
export interface CheckResult {
  name: string;
  status: "ok" | "warn" | "fail";
  message: string;
  fatal: boolean;
}

const ok = (name: string, message: string): CheckResult => ({ name, status: "ok", message, fatal: false });
const warn = (name: string, message: string): CheckResult => ({
  name,
  status: "warn",
  message,
  fatal: false,
});
const fail = (name: string, message: string, fatal: boolean): CheckResult => ({
  name,
  status: "fail",
  message,
  fatal,
});

/** Secrets read from files (`<NAME>_FILE`) must not be readable or writable by other users. */
export function checkSecretFiles(config: Config): CheckResult {
  const name = "secret files";
  if (config.secretFiles.length === 0) return ok(name, "none: every secret comes from the environment");
  const exposed = config.secretFiles.flatMap(({ variable, path }) => {
    const mode = statSync(path).mode & 0o777;
    return mode & 0o006 ? [`${variable}_FILE ${path} (mode ${mode.toString(8).padStart(4, "0")})`] : [];
  });
  if (exposed.length > 0) {
    return fail(name, `other users can read or change ${exposed.join(", ")}: chmod 600 (or 640)`, true);
  }
  return ok(name, `${config.secretFiles.length} read, none open to other users`);
}

const isLoopback = (host: string) => ["localhost", "127.0.0.1", "[::1]"].includes(host);

/** PUBLIC_BASE_URL, ALLOWED_WIDGET_ORIGIN, TRUST_PROXY and HOST agree with each other. */
export function checkSettings(config: Config): CheckResult {
  const name = "settings";
  const fatal: string[] = [];
  const failed: string[] = [];
  const warnings: string[] = [];
  const base = config.publicBaseUrl ? new URL(config.publicBaseUrl) : undefined;
  if (base && config.allowedWidgetOrigin && base.origin !== config.allowedWidgetOrigin) {
    fatal.push(
      `ALLOWED_WIDGET_ORIGIN ${config.allowedWidgetOrigin} is not PUBLIC_BASE_URL's origin ${base.origin}: the widget Kassa serves there would be refused`,
    );
  }
  if (base && /\/api(\/v1)?\/?$/.test(base.pathname)) {
    fatal.push(
      "PUBLIC_BASE_URL must be Kassa's URL without /api/v1: payment links would point to the wrong page",
    );
  }
  if (base?.protocol === "https:" && config.trustProxy === false) {
    failed.push(
      "PUBLIC_BASE_URL is https but TRUST_PROXY is false: TLS ends at a proxy, so every client would share its IP (rate and faucet limits); set TRUST_PROXY to the proxy's address or hop count",
    );
  }
  if (base?.protocol === "http:" && !isLoopback(base.hostname)) {
    warnings.push("PUBLIC_BASE_URL is not https: put Kassa behind TLS");
  }
  const host = listenHost(config);
  if (config.trustProxy === true && !isLoopback(host)) {
    warnings.push(
      `TRUST_PROXY=true trusts X-Forwarded-For from anyone who reaches ${host}:${config.port}: name the proxy's addresses or a hop count`,
    );
  }
  if (!config.allowedWidgetOrigin)
    warnings.push("ALLOWED_WIDGET_ORIGIN is unset: public keys work from any origin");
  if (!base && !config.allowedWidgetOrigin) {
    warnings.push(
      "PUBLIC_BASE_URL is unset (and ALLOWED_WIDGET_ORIGIN, which would stand for it): no dashboard, no payer's /subscriptions page, the payment-link endpoints answer NOT_FOUND and subscriptions have no url",
    );
  }
  if (fatal.length > 0) return fail(name, [...fatal, ...failed].join("; "), true);
  if (failed.length > 0) return fail(name, failed.join("; "), false);
  if (warnings.length > 0) return warn(name, warnings.join("; "));
  return ok(name, `served at ${kassaPublicUrl(config)}, widget origin and proxy consistent`);
}

/**
 * KASSA_SIGNER_PRIVATE_KEY is set: without it no payment can be created (POST /payments answers
 * SIGNING_SERVICE_ERROR), nor a deposit swept or a subscription charged. Not fatal, so a process can start
 * to be looked at, but `kassa doctor` exits 1.
 */
export function checkSigner(config: Config): CheckResult {
  if (!config.signerPrivateKey) {
    return fail(
      "signer",
      "KASSA_SIGNER_PRIVATE_KEY is unset: no payment can be created (POST /payments answers SIGNING_SERVICE_ERROR)",
      false,
    );
  }
  return ok(
    "signer",
    `KASSA_SIGNER_PRIVATE_KEY is set (${privateKeyToAccount(config.signerPrivateKey.reveal()).address})`,
  );
}

/** The browser bundles the API serves are in place and complete. */
export async function checkBundles(dir?: string): Promise<CheckResult> {
  try {
    const [widget, dashboard] = await Promise.all([readWidgetBundle(dir), readDashboardBundle(dir)]);
    return ok(
      "bundles",
      `widget (${widget.assets.size + 1} files) and dashboard (${dashboard.assets.size} files)`,
    );
  } catch (error) {
    return fail("bundles", (error as Error).message, true);
  }
}

/** PostgreSQL answers, is 14 or newer, and its migrations are this release's. */
export function checkDatabase(state: DatabaseState | Error): CheckResult[] {
  if (state instanceof Error) {
    return [fail("database", `cannot connect: ${scrubText(state.message)}`, true)];
  }
  const database =
    state.versionNumber < 140_000
      ? fail("database", `PostgreSQL ${state.version}: Kassa needs 14 or newer`, true)
      : ok("database", `PostgreSQL ${state.version}`);
  let migrations: CheckResult;
  if (state.unknown.length > 0) {
    migrations = fail(
      "migrations",
      `the database has migrations this release does not know (${state.unknown.join(", ")}): it was migrated by a newer Kassa; run that version`,
      true,
    );
  } else if (state.pending.length > 0) {
    migrations = fail(
      "migrations",
      `${state.pending.length} pending (${state.pending.join(", ")}): \`kassa migrate\` applies them (so does every process at start)`,
      false,
    );
  } else {
    migrations = ok("migrations", `all ${state.applied} applied`);
  }
  return [database, migrations];
}

/** Each connection must have a database session of its own (advisory locks, LISTEN). */
export function checkPooling(sharesSessions: boolean): CheckResult {
  return sharesSessions
    ? fail(
        "connection pooling",
        "connections share database sessions (a pooler in transaction or statement mode, such as PgBouncer's pool_mode = transaction): Kassa holds advisory locks and LISTENs on its sessions; connect to PostgreSQL directly or through a pooler in session mode",
        true,
      )
    : ok("connection pooling", "each connection has a session of its own");
}

export function checkWorkers(state: DatabaseState): CheckResult {
  return state.liveWorkers > 0
    ? ok("workers", `${state.liveWorkers} worker pool(s) alive`)
    : warn("workers", "no worker is running (kassa worker or kassa start): payments are not settled");
}

/** The chain's RPC URLs, each on its own: every one must report the chain's id. */
export async function checkRpcUrls(
  config: Config,
  chain: ChainRow,
  timeoutMs: number,
): Promise<{ result: CheckResult; answered: boolean }> {
  const name = `chain ${chain.network_id} rpc`;
  const urls = config.rpcUrls.get(chain.network_id)?.reveal() ?? splitRpcUrls(chain.rpc_url);
  if (urls.length === 0) {
    return {
      result: fail(name, `no RPC URL (RPC_URL_${chain.network_id} or kassa admin chain update)`, false),
      answered: false,
    };
  }
  const readings = await Promise.all(urls.map((url) => readRpcChainId(url, timeoutMs)));
  const label = (i: number) => `RPC URL ${i + 1} of ${urls.length}`;
  const wrong = readings.flatMap((reading, i) =>
    reading.ok && reading.chainId !== chain.network_id
      ? [`${label(i)} answers chain id ${reading.chainId}`]
      : [],
  );
  const silent = readings.flatMap((reading, i) =>
    reading.ok ? [] : [`${label(i)} did not answer (${reading.error})`],
  );
  const answered = readings.some((reading) => reading.ok && reading.chainId === chain.network_id);
  if (wrong.length > 0) {
    return {
      result: fail(name, `${wrong.join("; ")}, not ${chain.network_id}: fix the URL`, true),
      answered,
    };
  }
  if (!answered) return { result: fail(name, silent.join("; "), false), answered };
  if (silent.length > 0) return { result: warn(name, silent.join("; ")), answered };
  return { result: ok(name, `${urls.length} RPC URL(s) answer chain id ${chain.network_id}`), answered };
}

/** The gateway and forwarder have code, and the gateway's signer is Kassa's signer key. */
export async function checkContracts(
  config: Config,
  chain: ChainRow,
  client: PublicClient,
): Promise<CheckResult> {
  const name = `chain ${chain.network_id} contracts`;
  const gateway = getAddress(chain.gateway_address as string);
  const forwarder = chain.forwarder_address ? getAddress(chain.forwarder_address) : undefined;
  const [gatewayCode, forwarderCode] = await Promise.all([
    hasCode(client, gateway),
    forwarder ? hasCode(client, forwarder) : Promise.resolve(true),
  ]);
  const missing = [
    ...(gatewayCode ? [] : [`the gateway ${gateway}`]),
    ...(forwarderCode ? [] : [`the forwarder ${forwarder}`]),
  ];
  if (missing.length > 0)
    return fail(name, `no code at ${missing.join(" nor ")}: wrong address or chain`, true);
  const permit2 = await readGatewayPermit2(client, gateway);
  if (permit2 !== zeroAddress && !(await hasCode(client, permit2))) {
    return fail(
      name,
      `the gateway takes Permit2 payments, and Permit2 ${permit2} has no code on this chain: they would revert ` +
        "(deploy Permit2 at its canonical address, or a gateway with kassa deploy --no-permit2)",
      true,
    );
  }
  const signer = await readGatewaySigner(client, gateway);
  // The `signer` line already fails on a missing key: this one says what the gateway expects.
  if (!config.signerPrivateKey) return warn(name, `deployed; the gateway's signer ${signer} is not checked`);
  const ours = privateKeyToAccount(config.signerPrivateKey.reveal()).address;
  if (signer !== ours) {
    return fail(
      name,
      `the gateway's signer is ${signer}, KASSA_SIGNER_PRIVATE_KEY is ${ours}: its payments could not be paid (setSigner, or the right key)`,
      true,
    );
  }
  return ok(name, `gateway${forwarder ? " and forwarder" : ""} deployed, signer ${ours}`);
}

/**
 * Whether the chain's payments are offered the transfer path (a deposit address) and, when not, why: the settings
 * (TRANSFER_PAYMENTS, the signer, a relayer key on the chain) or the chain (a version-3 gateway on a chain that does
 * not apply EIP-7702 authorizations). Not offered is a warning: payments are still paid with a wallet.
 */
export async function checkTransfers(
  config: Config,
  chain: ChainRow,
  client: PublicClient,
): Promise<CheckResult> {
  const name = `chain ${chain.network_id} transfers`;
  if (!config.transferPayments) {
    return ok(name, "off (TRANSFER_PAYMENTS=false): payments are paid with a wallet only");
  }
  const offer = await readTransferOffer(client, config, {
    networkId: chain.network_id,
    gateway: getAddress(chain.gateway_address as string),
  }).catch((error: Error) => ({
    offered: false as const,
    reason: `the gateway could not be read (${scrubText(error.message.split("\n")[0] ?? "")})`,
  }));
  if (!offer.offered) return warn(name, `not offered: ${offer.reason}`);
  return ok(
    name,
    `offered: "Pay by transfer" on new payments (gateway version ${offer.gatewayVersion}${
      offer.gatewayVersion === 3 ? ", the chain applies EIP-7702 authorizations" : ""
    }; ${offer.relayerKeys} relayer key(s) send the sweeps)`,
  );
}

const ether = (wei: bigint) => `${formatEther(wei)} native`;

/** The relayer's and the faucet's keys on the chain hold enough native token. */
export async function checkBalances(
  config: Config,
  chain: ChainRow,
  client: PublicClient,
): Promise<CheckResult[]> {
  const { gasless } = config;
  const relayerKeys = gasless.relayerKeys.get(chain.network_id) ?? [];
  const faucetKey = gasless.faucetKeys.get(chain.network_id);
  const addressOf = (key: { reveal(): `0x${string}` }): Address => privateKeyToAccount(key.reveal()).address;
  const low = async (addresses: Address[]) => {
    const balances = await Promise.all(addresses.map((address) => readNativeBalance(client, address)));
    return {
      balances,
      below: addresses.flatMap((address, i) =>
        balances[i]! < gasless.minBalanceWei ? [`${address} holds ${ether(balances[i]!)}`] : [],
      ),
    };
  };
  const threshold = `RELAYER_MIN_BALANCE_WEI (${ether(gasless.minBalanceWei)})`;
  const relayerName = `chain ${chain.network_id} relayer`;
  let relayer: CheckResult;
  if (relayerKeys.length === 0) {
    relayer = ok(relayerName, "no key: gasless payments are off on this chain");
  } else {
    const { below } = await low(relayerKeys.map(addressOf));
    relayer =
      below.length > 0
        ? fail(relayerName, `${below.join(", ")}: below ${threshold}; fund it`, false)
        : ok(relayerName, `${relayerKeys.length} key(s) at or above ${threshold}`);
  }
  const faucetName = `chain ${chain.network_id} faucet`;
  if (!faucetKey) return [relayer, ok(faucetName, "no key: gas grants are off on this chain")];
  const { balances, below } = await low([addressOf(faucetKey)]);
  const budget = faucetDailyBudgetWei(gasless, chain.network_id);
  let faucet: CheckResult;
  if (below.length > 0) faucet = fail(faucetName, `${below[0]}: below ${threshold}; fund it`, false);
  else if (balances[0]! < budget) {
    faucet = warn(faucetName, `holds ${ether(balances[0]!)}, less than a day's budget (${ether(budget)})`);
  } else faucet = ok(faucetName, `holds ${ether(balances[0]!)}, a day's budget or more`);
  return [relayer, faucet];
}
