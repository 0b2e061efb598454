import { z } from "zod";
import { Secret } from "./secret.js";
import { priceEnvShape, toPriceSettings, type PriceSettings } from "./prices/settings.js";
import {
  gaslessEnvShape,
  parseGaslessKeys,
  toGaslessSettings,
  type GaslessSettings,
} from "./gasless/settings.js";

export class ConfigError extends Error {
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

const envSchema = z.object({
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must be a postgres:// URL")
    .transform((value) => new Secret(value))
    .optional(),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  ALLOWED_WIDGET_ORIGIN: origin.optional(),
  KASSA_SIGNER_PRIVATE_KEY: privateKey.optional(),
  PUBLIC_BASE_URL: z.string().url().optional(),
  LOG_LEVEL: z.enum(logLevels).default("info"),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(600),
  KASSA_DATA_DIR: z.string().min(1).default(".kassa"),
  DEPLOYER_PRIVATE_KEY: privateKey.optional(),
  METRICS_TOKEN: z
    .string()
    .min(16, "must be at least 16 characters")
    .transform((value) => new Secret(value))
    .optional(),
  WEBHOOK_ALLOW_PRIVATE: z.enum(["true", "false"]).default("false"),
  WATCHER_POLL_INTERVAL_MS: z.coerce.number().int().min(50).max(600_000).default(2000),
  COINGECKO_API_KEY: z
    .string()
    .transform((value) => new Secret(value))
    .optional(),
  ...priceEnvShape,
  ...gaslessEnvShape,
});

const rpcUrlPattern = /^RPC_URL_(\d+)$/;

export interface Config {
  /** Absent: the CLI starts embedded PostgreSQL. */
  databaseUrl: Secret | undefined;
  port: number;
  host: string;
  /** When set, public-key endpoints require this exact `Origin` (SPEC.md section 5). */
  allowedWidgetOrigin: string | undefined;
  /** Signs PaymentRequest (EIP-712) for `serverSignature`. */
  signerPrivateKey: Secret<`0x${string}`> | undefined;
  publicBaseUrl: string | undefined;
  logLevel: (typeof logLevels)[number];
  rateLimitPerMinute: number;
  /** `RPC_URL_<networkId>` overrides; they win over the URL stored for the chain. May embed API keys. */
  rpcUrls: ReadonlyMap<number, Secret>;
  /** Where `kassa dev` keeps embedded PostgreSQL, the anvil state and `dev.json`. */
  dataDir: string;
  /** Pays for `kassa deploy` on a real chain. */
  deployerPrivateKey: Secret<`0x${string}`> | undefined;
  /** When set, GET /metrics requires it as a bearer token. */
  metricsToken: Secret | undefined;
  /** WEBHOOK_ALLOW_PRIVATE=true: webhooks may go to private, loopback and link-local addresses (dev, tests). */
  webhookAllowPrivate: boolean;
  /** WATCHER_POLL_INTERVAL_MS: how often the chain watcher polls when caught up. */
  watcherPollIntervalMs: number;
  /** Price sources, collection and the currencies served (PRICE_*, COINGECKO_*, CHAINLINK_*, ...). */
  prices: PriceSettings;
  /** Relayer and faucet: RELAYER_PRIVATE_KEYS_<networkId>, FAUCET_PRIVATE_KEY_<networkId>, RELAYER_*, FAUCET_*. */
  gasless: GaslessSettings;
}

/** The one reader of the environment. Throws a ConfigError naming every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable counts as unset, so `PORT=` means the default rather than port 0.
  const present = Object.fromEntries(
    Object.entries(env).flatMap(([name, value]) =>
      value === undefined || value.trim() === "" ? [] : [[name, value.trim()]],
    ),
  );
  const problems: string[] = [];
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) problems.push(`${issue.path.join(".")}: ${issue.message}`);
  }

  const rpcUrls = new Map<number, Secret>();
  for (const [name, value] of Object.entries(present)) {
    const match = rpcUrlPattern.exec(name);
    if (!match) continue;
    const url = z.string().url().safeParse(value);
    const networkId = Number(match[1]);
    if (!url.success || !/^(https?|wss?):/.test(url.data)) {
      problems.push(`${name}: must be an http(s) or ws(s) URL`);
    } else if (!Number.isSafeInteger(networkId) || networkId <= 0) {
      problems.push(`${name}: the network id must be a positive integer`);
    } else {
      rpcUrls.set(networkId, new Secret(url.data));
    }
  }

  const gaslessKeys = parseGaslessKeys(present, problems);

  if (!parsed.success || problems.length > 0) {
    throw new ConfigError(`Invalid configuration:\n  ${problems.join("\n  ")}`);
  }
  const values = parsed.data;
  return {
    databaseUrl: values.DATABASE_URL,
    port: values.PORT,
    host: values.HOST,
    allowedWidgetOrigin: values.ALLOWED_WIDGET_ORIGIN,
    signerPrivateKey: values.KASSA_SIGNER_PRIVATE_KEY,
    publicBaseUrl: values.PUBLIC_BASE_URL,
    logLevel: values.LOG_LEVEL,
    rateLimitPerMinute: values.RATE_LIMIT_PER_MINUTE,
    rpcUrls,
    dataDir: values.KASSA_DATA_DIR,
    deployerPrivateKey: values.DEPLOYER_PRIVATE_KEY,
    metricsToken: values.METRICS_TOKEN,
    webhookAllowPrivate: values.WEBHOOK_ALLOW_PRIVATE === "true",
    watcherPollIntervalMs: values.WATCHER_POLL_INTERVAL_MS,
    prices: toPriceSettings(values, values.COINGECKO_API_KEY),
    gasless: toGaslessSettings(values, gaslessKeys),
  };
}
