/**
 * Why the provider refused or failed, in the terms of Medusa's `MedusaError` types (the provider turns each
 * into the `MedusaError` of the same type, so Medusa's API answers with the matching status and this message).
 */
export type KassaProviderErrorKind = "invalid_data" | "not_allowed" | "unexpected_state" | "conflict";

export class KassaProviderError extends Error {
  override name = "KassaProviderError";

  constructor(
    readonly kind: KassaProviderErrorKind,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}
