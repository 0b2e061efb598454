import type { OptionValues } from "commander";
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

/** What every paged admin read takes from its command line: the `--merchant` and `--status` filters and the page. */
function pagedListInput({ merchant, status, limit, startingAfter }: OptionValues) {
  return { merchantKey: merchant, status, limit, startingAfter };
}

/**
 * `<group> list` of a paged read, newest first: `--merchant`, `--status`, any other `filters`, then `--limit` and
 * `--starting-after <cursor>`. A person sees the page's rows and, when there are more, the option that reads
 * the next page.
 */
export function pagedListCommand<Page extends { hasMore: boolean }, Row>(spec: {
  group: AdminCommandSpec["group"];
  description: string;
  statusHelp: string;
  filters?: OptionSpec[];
  /** What `--starting-after` takes: the id of a row, as the rows print it (paymentId, deliveryId). */
  cursor: string;
  list: (ctx: Context, input: ReturnType<typeof pagedListInput>, opts: OptionValues) => Promise<Page>;
  rows: (page: Page) => Row[];
  id: (row: Row) => string;
  print: (rows: Row[]) => void;
}): AdminCommandSpec {
  return {
    group: spec.group,
    name: "list",
    description: spec.description,
    options: [
      { flags: "--merchant <merchantKey>", help: "only this merchant's" },
      { flags: "--status <status>", help: spec.statusHelp },
      ...(spec.filters ?? []),
      { flags: "--limit <n>", help: "page size, 1 to 100", parse: integerArg, default: 20 },
      { flags: `--starting-after <${spec.cursor}>`, help: `the last ${spec.cursor} of the previous page` },
    ],
    async run(ctx, { opts }, out) {
      out.result(await spec.list(ctx, pagedListInput(opts), opts), (page) => {
        const rows = spec.rows(page);
        spec.print(rows);
        const last = rows.at(-1);
        if (page.hasMore && last !== undefined) console.log(`(more: add --starting-after ${spec.id(last)})`);
      });
    },
  };
}

export const finalityHelp =
  "when a payment is final: finalized or safe (the node's block of that tag), or depth (--confirmations below the head)";
