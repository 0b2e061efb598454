import { BaseError, HttpRequestError, TimeoutError, WebSocketRequestError } from "viem";

/**
 * What a node's answer to eth_sendRawTransaction means for the sender:
 * - `known`: the node already has this exact transaction ("already known"); it counts as sent.
 * - `nonce-used`: a transaction with this nonce is already mined ("nonce too low"); ours or another.
 * - `underpriced`: a pending transaction with this nonce pays more or the same.
 * - `refused`: the node will not take it as signed (funds, gas, fee cap...); resending will not help.
 * - `unreachable`: no answer (network, timeout, 5xx); the node may or may not have it.
 */
export type SendErrorKind = "known" | "nonce-used" | "underpriced" | "refused" | "unreachable";

const patterns: [SendErrorKind, RegExp][] = [
  ["known", /already known|known transaction|already imported|already exists|existing tx with same hash/i],
  ["nonce-used", /nonce too low|nonce has already been used|invalid nonce|nonce is too low/i],
  ["underpriced", /replacement transaction underpriced|replacement fee too low|underpriced|fee too low/i],
];

/** Every message down the cause chain, so a node's text is found whatever wraps it. */
export function errorText(error: unknown): string {
  const parts: string[] = [];
  let current: unknown = error;
  for (let depth = 0; current !== undefined && current !== null && depth < 8; depth++) {
    if (current instanceof BaseError) parts.push(current.details, current.shortMessage);
    else if (current instanceof Error) parts.push(current.message);
    else parts.push(String(current));
    current = (current as { cause?: unknown }).cause;
  }
  return parts.filter(Boolean).join(" | ");
}

export function classifySendError(error: unknown): SendErrorKind {
  const text = errorText(error);
  for (const [kind, pattern] of patterns) if (pattern.test(text)) return kind;
  const transport =
    error instanceof BaseError &&
    error.walk(
      (e) => e instanceof HttpRequestError || e instanceof TimeoutError || e instanceof WebSocketRequestError,
    );
  if (transport) {
    const status = (transport as HttpRequestError).status;
    // A 4xx with a JSON-RPC error body is an answer; a 5xx or no status is no answer.
    if (status === undefined || status >= 500 || transport instanceof TimeoutError) return "unreachable";
  }
  if (/fetch failed|ECONNREFUSED|ECONNRESET|socket hang up|timed? ?out/i.test(text)) return "unreachable";
  return "refused";
}
