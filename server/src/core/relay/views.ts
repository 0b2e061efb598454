import { z } from "zod";
import { type RelayRequestRow } from "../../db/schema/rows.js";
import { relayStatuses } from "../../domain/records.js";

/** What a gasless relay request takes and answers. */

const uint = z
  .union([
    z.string().regex(/^\d+$/, "must be a decimal integer string"),
    z.number().int().nonnegative(),
    z.bigint().nonnegative(),
  ])
  .transform((value) => BigInt(value));

const forwardRequestSchema = z.object({
  from: z.string().optional().describe("Payer wallet"),
  to: z.string().describe("The payment's gatewayAddress"),
  value: uint.describe("Always 0"),
  gas: uint.describe("Gas for the pay() call; 200000 recommended"),
  nonce: uint.describe("The payer's current nonce on the forwarder"),
  deadline: uint.describe("Unix seconds: signature expiry"),
  data: z
    .string()
    .regex(/^0x([0-9a-fA-F]{2})*$/, "must be 0x-prefixed hex bytes")
    .describe("The encoded pay(...) call"),
  signature: z.string().describe("EIP-712 signature of the ForwardRequest, 0x-prefixed"),
});

/** The gateway's one-signature paths a relay may carry besides a ForwardRequest. */
export const signedRelayKinds = ["permit2", "authorization", "intent"] as const;
export type SignedRelayKind = (typeof signedRelayKinds)[number];

export const relayInputSchema = z.object({
  paymentId: z.string().describe("Must equal the paymentId of the path"),
  kind: z
    .enum(["forward", ...signedRelayKinds])
    .default("forward")
    .describe(
      "What the payer signed: `forward` (default), an ERC-2771 ForwardRequest of pay(); `permit2`, Permit2's " +
        "PermitWitnessTransferFrom with the PaymentIntent as witness (payWithPermit2); `authorization`, the token's " +
        "EIP-3009 ReceiveWithAuthorization whose nonce is the PaymentIntent's digest (payWithAuthorization); " +
        "`intent`, the PaymentIntent itself (payWithIntent), the gasless path of smart-contract wallets",
    ),
  forwarderAddress: z.string().optional().describe("kind forward: the payment's forwarderAddress"),
  forwardRequest: forwardRequestSchema.optional().describe("kind forward: the signed ForwardRequest"),
  payer: z.string().optional().describe("kinds permit2, authorization, intent: the payer's wallet address"),
  signature: z
    .string()
    .regex(/^0x([0-9a-fA-F]{2}){1,4096}$/, "must be 0x-prefixed hex bytes, at most 4096 of them")
    .optional()
    .describe(
      "kinds permit2, authorization, intent: the payer's EIP-712 signature, 65-byte ECDSA, an ERC-1271 wallet's " +
        "signature, or ERC-6492 for a wallet not deployed yet",
    ),
  permit2Nonce: uint.optional().describe("kind permit2: the Permit2 nonce the payer signed"),
});
export type RelayInput = z.input<typeof relayInputSchema>;
export type ParsedRelayInput = z.output<typeof relayInputSchema>;

export const relaySubmittedSchema = z.object({
  status: z.literal("submitted"),
  message: z.string(),
});
export type RelaySubmitted = z.infer<typeof relaySubmittedSchema>;

/** A gasless relay request, as the API shows it. */
export const relayViewSchema = z
  .object({
    status: z.enum(relayStatuses),
    transactionHash: z.string().nullable().describe("Latest transaction hash; the mined one once CONFIRMED"),
    errorMessage: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: "RelayRequest" });
export type RelayView = z.infer<typeof relayViewSchema>;

export function relayView(relay: RelayRequestRow): RelayView {
  return {
    status: relay.status,
    transactionHash: relay.transaction_hash,
    errorMessage: relay.error_message,
    createdAt: relay.created_at.toISOString(),
    updatedAt: relay.updated_at.toISOString(),
  };
}
