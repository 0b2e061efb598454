import { Command, Option, type OptionValues } from "commander";
import { formatUnits } from "viem";
import * as admin from "../core/admin.js";
import * as reads from "../core/adminReads.js";
import {
  formatPriceSourceSpec,
  parsePriceSourceSpec,
  PRICE_SOURCE_SPEC_HELP,
  setTokenPriceSource,
} from "../core/prices/admin.js";
import type { AdminChain, AdminMerchant, AdminToken, PaymentMethodView } from "../core/views.js";
import type { WebhookDeliveryView } from "../core/webhooks.js";
import { walletCommands } from "./adminWallets.js";
import type { Context } from "./context.js";
import { printFields, printTable, UsageError, type Output } from "./output.js";
import { integerArg, nullableArg, nullableIntegerArg, type RunWithContext } from "./runner.js";

/** One option of a command: commander's flags, its help, and optionally a parser, default or requirement. */
interface OptionSpec {
  flags: string;
  help: string;
  parse?: (value: string) => unknown;
  default?: unknown;
  required?: boolean;
}

/** One positional argument: `<name>` (required). */
interface ArgumentSpec {
  name: string;
  help: string;
  parse?: (value: string) => unknown;
}

/** One `kassa admin <group> <name>` command: what it takes, its help, and what it does. */
export interface AdminCommandSpec {
  group: keyof typeof groups;
  name: string;
  description: string;
  args?: ArgumentSpec[];
  options?: OptionSpec[];
  run(ctx: Context, input: { args: unknown[]; opts: OptionValues }, out: Output): Promise<void>;
}

const groups = {
  chain: "chains Kassa serves (RPC URL, contract addresses)",
  token: "the token whitelist of each chain",
  merchant: "merchants and their keys",
  "payment-method": "the tokens a merchant accepts",
  payment: "payments: find them and everything recorded about them",
  webhook: "webhook deliveries: their attempts, and sending them again",
} as const;

/** `kassa admin ...`: the operator's commands over the core admin functions, built from the table below. */
export function adminCommand(run: RunWithContext): Command {
  const command = new Command("admin").description(
    "manage chains, tokens, merchants and payment methods; follow payments and webhooks",
  );
  for (const [group, description] of Object.entries(groups)) {
    const groupCommand = command.command(group).description(description);
    for (const spec of adminCommands.filter((candidate) => candidate.group === group)) {
      groupCommand.addCommand(buildCommand(spec, run));
    }
  }
  return command;
}

function buildCommand(spec: AdminCommandSpec, run: RunWithContext): Command {
  const command = new Command(spec.name).description(spec.description);
  for (const arg of spec.args ?? []) {
    if (arg.parse) command.argument(arg.name, arg.help, arg.parse);
    else command.argument(arg.name, arg.help);
  }
  for (const optionSpec of spec.options ?? []) {
    const option = new Option(optionSpec.flags, optionSpec.help);
    if (optionSpec.parse) option.argParser(optionSpec.parse);
    if (optionSpec.default !== undefined) option.default(optionSpec.default);
    if (optionSpec.required) option.makeOptionMandatory();
    command.addOption(option);
  }
  command.option("--json", "print the result as JSON", false);
  return command.action((...received: unknown[]) => {
    const self = received.at(-1) as Command;
    const opts = self.opts();
    return run(opts.json as boolean, (ctx, out) => spec.run(ctx, { args: self.processedArgs, opts }, out));
  });
}

// What the commands print for a person (--json prints the value itself).

const finalityHelp =
  "when a payment is final: finalized or safe (the node's block of that tag), or depth (--confirmations below the head)";

function printChains(chains: AdminChain[]) {
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

function printTokens(tokens: (AdminToken & { priceSource?: string | null })[]) {
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

function printMerchants(merchants: AdminMerchant[]) {
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

const SHOWN_ONCE = "These secrets are shown once; Kassa keeps only their hashes.";

function printCredentials(credentials: { apiKey: string; publicKey: string; webhookSecret?: string }) {
  printFields([
    ["API key (server side only)", credentials.apiKey],
    ["Public key", credentials.publicKey],
    ...(credentials.webhookSecret === undefined
      ? []
      : ([["Webhook secret", credentials.webhookSecret]] as [string, string][])),
  ]);
  console.log(SHOWN_ONCE);
}

function printMethods(methods: PaymentMethodView[]) {
  printTable(methods, [
    ["ID", (m) => m.id],
    ["TOKEN", (m) => m.tokenAddress],
    ["SYMBOL", (m) => m.symbol],
    ["ENABLED", (m) => m.is_enabled],
  ]);
}

/** A token amount in base units as an exact decimal with its symbol. */
function tokenAmount(p: { amount: string; tokenDecimals: number; tokenSymbol: string }): string {
  return `${formatUnits(BigInt(p.amount), p.tokenDecimals)} ${p.tokenSymbol}`;
}

function printPayments(payments: reads.AdminPayment[]) {
  printTable(payments, [
    ["CREATED", (p) => p.createdAt],
    ["PAYMENT ID", (p) => p.paymentId],
    ["MERCHANT", (p) => p.merchantName],
    ["ORDER", (p) => p.orderId],
    ["STATUS", (p) => p.status],
    ["AMOUNT", tokenAmount],
  ]);
}

function printDeliveries(deliveries: (WebhookDeliveryView & { merchantKey?: string })[]) {
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

function printAttempts(attempts: WebhookDeliveryView["attempts"]) {
  printTable(attempts, [
    ["ATTEMPT", (a) => a.attempt],
    ["AT", (a) => a.createdAt],
    ["URL", (a) => a.url],
    ["STATUS CODE", (a) => a.statusCode],
    ["MS", (a) => a.durationMs],
    ["ERROR", (a) => a.error],
  ]);
}

/** The hint for the next page of a list, when there is one. */
function printMore(hasMore: boolean, last: string | undefined) {
  if (hasMore && last !== undefined) console.log(`(more: add --starting-after ${last})`);
}

// The options several commands share.

const chainOption = (help = "EIP-155 chain id"): OptionSpec => ({
  flags: "--chain <networkId>",
  help,
  parse: integerArg,
  required: true,
});
const tokenAddressOption: OptionSpec = {
  flags: "--address <address>",
  help: "ERC-20 contract address",
  required: true,
};
const merchantKeyArg: ArgumentSpec = { name: "<merchantKey>", help: "the merchant's key (mch_...)" };
const pageOptions: OptionSpec[] = [
  { flags: "--limit <n>", help: "page size, 1 to 100", parse: integerArg, default: 20 },
];

/** `enable`/`disable` pairs: the same command twice, with the flag it sets. */
function enableDisable(
  make: (enabled: boolean) => Omit<AdminCommandSpec, "name">,
): [AdminCommandSpec, AdminCommandSpec] {
  return [
    { name: "enable", ...make(true) },
    { name: "disable", ...make(false) },
  ];
}

const adminCommands: AdminCommandSpec[] = [
  {
    group: "chain",
    name: "add",
    description: "add a chain",
    options: [
      { flags: "--network-id <id>", help: "EIP-155 chain id", parse: integerArg, required: true },
      { flags: "--name <name>", help: "display name", required: true },
      { flags: "--testnet", help: "mark as a testnet", default: false },
      {
        flags: "--rpc-url <url>",
        help: "JSON-RPC URL, or several separated by commas for failover (RPC_URL_<networkId> overrides it)",
      },
      { flags: "--gateway <address>", help: "PaymentGateway contract address" },
      { flags: "--forwarder <address>", help: "ERC2771Forwarder contract address" },
      {
        flags: "--confirmations <n>",
        help: "blocks to wait before a payment counts (finality depth)",
        parse: integerArg,
      },
      { flags: "--finality <how>", help: finalityHelp },
    ],
    async run(ctx, { opts }, out) {
      const added = await admin.addChain(ctx, {
        networkId: opts.networkId,
        name: opts.name,
        isTestnet: opts.testnet,
        rpcUrl: opts.rpcUrl,
        gatewayAddress: opts.gateway,
        forwarderAddress: opts.forwarder,
        confirmations: opts.confirmations,
        finality: opts.finality,
      });
      out.result(added, (c) => printChains([c]));
    },
  },
  {
    group: "chain",
    name: "update",
    description: "change a chain; 'none' clears an optional value",
    args: [{ name: "<networkId>", help: "EIP-155 chain id", parse: integerArg }],
    options: [
      { flags: "--name <name>", help: "display name" },
      { flags: "--testnet", help: "mark as a testnet" },
      { flags: "--no-testnet", help: "mark as a mainnet" },
      { flags: "--rpc-url <url>", help: "JSON-RPC URL, or several separated by commas", parse: nullableArg },
      { flags: "--gateway <address>", help: "PaymentGateway contract address", parse: nullableArg },
      { flags: "--forwarder <address>", help: "ERC2771Forwarder contract address", parse: nullableArg },
      {
        flags: "--confirmations <n>",
        help: "blocks to wait before a payment counts (finality depth)",
        parse: integerArg,
      },
      { flags: "--finality <how>", help: finalityHelp },
    ],
    async run(ctx, { args: [networkId], opts }, out) {
      const updated = await admin.updateChain(ctx, networkId as number, {
        name: opts.name,
        isTestnet: opts.testnet,
        rpcUrl: opts.rpcUrl,
        gatewayAddress: opts.gateway,
        forwarderAddress: opts.forwarder,
        confirmations: opts.confirmations,
        finality: opts.finality,
      });
      out.result(updated, (c) => printChains([c]));
    },
  },
  {
    group: "chain",
    name: "list",
    description: "list chains",
    async run(ctx, _input, out) {
      out.result(await admin.listChains(ctx), printChains);
    },
  },
  {
    group: "token",
    name: "add",
    description: "whitelist a token; symbol, decimals and permit support are read from the chain",
    options: [
      chainOption(),
      tokenAddressOption,
      { flags: "--price-source <spec>", help: `where its fiat price comes from: ${PRICE_SOURCE_SPEC_HELP}` },
      {
        flags: "--probe-holder <address>",
        help: "an account holding the token: a simulated transfer refuses fee-on-transfer tokens",
      },
      {
        flags: "--skip-probe",
        help: "whitelist without the fee-on-transfer check (you vouch for the token)",
        default: false,
      },
      { flags: "--disabled", help: "add it disabled", default: false },
    ],
    async run(ctx, { opts }, out) {
      if (opts.probeHolder === undefined && !opts.skipProbe) {
        throw new UsageError(
          "pass --probe-holder <address that holds the token> so that a fee-on-transfer token is refused, or --skip-probe",
        );
      }
      // Checked before anything is written, so a bad spec adds no token.
      if (opts.priceSource !== undefined) parsePriceSourceSpec(opts.priceSource);
      const added = await admin.addToken(ctx, {
        networkId: opts.chain,
        address: opts.address,
        enabled: !opts.disabled,
        probeHolder: opts.probeHolder,
      });
      const source =
        opts.priceSource === undefined
          ? null
          : await setTokenPriceSource(ctx, {
              networkId: opts.chain,
              tokenAddress: added.address,
              priceSource: opts.priceSource,
            });
      const result = { ...added, priceSource: source ? formatPriceSourceSpec(source) : null };
      out.result(result, (t) => printTokens([t]));
    },
  },
  {
    group: "token",
    name: "price-source",
    description: "set or remove (none) where a token's fiat price comes from",
    args: [{ name: "<spec>", help: `${PRICE_SOURCE_SPEC_HELP}, or none`, parse: nullableArg }],
    options: [chainOption(), tokenAddressOption],
    async run(ctx, { args: [spec], opts }, out) {
      const source = await setTokenPriceSource(ctx, {
        networkId: opts.chain,
        tokenAddress: opts.address,
        priceSource: spec as string | null,
      });
      const result = {
        networkId: opts.chain,
        address: opts.address,
        priceSource: source ? formatPriceSourceSpec(source) : null,
      };
      out.result(result, (r) => console.log(`price source of ${r.address}: ${r.priceSource ?? "none"}`));
    },
  },
  {
    group: "token",
    name: "list",
    description: "list whitelisted tokens",
    options: [{ ...chainOption("only this chain"), required: false }],
    async run(ctx, { opts }, out) {
      const filter = opts.chain === undefined ? {} : { networkId: opts.chain as number };
      out.result(await admin.listTokens(ctx, filter), printTokens);
    },
  },
  ...enableDisable((enabled) => ({
    group: "token",
    description: enabled ? "accept payments in a token again" : "stop accepting payments in a token",
    options: [chainOption(), tokenAddressOption],
    async run(ctx, { opts }, out) {
      const updated = await admin.setTokenEnabled(ctx, {
        networkId: opts.chain,
        address: opts.address,
        enabled,
      });
      out.result(updated, (t) => printTokens([t]));
    },
  })),
  {
    group: "merchant",
    name: "create",
    description:
      "create a merchant and print its keys (shown once); it needs --chain and --recipient to take payments, or --disabled",
    options: [
      { flags: "--name <name>", help: "merchant name", required: true },
      { flags: "--chain <networkId>", help: "EIP-155 chain id of the merchant's chain", parse: integerArg },
      { flags: "--recipient <address>", help: "wallet that receives the payments" },
      { flags: "--webhook-url <url>", help: "where payment events are POSTed" },
      { flags: "--faucet", help: "let this merchant's payers use the gas faucet", default: false },
      {
        flags: "--disabled",
        help: "create it disabled (chain and recipient may then come later with merchant update ... --enable)",
        default: false,
      },
    ],
    async run(ctx, { opts }, out) {
      const missing = [
        ...(opts.chain === undefined ? ["--chain <networkId>"] : []),
        ...(opts.recipient === undefined ? ["--recipient <address>"] : []),
      ];
      if (missing.length > 0 && !opts.disabled) {
        throw new UsageError(
          `a merchant without ${missing.join(" and ")} cannot take a payment: pass ${missing.join(" and ")}, ` +
            "or --disabled to create it disabled and complete it later with `kassa admin merchant update`",
        );
      }
      const created = await admin.createMerchant(ctx, {
        name: opts.name,
        networkId: opts.chain,
        recipientAddress: opts.recipient,
        webhookUrl: opts.webhookUrl,
        faucetEnabled: opts.faucet,
        isEnabled: !opts.disabled,
      });
      out.result(created, (c) => {
        printFields([
          ["Merchant key", c.merchant.merchantKey],
          ["Merchant id (bytes32)", c.merchant.merchantId],
          ["Name", c.merchant.name],
          ["Network id", c.merchant.networkId],
          ["Recipient", c.merchant.recipientAddress],
          ["Enabled", c.merchant.isEnabled],
        ]);
        printCredentials(c);
      });
    },
  },
  {
    group: "merchant",
    name: "update",
    description: "change a merchant; 'none' clears an optional value",
    args: [merchantKeyArg],
    options: [
      { flags: "--name <name>", help: "merchant name" },
      { flags: "--chain <networkId>", help: "EIP-155 chain id, or none", parse: nullableIntegerArg },
      { flags: "--recipient <address>", help: "recipient wallet, or none", parse: nullableArg },
      { flags: "--webhook-url <url>", help: "webhook URL, or none", parse: nullableArg },
      { flags: "--faucet", help: "enable the gas faucet" },
      { flags: "--no-faucet", help: "disable the gas faucet" },
      { flags: "--enable", help: "accept payments" },
      { flags: "--disable", help: "refuse all requests of this merchant" },
      {
        flags: "--fee-bps <bps>",
        help: "fee override in basis points, or none: set on the gateway from GATEWAY_OWNER_PRIVATE_KEY, for payments signed from then on",
        parse: nullableIntegerArg,
      },
    ],
    async run(ctx, { args: [merchantKey], opts }, out) {
      const deps = { ...ctx, gatewayOwnerKey: ctx.config.gatewayOwnerPrivateKey };
      const updated = await admin.updateMerchant(deps, merchantKey as string, {
        name: opts.name,
        networkId: opts.chain,
        recipientAddress: opts.recipient,
        webhookUrl: opts.webhookUrl,
        faucetEnabled: opts.faucet,
        isEnabled: opts.enable ? true : opts.disable ? false : undefined,
        feeBps: opts.feeBps,
      });
      out.result(updated, (m) => printMerchants([m]));
    },
  },
  {
    group: "merchant",
    name: "list",
    description: "list merchants",
    async run(ctx, _input, out) {
      out.result(await admin.listMerchants(ctx), printMerchants);
    },
  },
  {
    group: "merchant",
    name: "rotate-keys",
    description: "issue a new API key and public key; the old ones stop working at once",
    args: [merchantKeyArg],
    options: [{ flags: "--webhook-secret", help: "also issue a new webhook secret", default: false }],
    async run(ctx, { args: [merchantKey], opts }, out) {
      const keys = await admin.rotateMerchantKeys(ctx, merchantKey as string, {
        webhookSecret: opts.webhookSecret,
      });
      out.result(keys, printCredentials);
    },
  },
  {
    group: "merchant",
    name: "rotate-webhook-secret",
    description: "issue a new webhook signing secret (shown once); the old one stops signing at once",
    args: [merchantKeyArg],
    async run(ctx, { args: [merchantKey] }, out) {
      const rotated = await reads.rotateMerchantWebhookSecret(ctx, merchantKey as string);
      out.result(rotated, (r) => {
        printFields([["Webhook secret", r.webhookSecret]]);
        console.log("This secret is shown once: give it to the merchant, whose webhook checks need it now.");
      });
    },
  },
  {
    group: "payment-method",
    name: "add",
    description: "accept a whitelisted token of the merchant's chain",
    args: [merchantKeyArg],
    options: [
      { flags: "--token <address>", help: "ERC-20 contract address", required: true },
      { flags: "--disabled", help: "add it disabled", default: false },
    ],
    async run(ctx, { args: [merchantKey], opts }, out) {
      const added = await admin.addPaymentMethod(ctx, merchantKey as string, {
        tokenAddress: opts.token,
        isEnabled: !opts.disabled,
      });
      out.result(added, (m) => printMethods([m]));
    },
  },
  ...enableDisable((enabled) => ({
    group: "payment-method",
    description: enabled ? "accept the token again" : "stop accepting the token",
    args: [merchantKeyArg],
    options: [{ flags: "--token <address>", help: "ERC-20 contract address", required: true }],
    async run(ctx, { args: [merchantKey], opts }, out) {
      const updated = await admin.setPaymentMethodEnabled(ctx, merchantKey as string, {
        tokenAddress: opts.token,
        enabled,
      });
      out.result(updated, (m) => printMethods([m]));
    },
  })),
  {
    group: "payment-method",
    name: "list",
    description: "list the tokens a merchant accepts",
    options: [{ flags: "--merchant <merchantKey>", help: "the merchant's key (mch_...)", required: true }],
    async run(ctx, { opts }, out) {
      out.result(await reads.listPaymentMethods(ctx, opts.merchant), printMethods);
    },
  },
  {
    group: "payment",
    name: "list",
    description: "list payments, newest first",
    options: [
      { flags: "--merchant <merchantKey>", help: "only this merchant's" },
      { flags: "--status <status>", help: "only in this status (CREATED, PAID, EXPIRED, ...)" },
      { flags: "--order-id <orderId>", help: "only the payment of this order id" },
      { flags: "--since <time>", help: "created at or after (ISO 8601: 2026-11-23 or 2026-11-23T12:00:00Z)" },
      { flags: "--until <time>", help: "created before (ISO 8601)" },
      ...pageOptions,
      { flags: "--starting-after <paymentId>", help: "the last paymentId of the previous page" },
    ],
    async run(ctx, { opts }, out) {
      const page = await reads.listPayments(ctx, {
        merchantKey: opts.merchant,
        status: opts.status,
        orderId: opts.orderId,
        since: opts.since,
        until: opts.until,
        limit: opts.limit,
        startingAfter: opts.startingAfter,
      });
      out.result(page, (p) => {
        printPayments(p.payments);
        printMore(p.hasMore, p.payments.at(-1)?.paymentId);
      });
    },
  },
  {
    group: "payment",
    name: "show",
    description: "a payment with its events, webhook deliveries and gasless relay",
    args: [{ name: "<paymentId>", help: "the bytes32 paymentId" }],
    async run(ctx, { args: [paymentId] }, out) {
      const details = await reads.showPayment(ctx, paymentId as string);
      out.result(details, (d) => {
        const p = d.payment;
        printFields([
          ["Payment id", p.paymentId],
          ["Merchant", p.merchantName],
          ["Order id", p.orderId],
          ["Status", p.status],
          ["Amount", tokenAmount(p)],
          ["Token", `${p.tokenAddress} on chain ${p.chainId}`],
          ["Fiat", p.currency === null ? null : `${p.fiatAmount} ${p.currency} at ${p.tokenPrice}`],
          ["Created", p.createdAt],
          ["Expires", p.expiresAt],
          ["Confirmed", p.confirmedAt],
          ["Transaction", p.txHash],
          ["Payer", p.payerAddress],
          ["Reorged", p.reorgedAt === null ? null : `${p.reorgedAt} (${p.reorgedTxHash})`],
          ["Relay", d.relay === null ? null : `${d.relay.status} ${d.relay.transactionHash ?? ""}`.trim()],
          ["Relay error", d.relay?.errorMessage],
        ]);
        console.log("\nEvents");
        printTable(d.events, [
          ["AT", (e) => e.createdAt],
          ["EVENT ID", (e) => e.eventId],
          ["TYPE", (e) => e.type],
        ]);
        console.log("\nWebhook deliveries");
        printDeliveries(d.deliveries);
      });
    },
  },
  {
    group: "webhook",
    name: "list",
    description: "list webhook deliveries, newest first",
    options: [
      { flags: "--merchant <merchantKey>", help: "only this merchant's" },
      { flags: "--status <status>", help: "only in this status: PENDING, SUCCEEDED or FAILED" },
      ...pageOptions,
      { flags: "--starting-after <deliveryId>", help: "the last delivery id of the previous page" },
    ],
    async run(ctx, { opts }, out) {
      const page = await reads.listWebhookDeliveries(ctx, {
        merchantKey: opts.merchant,
        status: opts.status,
        limit: opts.limit,
        startingAfter: opts.startingAfter,
      });
      out.result(page, (p) => {
        printDeliveries(p.deliveries);
        printMore(p.hasMore, p.deliveries.at(-1)?.id);
      });
    },
  },
  {
    group: "webhook",
    name: "show",
    description: "a webhook delivery with its attempts",
    args: [{ name: "<deliveryId>", help: "the delivery id (whd_...)" }],
    async run(ctx, { args: [deliveryId] }, out) {
      const delivery = await reads.showWebhookDelivery(ctx, deliveryId as string);
      out.result(delivery, (d) => {
        printFields([
          ["Delivery id", d.id],
          ["Merchant key", d.merchantKey],
          ["Event", `${d.eventType} (${d.eventId})`],
          ["Payment id", d.paymentId],
          ["Status", d.status],
          ["Attempts", d.attemptCount],
          ["Next attempt", d.nextAttemptAt],
          ["Delivered", d.deliveredAt],
          ["Created", d.createdAt],
        ]);
        console.log("\nAttempts");
        printAttempts(d.attempts);
      });
    },
  },
  {
    group: "webhook",
    name: "redeliver",
    description: "send a delivery's event again, as a new delivery with the same webhook-id",
    args: [{ name: "<deliveryId>", help: "the delivery id (whd_...)" }],
    async run(ctx, { args: [deliveryId] }, out) {
      const redelivery = await reads.redeliverWebhookDelivery(ctx, deliveryId as string);
      out.result(redelivery, (r) =>
        console.log(`queued ${r.id} (event ${r.eventId}); \`kassa admin webhook show ${r.id}\` follows it`),
      );
    },
  },
  ...walletCommands,
];
