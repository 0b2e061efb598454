import { integerArg } from "../runner.js";
import type { Context } from "../context.js";
import type { AdminCommandSpec, ArgumentSpec, OptionSpec } from "./spec.js";

/** The options and arguments several admin commands share. */

export const chainOption = (help = "EIP-155 chain id"): OptionSpec => ({
  flags: "--chain <networkId>",
  help,
  parse: integerArg,
  required: true,
});
export const tokenAddressOption: OptionSpec = {
  flags: "--address <address>",
  help: "ERC-20 contract address",
  required: true,
};
export const merchantKeyArg: ArgumentSpec = { name: "<merchantKey>", help: "the merchant's key (mch_...)" };
export const pageOptions: OptionSpec[] = [
  { flags: "--limit <n>", help: "page size, 1 to 100", parse: integerArg, default: 20 },
];

/** `enable`/`disable` pairs: the same command twice, with the flag it sets. */
export function enableDisable(
  make: (enabled: boolean) => Omit<AdminCommandSpec, "name">,
): [AdminCommandSpec, AdminCommandSpec] {
  return [
    { name: "enable", ...make(true) },
    { name: "disable", ...make(false) },
  ];
}

/** `<group> list`: every row of `list`, printed by `print`. */
export function listCommand<T>(
  group: AdminCommandSpec["group"],
  description: string,
  list: (ctx: Context) => Promise<T[]>,
  print: (rows: T[]) => void,
): AdminCommandSpec {
  return {
    group,
    name: "list",
    description,
    async run(ctx, _input, out) {
      out.result(await list(ctx), print);
    },
  };
}

export const finalityHelp =
  "when a payment is final: finalized or safe (the node's block of that tag), or depth (--confirmations below the head)";
