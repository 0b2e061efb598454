import type { components, paths } from "./generated/openapi.js";

/**
 * Names for the shapes of Kassa's API, all derived from the generated OpenAPI types: nothing here
 * restates a field, so a server change reaches the SDK by `npm run generate -w sdk`.
 */

type Schemas = components["schemas"];

/** The path prefix every Kassa route carries; the client's baseUrl already ends with it. */
export type ApiPrefix = "/api/v1";
type HttpMethod = "get" | "post" | "patch" | "put" | "delete";

/** Every operation of the API, as "METHOD /path" (path without the /api/v1 prefix). */
export type Operation = {
  [P in keyof paths]: {
    [M in HttpMethod]: paths[P][M] extends undefined | never
      ? never
      : P extends `${ApiPrefix}${infer Rest}`
        ? `${Uppercase<M>} ${Rest}`
        : never;
  }[HttpMethod];
}[keyof paths];

type OperationObject<O extends Operation> = O extends `${infer M} ${infer P}`
  ? NonNullable<paths[`${ApiPrefix}${P}` & keyof paths][Lowercase<M> & HttpMethod]>
  : never;

type SuccessStatus = 200 | 201 | 202;
type JsonOf<R> = R extends { content: { "application/json": infer J } } ? J : never;
/** `{ success: true, data }` bodies are unwrapped; bare bodies (health, gas) are returned as they are. */
type Unwrap<B> = B extends { success: true; data: infer D } ? D : B;

/** What a successful call of the operation resolves to. */
export type ResponseData<O extends Operation> = Unwrap<
  JsonOf<OperationObject<O>["responses"][SuccessStatus & keyof OperationObject<O>["responses"]]>
>;
/** The JSON request body of the operation. */
export type RequestBody<O extends Operation> =
  OperationObject<O> extends { requestBody: { content: { "application/json": infer B } } } ? B : never;
/** The query parameters of the operation. */
export type QueryParams<O extends Operation> = NonNullable<OperationObject<O>["parameters"]["query"]>;

export type Chain = Schemas["Chain"];
export type ChainWithTokens = Schemas["ChainWithTokens"];
export type Token = Schemas["Token"];
export type PaymentMethod = Schemas["PaymentMethod"];
export type Merchant = Schemas["Merchant"];
/** POST /payments: what the payer's wallet needs for `pay()`. */
export type CreatedPayment = Schemas["CreatedPayment"];
/** GET /payments/:id (public key): the payment with its status. */
export type Payment = Schemas["Payment"];
/** The API-key view of a payment, the one to verify a payment with (the verification step of docs/api.md). */
export type MerchantPaymentRecord = Schemas["MerchantPaymentRecord"];
export type PaymentStatus = Payment["status"];
export type TokenPrice = Schemas["TokenPrice"];
export type ErrorBody = Schemas["Error"];

export type Health = ResponseData<"GET /health">;
export type MerchantOverview = ResponseData<"GET /merchant">;
export type CreatePaymentParams = RequestBody<"POST /payments">;
export type AddPaymentMethodParams = RequestBody<"POST /merchant/payment-methods">;
export type UpdatePaymentMethodParams = RequestBody<"PATCH /merchant/payment-methods/{id}">;
export type ListMerchantPaymentsParams = Omit<QueryParams<"GET /merchants/me/payments">, "orderId">;
export type MerchantPaymentPage = Exclude<ResponseData<"GET /merchants/me/payments">, MerchantPaymentRecord>;
export type RetrievePriceParams = QueryParams<"GET /prices">;
export type Refund = Schemas["Refund"];
export type CreateRefundParams = RequestBody<"POST /refunds">;
export type ListRefundsParams = QueryParams<"GET /refunds">;
export type RefundPage = ResponseData<"GET /refunds">;
export type WebhookDelivery = Schemas["WebhookDelivery"];
export type ListWebhookDeliveriesParams = QueryParams<"GET /merchants/me/webhook-deliveries">;
export type WebhookDeliveryPage = ResponseData<"GET /merchants/me/webhook-deliveries">;
export type Redelivery = Schemas["Redelivery"];
export type RotatedWebhookSecret = Schemas["RotatedWebhookSecret"];
export type PaymentTotalsParams = QueryParams<"GET /merchants/me/payments/totals">;
export type PaymentTotals = Schemas["PaymentTotals"];
export type PaymentTimeline = Schemas["PaymentTimeline"];
export type ExportRow = Schemas["ExportRow"];
export type PaymentLink = Schemas["PaymentLink"];
export type PaymentLinkPage = Schemas["PaymentLinkPage"];
export type CreatePaymentLinkParams = RequestBody<"POST /payment-links">;
export type UpdatePaymentLinkParams = RequestBody<"PATCH /payment-links/{id}">;
export type ListPaymentLinksParams = QueryParams<"GET /payment-links">;
export type Subscription = Schemas["Subscription"];
export type SubscriptionPage = Schemas["SubscriptionPage"];
export type CreateSubscriptionParams = RequestBody<"POST /subscriptions">;
export type ListSubscriptionsParams = QueryParams<"GET /subscriptions">;
export type ExportPaymentsParams = Omit<QueryParams<"GET /exports/payments">, "format">;
export type UpdateMerchantParams = RequestBody<"PATCH /merchant">;
export type RotateKeyParams = RequestBody<"POST /merchants/me/keys/rotate">;
export type RotatedKey = Schemas["RotatedKey"];
/** POST /payments/:id/relay: the signed ERC-2771 ForwardRequest of a gasless payment. */
export type RelayParams = RequestBody<"POST /payments/{id}/relay">;
export type RelaySubmission = ResponseData<"POST /payments/{id}/relay">;
export type RelayRequest = Schemas["RelayRequest"];
export type GasStatus = Schemas["GasStatus"];
export type GasGrant = Schemas["GasGrant"];
export type RequestGasParams = RequestBody<"POST /payments/request-gas">;
/** A return from a deposit address: to one sender, naming their transfers. */
export type DepositReturn = ResponseData<"POST /payments/{id}/late-return">;
/** The excess returns of a payment, one per sender. */
export type ExcessReturns = ResponseData<"POST /payments/{id}/return-excess">;
/** The late returns to sign, one per sender. */
export type LateReturnsToSign = ResponseData<"GET /payments/{id}/late-return">;
export type LateReturnToSign = LateReturnsToSign["returns"][number];
export type LateReturnParams = RequestBody<"POST /payments/{id}/late-return">;
