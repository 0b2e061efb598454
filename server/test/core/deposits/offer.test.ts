import { anvilPrivateKeys } from "@kassa/contracts/dev";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultGaslessSettings } from "../../../src/config/gasless.js";
import { defaultConfig, loadConfig } from "../../../src/config/index.js";
import { createServices } from "../../../src/core/services.js";
import { buildApp } from "../../../src/http/app.js";
import { Secret } from "../../../src/secret.js";
import { startTestApp, type TestApp } from "../../harness/app.js";
import { startTestChain, type TestChain } from "../../harness/chain.js";
import { nextOrderId } from "../../harness/lifecycle.js";

/**
 * Payments by transfer are on by default and offered on a chain where they can work: a new payment gets a deposit
 * address where the chain has a relayer key (it sends the sweeps) and takes EIP-7702 (a version-3 gateway's deposit
 * accounts need it), and none elsewhere or with TRANSFER_PAYMENTS=false.
 */
let chain: TestChain;
let t: TestApp;

beforeAll(async () => {
  chain = await startTestChain();
  t = await startTestApp(chain);
});
afterAll(async () => {
  await t?.close();
  await chain?.stop();
});

/** A payment created through an API over the test app's database with `config`'s settings: its deposit address. */
async function depositAddressWith(overrides: Parameters<typeof defaultConfig>[0]): Promise<string | null> {
  const app = await buildApp(
    createServices(defaultConfig({ signerPrivateKey: chain.signerKey, ...overrides }), t.database.db),
  );
  try {
    const response = await app.inject({
      method: "POST",
      url: "/api/v1/payments",
      headers: { "x-api-key": t.merchant.apiKey },
      payload: {
        orderId: nextOrderId("offer"),
        amount: 2,
        tokenAddress: t.token,
        successUrl: "service:none",
        failUrl: "service:none",
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    return (response.json() as { data: { depositAddress: string | null } }).data.depositAddress;
  } finally {
    await app.close();
  }
}

const relayerOn = (chainId: number) =>
  defaultGaslessSettings({ relayerKeys: new Map([[chainId, [new Secret(anvilPrivateKeys[7])]]]) });

describe("payments by transfer", () => {
  it("are on unless TRANSFER_PAYMENTS=false", () => {
    expect(loadConfig({}).transferPayments).toBe(true);
    expect(loadConfig({ TRANSFER_PAYMENTS: "false" }).transferPayments).toBe(false);
  });

  it("are offered where the chain has a relayer key, and not without one or when turned off", async () => {
    expect(await depositAddressWith({ gasless: relayerOn(chain.chainId) })).toMatch(/^0x[0-9a-fA-F]{40}$/);
    expect(await depositAddressWith({ gasless: relayerOn(chain.chainId + 1) })).toBeNull();
    expect(
      await depositAddressWith({ gasless: relayerOn(chain.chainId), transferPayments: false }),
    ).toBeNull();
  });

  it("are not offered on a version-3 gateway of a chain without EIP-7702", async () => {
    const cancun = await startTestChain({ anvil: { extraArgs: ["--hardfork", "cancun"] } });
    try {
      await t.database.db
        .updateTable("chains")
        .set({ rpc_url: cancun.rpcUrl, gateway_address: cancun.gateway.toLowerCase() })
        .where("network_id", "=", chain.chainId)
        .execute();
      expect(await depositAddressWith({ gasless: relayerOn(chain.chainId) })).toBeNull();
    } finally {
      await t.database.db
        .updateTable("chains")
        .set({ rpc_url: chain.rpcUrl, gateway_address: chain.gateway.toLowerCase() })
        .where("network_id", "=", chain.chainId)
        .execute();
      await cancun.stop();
    }
  });
});
