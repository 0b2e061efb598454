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

/** The deepest nesting of arrays and objects a JSON body may have (the API's own bodies need 4). */
export const MAX_JSON_DEPTH = 32;

/**
 * Whether the JSON text nests arrays and objects deeper than `maxDepth`: one pass over the characters,
 * brackets inside strings skipped, before anything parses or walks it (a body nested 30,000 deep otherwise
 * overflowed the stack of every recursive walk). Malformed text is the parser's to refuse.
 */
export function jsonNestingExceeds(text: string, maxDepth = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // a backslash escapes the next character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > maxDepth) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}

function unsafeString(value: string): string | undefined {
  if (value.includes("\0")) return "must not contain a NUL character";
  if (loneSurrogate.test(value)) return "must not contain a lone UTF-16 surrogate";
  if (value.length > MAX_INPUT_STRING_LENGTH) return `must be at most ${MAX_INPUT_STRING_LENGTH} characters`;
  return undefined;
}

/**
 * Strings no field may hold, whatever its schema: NUL (PostgreSQL text refuses it: a 500 otherwise),
 * a lone UTF-16 surrogate (UTF-8 encoding turns it into U+FFFD, so two different inputs would be
 * stored as one), or more than MAX_INPUT_STRING_LENGTH characters. Object keys are checked too. Walks
 * with a stack of its own, not recursion, so no nesting can overflow it.
 */
export function unsafeStringIssues(value: unknown): { path: PropertyKey[]; message: string }[] {
  const issues: { path: PropertyKey[]; message: string }[] = [];
  const pending: { value: unknown; path: PropertyKey[] }[] = [{ value, path: [] }];
  for (let item = pending.pop(); item !== undefined; item = pending.pop()) {
    if (typeof item.value === "string") {
      const message = unsafeString(item.value);
      if (message) issues.push({ path: item.path, message });
    } else if (typeof item.value === "object" && item.value !== null) {
      const entries = Object.entries(item.value);
      // Pushed last field first, each value before its key: they come out in the order of the fields,
      // each key before what it holds.
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, child] = entries[i] as [string, unknown];
        const path = [...item.path, key];
        pending.push({ value: child, path }, { value: key, path });
      }
    }
  }
  return issues;
}

/** Parses input for a core function; a failure is VALIDATION_ERROR with `details` naming each field. */
export function parseInput<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const unsafe = unsafeStringIssues(input);
  if (unsafe.length > 0) throw validationError(unsafe);
  const result = schema.safeParse(input);
  if (!result.success) throw validationError(result.error.issues);
  return result.data;
}
