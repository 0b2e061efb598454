import { KassaError } from "../../errors.js";
import * as merchants from "../merchants/merchants.js";
import { addressSchema, parseInput } from "../validation.js";
import { type PaymentMethodView } from "../merchants/views.js";
import { type AdminDeps, requireMerchant } from "./shared.js";

/** The tokens a merchant accepts. */

export async function addPaymentMethod(
  deps: AdminDeps,
  merchantKey: string,
  input: { tokenAddress: string; isEnabled?: boolean },
): Promise<PaymentMethodView> {
  const merchant = await requireMerchant(deps.db, merchantKey);
  return merchants.addPaymentMethod(deps.db, merchant, {
    tokenAddress: input.tokenAddress,
    is_enabled: input.isEnabled ?? true,
  });
}

/** Enables or disables the merchant's payment method for a token of its chain. */
export async function setPaymentMethodEnabled(
  deps: AdminDeps,
  merchantKey: string,
  input: { tokenAddress: string; enabled: boolean },
): Promise<PaymentMethodView> {
  const merchant = await requireMerchant(deps.db, merchantKey);
  const address = parseInput(addressSchema, input.tokenAddress);
  const methods = await merchants.listPaymentMethods(deps.db, merchant);
  const method = methods.find((candidate) => candidate.tokenAddress === address);
  if (!method)
    throw new KassaError("NOT_FOUND", `merchant ${merchantKey} has no payment method for ${address}`);
  return merchants.setPaymentMethodEnabled(deps.db, merchant, method.id, input.enabled);
}
