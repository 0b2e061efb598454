import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import http from "node:http";
import https from "node:https";
import { BlockList, isIP, type LookupFunction } from "node:net";
import { BaseError } from "../../domain/baseError.js";
import { ipv6Groups } from "../../domain/clientNetwork.js";

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
  ["168.63.129.16", 32], // Azure's host endpoint (DNS, metadata, health), reachable from every VM
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 3],
] as const) {
  privateRanges.addSubnet(network, prefix, "ipv4");
}
for (const [network, prefix] of [
  ["::", 128],
  ["::1", 128],
  ["64:ff9b:1::", 48], // local-use NAT64: translates to the operator's own network
  ["100::", 64],
  ["2001::", 32], // Teredo: tunnels to an IPv4 host it does not name plainly
  ["2001:db8::", 32],
  ["fc00::", 7],
  ["fe80::", 10],
  ["ff00::", 8],
] as const) {
  privateRanges.addSubnet(network, prefix, "ipv6");
}

/**
 * The IPv4 address an IPv6 address stands for, where its prefix says it carries one: IPv4-mapped
 * (`::ffff:a.b.c.d`, also written in hex), IPv4-compatible (`::a.b.c.d`, `::7f00:1`), IPv4-translated
 * (`::ffff:0:a.b.c.d`), NAT64 (`64:ff9b::/96`) and 6to4 (`2002::/16`, the IPv4 address in bits 16 to 48).
 * A connection to one of those reaches that IPv4 host, so it is judged as that host.
 */
function embeddedIPv4(address: string): string | undefined {
  const g = ipv6Groups(address.toLowerCase());
  const zero = (from: number, to: number) => g.slice(from, to).every((group) => group === 0);
  const ipv4 = (high: number, low: number) => [high >> 8, high & 0xff, low >> 8, low & 0xff].join(".");
  const [g0 = 0, g1 = 0, g2 = 0, , g4 = 0, g5 = 0, g6 = 0, g7 = 0] = g;
  if (g0 === 0x2002) return ipv4(g1, g2);
  const carriesTail =
    (zero(0, 5) && g5 === 0xffff) ||
    (zero(0, 4) && g4 === 0xffff && g5 === 0) ||
    (g0 === 0x64 && g1 === 0xff9b && zero(2, 6)) ||
    (zero(0, 6) && (g6 !== 0 || g7 > 1));
  return carriesTail ? ipv4(g6, g7) : undefined;
}

/**
 * Whether `address` (an IP literal) is private, loopback, link-local, multicast, unspecified, reserved for
 * documentation, a cloud host endpoint, or an IPv6 address that stands for such an IPv4 one.
 */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return privateRanges.check(address, "ipv4");
  if (family !== 6) return false;
  const ipv4 = embeddedIPv4(address);
  if (ipv4 !== undefined && privateRanges.check(ipv4, "ipv4")) return true;
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
