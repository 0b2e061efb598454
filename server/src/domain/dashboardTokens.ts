import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

/**
 * The dashboard's sign-in nonce: its expiry (unix seconds, 8 hex digits), 64 random bits, and an HMAC of
 * both under a server key, all hex (EIP-4361 wants an alphanumeric nonce of 8 or more). Nothing is stored
 * when one is issued; the session it signs in records it, once.
 */
export function newSignInNonce(key: Buffer, expiresAt: Date): string {
  const body =
    Math.floor(expiresAt.getTime() / 1000)
      .toString(16)
      .padStart(8, "0") + randomBytes(8).toString("hex");
  return body + mac(key, `nonce:${body}`);
}

export type SignInNonceCheck = { ok: true; expiresAt: Date } | { ok: false; reason: "invalid" | "expired" };

/** Whether `nonce` was issued with `key` and has not expired at `now`. */
export function checkSignInNonce(key: Buffer, nonce: string, now: Date): SignInNonceCheck {
  if (!/^[0-9a-f]{56}$/.test(nonce)) return { ok: false, reason: "invalid" };
  const body = nonce.slice(0, 24);
  if (!sameHex(nonce.slice(24), mac(key, `nonce:${body}`))) return { ok: false, reason: "invalid" };
  const expiresAt = new Date(Number.parseInt(body.slice(0, 8), 16) * 1000);
  return expiresAt.getTime() > now.getTime() ? { ok: true, expiresAt } : { ok: false, reason: "expired" };
}

/** A session token for the dashboard's cookie: 256 random bits. Only its SHA-256 (hashKey) is stored. */
export function newSessionToken(): string {
  return randomBytes(32).toString("base64url");
}

/**
 * The CSRF token of a session: an HMAC of the session's stored hash, so it needs no column. The page
 * reads it from the session endpoint (same origin only) and sends it in `x-kassa-csrf` on every change.
 */
export function csrfTokenFor(key: Buffer, sessionTokenHash: string): string {
  return mac(key, `csrf:${sessionTokenHash}`);
}

export function csrfTokenMatches(key: Buffer, sessionTokenHash: string, presented: string): boolean {
  return /^[0-9a-f]{32}$/.test(presented) && sameHex(presented, csrfTokenFor(key, sessionTokenHash));
}

function mac(key: Buffer, data: string): string {
  return createHmac("sha256", key).update(data, "utf8").digest("hex").slice(0, 32);
}

function sameHex(a: string, b: string): boolean {
  const left = Buffer.from(a, "hex");
  const right = Buffer.from(b, "hex");
  return left.length === right.length && timingSafeEqual(left, right);
}
