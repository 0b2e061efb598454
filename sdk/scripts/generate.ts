/**
 * Generates the SDK's two generated files:
 * - `sdk/src/generated/openapi.ts` from Kassa's OpenAPI document, the file `docs/openapi.json` (written
 *   by `npm run generate:openapi`, which runs `kassa openapi`; a server test keeps it equal to what the
 *   server serves): openapi-typescript turns it into types. The SDK never imports the server.
 * - `sdk/src/generated/abi.ts`: what a payer's wallet needs of the contracts, taken from the ABIs the
 *   contracts build generates (`@kassa/contracts/abi`): the gateway's `pay` with every error and event
 *   of the gateway, and the ERC-20 calls and errors of an approval and a transfer.
 * `--check` only compares and exits 1 when a committed file is stale.
 *
 *   npm run generate:sdk               the document, then this (from the repository's root)
 *   npm run generate -w sdk            this alone: the types from the document as it is
 *   npm run generate -w sdk -- --check fail when the types are out of date
 */
import { readFile, writeFile } from "node:fs/promises";
import { fileURLToPath, pathToFileURL } from "node:url";
import openapiTS, { astToString, type OpenAPI3 } from "openapi-typescript";
import * as prettier from "prettier";
import { paymentGatewayAbi, testTokenAbi } from "@kassa/contracts/abi";

export const GENERATED_TYPES_PATH = fileURLToPath(new URL("../src/generated/openapi.ts", import.meta.url));
export const GENERATED_ABI_PATH = fileURLToPath(new URL("../src/generated/abi.ts", import.meta.url));
export const OPENAPI_DOCUMENT_PATH = fileURLToPath(new URL("../../docs/openapi.json", import.meta.url));

const HEADER = `/**
 * GENERATED FILE, DO NOT EDIT.
 * Types of Kassa's HTTP API, made by openapi-typescript from the OpenAPI document the server serves at
 * /api/v1/openapi.json (docs/openapi.json). Regenerate with \`npm run generate:sdk\` after changing a
 * route or a schema.
 */

`;

/** Kassa's OpenAPI document, as committed in docs/openapi.json. */
export async function readOpenApiDocument(): Promise<OpenAPI3> {
  return JSON.parse(await readFile(OPENAPI_DOCUMENT_PATH, "utf8")) as OpenAPI3;
}

/** The text `sdk/src/generated/openapi.ts` must hold for `document` (default: docs/openapi.json). */
export async function generateOpenApiTypes(document?: OpenAPI3): Promise<string> {
  const ast = await openapiTS(document ?? (await readOpenApiDocument()), { silent: true });
  const source = HEADER + astToString(ast);
  const options = await prettier.resolveConfig(GENERATED_TYPES_PATH);
  return prettier.format(source, { ...options, filepath: GENERATED_TYPES_PATH });
}

type AbiItem = (typeof paymentGatewayAbi)[number] | (typeof testTokenAbi)[number];

/**
 * The ERC-20 calls a payer makes before `pay()`, and `transfer` (paying a payment's deposit address), as
 * OpenZeppelin's ERC-20 declares them.
 */
const ERC20_PAYER_FUNCTIONS = new Set([
  "approve",
  "allowance",
  "balanceOf",
  "decimals",
  "symbol",
  "transfer",
]);

const ABI_HEADER = `/**
 * GENERATED FILE, DO NOT EDIT.
 * What a payer's wallet needs of Kassa's contracts, taken from the ABIs the contracts build generates.
 * Regenerate with \`npm run generate:sdk\` after changing the contracts.
 */

`;

/** The text \`sdk/src/generated/abi.ts\` must hold. */
export async function generateAbiModule(): Promise<string> {
  const gateway = paymentGatewayAbi.filter(
    (item: AbiItem) =>
      item.type === "error" || item.type === "event" || (item.type === "function" && item.name === "pay"),
  );
  const erc20 = testTokenAbi.filter(
    (item: AbiItem) =>
      (item.type === "function" && ERC20_PAYER_FUNCTIONS.has(item.name)) ||
      (item.type === "error" && item.name.startsWith("ERC20")),
  );
  const source =
    ABI_HEADER +
    "/** `PaymentGateway.pay()`, with every error and event of the gateway (for decoding reverts and logs). */\n" +
    `export const gatewayAbi = ${JSON.stringify(gateway)} as const;\n\n` +
    "/**\n * The ERC-20 calls and errors a payer needs (OpenZeppelin's ERC-20): `approve` before `pay()`, `transfer` to a\n" +
    " * deposit address. Not named `erc20Abi`, so it does not shadow viem's export of that name.\n */\n" +
    `export const tokenAbi = ${JSON.stringify(erc20)} as const;\n`;
  const options = await prettier.resolveConfig(GENERATED_ABI_PATH);
  return prettier.format(source, { ...options, filepath: GENERATED_ABI_PATH });
}

/** Each generated file: where it goes and what it must hold. */
async function generatedFiles(): Promise<{ path: string; expected: string }[]> {
  return [
    { path: GENERATED_TYPES_PATH, expected: await generateOpenApiTypes() },
    { path: GENERATED_ABI_PATH, expected: await generateAbiModule() },
  ];
}

async function main(argv: string[]): Promise<number> {
  const check = argv.includes("--check");
  let stale = 0;
  for (const { path, expected } of await generatedFiles()) {
    const name = path.slice(path.indexOf("sdk/src/"));
    const current = await readFile(path, "utf8").catch(() => undefined);
    if (current === expected) {
      console.log(`${name} is up to date`);
    } else if (check) {
      console.error(`${name} is stale: run \`npm run generate:sdk\``);
      stale++;
    } else {
      await writeFile(path, expected);
      console.log(`wrote ${name}`);
    }
  }
  return stale === 0 ? 0 : 1;
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = await main(process.argv.slice(2));
}
