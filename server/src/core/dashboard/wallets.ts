import { getAddress } from "viem";
import { z } from "zod";
import type { Db } from "../../db/infra/database.js";
import {
  deleteMerchantWallet,
  insertMerchantWallet,
  listMerchantWallets,
  revokeApiKeyIssuedBy,
} from "../../db/merchants/dashboardSessions.js";
import { KassaError } from "../../errors.js";
import { requireMerchant } from "../admin/index.js";
import { unusableApiKeyHash } from "../merchants/merchants.js";
import { addressSchema, parseInput } from "../validation.js";

/** A wallet that may sign in to a merchant's dashboard. */
export interface MerchantWallet {
  address: string;
  /** The operator's note (whose wallet it is); the recipient's is "recipient". */
  label: string | null;
  /** `recipient`: the merchant's recipient address, which always may; `added`: added by an operator. */
  kind: "recipient" | "added";
  /** When it was added; null for the recipient. */
  createdAt: string | null;
}

const addWalletInputSchema = z.object({
  address: addressSchema,
  label: z.string().trim().min(1).max(100).optional(),
});
export type AddWalletInput = z.input<typeof addWalletInputSchema>;

/** `kassa admin merchant wallets`: the recipient address, then the wallets added, oldest first. */
export async function listWallets(db: Db, merchantKey: string): Promise<MerchantWallet[]> {
  const merchant = await requireMerchant(db, merchantKey);
  const added = await listMerchantWallets(db, merchant.id);
  return [
    ...(merchant.recipient_address
      ? [
          {
            address: getAddress(merchant.recipient_address),
            label: "recipient",
            kind: "recipient" as const,
            createdAt: null,
          },
        ]
      : []),
    ...added.map((wallet) => ({
      address: getAddress(wallet.address),
      label: wallet.label,
      kind: "added" as const,
      createdAt: wallet.created_at.toISOString(),
    })),
  ];
}

/** `kassa admin merchant add-wallet`: one more wallet may sign in to the merchant's dashboard. */
export async function addWallet(db: Db, merchantKey: string, input: AddWalletInput): Promise<MerchantWallet> {
  const { address, label } = parseInput(addWalletInputSchema, input);
  const merchant = await requireMerchant(db, merchantKey);
  if (merchant.recipient_address?.toLowerCase() === address.toLowerCase()) {
    throw new KassaError(
      "CONFLICT",
      `${address} is the merchant's recipient address: it may sign in already`,
    );
  }
  const row = await insertMerchantWallet(db, { merchantId: merchant.id, address, label: label ?? null });
  if (!row) throw new KassaError("CONFLICT", `${address} may sign in to ${merchantKey} already`);
  return { address, label: row.label, kind: "added", createdAt: row.created_at.toISOString() };
}

/**
 * `kassa admin merchant remove-wallet`: the wallet may no longer sign in, and its sessions end; a secret
 * key one of them issued is revoked with it (`secretKeyRevoked`: the merchant's server needs a new one).
 */
export async function removeWallet(
  db: Db,
  merchantKey: string,
  rawAddress: string,
): Promise<{ address: string; secretKeyRevoked: boolean }> {
  const address = parseInput(addressSchema, rawAddress);
  const merchant = await requireMerchant(db, merchantKey);
  return db.transaction().execute(async (trx) => {
    if (!(await deleteMerchantWallet(trx, merchant.id, address))) {
      throw new KassaError("NOT_FOUND", `${address} was not added to ${merchantKey}`);
    }
    const secretKeyRevoked = await revokeApiKeyIssuedBy(trx, merchant.id, address, unusableApiKeyHash());
    return { address, secretKeyRevoked };
  });
}
