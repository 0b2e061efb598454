import { paymentIntentTypedData } from "@kassa/contracts";
import { anvilAccount } from "@kassa/contracts/dev";
import { createTestClient, hashTypedData, http, type Address, type Hex, type TestClient } from "viem";
import type { PrivateKeyAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findMerchantByPublicKeyHash } from "../../../src/db/merchants/merchants.js";
import { gasBound } from "../../../src/domain/gasPurposes.js";
import { hashKey } from "../../../src/domain/ids.js";
import type { TestChain } from "../../harness/chain.js";
import {
  createPayment,
  freshPayer,
  paymentRequestOf,
  relayBody,
  relayStatus,
  RELAYER_INDEX,
  relayerRevertOf,
  startGaslessEnv,
  type GaslessPayment,
  type GaslessTestEnv,
} from "../../harness/gasless.js";
import { deployHostileWallets, type HostileWallets } from "../../harness/hostileWallets.js";
import { waitFor } from "../../harness/waitFor.js";

/**
 * What a stranger can still make the relayer spend when a wallet behaves in every simulation and reverts once
 * mined (here: its owner turns it hostile between the relayer's simulation and its transaction, with a higher
 * tip): the relay's gas limit, which follows the honest simulation, not the kind's bound; and that gas is counted
 * against the merchant, the payer and the client's network, whose relays then wait. Relays accepted at once are
 * counted one after another: a merchant's gas in flight fills its budget like reverted gas does.
 */
const MERCHANT_BUDGET = 700_000n;
const CLIENT_BUDGET = 400_000n;
/** What the wallet's check burns while honest: its relays' gas limits (about 300,000) fill the budgets faster. */
const HONEST_BURN = 100_000n;

let chain: TestChain;
let env: GaslessTestEnv;
let hostile: HostileWallets;
let testClient: TestClient;
const relayer = anvilAccount(RELAYER_INDEX).address;
let clients = 0;

beforeAll(async () => {
  env = await startGaslessEnv({
    anvil: { blockTime: 2 },
    settings: { merchantGasBudget: MERCHANT_BUDGET, clientGasBudget: CLIENT_BUDGET },
    // Clients are told apart by x-forwarded-for.
    config: { trustProxy: true },
  });
  chain = env.chain;
  testClient = createTestClient({ mode: "anvil", chain: chain.chain, transport: http(chain.rpcUrl) });
  hostile = await deployHostileWallets(chain);
  await env.startWorker();
});
afterAll(() => env?.close());

/** A client network of its own (x-forwarded-for, trusted here). */
const newClient = () => `10.0.${Math.floor(++clients / 250)}.${clients % 250}`;

function post(publicKey: string, p: GaslessPayment, body: Record<string, unknown>, client: string) {
  return env.request(`/payments/${p.paymentId}/relay`, {
    method: "POST",
    headers: { "x-public-key": publicKey, "x-forwarded-for": client },
    json: { paymentId: p.paymentId, ...body },
  });
}

const finished = (publicKey: string, p: GaslessPayment) =>
  waitFor(
    `relay of ${p.paymentId} finished`,
    async () => {
      const relay = await relayStatus(env, publicKey, p.paymentId);
      return relay.status === "CONFIRMED" || relay.status === "FAILED" ? relay : undefined;
    },
    60_000,
  );

/** The intent relay body of a hostile wallet (honest while nobody turns it). */
async function intentBody(owner: PrivateKeyAccount, wallet: Address, p: GaslessPayment) {
  const typedData = paymentIntentTypedData({
    chainId: chain.chainId,
    gateway: p.gatewayAddress,
    request: paymentRequestOf(p),
    payer: wallet,
  });
  return { kind: "intent", payer: wallet, signature: await hostile.sign(owner, hashTypedData(typedData)) };
}

/** A hostile wallet, honest for now, holding and approving the gateway for the merchant's token. */
async function honestWallet() {
  const owner = freshPayer();
  const wallet = await hostile.deploy(
    hostile.params(owner.address, {
      burn: HONEST_BURN,
      token: env.t.token as Address,
      spender: chain.gateway,
    }),
  );
  await chain.mint(env.t.token as Address, wallet, 10n ** 20n);
  return { owner, wallet };
}

async function merchantRowId(publicKey: string): Promise<number | undefined> {
  return (await findMerchantByPublicKeyHash(env.t.database.db, hashKey(publicKey)))?.id;
}

async function metric(name: string, labels: string): Promise<number | undefined> {
  const text = (await env.app.inject({ url: "/metrics" })).body;
  const line = text.split("\n").find((l) => l.startsWith(`${name}{`) && l.includes(labels));
  return line === undefined ? undefined : Number(line.split(" ").at(-1));
}

describe("a wallet that turns hostile after its relay was accepted", () => {
  it("costs at most the relay's gas limit, which the honest simulation set; then its payer's and its client's relays wait", async () => {
    const pk = env.t.merchant.publicKey;
    const { owner, wallet } = await honestWallet();
    const client = newClient();
    const p = await createPayment(env, pk, "turns-hostile", 1);
    const body = await intentBody(owner, wallet, p);

    // Blocks are held while the relay waits in the mempool; the owner's change, with a higher tip, goes first.
    await testClient.setIntervalMining({ interval: 0 });
    try {
      expect((await post(pk, p, body, client)).status).toBe(202);
      await waitFor("relay in the mempool", async () => {
        const { transactionHash } = await relayStatus(env, pk, p.paymentId);
        if (transactionHash === null) return undefined;
        return chain.publicClient.getTransaction({ hash: transactionHash as Hex }).catch(() => undefined);
      });
      await hostile.turnHostile(owner, wallet);
      await testClient.mine({ blocks: 1 });
    } finally {
      await testClient.setIntervalMining({ interval: 2 });
    }

    const relay = await finished(pk, p);
    expect(relay.status).toBe("FAILED");
    const hash = relay.transactionHash as Hex;
    const mined = await hostile.minedGas(hash);
    expect(mined.status).toBe("reverted");
    // The wallet burned what it was given: the gas limit held for the relay when it was accepted (the honest
    // simulation's estimate with its margin), below the kind's bound (the wallet took 12,000,000).
    expect(mined.gasUsed).toBeLessThanOrEqual(mined.gasLimit);
    expect(mined.gasLimit).toBeLessThan(gasBound("relay_intent"));
    const [held] = await env.t.database.db
      .selectFrom("relay_requests")
      .select("gas_limit")
      .where("transaction_hash", "=", hash)
      .execute();
    expect(BigInt(held!.gas_limit!)).toBe(mined.gasLimit);
    expect(await relayerRevertOf(env.t.database.db, hash)).toMatchObject({
      purpose: "relay",
      merchant_id: (await merchantRowId(pk))!,
      payer_address: wallet,
      client_network: client,
      gas_used: mined.gasUsed.toString(),
    });

    // The payer's next relay, honest again, waits: its reverted gas and the next one's limit pass the client budget.
    await chain.publicClient.waitForTransactionReceipt({
      hash: await hostile.setBehaviour(owner, wallet, { burn: HONEST_BURN, validOnlyUnpriced: false }),
    });
    const next = await createPayment(env, pk, "turns-hostile-2", 1);
    const again = await post(pk, next, await intentBody(owner, wallet, next), newClient());
    expect([again.status, again.body.code]).toEqual([429, "RELAY_BUDGET_EXHAUSTED"]);
    expect(again.body.message).toContain(`relays from ${wallet}`);
    expect(again.body.message).toMatch(/wait until \S+ at the latest/);

    // So does another wallet's from the same network; one from another network goes through.
    const other = await honestWallet();
    const sameClient = await post(pk, next, await intentBody(other.owner, other.wallet, next), client);
    expect([sameClient.status, sameClient.body.code]).toEqual([429, "RELAY_BUDGET_EXHAUSTED"]);
    expect(sameClient.body.message).toContain("this client's network");
    expect(
      (await post(pk, next, await intentBody(other.owner, other.wallet, next), newClient())).status,
    ).toBe(202);
    expect((await finished(pk, next)).status).toBe("CONFIRMED");

    const networkId = `network_id="${chain.chainId}"`;
    expect(await metric("kassa_relayer_budget_refusals_total", `budget="payer"`)).toBeGreaterThanOrEqual(1);
    expect(await metric("kassa_relayer_budget_refusals_total", `budget="client"`)).toBeGreaterThanOrEqual(1);
    expect(await metric("kassa_relayer_reverted_gas", `${networkId},purpose="relay"`)).toBe(
      Number(mined.gasUsed),
    );
  });
});

describe("many relays of one merchant at once", () => {
  it("are counted one after another: the gas limits in flight fill the merchant's budget, and the rest wait until they land", async () => {
    const shop = await env.t.addMerchant("Busy shop");
    const payers = Array.from({ length: 6 }, () => freshPayer());
    for (const payer of payers) await chain.mint(env.t.token as Address, payer.address, 10n ** 20n);
    const payments = await Promise.all(
      payers.map((_, i) => createPayment(env, shop.publicKey, `busy-${i}`, 1)),
    );
    const bodies = await Promise.all(payments.map((p, i) => relayBody(env, payers[i]!, p)));
    const nonceBefore = await chain.publicClient.getTransactionCount({ address: relayer });

    await testClient.setIntervalMining({ interval: 0 });
    let responses;
    try {
      responses = await Promise.all(payments.map((p, i) => post(shop.publicKey, p, bodies[i]!, newClient())));
    } finally {
      await testClient.setIntervalMining({ interval: 2 });
    }
    const accepted = payments.filter((_, i) => responses[i]!.status === 202);
    const refused = responses.filter((r) => r.status !== 202);
    expect(accepted.length).toBeGreaterThan(0);
    expect(refused.length).toBeGreaterThan(0);
    for (const r of refused) {
      expect([r.status, r.body.code]).toEqual([429, "RELAY_BUDGET_EXHAUSTED"]);
      expect(r.body.message).toContain("this merchant's relays");
      expect(r.body.message).toContain("until those in flight finish");
    }
    const held = await env.t.database.db
      .selectFrom("relay_requests")
      .innerJoin("payments", "payments.id", "relay_requests.payment_id")
      .select("relay_requests.gas_limit")
      .where("payments.merchant_id", "=", (await merchantRowId(shop.publicKey))!)
      .execute();
    const limits = held.map((row) => BigInt(row.gas_limit!));
    const total = limits.reduce((a, b) => a + b, 0n);
    // As many as fit, and not one more.
    expect(total).toBeLessThanOrEqual(MERCHANT_BUDGET);
    expect(total + limits.reduce((a, b) => (a < b ? a : b))).toBeGreaterThan(MERCHANT_BUDGET);

    for (const p of accepted) expect((await finished(shop.publicKey, p)).status).toBe("CONFIRMED");
    // Landed: nothing in flight, nothing reverted; the merchant's next relay goes.
    const waiting = payments.find((p) => !accepted.includes(p))!;
    const retried = await post(shop.publicKey, waiting, bodies[payments.indexOf(waiting)]!, newClient());
    expect(retried.status).toBe(202);
    expect((await finished(shop.publicKey, waiting)).status).toBe("CONFIRMED");
    expect(await chain.publicClient.getTransactionCount({ address: relayer })).toBe(
      nonceBefore + accepted.length + 1,
    );
    expect(await metric("kassa_relayer_budget_refusals_total", `budget="merchant"`)).toBeGreaterThanOrEqual(
      refused.length,
    );
  });
});
