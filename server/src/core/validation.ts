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

export const httpUrlSchema = z
  .string()
  .url()
  .refine((value) => /^https?:\/\//i.test(value), "must be an http(s) URL");

/** Parses input for a core function; a failure is VALIDATION_ERROR with SPEC.md details. */
export function parseInput<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const result = schema.safeParse(input);
  if (!result.success) throw validationError(result.error.issues);
  return result.data;
}
