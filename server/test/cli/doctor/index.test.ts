/**
 * `kassa doctor` against a healthy system (anvil with the contracts, a migrated database, funded keys)
 * and against each failure it names, and `kassa start` refusing a fatal one with the same line.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { chmod, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { permit2Address } from "@kassa/contracts";
import { anvilPrivateKeys, freePort, startAnvil, type AnvilInstance } from "@kassa/contracts/dev";
import { sql } from "kysely";
import { parseEther, type Hex } from "viem";
import { generatePrivateKey } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import { checkBundles, checkPooling, checkSettings, checkTransfers } from "../../../src/cli/doctor/checks.js";
import { formatCheck, runChecks, type CheckResult } from "../../../src/cli/doctor/index.js";
import { defaultGaslessSettings } from "../../../src/config/gasless.js";
import { defaultConfig, type Config } from "../../../src/config/index.js";
import { sharesSessions } from "../../../src/db/operations/preflight.js";
import type { ChainRow } from "../../../src/db/schema/rows.js";
import { beatWorkerPools } from "../../../src/db/infra/workerHeartbeats.js";
import { Secret } from "../../../src/secret.js";
import { startTestApp, type TestApp } from "../../harness/app.js";
import { deadRpcUrl } from "../../harness/rpcProxy.js";
import { startTestChain, type TestChain } from "../../harness/chain.js";
import { runKassaWith } from "../../harness/cli.js";
import { createTestDatabase } from "../../harness/db.js";
import { waitFor } from "../../harness/waitFor.js";

const ORIGIN = "https://pay.shop.example";
const RELAYER = anvilPrivateKeys[7] as Hex;
const FAUCET = anvilPrivateKeys[8] as Hex;

let chain: TestChain;
let t: TestApp;
let work: string;

/** A healthy production configuration of the test system; `overrides` breaks one thing. */
function healthy(overrides: Partial<Config> = {}): Config {
  return defaultConfig({
    databaseUrl: new Secret(t.database.url),
    signerPrivateKey: chain.signerKey,
    publicBaseUrl: ORIGIN,
    allowedWidgetOrigin: ORIGIN,
    trustProxy: 1,
    gasless: defaultGaslessSettings({
      relayerKeys: new Map([[chain.chainId, [new Secret(RELAYER)]]]),
      faucetKeys: new Map([[chain.chainId, new Secret(FAUCET)]]),
      faucetDailyBudgetWei: parseEther("1"),
    }),
    ...overrides,
  });
}

const check = (results: CheckResult[], name: string) => {
  const found = results.find((result) => result.name === name);
  if (!found) throw new Error(`no "${name}" line in ${results.map((r) => r.name).join(", ")}`);
  return found;
};
const doctor = (config: Config) => runChecks(config, { api: true, forStart: false, rpcTimeoutMs: 2_000 });
const chainLine = (part: string) => `chain ${chain.chainId} ${part}`;

beforeAll(async () => {
  chain = await startTestChain();
  t = await startTestApp(chain);
  work = await mkdtemp(join(tmpdir(), "kassa-doctor-"));
  await beatWorkerPools(t.database.db, ["doctor-test-pool"]);
});
afterAll(async () => {
  await t?.close();
  await chain?.stop();
  if (work) await rm(work, { recursive: true, force: true });
});

describe("kassa doctor on a healthy system", () => {
  it("prints one ok line per check", async () => {
    const results = await doctor(healthy());
    expect(results.map((result) => [result.name, result.status])).toEqual([
      ["secret files", "ok"],
      ["signer", "ok"],
      ["settings", "ok"],
      ["bundles", "ok"],
      ["database", "ok"],
      ["migrations", "ok"],
      ["connection pooling", "ok"],
      ["workers", "ok"],
      [chainLine("rpc"), "ok"],
      [chainLine("contracts"), "ok"],
      [chainLine("transfers"), "ok"],
      [chainLine("relayer"), "ok"],
      [chainLine("faucet"), "ok"],
    ]);
    expect(formatCheck(check(results, chainLine("contracts")))).toBe(
      `ok    ${chainLine("contracts")}  gateway and forwarder deployed, signer ${chain.signerAccount.address}`,
    );
    expect(check(results, chainLine("transfers")).message).toBe(
      'offered: "Pay by transfer" on new payments (gateway version 3, the chain applies EIP-7702 authorizations; 1 relayer key(s) send the sweeps)',
    );
  });
});

describe("kassa doctor says per chain whether payments by transfer are offered, and why not", () => {
  it("not without a relayer key on the chain (sweeps need one), nor turned off", async () => {
    const noRelayer = healthy({
      gasless: defaultGaslessSettings({ faucetKeys: new Map([[chain.chainId, new Secret(FAUCET)]]) }),
    });
    expect(check(await doctor(noRelayer), chainLine("transfers"))).toMatchObject({
      status: "warn",
      fatal: false,
      message: `not offered: no relayer key (RELAYER_PRIVATE_KEYS_${chain.chainId}): the relayer sends the sweeps to the merchant and pays their gas`,
    });
    expect(check(await doctor(healthy({ transferPayments: false })), chainLine("transfers"))).toMatchObject({
      status: "ok",
      message: "off (TRANSFER_PAYMENTS=false): payments are paid with a wallet only",
    });
  });

  it("not on a chain without EIP-7702 for a version-3 gateway, and offered there on a version-2 one", async () => {
    for (const gatewayVersion of [3, 2] as const) {
      const cancun = await startTestChain({ anvil: { extraArgs: ["--hardfork", "cancun"] }, gatewayVersion });
      try {
        const row = (await sql<ChainRow>`SELECT * FROM chains LIMIT 1`.execute(t.database.db)).rows[0]!;
        const line = await checkTransfers(
          healthy({
            gasless: defaultGaslessSettings({
              relayerKeys: new Map([[cancun.chainId, [new Secret(RELAYER)]]]),
            }),
          }),
          { ...row, network_id: cancun.chainId, gateway_address: cancun.gateway.toLowerCase() },
          cancun.publicClient,
        );
        expect(line).toMatchObject(
          gatewayVersion === 3
            ? {
                status: "warn",
                message:
                  "not offered: the gateway (version 3) makes keyless EIP-7702 deposit accounts and the node refuses an EIP-7702 authorization: Eip7702 is not supported: a chain without EIP-7702 takes payments by transfer on a version-2 gateway only",
              }
            : {
                status: "ok",
                message:
                  'offered: "Pay by transfer" on new payments (gateway version 2; 1 relayer key(s) send the sweeps)',
              },
        );
      } finally {
        await cancun.stop();
      }
    }
  });
});

describe("kassa doctor names each failure", () => {
  it("a secret file other users can read (fatal), and one only its owner can", async () => {
    const path = join(work, "signer");
    await writeFile(path, `${chain.signerKey.reveal()}\n`, { mode: 0o644 });
    await chmod(path, 0o644);
    const open = { ...healthy(), secretFiles: [{ variable: "KASSA_SIGNER_PRIVATE_KEY", path }] };
    expect(check(await doctor(open), "secret files")).toMatchObject({
      status: "fail",
      fatal: true,
      message: `other users can read or change KASSA_SIGNER_PRIVATE_KEY_FILE ${path} (mode 0644): chmod 600 (or 640)`,
    });
    await chmod(path, 0o600);
    expect(check(await doctor(open), "secret files")).toMatchObject({ status: "ok" });
  });

  it("settings that contradict each other", () => {
    expect(checkSettings(healthy({ allowedWidgetOrigin: "https://other.example" }))).toMatchObject({
      status: "fail",
      fatal: true,
      message: expect.stringContaining(
        "ALLOWED_WIDGET_ORIGIN https://other.example is not PUBLIC_BASE_URL's origin",
      ),
    });
    expect(checkSettings(healthy({ publicBaseUrl: `${ORIGIN}/api/v1` }))).toMatchObject({
      status: "fail",
      fatal: true,
    });
    expect(checkSettings(healthy({ trustProxy: false }))).toMatchObject({
      status: "fail",
      fatal: false,
      message: expect.stringContaining("PUBLIC_BASE_URL is https but TRUST_PROXY is false"),
    });
    expect(checkSettings(healthy({ trustProxy: true }))).toMatchObject({
      status: "warn",
      message: expect.stringContaining("TRUST_PROXY=true trusts X-Forwarded-For from anyone"),
    });
    expect(
      checkSettings(healthy({ allowedWidgetOrigin: undefined, publicBaseUrl: undefined })),
    ).toMatchObject({
      status: "warn",
      message:
        "ALLOWED_WIDGET_ORIGIN is unset: public keys work from any origin; PUBLIC_BASE_URL is unset (and ALLOWED_WIDGET_ORIGIN, which would stand for it): no dashboard, no payer's /subscriptions page, the payment-link endpoints answer NOT_FOUND and subscriptions have no url",
    });
    // ALLOWED_WIDGET_ORIGIN alone stands for Kassa's public URL: the dashboard and payment links work.
    expect(checkSettings(healthy({ publicBaseUrl: undefined }))).toMatchObject({
      status: "ok",
      message: `served at ${ORIGIN}, widget origin and proxy consistent`,
    });
  });

  it("no signer key: a failure (no payment can be created), not fatal, and the contracts line leaves the signer unchecked", async () => {
    const results = await doctor(healthy({ signerPrivateKey: undefined }));
    expect(check(results, "signer")).toMatchObject({
      status: "fail",
      fatal: false,
      message:
        "KASSA_SIGNER_PRIVATE_KEY is unset: no payment can be created (POST /payments answers SIGNING_SERVICE_ERROR)",
    });
    expect(check(results, chainLine("contracts"))).toMatchObject({
      status: "warn",
      message: `deployed; the gateway's signer ${chain.signerAccount.address} is not checked`,
    });
    const { code, stdout } = await runKassaWith(
      {
        DATABASE_URL: t.database.url,
        PUBLIC_BASE_URL: ORIGIN,
        ALLOWED_WIDGET_ORIGIN: ORIGIN,
        TRUST_PROXY: "1",
      },
      "doctor",
    );
    expect(stdout).toMatch(/^FAIL\s+signer\s+KASSA_SIGNER_PRIVATE_KEY is unset/m);
    expect(code).toBe(1);
  });

  it("browser bundles missing (fatal)", async () => {
    expect(await checkBundles(work)).toMatchObject({
      status: "fail",
      fatal: true,
      message: expect.stringContaining("the browser bundles are not built"),
    });
  });

  it("a database that does not answer (fatal)", async () => {
    const results = await doctor(healthy({ databaseUrl: new Secret("postgres://kassa@127.0.0.1:1/none") }));
    expect(check(results, "database")).toMatchObject({ status: "fail", fatal: true });
    expect(check(results, "database").message).toMatch(/^cannot connect: /);
  });

  it("pending migrations, and migrations of a newer Kassa (fatal)", async () => {
    const empty = await createTestDatabase({ migrated: false });
    try {
      const pending = check(await doctor(healthy({ databaseUrl: new Secret(empty.url) })), "migrations");
      expect(pending).toMatchObject({ status: "fail", fatal: false });
      expect(pending.message).toMatch(/^\d+ pending \(001_initial\.sql, .*`kassa migrate` applies them/);
    } finally {
      await empty.close();
    }
    await sql`INSERT INTO kassa_migrations (id, name) VALUES (999, '999_future.sql')`.execute(t.database.db);
    try {
      expect(check(await doctor(healthy()), "migrations")).toMatchObject({
        status: "fail",
        fatal: true,
        message: expect.stringContaining("(999): it was migrated by a newer Kassa"),
      });
    } finally {
      await sql`DELETE FROM kassa_migrations WHERE id = 999`.execute(t.database.db);
    }
  });

  it("no worker running (a warning)", async () => {
    await sql`DELETE FROM worker_heartbeats`.execute(t.database.db);
    try {
      expect(check(await doctor(healthy()), "workers")).toMatchObject({ status: "warn" });
    } finally {
      await beatWorkerPools(t.database.db, ["doctor-test-pool"]);
    }
  });

  it("an RPC URL of another chain (fatal), and one that does not answer", async () => {
    let other: AnvilInstance | undefined;
    try {
      other = await startAnvil({ chainId: 5 });
      const wrong = healthy({
        rpcUrls: new Map([[chain.chainId, new Secret([chain.rpcUrl, other.rpcUrl])]]),
      });
      expect(check(await doctor(wrong), chainLine("rpc"))).toMatchObject({
        status: "fail",
        fatal: true,
        message: `RPC URL 2 of 2 answers chain id 5, not ${chain.chainId}: fix the URL`,
      });
    } finally {
      await other?.stop();
    }
    const dead = await deadRpcUrl();
    const silent = await doctor(
      healthy({ rpcUrls: new Map([[chain.chainId, new Secret([chain.rpcUrl, dead])]]) }),
    );
    expect(check(silent, chainLine("rpc"))).toMatchObject({ status: "warn" });
    expect(check(silent, chainLine("rpc")).message).toMatch(/^RPC URL 2 of 2 did not answer \(/);
    expect(check(silent, chainLine("rpc")).message).not.toContain(dead);
    const none = await doctor(healthy({ rpcUrls: new Map([[chain.chainId, new Secret([dead])]]) }));
    expect(check(none, chainLine("rpc"))).toMatchObject({ status: "fail", fatal: false });
  });

  it("a contract without code, and a gateway whose signer is not Kassa's key (both fatal)", async () => {
    const forwarder = chain.forwarder;
    const nobody = "0x000000000000000000000000000000000000dEaD";
    await sql`UPDATE chains SET forwarder_address = ${nobody} WHERE network_id = ${chain.chainId}`.execute(
      t.database.db,
    );
    try {
      expect(check(await doctor(healthy()), chainLine("contracts"))).toMatchObject({
        status: "fail",
        fatal: true,
        message: `no code at the forwarder ${nobody}: wrong address or chain`,
      });
    } finally {
      await sql`UPDATE chains SET forwarder_address = ${forwarder} WHERE network_id = ${chain.chainId}`.execute(
        t.database.db,
      );
    }
    // The gateway takes Permit2 payments: a chain where Permit2 has no code cannot serve them.
    const permit2Code = await chain.publicClient.getCode({ address: permit2Address });
    await chain.publicClient.request({
      method: "anvil_setCode" as never,
      params: [permit2Address, "0x"] as never,
    });
    try {
      expect(check(await doctor(healthy()), chainLine("contracts"))).toMatchObject({
        status: "fail",
        fatal: true,
        message: expect.stringContaining(`Permit2 ${permit2Address} has no code on this chain`),
      });
    } finally {
      await chain.publicClient.request({
        method: "anvil_setCode" as never,
        params: [permit2Address, permit2Code] as never,
      });
    }
    const otherSigner = healthy({ signerPrivateKey: new Secret(generatePrivateKey()) });
    const line = check(await doctor(otherSigner), chainLine("contracts"));
    expect(line).toMatchObject({ status: "fail", fatal: true });
    expect(line.message).toContain(
      `the gateway's signer is ${chain.signerAccount.address}, KASSA_SIGNER_PRIVATE_KEY is 0x`,
    );
  });

  it("relayer and faucet keys below the minimum balance, a faucet below a day's budget", async () => {
    const empty = generatePrivateKey();
    const poor = healthy({
      gasless: defaultGaslessSettings({
        relayerKeys: new Map([[chain.chainId, [new Secret(empty)]]]),
        faucetKeys: new Map([[chain.chainId, new Secret(generatePrivateKey())]]),
      }),
    });
    const results = await doctor(poor);
    expect(check(results, chainLine("relayer"))).toMatchObject({ status: "fail", fatal: false });
    expect(check(results, chainLine("relayer")).message).toMatch(
      /holds 0 native: below RELAYER_MIN_BALANCE_WEI/,
    );
    expect(check(results, chainLine("faucet"))).toMatchObject({ status: "fail", fatal: false });
    const bigBudget = healthy({
      gasless: defaultGaslessSettings({
        faucetKeys: new Map([[chain.chainId, new Secret(FAUCET)]]),
        faucetDailyBudgetWei: parseEther("1000000"),
      }),
    });
    const budget = await doctor(bigBudget);
    expect(check(budget, chainLine("faucet"))).toMatchObject({ status: "warn" });
    expect(check(budget, chainLine("relayer"))).toMatchObject({
      status: "ok",
      message: expect.stringContaining("no key"),
    });
  });
});

describe("a pooler that shares sessions", () => {
  const pgbouncer = ["/usr/sbin/pgbouncer", "/usr/bin/pgbouncer"].find((path) => existsSync(path));

  it.skipIf(!pgbouncer)(
    "is refused in transaction mode and accepted in session mode (PgBouncer)",
    async () => {
      const target = new URL(inject("adminDatabaseUrl"));
      for (const mode of ["transaction", "session"] as const) {
        const port = await freePort();
        const ini = join(work, `pgbouncer-${mode}.ini`);
        await writeFile(
          ini,
          [
            "[databases]",
            `* = host=${target.hostname} port=${target.port || 5432} user=${target.username || "postgres"}${target.password ? ` password=${decodeURIComponent(target.password)}` : ""}`,
            "[pgbouncer]",
            "listen_addr = 127.0.0.1",
            `listen_port = ${port}`,
            "unix_socket_dir =",
            "auth_type = any",
            `pool_mode = ${mode}`,
            "default_pool_size = 5",
            "",
          ].join("\n"),
        );
        const child: ChildProcess = spawn(pgbouncer as string, ["-u", "postgres", ini], { stdio: "ignore" });
        try {
          const url = `postgres://${target.username || "postgres"}@127.0.0.1:${port}/${target.pathname.slice(1) || "postgres"}`;
          // waitFor waits past `false`: the answer travels in an object.
          const { shares } = await waitFor(`pgbouncer (${mode}) to answer`, () =>
            sharesSessions(url).then(
              (value) => ({ shares: value }),
              () => undefined,
            ),
          );
          expect(checkPooling(shares)).toMatchObject(
            mode === "transaction" ? { status: "fail", fatal: true } : { status: "ok" },
          );
        } finally {
          child.kill("SIGTERM");
        }
      }
    },
  );

  it("is not seen on a direct connection", async () => {
    expect(await sharesSessions(t.database.url)).toBe(false);
  });
});

describe("kassa start", () => {
  it("refuses a fatal failure with the line kassa doctor prints", async () => {
    const config = healthy({ allowedWidgetOrigin: "https://other.example" });
    const { code, stderr } = await runKassaWith(
      {
        DATABASE_URL: t.database.url,
        KASSA_SIGNER_PRIVATE_KEY: chain.signerKey.reveal(),
        PUBLIC_BASE_URL: ORIGIN,
        ALLOWED_WIDGET_ORIGIN: "https://other.example",
        TRUST_PROXY: "1",
        PORT: "0",
        LOG_LEVEL: "silent",
      },
      "start",
    );
    expect(code).toBe(1);
    expect(stderr).toContain(formatCheck(checkSettings(config)));
    expect(stderr.split("\n")[0]).toBe("kassa refuses to start (`kassa doctor` checks it all):");
  });
});
