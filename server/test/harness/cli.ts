import { execFile } from "node:child_process";
import { expect, inject } from "vitest";

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * The `kassa` command as a release runs it (`dist/kassa.js`, every command but `dev`), compiled once for the
 * run by the global setup from the same sources: `server/bin/kassa.js` would load them through tsx each time.
 */
export const kassaCommand = (): string => inject("kassaCommand");

/** Runs the `kassa` command as an operator would, with only PATH and `env` in its environment. */
export function runKassaWith(env: Record<string, string>, ...args: string[]): Promise<CliResult> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [kassaCommand(), ...args],
      { env: { PATH: process.env.PATH, ...env } },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

/** Runs the `kassa` command on `databaseUrl`, with logs off. */
export function runKassa(databaseUrl: string, ...args: string[]): Promise<CliResult> {
  return runKassaWith({ DATABASE_URL: databaseUrl, LOG_LEVEL: "silent" }, ...args);
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
