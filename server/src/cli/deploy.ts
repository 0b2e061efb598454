import {
  deployKassa,
  deployTestTokens,
  maxFeeBps,
  mintTestTokens,
  permit2Address,
  rpcChain,
  type DeployTestTokensReturnType,
} from "@kassa/contracts";
import { Command, InvalidArgumentError } from "commander";
import { createPublicClient, createWalletClient, http, isAddress, type Address } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { hasCode } from "../chain/preflight.js";
import { loadConfig } from "../config/index.js";
import { printFields, UsageError } from "./output.js";
import { integerArg, jsonOption, runPlain } from "./runner.js";

function addressArg(value: string): Address {
  if (!isAddress(value, { strict: false }))
    throw new InvalidArgumentError("must be a 0x-prefixed 20-byte address");
  return value;
}

/** Whole tokens of each test token `--test-tokens` mints to the deployer. */
const TEST_TOKEN_GRANT = 1_000_000n;

/**
 * What to run next. `kassa deploy` does not open Kassa's database, so it names both commands: `chain update`
 * for a chain Kassa lists (the known testnets, or one added before), `chain add` for a new one. The RPC URL
 * is left for the operator to write: it may hold a provider's key.
 */
function registerHint(
  chainId: number,
  contracts: { gateway: Address; forwarder: Address },
  deployer: Address,
  tokens: DeployTestTokensReturnType | undefined,
): string {
  const addresses = `--rpc-url <url> --gateway ${contracts.gateway} --forwarder ${contracts.forwarder}`;
  return [
    "",
    "Register it (`kassa admin chain list` shows the chains Kassa knows):",
    `  a chain Kassa knows:  kassa admin chain update ${chainId} ${addresses}`,
    `  a new chain:          kassa admin chain add --network-id ${chainId} --name "<name>" ${addresses}`,
    ...(tokens
      ? [
          `Then whitelist each test token (the deployer holds ${TEST_TOKEN_GRANT} of each):`,
          ...Object.values(tokens).map(
            (token) =>
              `  kassa admin token add --chain ${chainId} --address ${token} --probe-holder ${deployer}`,
          ),
        ]
      : []),
  ].join("\n");
}

/** `kassa deploy`: deploys the forwarder and the gateway to any chain, paid by DEPLOYER_PRIVATE_KEY. */
export function deployCommand(): Command {
  return jsonOption(
    new Command("deploy")
      .description(
        "deploy the ERC2771Forwarder and the PaymentGateway to a chain (pays with DEPLOYER_PRIVATE_KEY)",
      )
      .requiredOption("--rpc-url <url>", "JSON-RPC URL of the chain")
      .requiredOption("--chain-id <id>", "EIP-155 chain id the RPC must report", integerArg)
      .requiredOption(
        "--signer <address>",
        "address of the Kassa signer (KASSA_SIGNER_PRIVATE_KEY's address)",
        addressArg,
      )
      .requiredOption("--treasury <address>", "address that receives the fees", addressArg)
      .option("--fee-bps <bps>", `default fee in basis points, 0..${maxFeeBps}`, integerArg, 100)
      .option("--owner <address>", "owner of the gateway configuration (default: the deployer)", addressArg)
      .option(
        "--test-tokens",
        `also deploy the test tokens and mint ${TEST_TOKEN_GRANT} of each to the deployer (development chains only)`,
        false,
      )
      .option(
        "--no-permit2",
        "deploy a gateway without Permit2 payments (for a chain where Uniswap's Permit2 is not deployed)",
      ),
  ).action((opts) =>
    runPlain(opts.json, async (out) => {
      const key = loadConfig().deployerPrivateKey;
      if (!key) throw new UsageError("set DEPLOYER_PRIVATE_KEY to the key that pays for the deployment");
      const account = privateKeyToAccount(key.reveal());
      const chain = rpcChain(opts.chainId, `chain ${opts.chainId}`, opts.rpcUrl);
      const publicClient = createPublicClient({ chain, transport: http(opts.rpcUrl) });
      const reported = await publicClient.getChainId();
      if (reported !== opts.chainId) {
        throw new UsageError(`the RPC reports chain id ${reported}, not ${opts.chainId}`);
      }
      if (opts.permit2 && !(await hasCode(publicClient, permit2Address))) {
        throw new UsageError(
          `Uniswap's Permit2 is not deployed at ${permit2Address} on chain ${opts.chainId}: deploy it there ` +
            "first (its canonical deployment), or pass --no-permit2 for a gateway without Permit2 payments",
        );
      }
      const walletClient = createWalletClient({ account, chain, transport: http(opts.rpcUrl) });
      out.progress(`deploying from ${account.address} to chain ${opts.chainId}...`);
      const contracts = await deployKassa({
        walletClient,
        publicClient,
        owner: opts.owner,
        signer: opts.signer,
        treasury: opts.treasury,
        defaultFeeBps: opts.feeBps,
        ...(opts.permit2 ? {} : { permit2: null }),
      });
      let tokens: DeployTestTokensReturnType | undefined;
      if (opts.testTokens) {
        tokens = await deployTestTokens({ walletClient, publicClient });
        out.progress(`minting ${TEST_TOKEN_GRANT} of each test token to ${account.address}...`);
        const holders = [account.address];
        await mintTestTokens({ walletClient, publicClient, tokens, holders, wholeTokens: TEST_TOKEN_GRANT });
      }
      out.result({ chainId: opts.chainId, ...contracts, ...(tokens ? { tokens } : {}) }, (result) => {
        printFields([
          ["Forwarder", result.forwarder],
          ["Gateway", result.gateway],
          ...Object.entries(tokens ?? {}).map(
            ([name, address]) => [`Token ${name}`, address] as [string, string],
          ),
        ]);
        console.log(registerHint(opts.chainId, result, account.address, tokens));
      });
    }),
  );
}
