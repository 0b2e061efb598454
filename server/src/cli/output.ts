import { isKassaError } from "../errors.js";
import { ConfigError } from "../config/index.js";
import { BaseError } from "../domain/baseError.js";

/** How a command prints: a human table/lines, or one JSON document (`--json`). */
export interface Output {
  json: boolean;
  /** Prints `value` as JSON, or calls `human` to print it for a person. */
  result<T>(value: T, human: (value: T) => void): void;
  /** A progress line for a person; goes to stderr so `--json` output stays parseable. */
  progress(message: string): void;
}

export function createOutput(json: boolean): Output {
  return {
    json,
    result(value, human) {
      if (json) process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
      else human(value);
    },
    progress(message) {
      process.stderr.write(`${message}\n`);
    },
  };
}

type Cell = string | number | boolean | null | undefined;

/** Prints rows as an aligned text table with the given columns. */
export function printTable<T>(
  rows: readonly T[],
  columns: readonly [header: string, cell: (row: T) => Cell][],
) {
  if (rows.length === 0) {
    console.log("(none)");
    return;
  }
  const text = (cell: Cell) => (cell === null || cell === undefined ? "-" : String(cell));
  const body = rows.map((row) => columns.map(([, cell]) => text(cell(row))));
  const widths = columns.map(([header], i) =>
    Math.max(header.length, ...body.map((cells) => cells[i]!.length)),
  );
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => cell.padEnd(widths[i]!))
      .join("  ")
      .trimEnd();
  console.log(line(columns.map(([header]) => header)));
  for (const cells of body) console.log(line(cells));
}

/** Prints `label: value` lines, aligned. */
export function printFields(fields: readonly [label: string, value: Cell][]) {
  const width = Math.max(...fields.map(([label]) => label.length));
  for (const [label, value] of fields) {
    console.log(`${`${label}:`.padEnd(width + 1)} ${value === null || value === undefined ? "-" : value}`);
  }
}

/**
 * Turns an error into one clear line on stderr (or the API's error body as JSON with `--json`) and the exit
 * code. Known errors never print a stack trace; an unexpected one does, since it is a bug to report.
 */
export function reportError(error: unknown, json: boolean): number {
  if (isKassaError(error)) {
    if (json) process.stdout.write(`${JSON.stringify(error.toBody(), null, 2)}\n`);
    else {
      process.stderr.write(`error ${error.code}: ${error.message}\n`);
      for (const detail of error.details ?? []) {
        process.stderr.write(`  ${detail.path.join(".") || "(input)"}: ${detail.message}\n`);
      }
    }
    // Input the command refused is a usage error, like a bad flag; anything else the service refused is 1.
    return error.code === "VALIDATION_ERROR" ? 2 : 1;
  }
  if (error instanceof ConfigError || error instanceof UsageError) {
    process.stderr.write(`${error.message}\n`);
    return 2;
  }
  if (error instanceof StartRefusedError) {
    process.stderr.write(`${error.message}\n`);
    return 1;
  }
  process.stderr.write(
    `unexpected error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  return 1;
}

/** A command-line mistake the user can fix: printed without a stack trace, exit code 2. */
export class UsageError extends BaseError {
  override readonly name = "UsageError";
}

/** A start that `kassa start`'s checks refused (doctor/index.ts): printed without a stack trace, exit code 1. */
export class StartRefusedError extends BaseError {
  override readonly name = "StartRefusedError";
}
