import { erc2771ForwarderAbi, paymentGatewayAbi, permit2Address, testTokenAbi } from "@kassa/contracts";
import { anvilAccount, anvilPrivateKeys, startAnvil, type AnvilInstance } from "@kassa/contracts/dev";
import { createPublicClient, http, zeroAddress, type Address, type PublicClient } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runKassa, runKassaWith as kassa } from "../harness/cli.js";
import { createTestDatabase } from "../harness/db.js";

let anvil: AnvilInstance;
let client: PublicClient;

beforeAll(async () => {
  anvil = await startAnvil({ chainId: 4242 });
  client = createPublicClient({ transport: http(anvil.rpcUrl) });
});

afterAll(async () => {
  await anvil?.stop();
});

describe("kassa deploy", () => {
  const signer = anvilAccount(1).address;
  const treasury = anvilAccount(2).address;
  const deployer = { DEPLOYER_PRIVATE_KEY: anvilPrivateKeys[0] as string };
  /** The arguments of `kassa deploy` to the chain `chainId` at `rpcUrl`, with the test signer and treasury. */
  const deployTo = (rpcUrl: string, chainId: string) => [
    "deploy",
    "--rpc-url",
    rpcUrl,
    "--chain-id",
    chainId,
    "--signer",
    signer,
    "--treasury",
    treasury,
  ];

  it("deploys a forwarder and a gateway configured as asked", async () => {
    const result = await kassa(deployer, ...deployTo(anvil.rpcUrl, "4242"), "--fee-bps", "250", "--json");
    expect(result.code).toBe(0);
    expect(result.stdout).not.toContain(anvilPrivateKeys[0]);
    expect(result.stderr).not.toContain(anvilPrivateKeys[0]);
    const deployed = JSON.parse(result.stdout) as { chainId: number; gateway: Address; forwarder: Address };
    expect(deployed.chainId).toBe(4242);

    const trusted = await client.readContract({
      address: deployed.gateway,
      abi: paymentGatewayAbi,
      functionName: "trustedForwarder",
    });
    expect(trusted).toBe(deployed.forwarder);
    const read = (functionName: "signer" | "treasury" | "defaultFeeBps") =>
      client.readContract({ address: deployed.gateway, abi: paymentGatewayAbi, functionName });
    expect(await read("signer")).toBe(signer);
    expect(await read("treasury")).toBe(treasury);
    expect(await read("defaultFeeBps")).toBe(250);
    const domain = await client.readContract({
      address: deployed.forwarder,
      abi: erc2771ForwarderAbi,
      functionName: "eip712Domain",
    });
    expect(domain[1]).toBe("ERC2771Forwarder");
  });

  it("refuses an RPC whose chain id differs, before sending anything", async () => {
    const result = await kassa(deployer, ...deployTo(anvil.rpcUrl, "1"));
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("the RPC reports chain id 4242, not 1");
  });

  it("refuses a chain without Permit2, unless asked for a gateway without Permit2 payments", async () => {
    const bare = await startAnvil({ chainId: 4243, permit2: false });
    try {
      const args = deployTo(bare.rpcUrl, "4243");
      const refused = await kassa(deployer, ...args);
      expect(refused.code).toBe(2);
      expect(refused.stderr).toContain(
        `Uniswap's Permit2 is not deployed at ${permit2Address} on chain 4243`,
      );
      const bareClient = createPublicClient({ transport: http(bare.rpcUrl) });
      await expect(bareClient.getTransactionCount({ address: anvilAccount(0).address })).resolves.toBe(0);

      const deployed = await kassa(deployer, ...args, "--no-permit2", "--json");
      expect(deployed.code).toBe(0);
      const { gateway } = JSON.parse(deployed.stdout) as { gateway: Address };
      await expect(
        bareClient.readContract({ address: gateway, abi: paymentGatewayAbi, functionName: "permit2" }),
      ).resolves.toBe(zeroAddress);
    } finally {
      await bare.stop();
    }
  });

  it("with --test-tokens, funds the deployer and prints the commands that register the new chain and its tokens", async () => {
    const fresh = await startAnvil({ chainId: 4244 });
    const database = await createTestDatabase();
    try {
      const result = await kassa(deployer, ...deployTo(fresh.rpcUrl, "4244"), "--test-tokens");
      expect(result.code, result.stderr).toBe(0);
      // The RPC URL may hold a provider's key: the hint leaves it for the operator to write.
      expect(result.stdout).not.toContain(fresh.rpcUrl);
      const lines = result.stdout.split("\n").map((line) => line.trim());
      const add = lines.find((line) => line.startsWith("a new chain:"))?.replace(/^a new chain:\s+/, "");
      expect(add).toMatch(
        /^kassa admin chain add --network-id 4244 --name "<name>" --rpc-url <url> --gateway 0x/,
      );
      const tokenAdds = lines.filter((line) => line.startsWith("kassa admin token add --chain 4244"));
      expect(tokenAdds).toHaveLength(3);

      // Followed as printed (the name and the URL filled in), on a database that does not know chain 4244.
      const args = (command: string) =>
        command
          .replace(/^kassa /, "")
          .replace('"<name>"', "Local")
          .replace("<url>", fresh.rpcUrl)
          .split(" ");
      const registered = await runKassa(database.url, ...args(add!));
      expect(registered.code, registered.stderr).toBe(0);
      for (const command of tokenAdds) {
        const added = await runKassa(database.url, ...args(command));
        expect(added.code, added.stderr).toBe(0);
      }
      const token = tokenAdds[0]!.split(" --address ")[1]!.split(" ")[0] as Address;
      const freshClient = createPublicClient({ transport: http(fresh.rpcUrl) });
      expect(
        await freshClient.readContract({
          address: token,
          abi: testTokenAbi,
          functionName: "balanceOf",
          args: [anvilAccount(0).address],
        }),
      ).toBe(10n ** 24n);
    } finally {
      await database.close();
      await fresh.stop();
    }
  });

  it("asks for DEPLOYER_PRIVATE_KEY when it is missing", async () => {
    const result = await kassa({}, ...deployTo(anvil.rpcUrl, "4242"));
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("set DEPLOYER_PRIVATE_KEY");
  });
});
