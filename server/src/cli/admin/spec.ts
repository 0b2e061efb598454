import { type OptionValues } from "commander";
import type { Context } from "../context.js";
import { type Output } from "../output.js";

/** One option of a command: commander's flags, its help, and optionally a parser, default or requirement. */
export interface OptionSpec {
  flags: string;
  help: string;
  parse?: (value: string) => unknown;
  default?: unknown;
  required?: boolean;
}

/** One positional argument: `<name>` (required). */
export interface ArgumentSpec {
  name: string;
  help: string;
  parse?: (value: string) => unknown;
}

/** One `kassa admin <group> <name>` command: what it takes, its help, and what it does. */
export interface AdminCommandSpec {
  group: keyof typeof groups;
  name: string;
  description: string;
  args?: ArgumentSpec[];
  options?: OptionSpec[];
  run(ctx: Context, input: { args: unknown[]; opts: OptionValues }, out: Output): Promise<void>;
}

export const groups = {
  chain: "chains Kassa serves (RPC URL, contract addresses)",
  token: "the token whitelist of each chain",
  merchant: "merchants and their keys",
  "payment-method": "the tokens a merchant accepts",
  payment: "payments: find them and everything recorded about them",
  webhook: "webhook deliveries: their attempts, and sending them again",
  deposit: "payments by transfer: returns from their deposit addresses",
} as const;
