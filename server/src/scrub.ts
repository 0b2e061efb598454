/**
 * The one place secrets are taken out of text that leaves the process: error messages sent to callers
 * (http/errors.ts) and every log line (logger.ts). Call sites never scrub on their own.
 *
 * Two rules. Every value registered here (each `Secret`, each RPC URL a client is made for) is
 * replaced wherever it appears. And every URL loses its user info, path and query, where providers put
 * their keys (`https://mainnet.infura.io/v3/<key>`), keeping only `scheme://host` so an operator
 * still sees which endpoint failed. viem's errors also quote the JSON-RPC request body; it goes too.
 */

const REDACTED = "[redacted]";

/** Shorter values are not secrets worth a global replace (and would match everywhere). */
const MIN_SECRET_LENGTH = 8;

const knownSecrets = new Set<string>();

/**
 * Registers a value that must never be shown (a key, an RPC URL); idempotent. Of a URL, its user info,
 * path segments and query values are registered too: a provider's error may quote the key alone.
 */
export function registerSecretText(value: string): void {
  if (value.length < MIN_SECRET_LENGTH) return;
  knownSecrets.add(value);
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(value) || !URL.canParse(value)) return;
  const url = new URL(value);
  const decode = (text: string) => {
    try {
      return decodeURIComponent(text);
    } catch {
      return text;
    }
  };
  const parts = [
    decode(url.username),
    decode(url.password),
    ...url.pathname.split("/").map(decode),
    ...url.searchParams.values(),
  ];
  for (const part of parts) if (part.length >= MIN_SECRET_LENGTH) knownSecrets.add(part);
}

// scheme://[userinfo@]host[rest]; a URL ends at whitespace, a quote or a bracket.
const url = /\b([a-z][a-z0-9+.-]*:\/\/)(?:[^\s"'`<>/?#@]*@)?([^\s"'`<>/?#]*)([^\s"'`<>)\]]*)/gi;

// viem: "Request body: {...}" up to the end of its line.
const requestBody = /Request body: [^\n]*/g;

/** `text` without registered secrets, URL paths, queries and user info, or RPC request bodies. */
export function scrubText(text: string): string {
  let scrubbed = text;
  for (const secret of knownSecrets) scrubbed = scrubbed.replaceAll(secret, REDACTED);
  return scrubbed
    .replace(requestBody, `Request body: ${REDACTED}`)
    .replace(url, (match, scheme: string, host: string, rest: string) =>
      // file:// URLs are stack frames: nothing secret, and an operator needs them.
      scheme.toLowerCase() === "file://" || rest === "" || rest === "/"
        ? match
        : `${scheme}${host}/${REDACTED}`,
    );
}

function scrubStrings(value: unknown): unknown {
  if (typeof value === "string") return scrubText(value);
  if (Array.isArray(value)) return value.map(scrubStrings);
  if (typeof value === "object" && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, scrubStrings(item)]));
  }
  return value;
}

/** Whether scrubText() could change `text` (a cheap test that lets most log lines through untouched). */
function mayHoldSecrets(text: string): boolean {
  if (text.includes("://") || text.includes("Request body:")) return true;
  for (const secret of knownSecrets) if (text.includes(secret)) return true;
  return false;
}

/** A JSON log line (pino's) with scrubText() applied to every string in it. */
export function scrubLogLine(line: string): string {
  if (!mayHoldSecrets(line)) return line;
  try {
    return `${JSON.stringify(scrubStrings(JSON.parse(line)))}\n`;
  } catch {
    return scrubText(line);
  }
}
