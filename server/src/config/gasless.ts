import { z } from "zod";
import { Secret } from "../secret.js";

/** Relayer and faucet settings, parsed once at start by config.ts. Keys stay wrapped in Secret. */
export interface GaslessSettings {
  /** `RELAYER_PRIVATE_KEYS_<networkId>`: one or more keys per chain, comma-separated. */
  relayerKeys: ReadonlyMap<number, readonly Secret<`0x${string}`>[]>;
  /** `FAUCET_PRIVATE_KEY_<networkId>`: the faucet's own key, never a relayer key. */
  faucetKeys: ReadonlyMap<number, Secret<`0x${string}`>>;
  /** Largest `forwardRequest.gas` accepted (200000 is the recommended value). */
  maxForwardGas: bigint;
  /** A payer with this many relays reverted on-chain within the window is refused further relays. */
  payerRevertLimit: number;
  /** The window of {@link payerRevertLimit}, seconds. */
  payerRevertWindowSeconds: number;
  /**
   * Gas a merchant's relays and subscription first charges may have at risk on a chain: reverted within the
   * budget window plus the gas limits of those in flight. Reached: the merchant's relays wait.
   */
  merchantGasBudget: bigint;
  /** The same for one client: a payer wallet, and a public-key caller's network (IPv4, IPv6 /64). */
  clientGasBudget: bigint;
  /** The window of the two budgets, seconds. */
  gasBudgetWindowSeconds: number;
  /** A sent transaction not mined after this many seconds is replaced with higher fees. */
  stuckAfterSeconds: number;
  /** Fee increase of a replacement, percent; at least 10 (what nodes require). */
  feeBumpPercent: number;
  /** How often the worker's relayer tracker looks at open transactions. */
  pollIntervalMs: number;
  /** A relayer or faucet key below this native balance (wei) is logged as a warning. */
  minBalanceWei: bigint;
  /** Most a grant may be, in wei. */
  faucetMaxGrantWei: bigint;
  /** Added to the estimated approve cost, percent. */
  faucetMarginPercent: number;
  /** How long request-gas waits for the grant to confirm before answering RELAYER_ERROR. */
  faucetConfirmTimeoutSeconds: number;
  /** What the faucet of a chain may spend per UTC day, wei (grants plus their transfer gas). */
  faucetDailyBudgetWei: bigint;
  /** `FAUCET_DAILY_BUDGET_WEI_<networkId>`: the budget of one chain, instead of the one above. */
  faucetChainDailyBudgetsWei: ReadonlyMap<number, bigint>;
  /** What the grants of one merchant may spend per chain and UTC day, wei. */
  faucetMerchantDailyBudgetWei: bigint;
  /** Grants per client IP (an IPv6 client: its /64) per UTC day, all chains and merchants together. */
  faucetGrantsPerClientPerDay: number;
}

/** The daily faucet budget of a chain. */
export function faucetDailyBudgetWei(settings: GaslessSettings, networkId: number): bigint {
  return settings.faucetChainDailyBudgetsWei.get(networkId) ?? settings.faucetDailyBudgetWei;
}

const wei = z.string().regex(/^\d+$/, "must be a whole number of wei").transform(BigInt);
const gasUnits = z.string().regex(/^\d+$/, "must be a whole number of gas").transform(BigInt);

/** The fixed variables; the per-chain keys are read by {@link parseGaslessKeys}. */
export const gaslessEnvShape = {
  // pay() used at most 145,318 gas forwarded (anvil: a chain's first payment, with a permit, recipient
  // and treasury holding no token yet); about 1.7 times that, and above the recommended 200000. At most
  // 250,000: the forward relay's gas bound (domain/gasPurposes.ts) is the forwarder's own part on top of it.
  RELAYER_MAX_FORWARD_GAS: wei
    .default(250_000n)
    .refine((gas) => gas <= 250_000n, "must be at most 250000, the forwarded part of a relay's gas bound")
    .describe(
      "Largest `forwardRequest.gas` a relay accepts: what pay() needs (at most about 146,000) with headroom; 200000 is the recommended value, 250000 the most.",
    ),
  RELAYER_PAYER_REVERT_LIMIT: z.coerce
    .number()
    .int()
    .min(1)
    .default(2)
    .describe(
      "A payer wallet with this many relays reverted on-chain within RELAYER_PAYER_REVERT_WINDOW_SECONDS is refused further relays (429 RATE_LIMITED) until the oldest leaves the window.",
    ),
  RELAYER_PAYER_REVERT_WINDOW_SECONDS: z.coerce
    .number()
    .int()
    .positive()
    .default(3_600)
    .describe("The window of RELAYER_PAYER_REVERT_LIMIT, seconds."),
  RELAYER_MERCHANT_GAS_BUDGET: gasUnits
    .default(10_000_000n)
    .describe(
      "Gas one merchant's relays and subscription first charges may have at risk on a chain: what those reverted on-chain within RELAYER_GAS_BUDGET_WINDOW_SECONDS cost, plus the gas limits of those not finished yet. Reached: the merchant's relays are refused (429 RELAY_BUDGET_EXHAUSTED) and its first charges wait. docs/operations.md says how to size it.",
    ),
  RELAYER_CLIENT_GAS_BUDGET: gasUnits
    .default(1_500_000n)
    .describe(
      "The same budget for one client: a payer wallet, and a public-key caller's network (an IPv4 address, an IPv6 /64), each on its own.",
    ),
  RELAYER_GAS_BUDGET_WINDOW_SECONDS: z.coerce
    .number()
    .int()
    .positive()
    .default(3_600)
    .describe("The window of RELAYER_MERCHANT_GAS_BUDGET and RELAYER_CLIENT_GAS_BUDGET, seconds."),
  RELAYER_STUCK_AFTER_SECONDS: z.coerce
    .number()
    .positive()
    .default(60)
    .describe(
      "A relayed transaction not mined after this long is replaced with the same nonce and higher fees.",
    ),
  RELAYER_FEE_BUMP_PERCENT: z.coerce
    .number()
    .int()
    .min(10)
    .max(500)
    .default(20)
    .describe("Fee increase of a replacement transaction, percent (at least 10, what nodes require)."),
  RELAYER_POLL_INTERVAL_MS: z.coerce
    .number()
    .int()
    .min(50)
    .default(2_000)
    .describe("How often the worker checks relayed transactions."),
  RELAYER_MIN_BALANCE_WEI: wei
    .default(10n ** 17n)
    .describe(
      "A relayer or faucet key below this native balance is logged as a warning and flagged in /metrics.",
    ),
  FAUCET_MAX_GRANT_WEI: wei.default(10n ** 16n).describe("Most native token one gas grant may send."),
  FAUCET_MARGIN_PERCENT: z.coerce
    .number()
    .int()
    .min(0)
    .max(1_000)
    .default(50)
    .describe("Margin added to the estimated approve cost of a grant, percent."),
  FAUCET_CONFIRM_TIMEOUT_SECONDS: z.coerce
    .number()
    .positive()
    .default(120)
    .describe("How long POST /payments/request-gas waits for the grant to confirm."),
  FAUCET_DAILY_BUDGET_WEI: wei
    .default(10n ** 17n)
    .describe(
      "What the faucet of each chain may spend per UTC day: grant values plus their transfer gas at the fee cap. Spent: FAUCET_BUDGET_EXHAUSTED.",
    ),
  FAUCET_MERCHANT_DAILY_BUDGET_WEI: wei
    .default(5n * 10n ** 16n)
    .describe("What the gas grants of one merchant may spend per chain and UTC day, counted the same way."),
  FAUCET_GRANTS_PER_CLIENT_PER_DAY: z.coerce
    .number()
    .int()
    .min(0)
    .default(3)
    .describe(
      "Gas grants per client IP (IPv6: per /64) per UTC day, all chains and merchants together; above it: RATE_LIMITED.",
    ),
};

type GaslessEnv = { [K in keyof typeof gaslessEnvShape]: z.output<(typeof gaslessEnvShape)[K]> };

const keyPattern = /^0x[0-9a-fA-F]{64}$/;
const relayerPattern = /^RELAYER_PRIVATE_KEYS_(\d+)$/;
const faucetPattern = /^FAUCET_PRIVATE_KEY_(\d+)$/;
const budgetPattern = /^FAUCET_DAILY_BUDGET_WEI_(\d+)$/;

/** Reads `FAUCET_DAILY_BUDGET_WEI_<networkId>`, pushing a problem per bad one. */
export function parseFaucetChainBudgets(
  present: Record<string, string>,
  problems: string[],
): Pick<GaslessSettings, "faucetChainDailyBudgetsWei"> {
  const budgets = new Map<number, bigint>();
  for (const [name, value] of Object.entries(present)) {
    const match = budgetPattern.exec(name);
    if (!match) continue;
    const networkId = Number(match[1]);
    const budget = wei.safeParse(value);
    if (!Number.isSafeInteger(networkId) || networkId <= 0) {
      problems.push(`${name}: the network id must be a positive integer`);
    } else if (!budget.success) {
      problems.push(`${name}: must be a whole number of wei`);
    } else {
      budgets.set(networkId, budget.data);
    }
  }
  return { faucetChainDailyBudgetsWei: budgets };
}

/**
 * Reads `RELAYER_PRIVATE_KEYS_<networkId>` and `FAUCET_PRIVATE_KEY_<networkId>` from the (non-empty)
 * variables, pushing a problem per bad one. Problems name the variable, never its value.
 */
export function parseGaslessKeys(
  present: Record<string, string>,
  problems: string[],
): Pick<GaslessSettings, "relayerKeys" | "faucetKeys"> {
  const relayerKeys = new Map<number, Secret<`0x${string}`>[]>();
  const faucetKeys = new Map<number, Secret<`0x${string}`>>();
  for (const [name, value] of Object.entries(present)) {
    const relayer = relayerPattern.exec(name);
    const faucet = faucetPattern.exec(name);
    const match = relayer ?? faucet;
    if (!match) continue;
    const networkId = Number(match[1]);
    if (!Number.isSafeInteger(networkId) || networkId <= 0) {
      problems.push(`${name}: the network id must be a positive integer`);
      continue;
    }
    const keys = value.split(",").map((key) => key.trim());
    if (keys.some((key) => !keyPattern.test(key)) || (faucet && keys.length !== 1)) {
      problems.push(
        `${name}: must be ${faucet ? "one" : "comma-separated"} 32-byte hex private key${faucet ? "" : "s"} starting with 0x`,
      );
      continue;
    }
    if (relayer) {
      if (new Set(keys.map((key) => key.toLowerCase())).size !== keys.length) {
        problems.push(`${name}: the same key is listed twice`);
        continue;
      }
      relayerKeys.set(
        networkId,
        keys.map((key) => new Secret(key as `0x${string}`)),
      );
    } else {
      faucetKeys.set(networkId, new Secret(keys[0] as `0x${string}`));
    }
  }
  for (const [networkId, faucetKey] of faucetKeys) {
    const shared = relayerKeys
      .get(networkId)
      ?.some((key) => key.reveal().toLowerCase() === faucetKey.reveal().toLowerCase());
    if (shared)
      problems.push(`FAUCET_PRIVATE_KEY_${networkId}: must differ from the relayer keys of the chain`);
  }
  return { relayerKeys, faucetKeys };
}

export function toGaslessSettings(
  values: GaslessEnv,
  keys: Pick<GaslessSettings, "relayerKeys" | "faucetKeys">,
  chainBudgets: Pick<GaslessSettings, "faucetChainDailyBudgetsWei"> = {
    faucetChainDailyBudgetsWei: new Map(),
  },
): GaslessSettings {
  return {
    ...keys,
    ...chainBudgets,
    maxForwardGas: values.RELAYER_MAX_FORWARD_GAS,
    payerRevertLimit: values.RELAYER_PAYER_REVERT_LIMIT,
    payerRevertWindowSeconds: values.RELAYER_PAYER_REVERT_WINDOW_SECONDS,
    merchantGasBudget: values.RELAYER_MERCHANT_GAS_BUDGET,
    clientGasBudget: values.RELAYER_CLIENT_GAS_BUDGET,
    gasBudgetWindowSeconds: values.RELAYER_GAS_BUDGET_WINDOW_SECONDS,
    stuckAfterSeconds: values.RELAYER_STUCK_AFTER_SECONDS,
    feeBumpPercent: values.RELAYER_FEE_BUMP_PERCENT,
    pollIntervalMs: values.RELAYER_POLL_INTERVAL_MS,
    minBalanceWei: values.RELAYER_MIN_BALANCE_WEI,
    faucetMaxGrantWei: values.FAUCET_MAX_GRANT_WEI,
    faucetMarginPercent: values.FAUCET_MARGIN_PERCENT,
    faucetConfirmTimeoutSeconds: values.FAUCET_CONFIRM_TIMEOUT_SECONDS,
    faucetDailyBudgetWei: values.FAUCET_DAILY_BUDGET_WEI,
    faucetMerchantDailyBudgetWei: values.FAUCET_MERCHANT_DAILY_BUDGET_WEI,
    faucetGrantsPerClientPerDay: values.FAUCET_GRANTS_PER_CLIENT_PER_DAY,
  };
}

/** Defaults with no keys: relays answer RELAYER_NOT_CONFIGURED, the faucet FAUCET_DISABLED. */
export function defaultGaslessSettings(overrides: Partial<GaslessSettings> = {}): GaslessSettings {
  const defaults = z.object(gaslessEnvShape).parse({});
  return { ...toGaslessSettings(defaults, { relayerKeys: new Map(), faucetKeys: new Map() }), ...overrides };
}
