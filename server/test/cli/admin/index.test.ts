import { deployFeeOnTransferToken, deployTestTokens, testTokenAbi } from "@kassa/contracts";
import { anvilAccount, startAnvil, type AnvilInstance } from "@kassa/contracts/dev";
import { createPublicClient, createWalletClient, http, type Address } from "viem";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { hashKey } from "../../../src/domain/ids.js";
import { createTestDatabase, type TestDatabase } from "../../harness/db.js";
import { runKassa, runKassaJson } from "../../harness/cli.js";

let database: TestDatabase;
let anvil: AnvilInstance;
let tokens: { permit18: Address; permit6: Address; plain: Address; feeOnTransfer: Address };
/** Holds some of every test token, for the fee-on-transfer probe. */
const holder = anvilAccount(0).address;
/** The merchants' recipient wallet. */
const recipient = anvilAccount(3).address;

// Each command is a process of its own (about a second, far more on a busy machine).
vi.setConfig({ testTimeout: 300_000 });

const kassa = (...args: string[]) => runKassa(database.url, ...args);
const kassaJson = <T = Record<string, unknown>>(...args: string[]) => runKassaJson<T>(database.url, ...args);
/** `--chain <the test chain>`, for the commands that name it. */
const onChain = () => ["--chain", String(anvil.chainId)];
/** The arguments of `kassa admin token add` of `address` on the test chain, then `flags`. */
const tokenAdd = (address: string, ...flags: string[]) => [
  "admin",
  "token",
  "add",
  ...onChain(),
  "--address",
  address,
  ...flags,
];
/** The arguments of `kassa admin merchant create` of a merchant `name` on the test chain, then `flags`. */
const merchantCreate = (name: string, ...flags: string[]) => [
  "admin",
  "merchant",
  "create",
  "--name",
  name,
  ...onChain(),
  "--recipient",
  recipient,
  ...flags,
];
/** The arguments of `kassa admin payment-method <action>` of the 6-decimals token for `merchantKey`, then `flags`. */
const paymentMethod = (action: string, merchantKey: string, ...flags: string[]) => [
  "admin",
  "payment-method",
  action,
  merchantKey,
  "--token",
  tokens.permit6,
  ...flags,
];

beforeAll(async () => {
  database = await createTestDatabase();
  anvil = await startAnvil();
  const transport = http(anvil.rpcUrl);
  const walletClient = createWalletClient({ account: anvilAccount(0), transport });
  const publicClient = createPublicClient({ transport });
  const deployed = await deployTestTokens({ walletClient, publicClient });
  const feeOnTransfer = await deployFeeOnTransferToken({ walletClient, publicClient, transferFeeBps: 100 });
  tokens = { ...deployed, feeOnTransfer };
  for (const token of [deployed.permit6, deployed.plain, feeOnTransfer]) {
    const hash = await walletClient.writeContract({
      address: token,
      abi: testTokenAbi,
      functionName: "mint",
      args: [holder, 10n ** 18n],
      chain: null,
    });
    await publicClient.waitForTransactionReceipt({ hash });
  }
});

afterAll(async () => {
  await anvil?.stop();
  await database?.close();
});

describe("kassa admin", () => {
  it("adds, updates and lists a chain", async () => {
    const added = await kassaJson(
      "admin",
      "chain",
      "add",
      "--network-id",
      String(anvil.chainId),
      "--name",
      "Local",
      "--testnet",
      "--rpc-url",
      anvil.rpcUrl,
    );
    expect(added).toMatchObject({
      networkId: anvil.chainId,
      name: "Local",
      isTestnet: true,
      rpcUrl: anvil.rpcUrl,
    });

    const updated = await kassaJson(
      "admin",
      "chain",
      "update",
      String(anvil.chainId),
      "--confirmations",
      "3",
    );
    expect(updated).toMatchObject({ networkId: anvil.chainId, confirmations: 3, rpcUrl: anvil.rpcUrl });

    const chains = await kassaJson<{ networkId: number }[]>("admin", "chain", "list");
    expect(chains.map((chain) => chain.networkId).sort((a, b) => a - b)).toEqual(
      [97, anvil.chainId, 80002, 11155111].sort((a, b) => a - b),
    );
  });

  it("reads symbol, decimals and permit support of a token from the chain", async () => {
    const chainId = String(anvil.chainId);
    const permit6 = await kassaJson(...tokenAdd(tokens.permit6, "--probe-holder", holder));
    expect(permit6).toMatchObject({
      symbol: "KUSD",
      decimals: 6,
      permitSupported: true,
      enabled: true,
      priceSource: null,
    });
    const plain = await kassaJson(
      ...tokenAdd(tokens.plain, "--skip-probe", "--price-source", "coingecko:kassa-plain"),
    );
    expect(plain).toMatchObject({
      symbol: "KPT",
      decimals: 18,
      permitSupported: false,
      priceSource: "coingecko:kassa-plain",
    });

    const cleared = await kassaJson(
      "admin",
      "token",
      "price-source",
      "--chain",
      chainId,
      "--address",
      tokens.plain,
      "none",
    );
    expect(cleared).toMatchObject({ priceSource: null });
    expect(await database.db.selectFrom("token_price_sources").selectAll().execute()).toEqual([]);

    const listed = await kassaJson<{ address: string }[]>("admin", "token", "list", "--chain", chainId);
    expect(listed.map((token) => token.address.toLowerCase()).sort()).toEqual(
      [tokens.permit6, tokens.plain].map((address) => address.toLowerCase()).sort(),
    );
  });

  it("refuses a fee-on-transfer token found by the probe, and asks for a probe holder", async () => {
    const refused = await kassa(...tokenAdd(tokens.feeOnTransfer, "--probe-holder", holder, "--json"));
    expect(refused.code).toBe(1);
    const body = JSON.parse(refused.stdout) as { code: string; message: string };
    expect(body.code).toBe("UNSUPPORTED_TOKEN");
    expect(body.message).toContain("fee-on-transfer");

    const unprobed = await kassa(...tokenAdd(tokens.feeOnTransfer));
    expect(unprobed.code).toBe(2);
    expect(unprobed.stderr).toContain("--probe-holder");

    const empty = await kassa(
      ...tokenAdd(tokens.permit18, "--probe-holder", anvilAccount(8).address, "--json"),
    );
    expect(JSON.parse(empty.stdout)).toMatchObject({ code: "VALIDATION_ERROR" });

    const rows = await database.db.selectFrom("tokens").select("address").execute();
    expect(rows.map((row) => row.address)).not.toContain(tokens.feeOnTransfer);
  });

  it("refuses a bad price source before adding the token", async () => {
    const result = await kassa(
      ...tokenAdd(tokens.permit18, "--skip-probe", "--price-source", "oracle:x", "--json"),
    );
    expect(result.code).toBe(2);
    expect(JSON.parse(result.stdout)).toMatchObject({ code: "VALIDATION_ERROR" });
    const row = await database.db
      .selectFrom("tokens")
      .select("id")
      .where("address", "=", tokens.permit18)
      .executeTakeFirst();
    expect(row).toBeUndefined();
  });

  it("refuses an address that is not an ERC-20 with TOKEN_INFO_ERROR", async () => {
    const notAToken = anvilAccount(7).address;
    const human = await kassa(...tokenAdd(notAToken, "--skip-probe"));
    expect(human.code).toBe(1);
    expect(human.stderr).toContain("error TOKEN_INFO_ERROR:");
    expect(human.stderr).not.toContain("    at ");

    const json = await kassa(...tokenAdd(notAToken, "--skip-probe", "--json"));
    expect(json.code).toBe(1);
    expect(JSON.parse(json.stdout)).toMatchObject({ code: "TOKEN_INFO_ERROR" });
  });

  it("creates a merchant, shows its keys once and stores them hashed", async () => {
    const created = await kassaJson<{
      merchant: { merchantKey: string; merchantId: string };
      apiKey: string;
      publicKey: string;
      webhookSecret: string;
    }>(...merchantCreate("Shop", "--faucet"));
    expect(created.apiKey).toMatch(/^sk_/);
    expect(created.publicKey).toMatch(/^pk_/);
    expect(created.webhookSecret).toMatch(/^whsec_/);
    expect(created.merchant.merchantId).toMatch(/^0x[0-9a-f]{64}$/);

    const row = await database.db
      .selectFrom("merchants")
      .selectAll()
      .where("merchant_key", "=", created.merchant.merchantKey)
      .executeTakeFirstOrThrow();
    expect(row.api_key_hash).toBe(hashKey(created.apiKey));
    expect(JSON.stringify(row)).not.toContain(created.apiKey);

    const listed = await kassa("admin", "merchant", "list", "--json");
    expect(listed.stdout).toContain(created.merchant.merchantKey);
    expect(listed.stdout).not.toContain(created.apiKey);
    expect(listed.stdout).not.toContain(created.webhookSecret);

    const updated = await kassaJson(
      "admin",
      "merchant",
      "update",
      created.merchant.merchantKey,
      "--no-faucet",
      "--webhook-url",
      "https://shop.example/hooks",
    );
    expect(updated).toMatchObject({ faucetEnabled: false, webhookUrl: "https://shop.example/hooks" });

    const rotated = await kassaJson<{ apiKey: string; publicKey: string }>(
      "admin",
      "merchant",
      "rotate-keys",
      created.merchant.merchantKey,
    );
    expect(rotated.apiKey).not.toBe(created.apiKey);
    const after = await database.db
      .selectFrom("merchants")
      .select(["api_key_hash", "public_key"])
      .where("merchant_key", "=", created.merchant.merchantKey)
      .executeTakeFirstOrThrow();
    expect(after.api_key_hash).toBe(hashKey(rotated.apiKey));
    expect(after.public_key).toBe(rotated.publicKey);

    const method = await kassaJson(...paymentMethod("add", created.merchant.merchantKey));
    expect(method).toMatchObject({ symbol: "KUSD", is_enabled: true });
    const disabled = await kassaJson(...paymentMethod("disable", created.merchant.merchantKey));
    expect(disabled).toMatchObject({ is_enabled: false });
  });

  it("lists a merchant's payment methods and rotates its webhook secret", async () => {
    const created = await kassaJson<{ merchant: { merchantKey: string }; webhookSecret: string }>(
      ...merchantCreate("Methods"),
    );
    await kassaJson(...paymentMethod("add", created.merchant.merchantKey, "--disabled"));

    const methods = await kassaJson<{ tokenAddress: string; is_enabled: boolean }[]>(
      "admin",
      "payment-method",
      "list",
      "--merchant",
      created.merchant.merchantKey,
    );
    expect(methods).toEqual([expect.objectContaining({ tokenAddress: tokens.permit6, is_enabled: false })]);
    const table = await kassa("admin", "payment-method", "list", "--merchant", created.merchant.merchantKey);
    expect(table.stdout).toMatch(new RegExp(`${tokens.permit6}\\s+KUSD\\s+false`));

    const rotatedSecret = await kassaJson<{ webhookSecret: string }>(
      "admin",
      "merchant",
      "rotate-webhook-secret",
      created.merchant.merchantKey,
    );
    expect(rotatedSecret.webhookSecret).toMatch(/^whsec_/);
    expect(rotatedSecret.webhookSecret).not.toBe(created.webhookSecret);
    const stored = await database.db
      .selectFrom("merchants")
      .select("webhook_secret")
      .where("merchant_key", "=", created.merchant.merchantKey)
      .executeTakeFirstOrThrow();
    expect(stored.webhook_secret).toBe(rotatedSecret.webhookSecret);
    const human = await kassa("admin", "merchant", "rotate-webhook-secret", created.merchant.merchantKey);
    expect(human.code).toBe(0);
    expect(human.stdout).toContain("shown once");
  });

  it("refuses a merchant that could never take a payment, unless created disabled", async () => {
    const chainless = await kassa(
      "admin",
      "merchant",
      "create",
      "--name",
      "Nowhere",
      "--recipient",
      recipient,
    );
    expect(chainless.code).toBe(2);
    expect(chainless.stderr).toContain("--chain <networkId>");
    expect(chainless.stderr).not.toContain("--recipient <address>");
    expect(chainless.stderr).not.toContain("    at ");
    const bare = await kassa("admin", "merchant", "create", "--name", "Nowhere", "--json");
    expect(bare.code).toBe(2);
    expect(bare.stderr).toContain("--chain <networkId> and --recipient <address>");
    expect(bare.stdout).toBe("");
    const refused = await database.db
      .selectFrom("merchants")
      .select("id")
      .where("name", "=", "Nowhere")
      .execute();
    expect(refused).toEqual([]);

    const created = await kassaJson<{ merchant: { merchantKey: string; isEnabled: boolean } }>(
      "admin",
      "merchant",
      "create",
      "--name",
      "Later",
      "--disabled",
    );
    expect(created.merchant.isEnabled).toBe(false);
    const enabled = await kassaJson(
      "admin",
      "merchant",
      "update",
      created.merchant.merchantKey,
      "--chain",
      String(anvil.chainId),
      "--recipient",
      recipient,
      "--enable",
    );
    expect(enabled).toMatchObject({ isEnabled: true, networkId: anvil.chainId, recipientAddress: recipient });
  });

  it("prints its version", async () => {
    const { version } = (await import("../../../package.json", { with: { type: "json" } })).default;
    for (const flag of ["--version", "-V"]) {
      const result = await kassa(flag);
      expect(result).toEqual({ code: 0, stdout: `${version}\n`, stderr: "" });
    }
  });

  it("names a bad argument and exits non-zero without touching the database", async () => {
    const result = await kassa("admin", "chain", "add", "--network-id", "abc", "--name", "x");
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("--network-id");
    expect(result.stderr).toContain("must be a whole number");

    const unknown = await kassa("admin", "payment-method", "lst");
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain("unknown command 'lst'");
    const missing = await kassa("admin", "payment-method", "list");
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain("--merchant <merchantKey>");
  });

  it("answers an unknown merchant with NOT_FOUND", async () => {
    const result = await kassa("admin", "merchant", "rotate-keys", "mch_doesnotexist", "--json");
    expect(result.code).toBe(1);
    expect(JSON.parse(result.stdout)).toMatchObject({ code: "NOT_FOUND" });
  });
});
