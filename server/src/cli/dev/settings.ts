import { type testTokens } from "@kassa/contracts";
import { anvilAccount, anvilPrivateKeys } from "@kassa/contracts/dev";
import { getAddress, type Address, type Hex } from "viem";
import type { GaslessSettings } from "../../config/gasless.js";
import type { PriceSettings } from "../../config/prices.js";
import type { DashboardServeOptions } from "../../http/routes/dashboardPage.js";
import type { WidgetServeOptions } from "../../http/routes/widget.js";
import { Secret } from "../../secret.js";

/** What `kassa dev` sets up differently from a production start: its chain, accounts, prices and widget. */

export const DEV_CHAIN_ID = 31337;
export const PREFERRED_RPC_PORT = 8545;
export const DEFAULT_FEE_BPS = 100;
/** Whole tokens minted to each dev payer, per test token. */
export const PAYER_TOKEN_GRANT = "1000";
/** Fixed prices of the test tokens (by lower-case symbol), unless STATIC_PRICES says otherwise. */
const DEV_STATIC_PRICES = {
  ktt: { USD: "2.5", KRW: "3500" },
  kusd: { USD: "1", KRW: "1400" },
  kpt: { USD: "0.5", KRW: "700" },
} as const;

/** The anvil dev accounts of the local chain: the payers the widget offers, the merchant's recipient. */
export const DEV_PAYER_INDEXES = [4, 5, 6] as const;
export const DEV_RECIPIENT_INDEX = 3;
/** Anvil dev accounts that relay gasless payments and fund the gas faucet on the local chain. */
export const SHOP_PORT = 4000;
const DEV_RELAYER_INDEX = 7;
const DEV_FAUCET_INDEX = 8;

/** The widget's "Dev wallet" (the funded payers sign in the page) and the local chain for real wallets. */
export function devWidget(rpcUrl: string): WidgetServeOptions {
  return {
    devWallet: {
      rpcUrl,
      chainId: DEV_CHAIN_ID,
      accounts: DEV_PAYER_INDEXES.map((index, i) => ({
        privateKey: anvilPrivateKeys[index] as Hex,
        label: `Payer ${i + 1}`,
      })),
    },
    chains: [
      {
        chainId: DEV_CHAIN_ID,
        name: "Kassa dev (anvil)",
        rpcUrls: [rpcUrl],
        nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
      },
    ],
  };
}

/**
 * The dashboard's "Dev wallet": the demo merchant's recipient (the wallet `npm start` prints for the
 * dashboard), so staff can sign in and refund in a browser without a wallet extension.
 */
export function devDashboard(rpcUrl: string): DashboardServeOptions {
  return {
    devWallet: {
      rpcUrl,
      chainId: DEV_CHAIN_ID,
      accounts: [
        { privateKey: anvilPrivateKeys[DEV_RECIPIENT_INDEX] as Hex, label: "Demo Shop's recipient" },
      ],
    },
  };
}

/** The local chain's relayer and faucet keys, unless the environment configured its own. */
export function devGaslessSettings(gasless: GaslessSettings): GaslessSettings {
  const relayerKeys = new Map(gasless.relayerKeys);
  const faucetKeys = new Map(gasless.faucetKeys);
  if (!relayerKeys.has(DEV_CHAIN_ID)) {
    relayerKeys.set(DEV_CHAIN_ID, [new Secret(anvilPrivateKeys[DEV_RELAYER_INDEX] as Hex)]);
  }
  if (!faucetKeys.has(DEV_CHAIN_ID)) {
    faucetKeys.set(DEV_CHAIN_ID, new Secret(anvilPrivateKeys[DEV_FAUCET_INDEX] as Hex));
  }
  return { ...gasless, relayerKeys, faucetKeys };
}

/** Dev prices: the static table above in USD and KRW, when the operator configured no static prices. */
export function devPriceSettings(prices: PriceSettings): PriceSettings {
  if (Object.keys(prices.staticPrices).length > 0) return prices;
  return { ...prices, currencies: ["USD", "KRW"], staticPrices: DEV_STATIC_PRICES };
}

/**
 * The wallet `npm start` prints for the dashboard: the demo merchant's recipient, with its anvil key. It
 * is the wallet that is paid, so it is the one that may do everything the dashboard offers, refunds
 * included (the gateway takes a refund from the wallet that sends it).
 */
export function devDashboardWallet(recipient: Address): { address: Address; privateKey: Hex } {
  const index = anvilPrivateKeys.findIndex((_, i) => anvilAccount(i).address === getAddress(recipient));
  const privateKey = anvilPrivateKeys[index];
  if (!privateKey) throw new Error(`the demo merchant's recipient ${recipient} is not an anvil dev account`);
  return { address: getAddress(recipient), privateKey };
}

/** Everything a newcomer needs to pay on the local stack; also written to `.kassa/dev.json`. */
export interface DevEnvironment {
  apiUrl: string;
  /** The payer widget; open it with `?publicKey=...&paymentId=...`. */
  widgetUrl: string;
  /** The example shop (examples/shop), which pays through the widget and receives the webhooks. */
  shopUrl: string | null;
  /** The local database (embedded PostgreSQL unless DATABASE_URL was set). */
  databaseUrl: string;
  docsUrl: string;
  /** The merchant dashboard; `dashboardWallet` (the merchant's recipient) signs in and sends refunds. */
  dashboardUrl: string;
  dashboardWallet: { address: Address; privateKey: Hex };
  /** ALLOWED_WIDGET_ORIGIN: the Origin public-key endpoints require (Kassa's own, where the widget is served). */
  allowedWidgetOrigin: string;
  rpcUrl: string;
  chainId: number;
  contracts: { gateway: Address; forwarder: Address };
  tokens: Record<keyof typeof testTokens, { address: Address; symbol: string; decimals: number }>;
  merchant: {
    merchantKey: string;
    merchantId: string;
    name: string;
    recipientAddress: Address;
    apiKey: string;
    publicKey: string;
    webhookSecret: string;
  };
  signerAddress: Address;
  treasury: Address;
  payers: { address: Address; privateKey: Hex }[];
}

/** What seeding the chain and the database makes of the DevEnvironment: all but the URLs of what runs. */
export type SeededEnvironment = Omit<
  DevEnvironment,
  | "apiUrl"
  | "docsUrl"
  | "widgetUrl"
  | "dashboardUrl"
  | "dashboardWallet"
  | "shopUrl"
  | "databaseUrl"
  | "allowedWidgetOrigin"
>;
