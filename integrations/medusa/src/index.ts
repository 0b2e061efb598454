/**
 * @kassa/medusa: Kassa, a non-custodial ERC-20 payment gateway, as a Medusa 2 payment provider. Register it in
 * the Payment Module's providers (README.md); the storefront reads what it needs from the payment session's data
 * (`KassaSessionData`).
 */
import { ModuleProvider, Modules } from "@medusajs/framework/utils";
import { KassaPaymentProvider } from "./provider.js";

export default ModuleProvider(Modules.PAYMENT, { services: [KassaPaymentProvider] });

export { KassaPaymentProvider };
export { parseOptions } from "./options.js";
export type { KassaProviderOptions } from "./options.js";
export type { KassaRefundRecord, KassaSessionData, RefundCompletion } from "./sessionData.js";
export { ACTION_OF_EVENT } from "./webhooks.js";
