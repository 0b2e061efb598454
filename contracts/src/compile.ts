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
function readImport(path: string, baseDir: string): string {
  const local = join(baseDir, path);
  if (existsSync(local)) return readFileSync(local, "utf8");
  for (let dir = baseDir; ; dir = dirname(dir)) {
    const candidate = join(dir, "node_modules", path);
    if (existsSync(candidate)) return readFileSync(candidate, "utf8");
    if (dirname(dir) === dir) throw new Error(`import not found: ${path}`);
  }
}

/** The paths of a Solidity source's import directives, as written (comments and other strings skipped). */
export function importPaths(source: string): string[] {
  const paths: string[] = [];
  // Tokens that matter: comments, string literals, and the word `import` up to its `;`.
  const token = /\/\/[^\n]*|\/\*[\s\S]*?\*\/|"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'|\bimport\b[^;]*;/g;
  for (const match of source.matchAll(token)) {
    if (!match[0].startsWith("import")) continue;
    const path = /["']([^"']+)["']/.exec(match[0])?.[1];
    if (path) paths.push(path);
  }
  return paths;
}

/**
 * The source unit name solc gives `path` imported from unit `importer`: relative to the importer's folder when it
 * starts with `./` or `../`, as written otherwise.
 */
function sourceUnitName(importer: string, path: string): string {
  if (!path.startsWith("./") && !path.startsWith("../")) return path;
  const segments = importer.split("/").slice(0, -1);
  for (const segment of path.split("/")) {
    if (segment === "..") segments.pop();
    else if (segment !== ".") segments.push(segment);
  }
  return segments.join("/");
}

/**
 * `sources` with every unit they import, transitively (read from `baseDir` or `node_modules`): the complete
 * set solc reads, so that a compilation needs no import callback and its input can be hashed without compiling.
 */
export function withImports(sources: Record<string, string>, baseDir: string): Record<string, string> {
  const all: Record<string, string> = { ...sources };
  const pending = Object.keys(sources);
  for (let unit = pending.pop(); unit !== undefined; unit = pending.pop()) {
    for (const path of importPaths(all[unit] ?? "")) {
      const name = sourceUnitName(unit, path);
      if (name in all) continue;
      all[name] = readImport(name, baseDir);
      pending.push(name);
    }
  }
  return Object.fromEntries(Object.entries(all).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/**
 * The standard JSON input of a compilation: `sources` and all they import, and the settings. Everything solc's
 * output depends on but the compiler itself.
 */
export function solidityInput(
  sources: Record<string, string>,
  options: { baseDir?: string; settings?: Partial<CompileSettings> } = {},
) {
  const settings = { ...defaultCompileSettings, ...options.settings };
  const all = withImports(sources, options.baseDir ?? contractsRoot);
  return {
    language: "Solidity",
    sources: Object.fromEntries(Object.entries(all).map(([path, content]) => [path, { content }])),
    settings: {
      optimizer: { enabled: true, runs: settings.optimizerRuns },
      viaIR: settings.viaIR,
      evmVersion: settings.evmVersion,
      outputSelection: { "*": { "*": ["abi", "evm.bytecode.object", "evm.deployedBytecode.object"] } },
    },
  };
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
  const input = solidityInput(sources, options);
  // Every import is in the input already: an import solc still asks for is one `importPaths` missed.
  const output = JSON.parse(
    solc.compile(JSON.stringify(input), {
      import: (path) => ({ error: `import ${path} missing from the input (see importPaths)` }),
    }),
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
