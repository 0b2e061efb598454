import { getAddress } from "viem";
import type { ChainClients } from "../../chain/clients.js";
import {
  findLiveDashboardSession,
  findMerchantsByWallet,
  insertDashboardSession,
  revokeDashboardSession,
} from "../../db/merchants/dashboardSessions.js";
import type { Db } from "../../db/infra/database.js";
import { type MerchantRow } from "../../db/schema/rows.js";
import { csrfTokenFor, csrfTokenMatches, newSessionToken } from "../../domain/dashboardTokens.js";
import { hashKey } from "../../domain/ids.js";
import { KassaError } from "../../errors.js";
import { signInNonces, unauthorized, verifySignInMessage } from "./signInMessage.js";
/** How long a dashboard session lasts; signing in again starts a new one. */
export const DASHBOARD_SESSION_TTL_MS = 12 * 3_600_000;
const SERVER_KEY_NAME = "dashboard";

export interface DashboardAuthDeps {
  db: Db;
  chains: ChainClients;
  /** Kassa's own origin (`https://pay.example.com`): the sign-in message must name its host and origin. */
  origin: string;
  now: () => Date;
}

export interface SignInInput {
  message: string;
  signature: string;
  /** Which merchant, when the wallet is registered for several (its `merchant_key`). */
  merchantId?: string | undefined;
}

export interface DashboardSession {
  merchant: MerchantRow;
  address: string;
  expiresAt: Date;
  /** Sent back in `x-kassa-csrf` on every change the session makes. */
  csrfToken: string;
}

export interface DashboardAuth {
  /** A nonce for a sign-in message, and the chains (EIP-155 ids) the message may name: those Kassa serves. */
  issueNonce(): Promise<{ nonce: string; expiresAt: Date; chainIds: number[] }>;
  /** A new session for a signed EIP-4361 message; `token` goes in the cookie, never anywhere else. */
  signIn(input: SignInInput): Promise<DashboardSession & { token: string }>;
  /** The live session of a cookie's token, or undefined. */
  authenticate(token: string): Promise<(DashboardSession & { tokenHash: string }) | undefined>;
  csrfMatches(tokenHash: string, presented: string | undefined): Promise<boolean>;
  signOut(token: string): Promise<void>;
}

/** Sign-in with Ethereum (EIP-4361) for the merchant dashboard, and its sessions. */
export function createDashboardAuth(deps: DashboardAuthDeps): DashboardAuth {
  const nonces = signInNonces(deps, SERVER_KEY_NAME);
  const serverKey = nonces.serverKey;

  async function signIn(input: SignInInput): Promise<DashboardSession & { token: string }> {
    const now = deps.now();
    const { address, nonce } = await verifySignInMessage(deps, await serverKey(), input);
    const merchant = chooseMerchant(await findMerchantsByWallet(deps.db, address), input.merchantId);
    const token = newSessionToken();
    const tokenHash = hashKey(token);
    const expiresAt = new Date(now.getTime() + DASHBOARD_SESSION_TTL_MS);
    const session = await insertDashboardSession(deps.db, {
      tokenHash,
      merchantId: merchant.id,
      // Read with the wallet's access: a key rotated or the merchant disabled since then ends it at once.
      merchantEpoch: merchant.session_epoch,
      address,
      nonce,
      expiresAt,
    });
    if (!session) throw unauthorized("this sign-in message was already used: sign in again");
    return { token, merchant, address, expiresAt, csrfToken: csrfTokenFor(await serverKey(), tokenHash) };
  }

  return {
    issueNonce: nonces.issue,
    signIn,
    async authenticate(token) {
      const tokenHash = hashKey(token);
      const found = await findLiveDashboardSession(deps.db, tokenHash, deps.now());
      if (!found) return undefined;
      return {
        tokenHash,
        merchant: found.merchant,
        address: getAddress(found.session.address),
        expiresAt: found.session.expiresAt,
        csrfToken: csrfTokenFor(await serverKey(), tokenHash),
      };
    },
    async csrfMatches(tokenHash, presented) {
      return presented !== undefined && csrfTokenMatches(await serverKey(), tokenHash, presented);
    },
    async signOut(token) {
      await revokeDashboardSession(deps.db, hashKey(token), deps.now());
    },
  };
}

function chooseMerchant(merchants: MerchantRow[], wanted: string | undefined): MerchantRow {
  if (merchants.length === 0) throw unauthorized("this wallet is not registered for any merchant");
  if (wanted !== undefined) {
    const merchant = merchants.find((candidate) => candidate.merchant_key === wanted);
    if (!merchant) throw unauthorized("this wallet is not registered for that merchant");
    return merchant;
  }
  if (merchants.length > 1) {
    throw new KassaError("VALIDATION_ERROR", "this wallet may sign in to several merchants: choose one", {
      details: [
        {
          path: ["merchantId"],
          message: `one of ${merchants.map((merchant) => `${merchant.merchant_key} (${merchant.name})`).join(", ")}`,
        },
      ],
    });
  }
  return merchants[0] as MerchantRow;
}
