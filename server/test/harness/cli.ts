import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { expect } from "vitest";

const kassaBin = fileURLToPath(new URL("../../bin/kassa.js", import.meta.url));

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the `kassa` binary as an operator would, on `databaseUrl`, with logs off. */
export function runKassa(databaseUrl: string, ...args: string[]): Promise<CliResult> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [kassaBin, ...args],
      { env: { PATH: process.env.PATH, DATABASE_URL: databaseUrl, LOG_LEVEL: "silent" } },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

/** Runs a command with `--json`, expects it to succeed quietly and returns what it printed. */
export async function runKassaJson<T = Record<string, unknown>>(
  databaseUrl: string,
  ...args: string[]
): Promise<T> {
  const result = await runKassa(databaseUrl, ...args, "--json");
  expect(result.stderr.replace(/^applied migrations.*\n/m, "")).toBe("");
  expect(result.code).toBe(0);
  return JSON.parse(result.stdout) as T;
}
