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

/** Served with the page. */
export interface WidgetPageConfig {
  /** Base of the API, e.g. `/api/v1`. */
  apiBase: string;
  devWallet?: DevWalletConfig;
  /** URL of the dev wallet module; set by the server together with `devWallet`. */
  devWalletScript?: string;
  /** Chains to offer to wallets besides the public testnets the widget knows. */
  chains?: ChainParams[];
}

export const CONFIG_ELEMENT_ID = "kassa-widget-config";

/** How the widget was opened (redirects happen in the page that owns the navigation). */
export type WidgetMode = "popup" | "redirect" | "iframe";

/** The messages the widget posts to the embed script (popup and iframe modes). */
export type WidgetMessage =
  | { source: "kassa-widget"; type: "payment"; paymentId: string; orderId: string; failUrl: string }
  | {
      source: "kassa-widget";
      type: "result";
      status: "success" | "fail" | "closed";
      paymentId: string | null;
      orderId: string | null;
      /** Where the merchant page should go, or null for `service:none`. */
      redirectUrl: string | null;
    };

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

/** Appends `paymentId`, `orderId` and `status` to a redirect URL (see docs/api.md, Redirects); null for `service:none`. */
export function redirectTarget(
  url: string,
  params: { paymentId: string | null; orderId: string | null; status: "success" | "fail" | "closed" },
): string | null {
  if (url === "service:none" || !URL.canParse(url)) return null;
  const target = new URL(url);
  if (params.paymentId) target.searchParams.set("paymentId", params.paymentId);
  if (params.orderId) target.searchParams.set("orderId", params.orderId);
  target.searchParams.set("status", params.status);
  return target.toString();
}
