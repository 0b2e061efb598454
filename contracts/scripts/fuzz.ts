/**
 * The gateway's invariant campaign (contracts/fuzz, docs/architecture.md "What the gateway guarantees"): writes the
 * production bytecode from `src/generated` where the campaign reads it, runs forge's invariant test over it, prints
 * progress while it runs, then the figures (calls, time, calls per second, seed), what each entry point was
 * submitted and let through, and what was found.
 *
 *   npm run fuzz -w contracts -- [--calls N] [--seed S] [--depth D] [--gateway 3|2] [--survey] [--expect-known]
 *
 * --calls      handler calls in all (default 20,000), in runs of --depth calls (default 100) from a fresh chain
 * --seed       forge's fuzz seed (default 1): the same seed, bytecode and campaign give the same calls
 * --gateway    3: the gateway as built (default); 2: the frozen version 2 (`PaymentGatewayV2`)
 * --survey     keep going after a violation (the run it broke stops acting) and report the call at which each kind
 *              first showed; the default for --gateway 2
 * --expect-known  fail unless every finding that contracts/fuzz/known-findings.json lists for this bytecode showed
 *
 * A violation fails the command (exit 1) unless known-findings.json lists its kind for this exact bytecode (by its
 * SHA-256): only the frozen version 2 has known findings.
 */
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { parseArgs } from "node:util";

import { contractsRoot } from "../src/compile.js";
import { erc2771ForwarderBytecode } from "../src/generated/ERC2771Forwarder.js";
import { paymentGatewayBytecode } from "../src/generated/PaymentGateway.js";
import { paymentGatewayV2Bytecode } from "../src/generated/PaymentGatewayV2.js";
import { permit2DeployedBytecode } from "../src/generated/Permit2.js";

interface KnownFinding {
  name: string;
  /** The violation kinds (GatewayHandler's `_violate`) this finding shows as. */
  kinds: string[];
}

interface KnownFindings {
  gateways: Record<string, { contract: string; findings: KnownFinding[] }>;
}

const fuzzRoot = join(contractsRoot, "fuzz");
const outDir = join(fuzzRoot, "out");
const progressFile = join(outDir, "progress.txt");
const foundFile = join(outDir, "found.txt");
const coverageFile = join(outDir, "coverage.txt");

const { values } = parseArgs({
  options: {
    calls: { type: "string", default: "20000" },
    seed: { type: "string", default: "1" },
    depth: { type: "string", default: "100" },
    gateway: { type: "string", default: "3" },
    survey: { type: "boolean", default: false },
    "expect-known": { type: "boolean", default: false },
  },
});

const calls = Number(values.calls);
const depth = Number(values.depth);
const seed = values.seed;
const version = values.gateway;
if (!Number.isSafeInteger(calls) || calls < 1 || !Number.isSafeInteger(depth) || depth < 1) {
  throw new Error("--calls and --depth take positive integers");
}
if (!/^(0x[0-9a-fA-F]+|[0-9]+)$/.test(seed)) throw new Error("--seed takes an integer");
if (version !== "3" && version !== "2") throw new Error("--gateway takes 3 or 2");
const survey = values.survey || version === "2";
const runs = Math.ceil(calls / depth);

/** The forge binary of the platform package `@foundry-rs/forge` installs (its launcher adds nothing we need). */
function forgeBinary(): string {
  const arch = { x64: "amd64", arm64: "arm64" }[process.arch as string];
  const pkg = `@foundry-rs/forge-${process.platform}-${arch}/package.json`;
  return join(
    dirname(createRequire(import.meta.url).resolve(pkg, { paths: [contractsRoot] })),
    "bin",
    "forge",
  );
}

function runForge(
  args: string[],
  env: Record<string, string>,
  onTick?: () => void,
): Promise<{ code: number; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(forgeBinary(), args, { cwd: fuzzRoot, env: { ...process.env, ...env } });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    const timer = onTick ? setInterval(onTick, 5_000) : undefined;
    child.on("error", reject);
    child.on("close", (code) => {
      if (timer) clearInterval(timer);
      resolve({ code: code ?? 1, output });
    });
  });
}

function readOr(path: string, fallback: string): string {
  return existsSync(path) ? readFileSync(path, "utf8") : fallback;
}

const count = (n: number) => n.toLocaleString("en-US");

const gatewayCode = version === "3" ? paymentGatewayBytecode : paymentGatewayV2Bytecode;
const contract = version === "3" ? "PaymentGateway" : "PaymentGatewayV2";
const sha = createHash("sha256").update(gatewayCode).digest("hex");
const known = (JSON.parse(readFileSync(join(fuzzRoot, "known-findings.json"), "utf8")) as KnownFindings)
  .gateways[sha];

// forge's build and cache in out/ stay: a campaign over unchanged sources starts without compiling.
for (const file of [progressFile, foundFile, coverageFile]) rmSync(file, { force: true });
rmSync(join(outDir, "failures"), { recursive: true, force: true });
mkdirSync(join(outDir, "bytecode"), { recursive: true });
writeFileSync(join(outDir, "bytecode", "gateway.hex"), gatewayCode);
writeFileSync(join(outDir, "bytecode", "Permit2.hex"), permit2DeployedBytecode);
writeFileSync(join(outDir, "bytecode", "ERC2771Forwarder.hex"), erc2771ForwarderBytecode);

const build = await runForge(["build"], {});
if (build.code !== 0) {
  console.error(build.output);
  throw new Error("forge build failed");
}

console.log(
  `fuzz: gateway v${version} (${contract}, bytecode sha256 ${sha.slice(0, 16)}…), ${count(calls)} calls in ${count(runs)} runs of ${depth}, seed ${seed}${survey ? ", survey" : ""}`,
);
const started = performance.now();
const campaign = await runForge(
  ["test", "--match-contract", "GatewayInvariants", "--fuzz-seed", seed],
  {
    FOUNDRY_INVARIANT_RUNS: String(runs),
    FOUNDRY_INVARIANT_DEPTH: String(depth),
    KASSA_FUZZ_GATEWAY_VERSION: version,
    KASSA_FUZZ_SURVEY: survey ? "1" : "0",
  },
  () => {
    const done = Number(readOr(progressFile, "0"));
    const seconds = (performance.now() - started) / 1000;
    console.log(`fuzz: ${count(done)} / ${count(calls)} calls, ${Math.round(done / seconds)} calls/s`);
  },
);
const seconds = (performance.now() - started) / 1000;

const summary = /\(runs: (\d+), calls: (\d+), reverts: (\d+)\)/.exec(campaign.output);
const made = summary ? Number(summary[2]) : Number(readOr(progressFile, "0"));
console.log(
  `fuzz: ${count(made)} calls in ${seconds.toFixed(1)} s (${Math.round(made / seconds)} calls/s), seed ${seed}, depth ${depth}`,
);
console.log(readOr(coverageFile, "(no run finished)\n").trimEnd());

const found = readOr(foundFile, "")
  .split("|")
  .filter((line) => line.length > 0)
  .map((line) => {
    const [kind = "", at = "0", ...detail] = line.split(" ");
    return { kind, at: Number(at), detail: detail.join(" ") };
  });
const knownKinds = new Map(
  known?.findings.flatMap((f) => f.kinds.map((kind) => [kind, f.name] as const)) ?? [],
);
let failed = false;
if (found.length === 0) console.log("fuzz: no violation");
for (const f of found) {
  const finding = knownKinds.get(f.kind);
  console.log(
    `fuzz: ${f.kind} first at call ${count(f.at)}: ${f.detail}${finding ? ` (known: ${finding})` : " (NOT KNOWN)"}`,
  );
  if (!finding) failed = true;
}
if (values["expect-known"]) {
  for (const finding of known?.findings ?? []) {
    if (!found.some((f) => finding.kinds.includes(f.kind))) {
      console.log(`fuzz: known finding not found: ${finding.name}`);
      failed = true;
    }
  }
  if (!known) {
    console.log(`fuzz: --expect-known, but no finding is known for bytecode ${sha}`);
    failed = true;
  }
}
if (campaign.code !== 0 && (!survey || !summary)) {
  // A strict campaign fails at its first violation: forge's output holds the sequence of calls that led to it.
  console.log(campaign.output);
  failed = true;
}
if (failed) process.exit(1);
