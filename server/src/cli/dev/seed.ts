import { deployKassa, deployTestTokens, mintTestTokens, rpcChain, testTokens } from "@kassa/contracts";
import { anvilAccount, anvilPrivateKeys, type AnvilInstance } from "@kassa/contracts/dev";
import { createPublicClient, createWalletClient, http, type Address, type Hex } from "viem";
import type { PriceSettings } from "../../config/prices.js";
import * as admin from "../../core/admin/index.js";
import { setTokenPriceSource } from "../../core/prices/admin.js";
import { insertPriceSamples } from "../../db/prices/prices.js";
import { type NewPriceSampleRow } from "../../db/schema/rows.js";
import { isKassaError } from "../../errors.js";
import { type Context } from "../context.js";
import { UsageError } from "../output.js";
import {
  type DevEnvironment,
  type SeededEnvironment,
  DEFAULT_FEE_BPS,
  DEV_CHAIN_ID,
  DEV_PAYER_INDEXES,
  DEV_RECIPIENT_INDEX,
  PAYER_TOKEN_GRANT,
} from "./settings.js";

/** The demo data of `kassa dev`: the contracts, tokens, merchant and prices, or the previous run's. */

/** The previous run's environment is reusable when its contracts are still on the (restored) chain. */
export async function reuse(
  previous: DevEnvironment | undefined,
  anvil: AnvilInstance,
  ctx: Context,
): Promise<boolean> {
  if (!previous) return false;
  const client = createPublicClient({ transport: http(anvil.rpcUrl) });
  const code = await client.getCode({ address: previous.contracts.gateway });
  const chains = await admin.listChains(ctx);
  const known = chains.find((chain) => chain.networkId === DEV_CHAIN_ID);
  if (code && code !== "0x" && known?.gatewayAddress === previous.contracts.gateway) return true;
  throw new UsageError(
    "the saved local chain and database no longer match (one of them was removed): run `npm start -- --reset`",
  );
}

export async function seed(
  ctx: Context,
  prices: PriceSettings,
  anvil: AnvilInstance,
  signerAddress: Address,
  progress: (message: string) => void,
): Promise<SeededEnvironment> {
  const chain = rpcChain(DEV_CHAIN_ID, "Local (anvil)", anvil.rpcUrl);
  const publicClient = createPublicClient({ chain, transport: http(anvil.rpcUrl) });
  const walletClient = createWalletClient({ account: anvilAccount(0), chain, transport: http(anvil.rpcUrl) });
  const treasury = anvilAccount(2).address;
  const recipient = anvilAccount(DEV_RECIPIENT_INDEX).address;

  progress("deploying the forwarder, the gateway and the test tokens");
  const contracts = await deployKassa({
    walletClient,
    publicClient,
    signer: signerAddress,
    treasury,
    defaultFeeBps: DEFAULT_FEE_BPS,
  });
  const tokenAddresses = await deployTestTokens({ walletClient, publicClient });

  progress("registering the local chain");
  const chainInput = {
    name: chain.name,
    isTestnet: true,
    rpcUrl: anvil.rpcUrl,
    gatewayAddress: contracts.gateway,
    forwarderAddress: contracts.forwarder,
    confirmations: 0,
  };
  try {
    await admin.addChain(ctx, { networkId: DEV_CHAIN_ID, ...chainInput });
  } catch (error) {
    if (!isKassaError(error, "INVALID_REQUEST")) throw error;
    await admin.updateChain(ctx, DEV_CHAIN_ID, chainInput);
  }

  // The recipient gets tokens too: a refund may send back the whole payment, the fee it never received included.
  progress("funding the dev payers and the merchant's recipient with test tokens");
  const payers = DEV_PAYER_INDEXES.map((index) => ({
    address: anvilAccount(index).address,
    privateKey: anvilPrivateKeys[index] as Hex,
  }));
  await mintTestTokens({
    walletClient,
    publicClient,
    tokens: tokenAddresses,
    holders: [...payers.map((payer) => payer.address), recipient],
    wholeTokens: BigInt(PAYER_TOKEN_GRANT),
  });
  const names = Object.keys(testTokens) as (keyof typeof testTokens)[];
  progress("whitelisting the test tokens (each probed for fee-on-transfer)");
  const tokens = {} as DevEnvironment["tokens"];
  for (const name of names) {
    const token = await admin.addToken(ctx, {
      networkId: DEV_CHAIN_ID,
      address: tokenAddresses[name],
      probeHolder: payers[0]?.address,
    });
    tokens[name] = { address: tokenAddresses[name], symbol: token.symbol, decimals: token.decimals };
  }
  await seedPrices(ctx, prices, Object.values(tokens));

  progress("creating the demo merchant");
  const created = await admin.createMerchant(ctx, {
    name: "Demo Shop",
    networkId: DEV_CHAIN_ID,
    recipientAddress: recipient,
    faucetEnabled: true,
  });
  for (const token of Object.values(tokens)) {
    await admin.addPaymentMethod(ctx, created.merchant.merchantKey, { tokenAddress: token.address });
  }

  return {
    rpcUrl: anvil.rpcUrl,
    chainId: DEV_CHAIN_ID,
    contracts,
    tokens,
    merchant: {
      merchantKey: created.merchant.merchantKey,
      merchantId: created.merchant.merchantId,
      name: created.merchant.name,
      recipientAddress: recipient,
      apiKey: created.apiKey,
      publicKey: created.publicKey,
      webhookSecret: created.webhookSecret,
    },
    signerAddress,
    treasury,
    payers,
  };
}

/**
 * Maps each test token to its static price and writes one past hour of samples, so fiat payments (which use
 * the previous full hour's average) work from the first minute instead of after the first full hour.
 */
async function seedPrices(
  ctx: Context,
  prices: PriceSettings,
  tokens: { address: Address; symbol: string }[],
): Promise<void> {
  const hourStart = new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000 - 3_600_000);
  const samples: NewPriceSampleRow[] = [];
  for (const token of tokens) {
    const ref = token.symbol.toLowerCase();
    const table = prices.staticPrices[ref];
    if (!table) continue;
    const source = await setTokenPriceSource(ctx, {
      networkId: DEV_CHAIN_ID,
      tokenAddress: token.address,
      priceSource: `static:${ref}`,
    });
    if (!source) continue;
    for (const [currency, price] of Object.entries(table)) {
      for (let minute = 0; minute < 60; minute += prices.collectIntervalMinutes) {
        const at = new Date(hourStart.getTime() + minute * 60_000);
        samples.push({
          token_id: source.token_id,
          currency,
          price,
          source: "static",
          observed_at: at,
          sampled_at: at,
        });
      }
    }
  }
  await insertPriceSamples(ctx.db, samples);
}
