import { type ChainFinality, type DepositLatePolicy } from "../../domain/records.js";
import type { TokenWithChain } from "../../db/tokens/tokens.js";
import { type ChainRow, type MerchantRow } from "../../db/schema/rows.js";

/** Admin (CLI) views: camelCase, include operator-only fields, never a key or secret. */

export interface AdminChain {
  id: number;
  networkId: number;
  name: string;
  isTestnet: boolean;
  rpcUrl: string | null;
  gatewayAddress: string | null;
  forwarderAddress: string | null;
  confirmations: number;
  finality: ChainFinality;
}

export function adminChain(chain: ChainRow): AdminChain {
  return {
    id: chain.id,
    networkId: chain.network_id,
    name: chain.name,
    isTestnet: chain.is_testnet,
    rpcUrl: chain.rpc_url,
    gatewayAddress: chain.gateway_address,
    forwarderAddress: chain.forwarder_address,
    confirmations: chain.confirmations,
    finality: chain.finality,
  };
}

export interface AdminToken {
  id: number;
  networkId: number;
  address: string;
  symbol: string;
  decimals: number;
  permitSupported: boolean;
  enabled: boolean;
}

export function adminToken(token: TokenWithChain): AdminToken {
  return {
    id: token.id,
    networkId: token.network_id,
    address: token.address,
    symbol: token.symbol,
    decimals: token.decimals,
    permitSupported: token.permit_supported,
    enabled: token.enabled,
  };
}

export interface AdminMerchant {
  id: number;
  merchantKey: string;
  merchantId: string;
  name: string;
  networkId: number | null;
  recipientAddress: string | null;
  webhookUrl: string | null;
  faucetEnabled: boolean;
  isEnabled: boolean;
  feeBps: number | null;
  depositToleranceBps: number;
  depositLatePolicy: DepositLatePolicy;
  transferWindowMinutes: number;
  publicKey: string;
  createdAt: string;
  updatedAt: string;
}

export function adminMerchant(merchant: MerchantRow, networkId: number | null): AdminMerchant {
  return {
    id: merchant.id,
    merchantKey: merchant.merchant_key,
    merchantId: merchant.merchant_id,
    name: merchant.name,
    networkId,
    recipientAddress: merchant.recipient_address,
    webhookUrl: merchant.webhook_url,
    faucetEnabled: merchant.faucet_enabled,
    isEnabled: merchant.is_enabled,
    feeBps: merchant.fee_bps,
    depositToleranceBps: merchant.deposit_tolerance_bps,
    depositLatePolicy: merchant.deposit_late_policy,
    transferWindowMinutes: merchant.transfer_window_minutes,
    publicKey: merchant.public_key,
    createdAt: merchant.created_at.toISOString(),
    updatedAt: merchant.updated_at.toISOString(),
  };
}
