/**
 * Reverts in words: finds the revert data in whatever a wallet or a node threw (a `data` field, or the
 * `custom error 0x…` text of anvil and geth), decodes it against the errors of the contracts Kassa knows
 * and says it in a sentence from revertMessages.ts. Used by the payer widget and the dashboard.
 */
import { erc2771ForwarderAbi, paymentGatewayAbi, permit2Abi, testTokenPermitAbi } from "@kassa/contracts/abi";
import { decodeErrorResult, formatUnits, getAddress, isAddress, type Abi, type Hex } from "viem";
import { formatAbiItem } from "viem/utils";
import { fill, type Lang } from "@kassa/i18n";
import { revertMessages, unknownRevert } from "./revertMessages.js";

/**
 * Every custom error Kassa's contracts can raise: the gateway's, the forwarder's, Permit2's (version 2
 * of the gateway pays through it), and the token errors of OpenZeppelin's ERC-20 (IERC20Errors,
 * ERC-2612, ECDSA, Nonces), which the test permit token carries as any OpenZeppelin 5 token does.
 * Solidity's Error(string) and Panic(uint256) are viem's own. A new contract's errors: add its ABI here
 * and a row each to revertMessages.ts.
 */
type AbiError = Extract<Abi[number], { type: "error" }>;

export const knownErrors: readonly AbiError[] = [
  ...new Map(
    (
      [...paymentGatewayAbi, ...erc2771ForwarderAbi, ...permit2Abi, ...testTokenPermitAbi] as readonly {
        type: string;
      }[]
    )
      .filter((item): item is AbiError => item.type === "error")
      .map((item) => [formatAbiItem(item), item]),
  ).values(),
];

export interface DecodedRevert {
  name: string;
  /** The error's arguments by name (`Error`: `message`, `Panic`: `reason`). */
  args: Record<string, unknown>;
}

/** The error `data` raises, or undefined when no known error has its selector. */
export function decodeRevert(data: Hex): DecodedRevert | undefined {
  try {
    const { abiItem, args } = decodeErrorResult({ abi: knownErrors, data });
    const { name, inputs } = abiItem as AbiError;
    return {
      name,
      args: Object.fromEntries(inputs.map((input, i) => [input.name ?? String(i), args?.[i]])),
    };
  } catch {
    return undefined;
  }
}

/** What a revert carried, as found in a thrown error: the data, or only the reason text. */
export type FoundRevert = { data: Hex } | { reason: string };

const HEX_DATA = /^0x[0-9a-fA-F]{8}(?:[0-9a-fA-F]{2})*$/;

/** The objects an error nests its cause in: EIP-1193 `data`, viem's `cause`, ethers' `error`/`info`. */
function nested(error: object): unknown[] {
  const e = error as Record<string, unknown>;
  const data = e.data as Record<string, unknown> | undefined;
  return [e.cause, e.error, typeof data === "object" ? data : undefined, data?.originalError, e.info];
}

function fromText(text: string): FoundRevert | undefined {
  const custom = /custom error (0x[0-9a-fA-F]{8})(?::\s*(?:0x)?([0-9a-fA-F]*))?/.exec(text);
  if (custom) return { data: `${custom[1]}${custom[2] ?? ""}` as Hex };
  const data = /revert(?:ed)? with (?:data|custom error) '?(0x[0-9a-fA-F]{8,})/i.exec(text);
  if (data) return { data: data[1] as Hex };
  const reason =
    /reverted with reason string '([^']*)'/.exec(text) ??
    /execution reverted: (?!custom error)([^\n]+?)\.?(?:\n|$)/.exec(text);
  if (reason?.[1]) return { reason: reason[1] };
  return undefined;
}

/** The revert inside `error` (a wallet's or node's error, at any depth), or undefined when it has none. */
export function findRevert(error: unknown): FoundRevert | undefined {
  const seen = new Set<unknown>();
  const queue: unknown[] = [error];
  let fromMessage: FoundRevert | undefined;
  while (queue.length > 0) {
    const current = queue.shift();
    if (current === null || current === undefined || seen.has(current)) continue;
    seen.add(current);
    if (typeof current === "string") {
      if (HEX_DATA.test(current)) return { data: current as Hex };
      fromMessage ??= fromText(current);
      continue;
    }
    if (typeof current !== "object") continue;
    const data = (current as { data?: unknown }).data;
    if (typeof data === "string" && HEX_DATA.test(data)) return { data: data as Hex };
    for (const key of ["shortMessage", "details", "message", "reason"]) {
      const text = (current as Record<string, unknown>)[key];
      if (typeof text === "string") fromMessage ??= fromText(text);
    }
    queue.push(...nested(current));
  }
  return fromMessage;
}

export interface RevertContext {
  lang: Lang;
  /** The token whose amounts the error may carry (the payment's). */
  token?: { symbol: string; decimals: number };
  /** The chain's native coin; default ETH. */
  nativeSymbol?: string;
}

function short(hex: string): string {
  return hex.length > 14 ? `${hex.slice(0, 8)}…${hex.slice(-6)}` : hex;
}

function formatArg(raw: unknown, unit: string | undefined, context: RevertContext): string {
  // Integers of 48 bits or fewer decode as numbers.
  const value = typeof raw === "number" && Number.isInteger(raw) ? BigInt(raw) : raw;
  if (typeof value === "bigint") {
    if (unit === "token") {
      return context.token
        ? `${formatUnits(value, context.token.decimals)} ${context.token.symbol}`
        : `${value} (base units)`;
    }
    if (unit === "native") return `${formatUnits(value, 18)} ${context.nativeSymbol ?? "ETH"}`;
    if (unit === "time") {
      return new Date(Number(value) * 1000).toLocaleString(context.lang === "ko" ? "ko-KR" : "en-GB", {
        dateStyle: "medium",
        timeStyle: "medium",
      });
    }
    if (unit === "code") return `0x${value.toString(16)}`;
    return value.toString();
  }
  if (typeof value === "string" && isAddress(value)) return short(getAddress(value));
  if (typeof value === "string" && /^0x[0-9a-fA-F]{64}$/.test(value)) return short(value);
  return String(value);
}

/** A decoded error in a sentence. */
export function revertSentence(revert: DecodedRevert, context: RevertContext): string {
  const message = revertMessages[revert.name];
  if (!message) return fill(unknownRevert[context.lang], { error: revert.name });
  const values = Object.fromEntries(
    Object.entries(revert.args).map(([name, value]) => [
      name,
      // A reason that ends its own sentence: the row adds the full stop.
      formatArg(value, message.units?.[name], context).replace(/\.$/, ""),
    ]),
  );
  return fill(message[context.lang], values);
}

/**
 * The sentence for the revert inside `error`, or undefined when it holds none (a rejection, a network
 * error): the caller says those its own way.
 */
export function explainRevert(error: unknown, context: RevertContext): string | undefined {
  const found = findRevert(error);
  if (!found) return undefined;
  if ("reason" in found) return revertSentence({ name: "Error", args: { message: found.reason } }, context);
  const decoded = decodeRevert(found.data);
  return decoded
    ? revertSentence(decoded, context)
    : fill(unknownRevert[context.lang], { error: found.data.slice(0, 10) });
}
