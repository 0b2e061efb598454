import { z } from "zod";
import type { PaymentFilter } from "../../db/payments/paymentSearch.js";
import { validationError } from "../../errors.js";
import { addressSchema } from "../validation.js";

const instant = z.iso.datetime({ offset: true }).transform((value) => new Date(value));

/** The search and filters of GET /merchants/me/payments and of its totals, as query parameters. */
export const paymentFilterQueryFields = {
  q: z
    .string()
    .trim()
    .min(1)
    .max(255)
    .optional()
    .describe(
      "An order id, payment id, transaction hash or payer address, matched exactly (hex in any case)",
    ),
  tokenAddress: addressSchema.optional().describe("Only payments in this token"),
  from: instant.optional().describe("Created at or after this time (ISO 8601)"),
  to: instant.optional().describe("Created before this time (ISO 8601)"),
};

export interface PaymentFilterQuery {
  q?: string | undefined;
  tokenAddress?: string | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
}

/** The db filter of the query's search and filters; VALIDATION_ERROR when `from` is not before `to`. */
export function paymentFilterOf(query: PaymentFilterQuery): PaymentFilter {
  if (query.from !== undefined && query.to !== undefined && query.from >= query.to) {
    throw validationError([{ path: ["from"], message: "must be before `to`" }]);
  }
  return {
    ...(query.q === undefined ? {} : { search: query.q }),
    ...(query.tokenAddress === undefined ? {} : { tokenAddress: query.tokenAddress }),
    ...(query.from === undefined ? {} : { since: query.from }),
    ...(query.to === undefined ? {} : { until: query.to }),
  };
}
