import { z } from "zod";

/** `{ success: true, data }`, the success body of every endpoint but gas-status, request-gas and health. */
export function successBody<T extends z.ZodType>(data: T) {
  return z.object({ success: z.literal(true), data });
}

export const securitySchemes = {
  apiKey: {
    type: "apiKey",
    in: "header",
    name: "x-api-key",
    description: "Secret sk_ key; server-side only",
  },
  publicKey: {
    type: "apiKey",
    in: "header",
    name: "x-public-key",
    description: "Public pk_ key; browser-safe. With ALLOWED_WIDGET_ORIGIN set, Origin must match it",
  },
} as const;

export const apiKeySecurity = [{ apiKey: [] }];
export const publicKeySecurity = [{ publicKey: [] }];
