import { KassaProviderError } from "./errors.js";

/** What `medusa-config.ts` gives the provider (the `options` of its entry in the Payment Module's providers). */
export interface KassaProviderOptions {
  /** Kassa's URL, e.g. `https://pay.example.com` (its API is under `/api/v1`; either form is accepted). */
  kassaUrl: string;
  /** The merchant's API key, `sk_...`: server only, never sent to the storefront. */
  apiKey: string;
  /** The merchant's public key, `pk_...`: handed to the storefront to open Kassa's widget. */
  publicKey: string;
  /** The merchant's webhook secret, `whsec_...`: verifies Kassa's webhooks. */
  webhookSecret: string;
  /** The ERC-20 token payers pay in, enabled for the merchant in Kassa. */
  tokenAddress: string;
  /**
   * Currencies (ISO 4217, any case) the token is worth one unit of: a cart in one of them is charged its
   * amount in tokens (a USD stablecoin for `usd`). A cart in any other currency is converted by Kassa at the
   * token's average price over the previous full hour. Default: none.
   */
  peggedCurrencies?: string[];
  /** Where Kassa's hosted page sends the payer after paying (http(s) URL); default `service:none`. */
  successUrl?: string;
  /** Where it sends the payer when the payment failed, expired or was closed; default `service:none`. */
  failUrl?: string;
  /**
   * A wallet of the merchant's that sends refunds on its own (its tokens, its gas), so a refund started in
   * Medusa reaches the payer at once. Without it, a refund started in Medusa waits in Kassa's dashboard for
   * the merchant's recipient wallet to send it (see the README: why).
   */
  refundWallet?: {
    /** The wallet's private key, `0x` and 64 hex digits. */
    privateKey: string;
    /** A JSON-RPC URL of the payments' chain. */
    rpcUrl: string;
  };
}

/** The options once checked: Kassa's API URL and origin apart, currencies lower case. */
export interface ParsedOptions {
  /** `https://pay.example.com/api/v1` */
  apiUrl: string;
  /** `https://pay.example.com`: where the widget and the dashboard are served. */
  kassaOrigin: string;
  apiKey: string;
  publicKey: string;
  webhookSecret: string;
  tokenAddress: string;
  peggedCurrencies: ReadonlySet<string>;
  successUrl: string;
  failUrl: string;
  refundWallet: { privateKey: `0x${string}`; rpcUrl: string } | null;
}

const NO_REDIRECT = "service:none";

/**
 * Checks the provider's options and names every problem at once, so a misconfigured store fails to start
 * with one message that says what to fix. Secrets are never echoed back.
 */
export function parseOptions(raw: unknown): ParsedOptions {
  const problems: string[] = [];
  const options = (typeof raw === "object" && raw !== null ? raw : {}) as Record<string, unknown>;
  if (typeof raw !== "object" || raw === null) problems.push("the options must be an object");

  const text = (name: string): string | undefined => {
    const value = options[name];
    if (value === undefined || value === null || value === "") {
      problems.push(`${name} is required`);
      return undefined;
    }
    if (typeof value !== "string") {
      problems.push(`${name} must be a string`);
      return undefined;
    }
    return value.trim();
  };
  const prefixed = (name: string, prefix: string, what: string) => {
    const value = text(name);
    if (value !== undefined && !value.startsWith(prefix)) {
      problems.push(`${name} must be ${what} (${prefix}...)`);
    }
    return value ?? "";
  };

  let apiUrl = "";
  let kassaOrigin = "";
  const kassaUrl = text("kassaUrl");
  if (kassaUrl !== undefined) {
    const url = httpUrl(kassaUrl);
    if (!url) {
      problems.push(`kassaUrl must be an http(s) URL, e.g. https://pay.example.com (got ${kassaUrl})`);
    } else {
      kassaOrigin = url.origin;
      const path = url.pathname.replace(/\/+$/, "");
      apiUrl = `${url.origin}${path.endsWith("/api/v1") ? path : `${path}/api/v1`}`;
    }
  }
  const apiKey = prefixed("apiKey", "sk_", "the merchant's API key");
  const publicKey = prefixed("publicKey", "pk_", "the merchant's public key");
  const webhookSecret = prefixed("webhookSecret", "whsec_", "the merchant's webhook secret");
  const tokenAddress = text("tokenAddress") ?? "";
  if (tokenAddress && !/^0x[0-9a-fA-F]{40}$/.test(tokenAddress)) {
    problems.push(`tokenAddress must be an address (0x and 40 hex digits), got ${tokenAddress}`);
  }

  const pegged = new Set<string>();
  const peggedCurrencies = options.peggedCurrencies;
  if (peggedCurrencies !== undefined) {
    if (!Array.isArray(peggedCurrencies)) {
      problems.push('peggedCurrencies must be an array of currency codes, e.g. ["usd"]');
    } else {
      for (const code of peggedCurrencies) {
        if (typeof code !== "string" || !/^[a-zA-Z]{3}$/.test(code)) {
          problems.push(`peggedCurrencies: ${JSON.stringify(code)} is not an ISO 4217 code`);
        } else pegged.add(code.toLowerCase());
      }
    }
  }

  const redirect = (name: "successUrl" | "failUrl"): string => {
    const value = options[name];
    if (value === undefined || value === null || value === NO_REDIRECT) return NO_REDIRECT;
    if (typeof value !== "string" || !httpUrl(value)) {
      problems.push(`${name} must be an http(s) URL or ${NO_REDIRECT}`);
      return NO_REDIRECT;
    }
    return value;
  };
  const successUrl = redirect("successUrl");
  const failUrl = redirect("failUrl");

  let refundWallet: ParsedOptions["refundWallet"] = null;
  const wallet = options.refundWallet;
  if (wallet !== undefined && wallet !== null) {
    const { privateKey, rpcUrl } = (typeof wallet === "object" ? wallet : {}) as Record<string, unknown>;
    const keyValid = typeof privateKey === "string" && /^0x[0-9a-fA-F]{64}$/.test(privateKey);
    const rpcValid = typeof rpcUrl === "string" && httpUrl(rpcUrl) !== undefined;
    if (!keyValid) problems.push("refundWallet.privateKey must be a private key (0x and 64 hex digits)");
    if (!rpcValid) problems.push("refundWallet.rpcUrl must be an http(s) JSON-RPC URL of the chain");
    if (keyValid && rpcValid) {
      refundWallet = { privateKey: privateKey as `0x${string}`, rpcUrl: rpcUrl as string };
    }
  }

  const known = new Set([
    "kassaUrl",
    "apiKey",
    "publicKey",
    "webhookSecret",
    "tokenAddress",
    "peggedCurrencies",
    "successUrl",
    "failUrl",
    "refundWallet",
  ]);
  for (const name of Object.keys(options)) {
    if (!known.has(name)) problems.push(`${name} is not an option of the Kassa provider`);
  }

  if (problems.length > 0) {
    throw new KassaProviderError(
      "invalid_data",
      `The Kassa payment provider's options are not valid: ${problems.join("; ")}.`,
    );
  }
  return {
    apiUrl,
    kassaOrigin,
    apiKey,
    publicKey,
    webhookSecret,
    tokenAddress,
    peggedCurrencies: pegged,
    successUrl,
    failUrl,
    refundWallet,
  };
}

function httpUrl(value: string): URL | undefined {
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:" ? url : undefined;
  } catch {
    return undefined;
  }
}
