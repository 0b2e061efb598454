import { getAddress, hashMessage, isHex, type Address, type Hex } from "viem";
import { parseSiweMessage, validateSiweMessage } from "viem/siwe";
import type { ChainClients } from "../../chain/clients.js";
import { verifySignature } from "../../chain/signatures.js";
import { findChainByNetworkId, listChainsWithGateway } from "../../db/chains/chains.js";
import type { Db } from "../../db/infra/database.js";
import { getOrCreateServerKey } from "../../db/merchants/dashboardSessions.js";
import { checkSignInNonce, newSignInNonce } from "../../domain/dashboardTokens.js";
import { KassaError } from "../../errors.js";

/** How long a sign-in nonce may wait for its signature. */
export const SIGN_IN_NONCE_TTL_MS = 10 * 60_000;

/** A sign-in message issued further from the server's clock than this is refused. */
const ISSUED_AT_TOLERANCE_MS = 5 * 60_000;

export interface SignInMessageDeps {
  db: Db;
  chains: ChainClients;
  /** Kassa's own origin (`https://pay.example.com`): the message must name its host and origin. */
  origin: string;
  now: () => Date;
}

export interface SignInNonces {
  /** The server key of this sign-in, read once (again after a failure). */
  serverKey(): Promise<Buffer>;
  /** A nonce for a sign-in message, and the chains (EIP-155 ids) the message may name: those Kassa serves. */
  issue(): Promise<{ nonce: string; expiresAt: Date; chainIds: number[] }>;
}

/**
 * The nonces of one sign-in (`dashboard`, `payer`), under a server key of its own: a nonce issued for one
 * signs no one in to the other.
 */
export function signInNonces(deps: { db: Db; now: () => Date }, keyName: string): SignInNonces {
  let key: Promise<Buffer> | undefined;
  const serverKey = () =>
    (key ??= getOrCreateServerKey(deps.db, keyName).catch((error: unknown) => {
      key = undefined;
      throw error;
    }));
  return {
    serverKey,
    async issue() {
      const expiresAt = new Date(deps.now().getTime() + SIGN_IN_NONCE_TTL_MS);
      const chains = await listChainsWithGateway(deps.db);
      return {
        nonce: newSignInNonce(await serverKey(), expiresAt),
        expiresAt,
        chainIds: chains.map((chain) => chain.network_id),
      };
    },
  };
}

export function unauthorized(message: string): KassaError {
  return new KassaError("UNAUTHORIZED", message);
}

/**
 * Checks a signed EIP-4361 message (the dashboard's and the payer page's sign-in): for Kassa's host and
 * origin, within its validity and issued about now, its nonce issued under `key` and not expired, its chain
 * one Kassa serves, and signed by its address (an EOA locally; a smart account's ERC-1271, or ERC-6492 before
 * deployment, by that chain). Returns the address and the nonce, which the caller records once.
 */
export async function verifySignInMessage(
  deps: SignInMessageDeps,
  key: Buffer,
  input: { message: string; signature: string },
): Promise<{ address: Address; nonce: string }> {
  const { host, protocol } = new URL(deps.origin);
  const now = deps.now();
  const message = parseSiweMessage(input.message);
  if (!message.address || !message.nonce || message.chainId === undefined || !message.issuedAt) {
    throw unauthorized(
      "the sign-in message is not an EIP-4361 message with address, chain id, nonce and time",
    );
  }
  if (
    !validateSiweMessage({
      message,
      domain: host,
      scheme: message.scheme === undefined ? undefined : protocol.slice(0, -1),
      time: now,
    })
  ) {
    throw unauthorized(`the sign-in message must be for ${host} and within its validity`);
  }
  if (message.uri === undefined || new URL(message.uri).origin !== deps.origin) {
    throw unauthorized(`the sign-in message must name ${deps.origin} as its URI`);
  }
  if (Math.abs(message.issuedAt.getTime() - now.getTime()) > ISSUED_AT_TOLERANCE_MS) {
    throw unauthorized("the sign-in message was issued too long ago: sign in again");
  }
  const nonce = checkSignInNonce(key, message.nonce, now);
  if (!nonce.ok)
    throw unauthorized(
      nonce.reason === "expired"
        ? "the sign-in nonce expired: sign in again"
        : "the sign-in nonce was not issued by this server",
    );
  if (!isHex(input.signature)) throw unauthorized("the signature must be hex");
  // The chain the wallet signs for (where a smart account's ERC-1271 check runs) must be one Kassa serves:
  // a message for another chain was not meant for this server.
  const chain = await findChainByNetworkId(deps.db, message.chainId);
  if (!chain?.gateway_address) {
    throw unauthorized(`the sign-in message names chain ${message.chainId}, which Kassa does not serve`);
  }
  const client = chain.rpc_url !== null ? safeClient(deps.chains, chain) : undefined;
  const address = getAddress(message.address);
  // EIP-191: an account's key is recognised locally, a smart account by the chain (ERC-1271, ERC-6492).
  const signed = await verifySignature(client, {
    address,
    hash: hashMessage(input.message),
    signature: input.signature as Hex,
  });
  if (!signed) throw unauthorized("the signature does not match the message's address");
  return { address, nonce: message.nonce };
}

/** The chain's client for an ERC-1271 check; none when the chain cannot be reached (an EOA still signs in). */
function safeClient(chains: ChainClients, chain: Parameters<ChainClients["publicClient"]>[0]) {
  try {
    return chains.publicClient(chain);
  } catch {
    return undefined;
  }
}
