import { anvilAccount } from "@kassa/contracts/dev";
import { generatePrivateKey } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createChainClients } from "../../src/chain/clients.js";
import { createGasless } from "../../src/core/gasless/gasless.js";
import { submitRelay } from "../../src/core/relay/submit.js";
import { findMerchantByKey } from "../../src/db/merchants/merchants.js";
import { Secret } from "../../src/secret.js";
import type { SeededMerchant } from "../harness/app.js";
import { type TestChain, startTestChain } from "../harness/chain.js";
import {
  createPayment,
  FAUCET_INDEX,
  freshPayer,
  gaslessSettingsFor,
  relayBody,
  startGaslessEnv,
  type GaslessTestEnv,
} from "../harness/gasless.js";
import { startFaultyRpcProxy, type FaultyRpcProxy, type RpcFaults } from "../harness/rpcProxy.js";

// The API reads the chain through a proxy that answers HTTP 429 to every request while a test says so: a node
// that does not answer is CHAIN_UNAVAILABLE (503, retry later) on the relay and faucet paths, and leaves
// nothing behind, so the same request goes through once the node answers again. The relayer's own failure
// stays RELAYER_ERROR.

let chain: TestChain;
let proxy: FaultyRpcProxy;
let env: GaslessTestEnv;
let shop: SeededMerchant;
const faucetAddress = anvilAccount(FAUCET_INDEX).address;

beforeAll(async () => {
  chain = await startTestChain();
  proxy = await startFaultyRpcProxy(chain.rpcUrl);
  env = await startGaslessEnv({
    chain,
    chains: createChainClients({ rpcUrls: new Map([[chain.chainId, new Secret([proxy.url])]]) }),
  });
  shop = await env.t.addMerchant("Node failure shop", { faucetEnabled: true });
  await env.t.acceptTokens([chain.tokens.plain], shop.merchantKey);
});
afterAll(async () => {
  await env?.close();
  await proxy?.close();
  await chain?.stop();
});

const codeOf = (response: { status: number; body: { code?: string } }) => [
  response.status,
  response.body.code,
];

/** Runs `calls` while the proxy answers 429 (with `body`) to everything; the proxy must have refused requests. */
async function whileRateLimited<T>(body: RpcFaults["tooManyBody"], calls: () => Promise<T>): Promise<T> {
  const refusedBefore = proxy.stats.tooMany;
  proxy.faults.tooManyEvery = 1;
  proxy.faults.tooManyBody = body;
  try {
    return await calls();
  } finally {
    proxy.faults.tooManyEvery = 0;
    expect(proxy.stats.tooMany).toBeGreaterThan(refusedBefore);
  }
}

describe("a chain node that does not answer on the gasless paths", () => {
  it("answers a relay CHAIN_UNAVAILABLE 503, queues nothing, and takes the same request once the node answers", async () => {
    const payer = freshPayer();
    await chain.mint(chain.tokens.permit18, payer.address, 50n * 10n ** 18n);
    const p = await createPayment(env, shop.publicKey, "node-429-relay", 5, chain.tokens.permit18);
    const body = await relayBody(env, payer, p);
    const relay = () =>
      env.request(`/payments/${p.paymentId}/relay`, {
        method: "POST",
        headers: { "x-public-key": shop.publicKey },
        json: body,
      });

    const refused = await whileRateLimited("json-rpc", relay);
    expect(codeOf(refused)).toEqual([503, "CHAIN_UNAVAILABLE"]);
    expect(refused.body.message).toMatch(/did not answer: retry later/);
    const none = await env.request(`/payments/${p.paymentId}/relay`, {
      headers: { "x-public-key": shop.publicKey },
    });
    expect(codeOf(none)).toEqual([404, "RELAY_NOT_FOUND"]);

    expect((await relay()).status).toBe(202);
  });

  it("answers gas-status and request-gas CHAIN_UNAVAILABLE 503, claims and sends nothing, then grants", async () => {
    const payer = freshPayer();
    await chain.mint(chain.tokens.plain, payer.address, 50n * 10n ** 18n);
    const p = await createPayment(env, shop.publicKey, "node-429-faucet", 5, chain.tokens.plain);
    const gasStatus = () =>
      env.request(`/payments/${p.paymentId}/gas-status?walletAddress=${payer.address}`, {
        headers: { "x-public-key": shop.publicKey },
      });
    const requestGas = () =>
      env.request("/payments/request-gas", {
        method: "POST",
        headers: { "x-public-key": shop.publicKey },
        json: { paymentId: p.paymentId, walletAddress: payer.address },
      });
    const faucetNonce = await chain.publicClient.getTransactionCount({ address: faucetAddress });
    const grants = () => env.t.database.db.selectFrom("gas_grants").selectAll().execute();
    const grantsBefore = await grants();

    // A plain-text 429 this time: the transport honours its Retry-After (a JSON-RPC one carries none to viem,
    // so the single URL rests with a growing backoff and each read takes longer).
    const [status, grant] = await whileRateLimited("text", async () => [
      await gasStatus(),
      await requestGas(),
    ]);
    expect(codeOf(status!)).toEqual([503, "CHAIN_UNAVAILABLE"]);
    expect(codeOf(grant!)).toEqual([503, "CHAIN_UNAVAILABLE"]);
    expect(await grants()).toEqual(grantsBefore);
    expect(await chain.publicClient.getTransactionCount({ address: faucetAddress })).toBe(faucetNonce);

    expect((await gasStatus()).body).toMatchObject({ needsGas: true, canReceiveGas: true });
    const granted = await requestGas();
    expect(granted.status).toBe(200);
    expect(await chain.publicClient.getBalance({ address: payer.address })).toBe(BigInt(granted.body.amount));
  });

  it("keeps RELAYER_ERROR for the relayer's own failure: a relayer key that cannot pay the gas", async () => {
    const payer = freshPayer();
    await chain.mint(chain.tokens.permit18, payer.address, 50n * 10n ** 18n);
    const p = await createPayment(env, shop.publicKey, "unfunded-relayer", 5, chain.tokens.permit18);
    const unfunded = createGasless({
      db: env.t.database.db,
      chains: createChainClients(),
      settings: gaslessSettingsFor(chain.chainId, [generatePrivateKey()]),
    });
    const merchant = await findMerchantByKey(env.t.database.db, shop.merchantKey);
    const answer = await submitRelay(unfunded, merchant!, p.paymentId, await relayBody(env, payer, p), {
      network: "127.0.0.1",
    }).catch((error: unknown) => error);
    expect(answer).toMatchObject({ code: "RELAYER_ERROR", message: expect.stringMatching(/fund it/) });
  });
});
