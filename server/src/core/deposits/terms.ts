import { depositAddress, type DepositGatewayVersion, type DepositTerms } from "@kassa/contracts";
import type { Address, Hex } from "viem";
import type { ChainClients } from "../../chain/clients.js";
import { readMerchantFeeBps } from "../../chain/gatewayReads.js";
import { type ChainRow, type MerchantRow } from "../../db/schema/rows.js";
import {
  readTransferOffer,
  transferSettingsProblem,
  type TransferOffer,
  type TransferOfferSettings,
} from "./offer.js";

/**
 * A payment's deposit terms (payments by transfer): the payment's own fields, the minimum that settles it (the
 * amount less the merchant's tolerance) and the merchant's fee at creation, fixed in the deposit address.
 */

const BPS = 10_000n;

/** How long a merchant's fee read from the gateway is used for new deposit terms before it is read again. */
export const DEPOSIT_FEE_CACHE_MS = 60_000;

/** The least deposit that settles `amount` with a tolerance of `toleranceBps`: never below 1 base unit. */
export function depositMinimumAmount(amount: bigint, toleranceBps: number): bigint {
  const minimum = amount - (amount * BigInt(toleranceBps)) / BPS;
  return minimum > 0n ? minimum : 1n;
}

/** What a new payment's deposit terms take from its gateway. */
export interface DepositGatewayFacts {
  /** The merchant's fee now. */
  feeBps: number;
  /** How the gateway makes deposit addresses (3: keyless EIP-7702 accounts; 2: CREATE2 addresses). */
  gatewayVersion: DepositGatewayVersion;
}

/**
 * The transfer path of a new payment: undefined where it is not offered (offer.ts) or the chain does not answer,
 * else the gateway's version and the merchant's fee. The offer is kept once given (a gateway's code and the
 * process's keys do not change) and asked again after DEPOSIT_FEE_CACHE_MS when refused (a node upgraded to
 * EIP-7702); the fee is cached DEPOSIT_FEE_CACHE_MS.
 */
export type DepositFeeReader = (
  chain: Pick<ChainRow, "id" | "network_id" | "name" | "rpc_url" | "logs_max_blocks">,
  gateway: Address,
  merchantId: Hex,
) => Promise<DepositGatewayFacts | undefined>;

export function createDepositFeeReader(
  chains: ChainClients,
  settings: TransferOfferSettings,
  now: () => number = Date.now,
): DepositFeeReader {
  const fees = new Map<string, { feeBps: number; at: number }>();
  const offers = new Map<string, { offer: TransferOffer; at: number }>();
  return async (chain, gateway, merchantId) => {
    if (transferSettingsProblem(settings, chain.network_id) !== undefined) return undefined;
    const gatewayKey = `${chain.id}|${gateway.toLowerCase()}`;
    const key = `${gatewayKey}|${merchantId.toLowerCase()}`;
    try {
      const client = chains.publicClient(chain);
      let known = offers.get(gatewayKey);
      if (known === undefined || (!known.offer.offered && now() - known.at >= DEPOSIT_FEE_CACHE_MS)) {
        known = {
          offer: await readTransferOffer(client, settings, { networkId: chain.network_id, gateway }),
          at: now(),
        };
        offers.set(gatewayKey, known);
      }
      if (!known.offer.offered) return undefined;
      const { gatewayVersion } = known.offer;
      const cached = fees.get(key);
      if (cached && now() - cached.at < DEPOSIT_FEE_CACHE_MS)
        return { feeBps: cached.feeBps, gatewayVersion };
      const feeBps = await readMerchantFeeBps(client, { gateway, merchantId });
      fees.set(key, { feeBps, at: now() });
      return { feeBps, gatewayVersion };
    } catch {
      return undefined;
    }
  };
}

/** The columns a new payment stores for its transfer path. */
export interface NewDepositColumns {
  deposit_address: string;
  deposit_minimum_amount: bigint;
  deposit_fee_bps: number;
  transfer_expires_at: Date;
}

export function newDepositColumns(input: {
  networkId: number;
  gateway: Address;
  paymentId: Hex;
  tokenAddress: Address;
  amount: bigint;
  recipientAddress: Address;
  merchant: Pick<MerchantRow, "merchant_id" | "deposit_tolerance_bps" | "transfer_window_minutes">;
  feeBps: number;
  gatewayVersion: DepositGatewayVersion;
  now: Date;
}): NewDepositColumns {
  const terms: DepositTerms = {
    paymentId: input.paymentId,
    tokenAddress: input.tokenAddress,
    amount: input.amount,
    minimumAmount: depositMinimumAmount(input.amount, input.merchant.deposit_tolerance_bps),
    recipientAddress: input.recipientAddress,
    merchantId: input.merchant.merchant_id as Hex,
    feeBps: input.feeBps,
  };
  return {
    deposit_address: depositAddress({
      chainId: input.networkId,
      gateway: input.gateway,
      terms,
      gatewayVersion: input.gatewayVersion,
    }).toLowerCase(),
    deposit_minimum_amount: terms.minimumAmount,
    deposit_fee_bps: input.feeBps,
    transfer_expires_at: new Date(input.now.getTime() + input.merchant.transfer_window_minutes * 60_000),
  };
}

/** A stored payment's deposit terms, as its address was derived (and as a sweep signs them). */
export function storedDepositTerms(payment: {
  payment_id: string;
  token_address: string;
  amount: string;
  deposit_minimum_amount: string | null;
  recipient_address: string;
  merchant_bytes32_id: string;
  deposit_fee_bps: number | null;
}): DepositTerms | undefined {
  if (payment.deposit_minimum_amount === null || payment.deposit_fee_bps === null) return undefined;
  return {
    paymentId: payment.payment_id as Hex,
    tokenAddress: payment.token_address as Address,
    amount: BigInt(payment.amount),
    minimumAmount: BigInt(payment.deposit_minimum_amount),
    recipientAddress: payment.recipient_address as Address,
    merchantId: payment.merchant_bytes32_id as Hex,
    feeBps: payment.deposit_fee_bps,
  };
}

/** The EIP-681 request a wallet scans: `transfer(deposit, amount)` of the token on its chain. */
export function transferUri(input: {
  tokenAddress: string;
  networkId: number;
  depositAddress: string;
  amount: string;
}): string {
  return `ethereum:${input.tokenAddress}@${input.networkId}/transfer?address=${input.depositAddress}&uint256=${input.amount}`;
}
