import { getAddress, type Address } from "viem";
import {
  deletePayerSession,
  findLivePayerSession,
  findPayerSubscription,
  insertPayerSession,
  listPayerSubscriptions,
} from "../../db/subscriptions/payer.js";
import { newSessionToken } from "../../domain/dashboardTokens.js";
import { hashKey } from "../../domain/ids.js";
import { KassaError } from "../../errors.js";
import {
  signInNonces,
  unauthorized,
  verifySignInMessage,
  type SignInMessageDeps,
} from "../dashboard/signInMessage.js";
import { cancelAs, view, type SubscriptionDeps } from "./api.js";
import type { SubscriptionDetails } from "../../db/subscriptions/subscriptions.js";
import type { PayerSubscriptionView, SubscriptionView } from "./views.js";

/**
 * The payer's subscriptions page: the payer signs in with the wallet that signed their subscriptions (an
 * EIP-4361 message, checked as the dashboard's sign-in is, with nonces of a server key of its own so that a
 * dashboard nonce signs no payer in), and the short session it gets stands for that address only: it lists
 * the subscriptions whose payer is that address and cancels them. It is never a merchant's session: its
 * cookie is another, and no merchant route reads it.
 */

/** How long a payer's session lasts. */
export const PAYER_SESSION_TTL_MS = 30 * 60_000;
/** The page lists a payer's newest subscriptions, at most this many. */
export const PAYER_SUBSCRIPTIONS_SHOWN = 100;
const SERVER_KEY_NAME = "payer";

export type PayerPageDeps = SubscriptionDeps & SignInMessageDeps;

export interface PayerSession {
  address: Address;
  expiresAt: Date;
}

export interface PayerPage {
  issueNonce(): Promise<{ nonce: string; expiresAt: Date; chainIds: number[] }>;
  /** A session for a signed EIP-4361 message; `token` goes in the payer's cookie only. */
  signIn(input: { message: string; signature: string }): Promise<PayerSession & { token: string }>;
  /** The live session of a cookie's token, or undefined. */
  authenticate(token: string): Promise<PayerSession | undefined>;
  signOut(token: string): Promise<void>;
  /** The subscriptions the session's address signed, newest first. */
  list(session: PayerSession): Promise<PayerSubscriptionView[]>;
  /** Cancels one of the session's address's subscriptions; another's is SUBSCRIPTION_NOT_FOUND. */
  cancel(session: PayerSession, id: string): Promise<PayerSubscriptionView>;
}

const payerView = (view: SubscriptionView, row: SubscriptionDetails): PayerSubscriptionView => ({
  ...view,
  merchantName: row.merchant_name,
});

export function createPayerPage(deps: PayerPageDeps): PayerPage {
  const nonces = signInNonces(deps, SERVER_KEY_NAME);
  const serverKey = nonces.serverKey;

  return {
    issueNonce: nonces.issue,
    async signIn(input) {
      const { address, nonce } = await verifySignInMessage(deps, await serverKey(), input);
      const now = deps.now();
      const token = newSessionToken();
      const expiresAt = new Date(now.getTime() + PAYER_SESSION_TTL_MS);
      if (
        !(await insertPayerSession(deps.db, { tokenHash: hashKey(token), address, nonce, expiresAt, now }))
      ) {
        throw unauthorized("this sign-in message was already used: sign in again");
      }
      return { token, address, expiresAt };
    },
    async authenticate(token) {
      const found = await findLivePayerSession(deps.db, hashKey(token), deps.now());
      return found && { address: getAddress(found.address), expiresAt: found.expires_at };
    },
    async signOut(token) {
      await deletePayerSession(deps.db, hashKey(token));
    },
    async list(session) {
      const rows = await listPayerSubscriptions(deps.db, session.address, PAYER_SUBSCRIPTIONS_SHOWN);
      return Promise.all(rows.map(async (row) => payerView(await view(deps, row), row)));
    },
    async cancel(session, id) {
      const row = /^sub_[0-9a-f]{32}$/.test(id)
        ? await findPayerSubscription(deps.db, session.address, id)
        : undefined;
      if (!row) throw new KassaError("SUBSCRIPTION_NOT_FOUND");
      return payerView(await cancelAs(deps, row, "payer"), row);
    },
  };
}
