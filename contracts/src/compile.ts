/**
 * Solidity compilation with the `solc` npm package (JS API, no compiler download). Used by the contracts
 * build script and by the gas benchmark, which compiles its floor contract at run time.
 *
 * Not re-exported from the package index: importing it loads the compiler (several MB).
 */
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

import type { Abi, Hex } from "viem";

const require = createRequire(import.meta.url);

interface Solc {
  version(): string;
  compile(
    input: string,
    callbacks?: { import: (path: string) => { contents: string } | { error: string } },
  ): string;
}

/** Folder of the contracts workspace (where `solidity/` lives). */
export const contractsRoot = resolve(dirname(fileURLToPath(import.meta.url)), "..");

export interface CompileSettings {
  /** Optimizer runs; the gateway is called often, so runtime gas matters more than deploy size. */
  optimizerRuns: number;
  viaIR: boolean;
  evmVersion: string;
}

export const defaultCompileSettings: CompileSettings = {
  optimizerRuns: 1_000_000,
  viaIR: true,
  evmVersion: "cancun",
};

export interface CompiledContract {
  name: string;
  /** Source unit the contract was found in, as given to solc. */
  sourcePath: string;
  abi: Abi;
  /** Creation code. */
  bytecode: Hex;
  /** Runtime code (what lives at the contract's address). */
  deployedBytecode: Hex;
}

export class SolidityCompileError extends Error {
  override name = "SolidityCompileError";
  constructor(readonly errors: string[]) {
    super(`solc failed:\n${errors.join("\n")}`);
  }
}

interface SolcOutput {
  errors?: { severity: "error" | "warning" | "info"; formattedMessage: string }[];
  contracts?: Record<
    string,
    Record<string, { abi: Abi; evm: { bytecode: { object: string }; deployedBytecode: { object: string } } }>
  >;
}

/** Version of the bundled compiler, e.g. `0.8.37+commit.f401782d.Emscripten.clang`. */
export function solcVersion(): string {
  return (require("solc") as Solc).version();
}

/**
 * Resolves an import the way solc's command line does with `--base-path`: first relative to `baseDir`,
 * then as a package inside the nearest `node_modules` folders above `baseDir`.
 */
function readImport(path: string, baseDir: string): { contents: string } | { error: string } {
  const local = join(baseDir, path);
  if (existsSync(local)) return { contents: readFileSync(local, "utf8") };
  for (let dir = baseDir; ; dir = dirname(dir)) {
    const candidate = join(dir, "node_modules", path);
    if (existsSync(candidate)) return { contents: readFileSync(candidate, "utf8") };
    if (dirname(dir) === dir) return { error: `import not found: ${path}` };
  }
}

/**
 * Compiles Solidity source units and returns every contract with bytecode (interfaces and abstract contracts
 * are left out, but for the `interfaces` named), keyed by contract name.
 *
 * @param sources Source unit name (a path relative to `baseDir`) -> contents. Imports are read from
 *   `baseDir` or from `node_modules`.
 */
export function compileSolidity(
  sources: Record<string, string>,
  options: {
    baseDir?: string;
    settings?: Partial<CompileSettings>;
    /** Interfaces to return too (with empty bytecode), for their ABI. */
    interfaces?: readonly string[];
  } = {},
): Record<string, CompiledContract> {
  const solc = require("solc") as Solc;
  const baseDir = options.baseDir ?? contractsRoot;
  const settings = { ...defaultCompileSettings, ...options.settings };
  const input = {
    language: "Solidity",
    sources: Object.fromEntries(Object.entries(sources).map(([path, content]) => [path, { content }])),
    settings: {
      optimizer: { enabled: true, runs: settings.optimizerRuns },
      viaIR: settings.viaIR,
      evmVersion: settings.evmVersion,
      outputSelection: { "*": { "*": ["abi", "evm.bytecode.object", "evm.deployedBytecode.object"] } },
    },
  };
  const output = JSON.parse(
    solc.compile(JSON.stringify(input), { import: (path) => readImport(path, baseDir) }),
  ) as SolcOutput;
  const errors = (output.errors ?? []).filter((e) => e.severity === "error").map((e) => e.formattedMessage);
  if (errors.length > 0) throw new SolidityCompileError(errors);

  const contracts: Record<string, CompiledContract> = {};
  for (const [sourcePath, units] of Object.entries(output.contracts ?? {})) {
    for (const [name, unit] of Object.entries(units)) {
      if (unit.evm.bytecode.object.length === 0 && !options.interfaces?.includes(name)) continue;
      if (contracts[name])
        throw new Error(`two contracts named ${name}: ${contracts[name].sourcePath}, ${sourcePath}`);
      contracts[name] = {
        name,
        sourcePath,
        abi: unit.abi,
        bytecode: `0x${unit.evm.bytecode.object}`,
        deployedBytecode: `0x${unit.evm.deployedBytecode.object}`,
      };
    }
  }
  return contracts;
}
