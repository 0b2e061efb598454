import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import http from "node:http";
import https from "node:https";
import { BlockList, isIP, type LookupFunction } from "node:net";
import { BaseError } from "../../domain/baseError.js";

/**
 * Addresses a webhook must not reach unless the operator allows it: a merchant-supplied URL is otherwise
 * a way into the operator's own network (SSRF). Checked on the addresses the name resolves to at connect
 * time, so a DNS answer that changes between a check and the connection (rebinding) cannot get through.
 */
const privateRanges = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["224.0.0.0", 3],
] as const) {
  privateRanges.addSubnet(network, prefix, "ipv4");
}
for (const [network, prefix] of [
  ["::", 128],
  ["::1", 128],
  ["fc00::", 7],
  ["fe80::", 10],
  ["ff00::", 8],
] as const) {
  privateRanges.addSubnet(network, prefix, "ipv6");
}

/** Whether `address` (an IP literal) is private, loopback, link-local, multicast or unspecified. */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return privateRanges.check(address, "ipv4");
  if (family !== 6) return false;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1]) return privateRanges.check(mapped[1], "ipv4");
  return privateRanges.check(address, "ipv6");
}

export class WebhookDestinationError extends BaseError {
  override readonly name = "WebhookDestinationError";
}

const guardedLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
    if (error) return callback(error, "", 0);
    const refused = addresses.find((entry) => isPrivateAddress(entry.address));
    if (refused) {
      return callback(
        new WebhookDestinationError(`${hostname} resolves to a private address (${refused.address})`),
        "",
        0,
      );
    }
    const first = addresses[0];
    if (!first) return callback(new WebhookDestinationError(`${hostname} has no address`), "", 0);
    if (options.all) (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
    else callback(null, first.address, first.family);
  });
};

export interface PostResult {
  statusCode: number;
}

/**
 * POSTs `body` and resolves with the status code (any), or rejects on a network error, a refused
 * destination or when the whole exchange takes longer than `timeoutMs`. Redirects are not followed.
 */
export function postWebhook(
  url: string,
  headers: Record<string, string>,
  body: string,
  options: { timeoutMs: number; allowPrivate: boolean },
): Promise<PostResult> {
  return new Promise((resolve, reject) => {
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      return reject(new WebhookDestinationError(`invalid webhook URL`));
    }
    if (target.protocol !== "http:" && target.protocol !== "https:") {
      return reject(new WebhookDestinationError(`webhook URL must be http(s)`));
    }
    const host = target.hostname.replace(/^\[|\]$/g, "");
    if (!options.allowPrivate && (host === "localhost" || (isIP(host) !== 0 && isPrivateAddress(host)))) {
      return reject(new WebhookDestinationError(`${host} is a private address`));
    }
    const transport = target.protocol === "https:" ? https : http;
    const request = transport.request(target, {
      method: "POST",
      headers: { ...headers, "content-length": Buffer.byteLength(body).toString() },
      ...(options.allowPrivate ? {} : { lookup: guardedLookup }),
      agent: false,
    });
    const timer = setTimeout(() => {
      request.destroy(new Error(`timed out after ${options.timeoutMs} ms`));
    }, options.timeoutMs);
    request.on("response", (response) => {
      // Drain and ignore the body: only the status counts.
      response.on("data", () => {});
      response.on("end", () => {
        clearTimeout(timer);
        resolve({ statusCode: response.statusCode ?? 0 });
      });
      response.on("error", (error) => {
        clearTimeout(timer);
        reject(error);
      });
    });
    request.on("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    request.end(body);
  });
}
