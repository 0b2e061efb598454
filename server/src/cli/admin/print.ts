import { formatUnits } from "viem";
import type * as reads from "../../core/admin/reads.js";
import type { AdminChain, AdminMerchant, AdminToken } from "../../core/admin/views.js";
import type { PaymentMethodView } from "../../core/merchants/views.js";
import type { WebhookDeliveryView } from "../../core/webhooks/merchantApi.js";
import { printFields, printTable } from "../output.js";

/** What the admin commands print for a person (--json prints the value itself). */

export function printChains(chains: AdminChain[]) {
  printTable(chains, [
    ["NETWORK ID", (c) => c.networkId],
    ["NAME", (c) => c.name],
    ["TESTNET", (c) => c.isTestnet],
    ["RPC", (c) => (c.rpcUrl ? "set" : null)],
    ["GATEWAY", (c) => c.gatewayAddress],
    ["FORWARDER", (c) => c.forwarderAddress],
    ["FINALITY", (c) => c.finality],
    ["CONFIRMATIONS", (c) => c.confirmations],
  ]);
}

export function printTokens(tokens: (AdminToken & { priceSource?: string | null })[]) {
  printTable(tokens, [
    ["NETWORK ID", (t) => t.networkId],
    ["ADDRESS", (t) => t.address],
    ["SYMBOL", (t) => t.symbol],
    ["DECIMALS", (t) => t.decimals],
    ["PERMIT", (t) => t.permitSupported],
    ["ENABLED", (t) => t.enabled],
    ...(tokens.some((t) => t.priceSource !== undefined)
      ? ([["PRICE SOURCE", (t) => t.priceSource]] as [
          string,
          (t: (typeof tokens)[number]) => string | null | undefined,
        ][])
      : []),
  ]);
}

export function printMerchants(merchants: AdminMerchant[]) {
  printTable(merchants, [
    ["MERCHANT KEY", (m) => m.merchantKey],
    ["NAME", (m) => m.name],
    ["NETWORK ID", (m) => m.networkId],
    ["RECIPIENT", (m) => m.recipientAddress],
    ["WEBHOOK", (m) => m.webhookUrl],
    ["FAUCET", (m) => m.faucetEnabled],
    ["ENABLED", (m) => m.isEnabled],
    ["FEE BPS", (m) => m.feeBps],
  ]);
}

export const SHOWN_ONCE = "These secrets are shown once; Kassa keeps only their hashes.";

export function printCredentials(credentials: { apiKey: string; publicKey: string; webhookSecret?: string }) {
  printFields([
    ["API key (server side only)", credentials.apiKey],
    ["Public key", credentials.publicKey],
    ...(credentials.webhookSecret === undefined
      ? []
      : ([["Webhook secret", credentials.webhookSecret]] as [string, string][])),
  ]);
  console.log(SHOWN_ONCE);
}

export function printMethods(methods: PaymentMethodView[]) {
  printTable(methods, [
    ["ID", (m) => m.id],
    ["TOKEN", (m) => m.tokenAddress],
    ["SYMBOL", (m) => m.symbol],
    ["ENABLED", (m) => m.is_enabled],
  ]);
}

/** A token amount in base units as an exact decimal with its symbol. */
export function tokenAmount(p: { amount: string; tokenDecimals: number; tokenSymbol: string }): string {
  return `${formatUnits(BigInt(p.amount), p.tokenDecimals)} ${p.tokenSymbol}`;
}

export function printPayments(payments: reads.AdminPayment[]) {
  printTable(payments, [
    ["CREATED", (p) => p.createdAt],
    ["PAYMENT ID", (p) => p.paymentId],
    ["MERCHANT", (p) => p.merchantName],
    ["ORDER", (p) => p.orderId],
    ["STATUS", (p) => p.status],
    ["AMOUNT", tokenAmount],
  ]);
}

export function printDeliveries(deliveries: (WebhookDeliveryView & { merchantKey?: string })[]) {
  printTable(deliveries, [
    ["CREATED", (d) => d.createdAt],
    ["DELIVERY ID", (d) => d.id],
    ...(deliveries.some((d) => d.merchantKey !== undefined)
      ? ([["MERCHANT KEY", (d) => d.merchantKey]] as [string, (d: (typeof deliveries)[number]) => string][])
      : []),
    ["EVENT", (d) => d.eventType],
    ["PAYMENT ID", (d) => d.paymentId],
    ["STATUS", (d) => d.status],
    ["ATTEMPTS", (d) => d.attemptCount],
    ["LAST", (d) => d.lastError ?? d.lastStatusCode],
  ]);
}

export function printAttempts(attempts: WebhookDeliveryView["attempts"]) {
  printTable(attempts, [
    ["ATTEMPT", (a) => a.attempt],
    ["AT", (a) => a.createdAt],
    ["URL", (a) => a.url],
    ["STATUS CODE", (a) => a.statusCode],
    ["MS", (a) => a.durationMs],
    ["ERROR", (a) => a.error],
  ]);
}
