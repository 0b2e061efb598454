import { isIP } from "node:net";
import { z } from "zod";
import { carryDashboardSession } from "../../db/merchants/dashboardSessions.js";
import type { Db } from "../../db/infra/database.js";
import { updateMerchantByKey } from "../../db/merchants/merchants.js";
import { type MerchantRow } from "../../db/schema/rows.js";
import { KassaError, validationError } from "../../errors.js";
import { updateMerchantInputSchema } from "../admin/index.js";
import { getMerchantOverview, issueMerchantKeys, type MerchantOverview } from "../merchants/merchants.js";
import { isPrivateAddress } from "../webhooks/http.js";

/** PATCH /merchant: the webhook URL, checked as `kassa admin merchant update --webhook-url` checks it. */
export const merchantSettingsInputSchema = z.object({
  webhook_url: updateMerchantInputSchema.shape.webhookUrl
    .unwrap()
    .describe(
      "Where Kassa POSTs the webhooks: an https URL (http too for localhost and private addresses when the operator allows them with WEBHOOK_ALLOW_PRIVATE), or null to stop them",
    ),
});
export type MerchantSettingsInput = z.output<typeof merchantSettingsInputSchema>;

/** A host a webhook may reach only when the operator allows private destinations. */
function isLocalHost(hostname: string): boolean {
  const host = hostname.replace(/^\[(.*)\]$/, "$1").toLowerCase();
  return host === "localhost" || host.endsWith(".localhost") || (isIP(host) !== 0 && isPrivateAddress(host));
}

/**
 * Refuses a URL the delivery would refuse or send in the clear: a merchant's payment events are signed,
 * not encrypted, so plain http only for a local endpoint in development.
 */
function checkWebhookDestination(url: string, allowPrivate: boolean): void {
  const { protocol, hostname } = new URL(url);
  const local = isLocalHost(hostname);
  const problem =
    local && !allowPrivate
      ? "must not be a private or loopback address"
      : protocol !== "https:" && !local
        ? "must be an https URL"
        : undefined;
  if (problem) throw validationError([{ path: ["webhook_url"], message: problem }]);
}

/** Sets the merchant's webhook URL (null: no more webhooks); answers what GET /merchant answers. */
export async function updateMerchantSettings(
  deps: { db: Db; webhookAllowPrivate: boolean },
  merchant: MerchantRow,
  input: MerchantSettingsInput,
): Promise<MerchantOverview> {
  if (input.webhook_url !== null) checkWebhookDestination(input.webhook_url, deps.webhookAllowPrivate);
  const row = await updateMerchantByKey(deps.db, merchant.merchant_key, { webhook_url: input.webhook_url });
  if (!row) throw new KassaError("NOT_FOUND", "merchant not found");
  return getMerchantOverview(deps.db, row);
}

export const rotateKeyInputSchema = z.object({
  key: z
    .enum(["public", "secret"])
    .describe("public: the pk_ key of the widget; secret: the sk_ API key of the merchant's server"),
});
export type RotateKeyInput = z.output<typeof rotateKeyInputSchema>;

export const rotatedKeySchema = z
  .union([
    z.object({ publicKey: z.string().describe("The new pk_ key; the old one stops at once") }),
    z.object({ apiKey: z.string().describe("The new sk_ key, shown once; the old one stops at once") }),
  ])
  .meta({ id: "RotatedKey" });
export type RotatedKey = z.infer<typeof rotatedKeySchema>;

/**
 * POST /merchants/me/keys/rotate: a new public or secret key, the old one refused from now on, and the
 * merchant's dashboard sessions ended, but the one that asked (`session`), which stays signed in. A secret
 * key a session issues records its wallet: it is revoked when that wallet loses its access.
 */
export function rotateMerchantKey(
  db: Db,
  merchant: MerchantRow,
  input: RotateKeyInput,
  session: { tokenHash: string; address: string } | null,
): Promise<RotatedKey> {
  return db.transaction().execute(async (trx) => {
    const rotated: RotatedKey =
      input.key === "public"
        ? await issueMerchantKeys(trx, merchant.merchant_key, ["publicKey"])
        : await issueMerchantKeys(trx, merchant.merchant_key, ["apiKey"], {
            ...(session ? { issuedBy: session.address } : {}),
          });
    if (session) await carryDashboardSession(trx, session.tokenHash, merchant.id);
    return rotated;
  });
}
