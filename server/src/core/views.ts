import type { Address, Hex } from "viem";
import type { PaymentMethodWithToken } from "../db/paymentMethods.js";
import type { PaymentDetails } from "../db/payments.js";
import type { TokenWithChain } from "../db/tokens.js";
import type { ChainRow, MerchantRow, TokenRow } from "../db/types.js";
import type { PaymentStatus } from "../domain/paymentStatus.js";

/** The shapes the API returns (SPEC.md section 2), built from rows in one place. */

export interface ChainView {
  id: number;
  network_id: number;
  name: string;
  is_testnet: boolean;
}

export function chainView(chain: ChainRow): ChainView {
  return { id: chain.id, network_id: chain.network_id, name: chain.name, is_testnet: chain.is_testnet };
}

export interface TokenView {
  id: number;
  tokenAddress: string;
  symbol: string;
  decimals: number;
  permit_supported: boolean;
  is_enabled: boolean;
}

export function tokenView(token: TokenRow): TokenView {
  return {
    id: token.id,
    tokenAddress: token.address,
    symbol: token.symbol,
    decimals: token.decimals,
    permit_supported: token.permit_supported,
    is_enabled: token.enabled,
  };
}

export interface PaymentMethodView {
  id: number;
  tokenAddress: string;
  symbol: string;
  decimals: number;
  permit_supported: boolean;
  is_enabled: boolean;
  created_at: string;
  updated_at: string;
}

export function paymentMethodView(method: PaymentMethodWithToken): PaymentMethodView {
  return {
    id: method.id,
    tokenAddress: method.address,
    symbol: method.symbol,
    decimals: method.decimals,
    permit_supported: method.permit_supported,
    is_enabled: method.is_enabled,
    created_at: method.created_at.toISOString(),
    updated_at: method.updated_at.toISOString(),
  };
}

/** SPEC.md section 2.6, plus the bytes32 merchant id, recipient and faucet flag. Never a secret. */
export interface MerchantView {
  id: number;
  merchant_key: string;
  merchant_id: string;
  name: string;
  chain_id: number | null;
  chain: ChainView | null;
  recipient_address: string | null;
  webhook_url: string | null;
  public_key: string;
  faucet_enabled: boolean;
  is_enabled: boolean;
  created_at: string;
  updated_at: string;
  payment_methods: PaymentMethodView[];
}

export function merchantView(
  merchant: MerchantRow,
  chain: ChainRow | undefined,
  methods: PaymentMethodWithToken[],
): MerchantView {
  return {
    id: merchant.id,
    merchant_key: merchant.merchant_key,
    merchant_id: merchant.merchant_id,
    name: merchant.name,
    chain_id: merchant.chain_id,
    chain: chain ? chainView(chain) : null,
    recipient_address: merchant.recipient_address,
    webhook_url: merchant.webhook_url,
    public_key: merchant.public_key,
    faucet_enabled: merchant.faucet_enabled,
    is_enabled: merchant.is_enabled,
    created_at: merchant.created_at.toISOString(),
    updated_at: merchant.updated_at.toISOString(),
    payment_methods: methods.map(paymentMethodView),
  };
}

/** SPEC.md section 2.1 plus `serverSignature` (DESIGN.md). */
export interface PaymentView {
  paymentId: Hex;
  orderId: string;
  status: PaymentStatus;
  chainId: number;
  tokenAddress: Address;
  tokenSymbol: string;
  tokenDecimals: number;
  tokenPermitSupported: boolean;
  isFaucetEnabled: boolean;
  gatewayAddress: Address;
  forwarderAddress: Address | null;
  amount: string;
  recipientAddress: Address;
  merchantId: Hex;
  deadline: string;
  successUrl: string;
  failUrl: string;
  expiresAt: string;
  txHash: Hex | null;
  payerAddress: Address | null;
  createdAt: string;
  currency: string | null;
  fiatAmount: number | null;
  tokenPrice: number | null;
  serverSignature: Hex;
}

export type CreatedPaymentView = Omit<PaymentView, "status" | "txHash" | "payerAddress" | "createdAt">;

const decimalToNumber = (value: string | null): number | null => (value === null ? null : Number(value));

export function paymentView(payment: PaymentDetails): PaymentView {
  return {
    paymentId: payment.payment_id as Hex,
    orderId: payment.order_id,
    status: payment.status,
    chainId: payment.network_id,
    tokenAddress: payment.token_address as Address,
    tokenSymbol: payment.token_symbol,
    tokenDecimals: payment.token_decimals,
    tokenPermitSupported: payment.token_permit_supported,
    isFaucetEnabled: payment.merchant_faucet_enabled,
    gatewayAddress: payment.gateway_address as Address,
    forwarderAddress: payment.forwarder_address as Address | null,
    amount: payment.amount,
    recipientAddress: payment.recipient_address as Address,
    merchantId: payment.merchant_bytes32_id as Hex,
    deadline: String(payment.deadline),
    successUrl: payment.success_url,
    failUrl: payment.fail_url,
    expiresAt: payment.expires_at.toISOString(),
    txHash: payment.tx_hash as Hex | null,
    payerAddress: payment.payer_address as Address | null,
    createdAt: payment.created_at.toISOString(),
    currency: payment.currency,
    fiatAmount: decimalToNumber(payment.fiat_amount),
    tokenPrice: decimalToNumber(payment.token_price),
    serverSignature: payment.server_signature as Hex,
  };
}

export function createdPaymentView(payment: PaymentDetails): CreatedPaymentView {
  const {
    status: _status,
    txHash: _txHash,
    payerAddress: _payer,
    createdAt: _createdAt,
    ...created
  } = paymentView(payment);
  return created;
}

/**
 * SPEC.md section 2.2, plus what the merchant flow (section 1, step 4) tells the merchant to check:
 * chain, token address and the fiat fields.
 */
export interface MerchantPaymentRecord {
  paymentId: string;
  orderId: string;
  status: PaymentStatus;
  amount: string;
  chainId: number;
  tokenAddress: string;
  tokenSymbol: string;
  tokenDecimals: number;
  txHash: string | null;
  payerAddress: string | null;
  currency: string | null;
  fiatAmount: number | null;
  tokenPrice: number | null;
  createdAt: string;
  confirmedAt: string | null;
  expiresAt: string;
}

export function merchantPaymentRecord(payment: PaymentDetails): MerchantPaymentRecord {
  return {
    paymentId: payment.payment_id,
    orderId: payment.order_id,
    status: payment.status,
    amount: payment.amount,
    chainId: payment.network_id,
    tokenAddress: payment.token_address,
    tokenSymbol: payment.token_symbol,
    tokenDecimals: payment.token_decimals,
    txHash: payment.tx_hash,
    payerAddress: payment.payer_address,
    currency: payment.currency,
    fiatAmount: decimalToNumber(payment.fiat_amount),
    tokenPrice: decimalToNumber(payment.token_price),
    createdAt: payment.created_at.toISOString(),
    confirmedAt: payment.confirmed_at?.toISOString() ?? null,
    expiresAt: payment.expires_at.toISOString(),
  };
}

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
    publicKey: merchant.public_key,
    createdAt: merchant.created_at.toISOString(),
    updatedAt: merchant.updated_at.toISOString(),
  };
}
