import { readFileSync } from "node:fs";

/**
 * Secrets from files: any secret variable may be given as `<NAME>_FILE`, the path of a file holding the
 * value (how container secrets and systemd credentials are mounted), so that keys stay out of the
 * environment, where every process of the user can read them. `kassa doctor` and `kassa start` refuse a
 * secret file that other users can read.
 */

const SECRET_VARIABLES = new Set([
  "DATABASE_URL",
  "KASSA_SIGNER_PRIVATE_KEY",
  "DEPLOYER_PRIVATE_KEY",
  "GATEWAY_OWNER_PRIVATE_KEY",
  "METRICS_TOKEN",
  "COINGECKO_API_KEY",
]);
const SECRET_PATTERNS = [/^RPC_URL_\d+$/, /^RELAYER_PRIVATE_KEYS_\d+$/, /^FAUCET_PRIVATE_KEY_\d+$/];

export const isSecretVariable = (name: string): boolean =>
  SECRET_VARIABLES.has(name) || SECRET_PATTERNS.some((pattern) => pattern.test(name));

/** A secret read from a file: the variable it stands for and the file's path (a path is not a secret). */
export interface SecretFile {
  variable: string;
  path: string;
}

/**
 * The environment with every `<NAME>_FILE` of a secret variable replaced by `<NAME>` and the file's
 * contents (trimmed), and the files read. A file that cannot be read, or a variable given both ways, is a
 * problem named in `problems`.
 */
export function readSecretFiles(
  env: Readonly<Record<string, string>>,
  problems: string[],
): { env: Record<string, string>; files: SecretFile[] } {
  const merged: Record<string, string> = { ...env };
  const files: SecretFile[] = [];
  for (const [name, path] of Object.entries(env)) {
    const variable = name.replace(/_FILE$/, "");
    if (variable === name || !isSecretVariable(variable)) continue;
    delete merged[name];
    if (env[variable] !== undefined) {
      problems.push(`${name}: ${variable} is set too; give the secret one way`);
      continue;
    }
    let value: string;
    try {
      value = readFileSync(path, "utf8").trim();
    } catch (error) {
      problems.push(`${name}: cannot read ${path} (${(error as NodeJS.ErrnoException).code ?? "error"})`);
      continue;
    }
    if (value === "") {
      problems.push(`${name}: ${path} is empty`);
      continue;
    }
    merged[variable] = value;
    files.push({ variable, path });
  }
  return { env: merged, files };
}
