/**
 * What the Kassa server passes to the widget page (a JSON data block in the HTML, see
 * server/src/http/routes/widget.ts) and what a merchant passes in the page URL.
 */

/** A chain the widget can ask a wallet to add (`wallet_addEthereumChain`). */
export interface ChainParams {
  chainId: number;
  name: string;
  rpcUrls: string[];
  nativeCurrency: { name: string; symbol: string; decimals: number };
  blockExplorerUrls?: string[];
}

/**
 * `kassa dev` only: funded local accounts the page offers as a "Dev wallet" that signs in the
 * browser and sends to `rpcUrl`. Never set in production: the keys are in the page.
 */
export interface DevWalletConfig {
  rpcUrl: string;
  chainId: number;
  accounts: { privateKey: `0x${string}`; label?: string }[];
}

/** What every page that asks for a wallet is given under `kassa dev` (the widget's, the dashboard's). */
export interface DevWalletPageConfig {
  devWallet?: DevWalletConfig;
  /** URL of the dev wallet module; set by the server together with `devWallet`. */
  devWalletScript?: string;
}

/** Served with the page. */
export interface WidgetPageConfig extends DevWalletPageConfig {
  /** Base of the API, e.g. `/api/v1`. */
  apiBase: string;
  /** Chains to offer to wallets besides the public testnets the widget knows. */
  chains?: ChainParams[];
}

export const CONFIG_ELEMENT_ID = "kassa-widget-config";

// The embed protocol is defined beside the embed (widget/js, published as @kassa/js).
export { redirectTarget, type WidgetMessage, type WidgetMode } from "../js/src/protocol.js";

/** Public testnets Kassa knows, so a wallet that lacks one can add it. */
export const knownChains: ChainParams[] = [
  {
    chainId: 80002,
    name: "Polygon Amoy",
    rpcUrls: ["https://rpc-amoy.polygon.technology"],
    nativeCurrency: { name: "POL", symbol: "POL", decimals: 18 },
    blockExplorerUrls: ["https://amoy.polygonscan.com"],
  },
  {
    chainId: 97,
    name: "BNB Smart Chain Testnet",
    rpcUrls: ["https://data-seed-prebsc-1-s1.bnbchain.org:8545"],
    nativeCurrency: { name: "tBNB", symbol: "tBNB", decimals: 18 },
    blockExplorerUrls: ["https://testnet.bscscan.com"],
  },
  {
    chainId: 11155111,
    name: "Sepolia",
    rpcUrls: ["https://rpc.sepolia.org"],
    nativeCurrency: { name: "Sepolia Ether", symbol: "ETH", decimals: 18 },
    blockExplorerUrls: ["https://sepolia.etherscan.io"],
  },
];
