import { InvalidArgumentError, type Command } from "commander";
import { loadConfig } from "../config/index.js";
import { openContext, type Context } from "./context.js";
import { createOutput, reportError, type Output } from "./output.js";

/** Runs a command body with a database context, prints its error (if any) and sets the exit code. */
export type RunWithContext = (
  json: boolean,
  body: (ctx: Context, out: Output) => Promise<void>,
) => Promise<void>;

export const runWithContext: RunWithContext = async (json, body) => {
  const out = createOutput(json);
  let ctx: Context | undefined;
  try {
    ctx = await openContext(loadConfig(), { progress: out.progress, poolSize: 2 });
    await body(ctx, out);
  } catch (error) {
    process.exitCode = reportError(error, json);
  } finally {
    await ctx?.close();
  }
};

/** Runs a command body that needs no database, with the same error reporting. */
export async function runPlain(json: boolean, body: (out: Output) => Promise<void>): Promise<void> {
  const out = createOutput(json);
  try {
    await body(out);
  } catch (error) {
    process.exitCode = reportError(error, json);
  }
}

export function jsonOption(command: Command): Command {
  return command.option("--json", "print the result as JSON", false);
}

export function integerArg(value: string): number {
  const parsed = Number(value);
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(parsed)) {
    throw new InvalidArgumentError("must be a whole number");
  }
  return parsed;
}

const clears = (value: string) => value === "" || value === "none";

/** `none` (or an empty string) stands for null: it clears an optional setting. */
export function nullableArg(value: string): string | null {
  return clears(value) ? null : value;
}

export function nullableIntegerArg(value: string): number | null {
  return clears(value) ? null : integerArg(value);
}
