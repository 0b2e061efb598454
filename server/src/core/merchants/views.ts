import { z } from "zod";
import type { PaymentMethodWithToken } from "../../db/merchants/paymentMethods.js";
import { type ChainRow, type MerchantRow } from "../../db/schema/rows.js";
import { chainView, chainViewSchema, tokenView, tokenViewSchema } from "../chains/views.js";
import { addressField, bytes32Field, timestampField } from "../schemaTypes.js";

/** The merchant and its payment methods as the merchant API shows them. */

/** A merchant's payment method: its token, as tokenViewSchema, with when it was added and last changed. */
export const paymentMethodViewSchema = tokenViewSchema
  .extend({ created_at: timestampField, updated_at: timestampField })
  .meta({ id: "PaymentMethod" });
export type PaymentMethodView = z.infer<typeof paymentMethodViewSchema>;

export function paymentMethodView(method: PaymentMethodWithToken): PaymentMethodView {
  return {
    ...tokenView({ ...method, enabled: method.is_enabled }),
    created_at: method.created_at.toISOString(),
    updated_at: method.updated_at.toISOString(),
  };
}

/** The merchant, with the bytes32 merchant id, recipient and faucet flag. Never a secret. */
export const merchantViewSchema = z
  .object({
    id: z.number(),
    merchant_key: z.string(),
    merchant_id: bytes32Field,
    name: z.string(),
    chain_id: z.number().nullable(),
    chain: chainViewSchema.nullable(),
    recipient_address: addressField.nullable(),
    webhook_url: z.string().nullable(),
    public_key: z.string().describe("pk_ key, safe to use in a browser"),
    faucet_enabled: z.boolean(),
    is_enabled: z.boolean(),
    created_at: timestampField,
    updated_at: timestampField,
    payment_methods: z.array(paymentMethodViewSchema),
  })
  .meta({ id: "Merchant" });
export type MerchantView = z.infer<typeof merchantViewSchema>;

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
