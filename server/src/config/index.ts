import { isIP } from "node:net";
import { z } from "zod";
import { Secret } from "../secret.js";
import { priceEnvShape, toPriceSettings, type PriceSettings } from "./prices.js";
import { httpEnvShape, toHttpSettings, type HttpSettings } from "./http.js";
import { paymentLinkEnvShape, toPaymentLinkLimits, type PaymentLinkLimits } from "./paymentLinks.js";
import {
  gaslessEnvShape,
  parseFaucetChainBudgets,
  parseGaslessKeys,
  toGaslessSettings,
  type GaslessSettings,
} from "./gasless.js";
import { BaseError } from "../domain/baseError.js";
import { readSecretFiles, type SecretFile } from "./secretFiles.js";

export class ConfigError extends BaseError {
  override readonly name = "ConfigError";
}

const logLevels = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;

const origin = z
  .string()
  .url()
  .refine((value) => new URL(value).origin === value, "must be an origin: scheme://host[:port], no path");

const privateKey = z
  .string()
  .regex(/^0x[0-9a-fA-F]{64}$/, "must be a 32-byte hex private key starting with 0x")
  .transform((value) => new Secret(value as `0x${string}`));

/** One TRUST_PROXY list entry: an IP, a CIDR, or a proxy-addr name (loopback, linklocal, uniquelocal). */
function isProxyAddress(entry: string): boolean {
  if (["loopback", "linklocal", "uniquelocal"].includes(entry)) return true;
  const [address = "", prefix, ...extra] = entry.split("/");
  const family = isIP(address);
  if (family === 0 || extra.length > 0) return false;
  return prefix === undefined || (/^\d+$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128));
}

const trustProxy = z
  .string()
  .transform((value, ctx): boolean | number | string[] => {
    if (value === "true" || value === "false") return value === "true";
    if (/^\d+$/.test(value)) return Number(value);
    const entries = value.split(",").map((entry) => entry.trim());
    const bad = entries.filter((entry) => !isProxyAddress(entry));
    if (bad.length > 0) {
      ctx.addIssue({
        code: "custom",
        message: `must be true, false, a hop count, or a comma-separated list of IPs/CIDRs (bad: ${bad.join(", ")})`,
      });
    }
    return entries;
  })
  .default(false);

const envSchema = z.object({
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must be a postgres:// URL")
    .transform((value) => new Secret(value))
    .optional()
    .describe(
      "PostgreSQL connection URL (secret). Required by a release; unset in a clone, `kassa` runs embedded PostgreSQL under KASSA_DATA_DIR.",
    ),
  DATABASE_POOL_SIZE: z.coerce
    .number()
    .int()
    .min(2)
    .max(500)
    .default(20)
    .describe("PostgreSQL connections each process keeps open at most."),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000).describe("Port the API listens on."),
  HOST: z
    .string()
    .min(1)
    .optional()
    .describe(
      "Address the API listens on. Unset: 0.0.0.0 (every interface, as a container's port mapping needs), except under `kassa dev` (`npm start`), which listens on 127.0.0.1: its funded keys and printed API key stay on the machine unless HOST says otherwise.",
    ),
  ALLOWED_WIDGET_ORIGIN: origin
    .optional()
    .describe(
      "When set, public-key endpoints require this exact Origin (see docs/api.md, Authentication) and CORS allows only it. Set it to Kassa's own public origin when the widget is served by Kassa.",
    ),
  KASSA_SIGNER_PRIVATE_KEY: privateKey
    .optional()
    .describe(
      "Key that signs every payment request (the gateway's `signer`; secret). Without it POST /payments answers SIGNING_SERVICE_ERROR.",
    ),
  PUBLIC_BASE_URL: z
    .string()
    .url()
    .optional()
    .describe(
      "Public URL of this Kassa (without /api/v1): the server of the OpenAPI document, the origin of the merchant dashboard and the address of payment links' pages (`url`). Unset: ALLOWED_WIDGET_ORIGIN stands for it, and without either there is no dashboard and the payment-link endpoints answer NOT_FOUND (a link's address never follows the Host a request names).",
    ),
  LOG_LEVEL: z.enum(logLevels).default("info").describe("Log level of the JSON logs on stdout."),
  RATE_LIMIT_PER_MINUTE: z.coerce
    .number()
    .int()
    .positive()
    .default(600)
    .describe(
      "Requests per minute per bucket: a public key's per (merchant, client IP), an API key's per merchant, anything else (no key, a wrong key) per client IP; above it: 429 RATE_LIMITED.",
    ),
  TRUST_PROXY: trustProxy.describe(
    "Which proxies in front of Kassa to trust for X-Forwarded-For, so the client IP (rate limits, faucet limits) is the real one: `false` (none: the TCP peer is the client), `true` (all: only behind a proxy that overwrites the header), a hop count (`1`: the nearest proxy), or a comma-separated list of proxy IPs/CIDRs (`10.0.0.0/8,loopback`).",
  ),
  KASSA_DATA_DIR: z
    .string()
    .min(1)
    .default(".kassa")
    .describe(
      "Where embedded PostgreSQL, the dev chain's state and dev.json live (no DATABASE_URL, `kassa dev`).",
    ),
  DEPLOYER_PRIVATE_KEY: privateKey.optional().describe("Key that pays for `kassa deploy` (secret)."),
  GATEWAY_OWNER_PRIVATE_KEY: privateKey
    .optional()
    .describe(
      "Key of the gateway owner, only for `kassa admin merchant update --fee-bps`, which sets the fee on-chain; unset where the owner is a multisig (secret).",
    ),
  METRICS_TOKEN: z
    .string()
    .min(16, "must be at least 16 characters")
    .transform((value) => new Secret(value))
    .optional()
    .describe("When set, GET /metrics requires `Authorization: Bearer <token>` (secret)."),
  WEBHOOK_ALLOW_PRIVATE: z
    .enum(["true", "false"])
    .default("false")
    .describe("`true` lets webhooks go to private, loopback and link-local addresses (development, tests)."),
  TRANSFER_PAYMENTS: z
    .enum(["true", "false"])
    .default("true")
    .describe(
      "Payments by plain token transfer: each new payment gets a deposit address of its own on every chain where the transfer path can work (a relayer key, RELAYER_PRIVATE_KEYS_<networkId>, sends the sweeps to the merchant; a version-3 gateway needs a chain with EIP-7702), the chain watchers read the enabled tokens' transfers, and the worker sweeps settled deposits. `kassa doctor` says per chain whether it is offered and why not. `false` turns it off everywhere.",
    ),
  WATCHER_POLL_INTERVAL_MS: z.coerce
    .number()
    .int()
    .min(50)
    .max(600_000)
    .default(2000)
    .describe("How often each chain watcher reads new blocks."),
  WORKER_HEARTBEAT_INTERVAL_MS: z.coerce
    .number()
    .int()
    .min(100)
    .max(60_000)
    .default(5_000)
    .describe(
      "How often each worker process records that it is alive (`worker_heartbeats`), then unlocks the jobs of dead workers.",
    ),
  WORKER_DEAD_AFTER_MS: z.coerce
    .number()
    .int()
    .min(1_000)
    .max(3_600_000)
    .default(30_000)
    .describe(
      "A worker silent for this long is dead: its jobs are unlocked and run again on a live one; at least twice WORKER_HEARTBEAT_INTERVAL_MS.",
    ),
  RPC_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(100)
    .max(120_000)
    .default(10_000)
    .describe(
      "Longest wait for one answer from one RPC URL; then the call goes to the chain's next URL (or is tried again after a backoff).",
    ),
  COINGECKO_API_KEY: z
    .string()
    .transform((value) => new Secret(value))
    .optional()
    .describe("CoinGecko API key (secret); optional on the demo plan."),
  ...httpEnvShape,
  ...paymentLinkEnvShape,
  ...priceEnvShape,
  ...gaslessEnvShape,
});

/** Variables named per chain, read by pattern; documented beside the fixed ones. */
export const perChainVariables = [
  {
    name: "RPC_URL_<networkId>",
    description:
      "JSON-RPC URL of a chain, or several separated by commas, tried in order with failover (secret: may embed an API key); wins over the URLs stored by `kassa admin chain`.",
  },
  {
    name: "RELAYER_PRIVATE_KEYS_<networkId>",
    description:
      "Comma-separated keys that relay gasless payments on that chain (secret). Unset: RELAYER_NOT_CONFIGURED.",
  },
  {
    name: "FAUCET_PRIVATE_KEY_<networkId>",
    description: "Key of that chain's gas faucet, never a relayer key (secret).",
  },
  {
    name: "<secret>_FILE",
    description:
      "Any secret variable (DATABASE_URL, the private keys, RPC_URL_<networkId>, METRICS_TOKEN, COINGECKO_API_KEY) read from the file at this path instead of the environment; the file must not be readable by other users (`chmod 600`).",
  },
  {
    name: "FAUCET_DAILY_BUDGET_WEI_<networkId>",
    description:
      "What that chain's faucet may spend per UTC day, wei, instead of FAUCET_DAILY_BUDGET_WEI (native tokens differ in worth).",
  },
] as const;

export interface ConfigVariable {
  name: string;
  /** The default as written in the environment, or undefined when there is none. */
  defaultValue: string | undefined;
  description: string;
}

/** Every variable the service reads, with its default and description: the source of docs/configuration.md. */
export function configVariables(): ConfigVariable[] {
  const fixed = Object.entries(envSchema.shape).map(([name, schema]) => {
    const def = (schema as unknown as { _zod: { def: { type: string; defaultValue?: unknown } } })._zod.def;
    const value = def.type === "default" ? def.defaultValue : undefined;
    return {
      name,
      defaultValue:
        value === undefined
          ? undefined
          : Array.isArray(value)
            ? value.join(",")
            : typeof value === "object"
              ? JSON.stringify(value)
              : String(value),
      description: schema.description ?? "",
    };
  });
  return [...fixed, ...perChainVariables.map((variable) => ({ ...variable, defaultValue: undefined }))];
}

const rpcUrlPattern = /^RPC_URL_(\d+)$/;

function isRpcUrl(value: string): boolean {
  return z.string().url().safeParse(value).success && /^(https?|wss?):/.test(value);
}

export interface Config {
  /** Absent: the CLI starts embedded PostgreSQL. */
  databaseUrl: Secret | undefined;
  databasePoolSize: number;
  port: number;
  /** HOST; unset: listenHost's default. */
  host: string | undefined;
  /** When set, public-key endpoints require this exact `Origin` (the Origin rule of docs/api.md). */
  allowedWidgetOrigin: string | undefined;
  /** Signs PaymentRequest (EIP-712) for `serverSignature`. */
  signerPrivateKey: Secret<`0x${string}`> | undefined;
  publicBaseUrl: string | undefined;
  logLevel: (typeof logLevels)[number];
  rateLimitPerMinute: number;
  /** TRUST_PROXY, as Fastify's trustProxy. */
  trustProxy: boolean | number | string[];
  /** `RPC_URL_<networkId>` overrides, one or more URLs each; they win over the stored URLs. May embed API keys. */
  rpcUrls: ReadonlyMap<number, Secret<readonly string[]>>;
  /** RPC_TIMEOUT_MS: longest wait for one answer from one RPC URL. */
  rpcTimeoutMs: number;
  /** Where `kassa dev` keeps embedded PostgreSQL, the anvil state and `dev.json`. */
  dataDir: string;
  /** Pays for `kassa deploy` on a real chain. */
  deployerPrivateKey: Secret<`0x${string}`> | undefined;
  /** Owns the gateway: `kassa admin merchant update --fee-bps` sends setMerchantFee with it. */
  gatewayOwnerPrivateKey: Secret<`0x${string}`> | undefined;
  /** When set, GET /metrics requires it as a bearer token. */
  metricsToken: Secret | undefined;
  /** WEBHOOK_ALLOW_PRIVATE=true: webhooks may go to private, loopback and link-local addresses (dev, tests). */
  webhookAllowPrivate: boolean;
  /** TRANSFER_PAYMENTS (default on): new payments get a deposit address where the chain offers it (core/deposits/offer.ts), the watchers read token transfers, the worker sweeps. */
  transferPayments: boolean;
  /** WATCHER_POLL_INTERVAL_MS: how often the chain watcher polls when caught up. */
  watcherPollIntervalMs: number;
  /** WORKER_HEARTBEAT_INTERVAL_MS and WORKER_DEAD_AFTER_MS: when a silent worker's jobs run again elsewhere. */
  workerLiveness: { heartbeatIntervalMs: number; deadAfterMs: number };
  /** The HTTP server's timeouts and its cap on status streams (HTTP_*, STATUS_STREAMS_MAX). */
  http: HttpSettings;
  /** PAYMENT_LINK_OPEN_*: how many payments started from payment links may be open at once. */
  paymentLinks: PaymentLinkLimits;
  /** Price sources, collection and the currencies served (PRICE_*, COINGECKO_*, CHAINLINK_*, ...). */
  prices: PriceSettings;
  /** Relayer and faucet: RELAYER_PRIVATE_KEYS_<networkId>, FAUCET_PRIVATE_KEY_<networkId>, RELAYER_*, FAUCET_*. */
  gasless: GaslessSettings;
  /** The secrets read from files (`<NAME>_FILE`), whose modes `kassa doctor` checks. */
  secretFiles: readonly SecretFile[];
}

/** The one reader of the environment. Throws a ConfigError naming every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable counts as unset, so `PORT=` means the default rather than port 0.
  const problems: string[] = [];
  const { env: present, files: secretFiles } = readSecretFiles(
    Object.fromEntries(
      Object.entries(env).flatMap(([name, value]) =>
        value === undefined || value.trim() === "" ? [] : [[name, value.trim()]],
      ),
    ),
    problems,
  );
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) problems.push(`${issue.path.join(".")}: ${issue.message}`);
  }

  const rpcUrls = new Map<number, Secret<readonly string[]>>();
  for (const [name, value] of Object.entries(present)) {
    const match = rpcUrlPattern.exec(name);
    if (!match) continue;
    const urls = value.split(",").map((url) => url.trim());
    const networkId = Number(match[1]);
    if (!urls.every(isRpcUrl)) {
      problems.push(`${name}: must be an http(s) or ws(s) URL, or several separated by commas`);
    } else if (!Number.isSafeInteger(networkId) || networkId <= 0) {
      problems.push(`${name}: the network id must be a positive integer`);
    } else {
      rpcUrls.set(networkId, new Secret(urls));
    }
  }

  const gaslessKeys = parseGaslessKeys(present, problems);
  const faucetChainBudgets = parseFaucetChainBudgets(present, problems);

  if (parsed.success && parsed.data.WORKER_DEAD_AFTER_MS < 2 * parsed.data.WORKER_HEARTBEAT_INTERVAL_MS) {
    problems.push("WORKER_DEAD_AFTER_MS: must be at least twice WORKER_HEARTBEAT_INTERVAL_MS");
  }
  const http = parsed.success ? toHttpSettings(parsed.data, problems) : undefined;
  if (!parsed.success || !http || problems.length > 0) {
    throw new ConfigError(`Invalid configuration:\n  ${problems.join("\n  ")}`);
  }
  const values = parsed.data;
  return {
    databaseUrl: values.DATABASE_URL,
    databasePoolSize: values.DATABASE_POOL_SIZE,
    port: values.PORT,
    host: values.HOST,
    allowedWidgetOrigin: values.ALLOWED_WIDGET_ORIGIN,
    signerPrivateKey: values.KASSA_SIGNER_PRIVATE_KEY,
    publicBaseUrl: values.PUBLIC_BASE_URL,
    logLevel: values.LOG_LEVEL,
    rateLimitPerMinute: values.RATE_LIMIT_PER_MINUTE,
    trustProxy: values.TRUST_PROXY,
    rpcUrls,
    rpcTimeoutMs: values.RPC_TIMEOUT_MS,
    dataDir: values.KASSA_DATA_DIR,
    deployerPrivateKey: values.DEPLOYER_PRIVATE_KEY,
    gatewayOwnerPrivateKey: values.GATEWAY_OWNER_PRIVATE_KEY,
    metricsToken: values.METRICS_TOKEN,
    webhookAllowPrivate: values.WEBHOOK_ALLOW_PRIVATE === "true",
    transferPayments: values.TRANSFER_PAYMENTS === "true",
    watcherPollIntervalMs: values.WATCHER_POLL_INTERVAL_MS,
    workerLiveness: {
      heartbeatIntervalMs: values.WORKER_HEARTBEAT_INTERVAL_MS,
      deadAfterMs: values.WORKER_DEAD_AFTER_MS,
    },
    http,
    paymentLinks: toPaymentLinkLimits(values),
    prices: toPriceSettings(values, values.COINGECKO_API_KEY),
    gasless: toGaslessSettings(values, gaslessKeys, faucetChainBudgets),
    secretFiles,
  };
}

/**
 * Kassa's own public URL (without /api/v1): PUBLIC_BASE_URL, else ALLOWED_WIDGET_ORIGIN (Kassa's origin where
 * it serves the widget), else unknown. Never the Host a request names: the dashboard's origin and payment
 * links' addresses must not follow what a client sends.
 */
export function kassaPublicUrl(
  config: Pick<Config, "publicBaseUrl" | "allowedWidgetOrigin">,
): string | undefined {
  return (config.publicBaseUrl ?? config.allowedWidgetOrigin)?.replace(/\/+$/, "");
}

/** Where the API listens: HOST, else every interface (`kassa dev` passes 127.0.0.1 as its own default). */
export function listenHost(config: Pick<Config, "host">): string {
  return config.host ?? "0.0.0.0";
}

/** The configuration of an empty environment, with `overrides`: what tests and benchmarks start from. */
export function defaultConfig(overrides: Partial<Config> = {}): Config {
  return { ...loadConfig({}), ...overrides };
}
