import { getAddress, isAddress, type Address } from "viem";
import { z } from "zod";
import { validationError } from "../errors.js";

/** An EVM address in any case (mixed case must carry a valid EIP-55 checksum), normalized to EIP-55. */
export const addressSchema = z
  .string()
  .refine(
    (value) => isAddress(value),
    "must be a 0x-prefixed 20-byte address (EIP-55 checksum if mixed case)",
  )
  .transform((value) => getAddress(value) as Address);

export const networkIdSchema = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** The longest URL accepted anywhere (success/fail redirects, webhooks, RPC endpoints). */
export const MAX_URL_LENGTH = 2048;

/**
 * The longest string accepted in any request input, whatever its schema says: a backstop so no field
 * is unbounded (the longest legitimate input, a relay's pay() calldata, is about 1,000 characters).
 */
export const MAX_INPUT_STRING_LENGTH = 4096;

export const httpUrlSchema = z
  .string()
  .max(MAX_URL_LENGTH)
  .url()
  .refine((value) => /^https?:\/\//i.test(value), "must be an http(s) URL");

// A high surrogate not followed by a low one, or a low one not preceded by a high one.
const loneSurrogate = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * Strings no field may hold, whatever its schema: NUL (PostgreSQL text refuses it: a 500 otherwise),
 * a lone UTF-16 surrogate (UTF-8 encoding turns it into U+FFFD, so two different inputs would be
 * stored as one), or more than MAX_INPUT_STRING_LENGTH characters. Object keys are checked too.
 */
export function unsafeStringIssues(
  value: unknown,
  path: PropertyKey[] = [],
): { path: PropertyKey[]; message: string }[] {
  if (typeof value === "string") {
    if (value.includes("\0")) return [{ path, message: "must not contain a NUL character" }];
    if (loneSurrogate.test(value)) return [{ path, message: "must not contain a lone UTF-16 surrogate" }];
    if (value.length > MAX_INPUT_STRING_LENGTH) {
      return [{ path, message: `must be at most ${MAX_INPUT_STRING_LENGTH} characters` }];
    }
    return [];
  }
  if (typeof value !== "object" || value === null) return [];
  return Object.entries(value).flatMap(([key, item]) => [
    ...unsafeStringIssues(key, [...path, key]),
    ...unsafeStringIssues(item, [...path, key]),
  ]);
}

/** Parses input for a core function; a failure is VALIDATION_ERROR with `details` naming each field. */
export function parseInput<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const unsafe = unsafeStringIssues(input);
  if (unsafe.length > 0) throw validationError(unsafe);
  const result = schema.safeParse(input);
  if (!result.success) throw validationError(result.error.issues);
  return result.data;
}
