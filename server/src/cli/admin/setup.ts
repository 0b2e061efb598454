import * as admin from "../../core/admin/index.js";
import * as reads from "../../core/admin/reads.js";
import {
  formatPriceSourceSpec,
  parsePriceSourceSpec,
  PRICE_SOURCE_SPEC_HELP,
  setTokenPriceSource,
} from "../../core/prices/admin.js";
import { printFields, UsageError } from "../output.js";
import { integerArg, nullableArg, nullableIntegerArg } from "../runner.js";
import { depositSettingsOptions } from "./deposits.js";
import type { OptionValues } from "commander";
import type { AdminCommandSpec, OptionSpec } from "./spec.js";
import { printChains, printTokens, printMerchants, printCredentials, printMethods } from "./print.js";
import { revokedKeyNotice } from "./wallets.js";
import {
  chainOption,
  tokenAddressOption,
  merchantKeyArg,
  enableDisable,
  finalityHelp,
  listCommand,
} from "./options.js";

/** What `chain add` and `chain update` both set, from options of the same names. */
function chainFields(opts: OptionValues) {
  return {
    name: opts.name,
    isTestnet: opts.testnet,
    rpcUrl: opts.rpcUrl,
    gatewayAddress: opts.gateway,
    forwarderAddress: opts.forwarder,
    confirmations: opts.confirmations,
    finality: opts.finality,
  };
}

const finalityOptions: OptionSpec[] = [
  {
    flags: "--confirmations <n>",
    help: "blocks to wait before a payment counts (finality depth)",
    parse: integerArg,
  },
  { flags: "--finality <how>", help: finalityHelp },
];

/** `kassa admin chain|token|merchant|payment-method ...`: what Kassa serves and to whom. */
export const setupCommands: AdminCommandSpec[] = [
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
      ...finalityOptions,
    ],
    async run(ctx, { opts }, out) {
      const added = await admin.addChain(ctx, { networkId: opts.networkId, ...chainFields(opts) });
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
      ...finalityOptions,
    ],
    async run(ctx, { args: [networkId], opts }, out) {
      const updated = await admin.updateChain(ctx, networkId as number, chainFields(opts));
      out.result(updated, (c) => printChains([c]));
    },
  },
  listCommand("chain", "list chains", admin.listChains, printChains),
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
      ...depositSettingsOptions,
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
        depositToleranceBps: opts.depositToleranceBps,
        depositLatePolicy: opts.depositLatePolicy,
        transferWindowMinutes: opts.transferWindowMinutes,
      });
      out.result(updated, (m) => {
        printMerchants([m]);
        if (m.secretKeyRevoked) console.log(revokedKeyNotice);
      });
    },
  },
  listCommand("merchant", "list merchants", admin.listMerchants, printMerchants),
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
];
