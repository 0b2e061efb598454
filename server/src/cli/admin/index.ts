import { Command, Option } from "commander";
import { type RunWithContext } from "../runner.js";
import { groups, type AdminCommandSpec } from "./spec.js";
import { setupCommands } from "./setup.js";
import { activityCommands } from "./activity.js";
import { walletCommands } from "./wallets.js";
import { depositReturnCommands } from "./depositReturns.js";

const adminCommands: AdminCommandSpec[] = [
  ...setupCommands,
  ...activityCommands,
  ...walletCommands,
  ...depositReturnCommands,
];

/** `kassa admin ...`: the operator's commands over the core admin functions, built from the table below. */
export function adminCommand(run: RunWithContext): Command {
  const command = new Command("admin").description(
    "manage chains, tokens, merchants and payment methods; follow payments and webhooks",
  );
  for (const [group, description] of Object.entries(groups)) {
    const groupCommand = command.command(group).description(description);
    for (const spec of adminCommands.filter((candidate) => candidate.group === group)) {
      groupCommand.addCommand(buildCommand(spec, run));
    }
  }
  return command;
}

function buildCommand(spec: AdminCommandSpec, run: RunWithContext): Command {
  const command = new Command(spec.name).description(spec.description);
  for (const arg of spec.args ?? []) {
    if (arg.parse) command.argument(arg.name, arg.help, arg.parse);
    else command.argument(arg.name, arg.help);
  }
  for (const optionSpec of spec.options ?? []) {
    const option = new Option(optionSpec.flags, optionSpec.help);
    if (optionSpec.parse) option.argParser(optionSpec.parse);
    if (optionSpec.default !== undefined) option.default(optionSpec.default);
    if (optionSpec.required) option.makeOptionMandatory();
    command.addOption(option);
  }
  command.option("--json", "print the result as JSON", false);
  return command.action((...received: unknown[]) => {
    const self = received.at(-1) as Command;
    const opts = self.opts();
    return run(opts.json as boolean, (ctx, out) => spec.run(ctx, { args: self.processedArgs, opts }, out));
  });
}
