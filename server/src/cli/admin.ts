import { Command } from "commander";
import * as admin from "../core/admin.js";
import {
  formatPriceSourceSpec,
  parsePriceSourceSpec,
  PRICE_SOURCE_SPEC_HELP,
  setTokenPriceSource,
} from "../prices/admin.js";
import type { AdminChain, AdminMerchant, AdminToken, PaymentMethodView } from "../core/views.js";
import { printFields, printTable, UsageError } from "./output.js";
import { integerArg, jsonOption, nullableArg, nullableIntegerArg, type RunWithContext } from "./runner.js";

/** `kassa admin ...`: the operator's commands over the core admin functions. */
export function adminCommand(run: RunWithContext): Command {
  const command = new Command("admin").description("manage chains, tokens, merchants and payment methods");
  command.addCommand(chainCommand(run));
  command.addCommand(tokenCommand(run));
  command.addCommand(merchantCommand(run));
  command.addCommand(paymentMethodCommand(run));
  return command;
}

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

function chainCommand(run: RunWithContext): Command {
  const chain = new Command("chain").description("chains Kassa serves (RPC URL, contract addresses)");
  jsonOption(
    chain
      .command("add")
      .description("add a chain")
      .requiredOption("--network-id <id>", "EIP-155 chain id", integerArg)
      .requiredOption("--name <name>", "display name")
      .option("--testnet", "mark as a testnet", false)
      .option(
        "--rpc-url <url>",
        "JSON-RPC URL, or several separated by commas for failover (RPC_URL_<networkId> overrides it)",
      )
      .option("--gateway <address>", "PaymentGateway contract address")
      .option("--forwarder <address>", "ERC2771Forwarder contract address")
      .option("--confirmations <n>", "blocks to wait before a payment counts (finality depth)", integerArg)
      .option("--finality <how>", finalityHelp),
  ).action((opts) =>
    run(opts.json, async (ctx, out) => {
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
    }),
  );
  jsonOption(
    chain
      .command("update <networkId>")
      .description("change a chain; 'none' clears an optional value")
      .option("--name <name>", "display name")
      .option("--testnet", "mark as a testnet")
      .option("--no-testnet", "mark as a mainnet")
      .option("--rpc-url <url>", "JSON-RPC URL, or several separated by commas", nullableArg)
      .option("--gateway <address>", "PaymentGateway contract address", nullableArg)
      .option("--forwarder <address>", "ERC2771Forwarder contract address", nullableArg)
      .option("--confirmations <n>", "blocks to wait before a payment counts (finality depth)", integerArg)
      .option("--finality <how>", finalityHelp),
  ).action((networkId: string, opts) =>
    run(opts.json, async (ctx, out) => {
      const updated = await admin.updateChain(ctx, integerArg(networkId), {
        name: opts.name,
        isTestnet: opts.testnet,
        rpcUrl: opts.rpcUrl,
        gatewayAddress: opts.gateway,
        forwarderAddress: opts.forwarder,
        confirmations: opts.confirmations,
        finality: opts.finality,
      });
      out.result(updated, (c) => printChains([c]));
    }),
  );
  jsonOption(chain.command("list").description("list chains")).action((opts) =>
    run(opts.json, async (ctx, out) => out.result(await admin.listChains(ctx), printChains)),
  );
  return chain;
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

function tokenCommand(run: RunWithContext): Command {
  const token = new Command("token").description("the token whitelist of each chain");
  jsonOption(
    token
      .command("add")
      .description("whitelist a token; symbol, decimals and permit support are read from the chain")
      .requiredOption("--chain <networkId>", "EIP-155 chain id", integerArg)
      .requiredOption("--address <address>", "ERC-20 contract address")
      .option("--price-source <spec>", `where its fiat price comes from: ${PRICE_SOURCE_SPEC_HELP}`)
      .option(
        "--probe-holder <address>",
        "an account holding the token: a simulated transfer refuses fee-on-transfer tokens",
      )
      .option("--skip-probe", "whitelist without the fee-on-transfer check (you vouch for the token)", false)
      .option("--disabled", "add it disabled", false),
  ).action((opts) =>
    run(opts.json, async (ctx, out) => {
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
    }),
  );
  jsonOption(
    token
      .command("price-source")
      .description("set or remove (none) where a token's fiat price comes from")
      .requiredOption("--chain <networkId>", "EIP-155 chain id", integerArg)
      .requiredOption("--address <address>", "ERC-20 contract address")
      .argument("<spec>", `${PRICE_SOURCE_SPEC_HELP}, or none`),
  ).action((spec: string, opts) =>
    run(opts.json, async (ctx, out) => {
      const source = await setTokenPriceSource(ctx, {
        networkId: opts.chain,
        tokenAddress: opts.address,
        priceSource: nullableArg(spec),
      });
      const result = {
        networkId: opts.chain,
        address: opts.address,
        priceSource: source ? formatPriceSourceSpec(source) : null,
      };
      out.result(result, (r) => console.log(`price source of ${r.address}: ${r.priceSource ?? "none"}`));
    }),
  );
  jsonOption(
    token
      .command("list")
      .description("list whitelisted tokens")
      .option("--chain <networkId>", "only this chain", integerArg),
  ).action((opts) =>
    run(opts.json, async (ctx, out) =>
      out.result(
        await admin.listTokens(ctx, opts.chain === undefined ? {} : { networkId: opts.chain }),
        printTokens,
      ),
    ),
  );
  for (const enabled of [true, false]) {
    jsonOption(
      token
        .command(enabled ? "enable" : "disable")
        .description(enabled ? "accept payments in a token again" : "stop accepting payments in a token")
        .requiredOption("--chain <networkId>", "EIP-155 chain id", integerArg)
        .requiredOption("--address <address>", "ERC-20 contract address"),
    ).action((opts) =>
      run(opts.json, async (ctx, out) => {
        const updated = await admin.setTokenEnabled(ctx, {
          networkId: opts.chain,
          address: opts.address,
          enabled,
        });
        out.result(updated, (t) => printTokens([t]));
      }),
    );
  }
  return token;
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

function printCredentials(credentials: { apiKey: string; publicKey: string; webhookSecret?: string }) {
  printFields([
    ["API key (server side only)", credentials.apiKey],
    ["Public key", credentials.publicKey],
    ...(credentials.webhookSecret === undefined
      ? []
      : ([["Webhook secret", credentials.webhookSecret]] as [string, string][])),
  ]);
  console.log("These secrets are shown once; Kassa keeps only their hashes.");
}

function merchantCommand(run: RunWithContext): Command {
  const merchant = new Command("merchant").description("merchants and their keys");
  jsonOption(
    merchant
      .command("create")
      .description("create a merchant and print its keys (shown once)")
      .requiredOption("--name <name>", "merchant name")
      .option("--chain <networkId>", "EIP-155 chain id of the merchant's chain", integerArg)
      .option("--recipient <address>", "wallet that receives the payments")
      .option("--webhook-url <url>", "where payment events are POSTed")
      .option("--faucet", "let this merchant's payers use the gas faucet", false)
      .option(
        "--fee-bps <bps>",
        "fee override in basis points (recorded; the contract's fee applies)",
        integerArg,
      ),
  ).action((opts) =>
    run(opts.json, async (ctx, out) => {
      const created = await admin.createMerchant(ctx, {
        name: opts.name,
        networkId: opts.chain,
        recipientAddress: opts.recipient,
        webhookUrl: opts.webhookUrl,
        faucetEnabled: opts.faucet,
        feeBps: opts.feeBps,
      });
      out.result(created, (c) => {
        printFields([
          ["Merchant key", c.merchant.merchantKey],
          ["Merchant id (bytes32)", c.merchant.merchantId],
          ["Name", c.merchant.name],
          ["Network id", c.merchant.networkId],
          ["Recipient", c.merchant.recipientAddress],
        ]);
        printCredentials(c);
      });
    }),
  );
  jsonOption(
    merchant
      .command("update <merchantKey>")
      .description("change a merchant; 'none' clears an optional value")
      .option("--name <name>", "merchant name")
      .option("--chain <networkId>", "EIP-155 chain id, or none", nullableIntegerArg)
      .option("--recipient <address>", "recipient wallet, or none", nullableArg)
      .option("--webhook-url <url>", "webhook URL, or none", nullableArg)
      .option("--faucet", "enable the gas faucet")
      .option("--no-faucet", "disable the gas faucet")
      .option("--enable", "accept payments")
      .option("--disable", "refuse all requests of this merchant")
      .option("--fee-bps <bps>", "fee override in basis points, or none", nullableIntegerArg),
  ).action((merchantKey: string, opts) =>
    run(opts.json, async (ctx, out) => {
      const updated = await admin.updateMerchant(ctx, merchantKey, {
        name: opts.name,
        networkId: opts.chain,
        recipientAddress: opts.recipient,
        webhookUrl: opts.webhookUrl,
        faucetEnabled: opts.faucet,
        isEnabled: opts.enable ? true : opts.disable ? false : undefined,
        feeBps: opts.feeBps,
      });
      out.result(updated, (m) => printMerchants([m]));
    }),
  );
  jsonOption(merchant.command("list").description("list merchants")).action((opts) =>
    run(opts.json, async (ctx, out) => out.result(await admin.listMerchants(ctx), printMerchants)),
  );
  jsonOption(
    merchant
      .command("rotate-keys <merchantKey>")
      .description("issue a new API key and public key; the old ones stop working at once")
      .option("--webhook-secret", "also issue a new webhook secret", false),
  ).action((merchantKey: string, opts) =>
    run(opts.json, async (ctx, out) => {
      const keys = await admin.rotateMerchantKeys(ctx, merchantKey, { webhookSecret: opts.webhookSecret });
      out.result(keys, printCredentials);
    }),
  );
  return merchant;
}

function printMethods(methods: PaymentMethodView[]) {
  printTable(methods, [
    ["ID", (m) => m.id],
    ["TOKEN", (m) => m.tokenAddress],
    ["SYMBOL", (m) => m.symbol],
    ["ENABLED", (m) => m.is_enabled],
  ]);
}

function paymentMethodCommand(run: RunWithContext): Command {
  const method = new Command("payment-method").description("the tokens a merchant accepts");
  jsonOption(
    method
      .command("add <merchantKey>")
      .description("accept a whitelisted token of the merchant's chain")
      .requiredOption("--token <address>", "ERC-20 contract address")
      .option("--disabled", "add it disabled", false),
  ).action((merchantKey: string, opts) =>
    run(opts.json, async (ctx, out) => {
      const added = await admin.addPaymentMethod(ctx, merchantKey, {
        tokenAddress: opts.token,
        isEnabled: !opts.disabled,
      });
      out.result(added, (m) => printMethods([m]));
    }),
  );
  for (const enabled of [true, false]) {
    jsonOption(
      method
        .command(`${enabled ? "enable" : "disable"} <merchantKey>`)
        .description(enabled ? "accept the token again" : "stop accepting the token")
        .requiredOption("--token <address>", "ERC-20 contract address"),
    ).action((merchantKey: string, opts) =>
      run(opts.json, async (ctx, out) => {
        const updated = await admin.setPaymentMethodEnabled(ctx, merchantKey, {
          tokenAddress: opts.token,
          enabled,
        });
        out.result(updated, (m) => printMethods([m]));
      }),
    );
  }
  return method;
}
