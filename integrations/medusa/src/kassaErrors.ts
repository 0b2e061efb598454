import {
  KassaConnectionError,
  KassaError,
  KassaInvalidRequestError,
  KassaNotFoundError,
  KassaConflictError,
} from "@kassa/sdk";
import { KassaProviderError } from "./errors.js";

/**
 * Calls Kassa and turns what it refuses into the provider's errors, Kassa's own words and code kept:
 * what the merchant's request got wrong is `invalid_data`, a conflict (a refund in progress) `conflict`,
 * anything else (Kassa unreachable, a 5xx, a key Kassa no longer accepts) `unexpected_state`.
 */
export async function callKassa<T>(what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw kassaFailure(what, error);
  }
}

export function kassaFailure(what: string, error: unknown): KassaProviderError {
  if (error instanceof KassaProviderError) return error;
  if (!(error instanceof KassaError)) {
    return new KassaProviderError("unexpected_state", `${what} failed: ${String(error)}`, { cause: error });
  }
  const said = `${what}: Kassa answered ${error.code}: ${error.message}`;
  if (error instanceof KassaConnectionError) {
    return new KassaProviderError("unexpected_state", `${what}: Kassa did not answer (${error.message})`, {
      cause: error,
    });
  }
  if (error instanceof KassaConflictError) return new KassaProviderError("conflict", said, { cause: error });
  if (error instanceof KassaInvalidRequestError || error instanceof KassaNotFoundError) {
    return new KassaProviderError("invalid_data", said, { cause: error });
  }
  return new KassaProviderError("unexpected_state", said, { cause: error });
}
