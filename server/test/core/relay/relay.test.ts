import { testTokenAbi } from "@kassa/contracts";
import { anvilAccount, anvilPrivateKeys } from "@kassa/contracts/dev";
import { sql } from "kysely";
import type { Address } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createChainClients } from "../../../src/chain/clients.js";
import { Secret } from "../../../src/secret.js";
import { submitRelay } from "../../../src/core/relay/submit.js";
import { findMerchantByPublicKeyHash } from "../../../src/db/merchants/merchants.js";
import { hashKey } from "../../../src/domain/ids.js";
import { createGasless } from "../../../src/core/gasless/gasless.js";
import type { TestChain } from "../../harness/chain.js";
import {
  createPayment,
  freshPayer,
  gaslessSettingsFor,
  paymentStatus,
  relayBody,
  relayStatus,
  RELAYER_INDEX,
  startGaslessEnv,
  type GaslessTestEnv,
} from "../../harness/gasless.js";
import { waitFor } from "../../harness/waitFor.js";

let chain: TestChain;
let env: GaslessTestEnv;
let pk: string;
beforeAll(async () => {
  env = await startGaslessEnv();
  chain = env.chain;
  pk = env.t.merchant.publicKey;
  await env.startWorker();
});
afterAll(() => env?.close());

const tokenBalance = (token: Address, owner: Address) =>
  chain.publicClient.readContract({
    address: token,
    abi: testTokenAbi,
    functionName: "balanceOf",
    args: [owner],
  });

async function post(paymentId: string, body: unknown, publicKey = pk) {
  return env.request(`/payments/${paymentId}/relay`, {
    method: "POST",
    headers: { "x-public-key": publicKey },
    json: body,
  });
}

describe("gasless payment end to end", () => {
  it("pays with a permit and a ForwardRequest from a payer holding no native token", async () => {
    const payer = freshPayer();
    await chain.mint(chain.tokens.permit18, payer.address, 100n * 10n ** 18n);
    const p = await createPayment(env, pk, "gasless-permit", 12.5);
    const recipientBefore = await tokenBalance(chain.tokens.permit18, p.recipientAddress);

    const response = await post(p.paymentId, await relayBody(env, payer, p));
    expect(response.status).toBe(202);
    expect(response.body).toEqual({
      success: true,
      data: { status: "submitted", message: expect.any(String) },
    });

    const relay = await waitFor("relay CONFIRMED", async () => {
      const r = await relayStatus(env, pk, p.paymentId);
      return r.status === "CONFIRMED" || r.status === "FAILED" ? r : undefined;
    });
    expect(relay).toMatchObject({ status: "CONFIRMED", errorMessage: null });
    expect(relay.transactionHash).toMatch(/^0x[0-9a-f]{64}$/);
    const receipt = await chain.publicClient.getTransactionReceipt({
      hash: relay.transactionHash as Address,
    });
    expect(receipt.from.toLowerCase()).toBe(anvilAccount(RELAYER_INDEX).address.toLowerCase());
    expect(await paymentStatus(env, pk, p.paymentId)).toBe("PAID");
    expect(await chain.publicClient.getBalance({ address: payer.address })).toBe(0n);
    const amount = BigInt(p.amount);
    expect((await tokenBalance(chain.tokens.permit18, p.recipientAddress)) - recipientBefore).toBe(
      amount - amount / 100n,
    );

    const full = await env.request(`/payments/${p.paymentId}/relay`, { headers: { "x-public-key": pk } });
    expect(full.body.data).toEqual({
      status: "CONFIRMED",
      transactionHash: relay.transactionHash,
      errorMessage: null,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    // A relay for a paid payment is refused before anything is simulated.
    const again = await post(p.paymentId, await relayBody(env, payer, p));
    expect(again.body.code).toBe("INVALID_PAYMENT_STATUS");
  });

  it("accepts exactly one of 20 concurrent identical relays", async () => {
    const payer = freshPayer();
    await chain.mint(chain.tokens.permit18, payer.address, 100n * 10n ** 18n);
    const p = await createPayment(env, pk, "gasless-concurrent", 3);
    const body = await relayBody(env, payer, p);
    const responses = await Promise.all(Array.from({ length: 20 }, () => post(p.paymentId, body)));
    const accepted = responses.filter((r) => r.status === 202);
    expect(accepted).toHaveLength(1);
    for (const r of responses.filter((r) => r.status !== 202)) {
      expect(r.status).toBe(400);
      expect(r.body.code).toBe("RELAY_ALREADY_SUBMITTED");
    }
    await waitFor("relay CONFIRMED", async () => {
      const r = await relayStatus(env, pk, p.paymentId);
      return r.status === "CONFIRMED" ? r : undefined;
    });
    expect(await paymentStatus(env, pk, p.paymentId)).toBe("PAID");
    const { count } = await sql<{ count: string }>`
      SELECT count(*) AS count FROM sender_transactions WHERE purpose = 'relay'
        AND id = (SELECT sender_transaction_id FROM relay_requests r JOIN payments p ON p.id = r.payment_id
                  WHERE p.payment_id = ${p.paymentId})`
      .execute(env.t.database.db)
      .then((r) => r.rows[0] as { count: string });
    expect(Number(count)).toBe(1);
  });
});

describe("relay errors (nothing is sent, nothing is spent)", () => {
  const payer = freshPayer();
  let p: Awaited<ReturnType<typeof createPayment>>;
  let good: Awaited<ReturnType<typeof relayBody>>;
  let relayerNonce: number;
  beforeAll(async () => {
    await chain.mint(chain.tokens.permit18, payer.address, 100n * 10n ** 18n);
    p = await createPayment(env, pk, "gasless-errors", 5);
    relayerNonce = await chain.publicClient.getTransactionCount({
      address: anvilAccount(RELAYER_INDEX).address,
    });
    good = await relayBody(env, payer, p);
  });
  const withRequest = (fields: Record<string, unknown>) => ({
    ...good,
    forwardRequest: { ...good.forwardRequest, ...fields },
  });

  // [case, the body, status, code, the field `details` names (VALIDATION_ERROR)]
  const cases: [string, () => Promise<unknown> | unknown, number, string, string[]?][] = [
    [
      "a paymentId other than the path's",
      () => ({ ...good, paymentId: `0x${"1".repeat(64)}` }),
      400,
      "VALIDATION_ERROR",
      ["paymentId"],
    ],
    [
      "another forwarder",
      () => ({ ...good, forwarderAddress: chain.gateway }),
      400,
      "VALIDATION_ERROR",
      ["forwarderAddress"],
    ],
    [
      "a call to another contract",
      () => withRequest({ to: chain.forwarder }),
      400,
      "VALIDATION_ERROR",
      ["forwardRequest", "to"],
    ],
    ["a value", () => withRequest({ value: "1" }), 400, "VALIDATION_ERROR", ["forwardRequest", "value"]],
    [
      "forward gas above the cap",
      () => withRequest({ gas: "90000000" }),
      400,
      "VALIDATION_ERROR",
      ["forwardRequest", "gas"],
    ],
    [
      "calldata other than this payment's pay()",
      () => withRequest({ data: "0x1234" }),
      400,
      "VALIDATION_ERROR",
      ["forwardRequest", "data"],
    ],
    [
      "a request without its payer",
      () => {
        const { from: _from, ...withoutFrom } = good.forwardRequest;
        return { ...good, forwardRequest: withoutFrom };
      },
      400,
      "PAYER_ADDRESS_NOT_FOUND",
    ],
    ["another amount", () => relayBody(env, payer, p, { amount: 1n }), 400, "AMOUNT_MISMATCH"],
    [
      "a signature of another wallet",
      () => relayBody(env, payer, p, { signer: freshPayer() }),
      400,
      "INVALID_SIGNATURE",
    ],
    ["a malformed signature", () => withRequest({ signature: "0xdead" }), 400, "INVALID_SIGNATURE"],
    // Fields changed after signing: the signature no longer recovers `from`.
    ["a field changed after signing", () => withRequest({ gas: "210000" }), 400, "INVALID_SIGNATURE"],
    [
      "a stale forwarder nonce",
      () => relayBody(env, payer, p, { nonce: 7n }),
      400,
      "VALIDATION_ERROR",
      ["forwardRequest", "nonce"],
    ],
    [
      "an expired request",
      () => relayBody(env, payer, p, { deadline: Math.floor(Date.now() / 1000) - 10 }),
      400,
      "VALIDATION_ERROR",
      ["forwardRequest", "deadline"],
    ],
    // Simulation: a payer without tokens, a payer with no allowance and no permit, too little gas.
    ["a payer without the tokens", () => relayBody(env, freshPayer(), p), 400, "INSUFFICIENT_TOKEN_BALANCE"],
    [
      "a payer that neither approved nor signed a permit",
      () => relayBody(env, payer, p, { permit: false }),
      400,
      "VALIDATION_ERROR",
      ["forwardRequest", "data"],
    ],
    [
      "too little forward gas for pay()",
      () => relayBody(env, payer, p, { gas: 30_000n }),
      400,
      "VALIDATION_ERROR",
      ["forwardRequest", "gas"],
    ],
  ];
  it.each(cases)("refuses %s", async (_case, body, status, code, path) => {
    const response = await post(p.paymentId, await body());
    expect({ status: response.status, code: response.body.code }, JSON.stringify(response.body)).toEqual({
      status,
      code,
    });
    if (path) expect(response.body.details.map((detail: { path: string[] }) => detail.path)).toEqual([path]);
  });

  it("says what to do when the payer has neither approved nor signed a permit", async () => {
    const response = await post(p.paymentId, await relayBody(env, payer, p, { permit: false }));
    expect(response.body.message).toMatch(/approve the gateway/);
  });

  it("hides other merchants' payments, and knows no relay of an unknown one", async () => {
    const other = await env.t.addMerchant("Other shop");
    const foreign = await post(p.paymentId, good, other.publicKey);
    expect([foreign.status, foreign.body.code]).toEqual([403, "FORBIDDEN"]);
    const unknownId = `0x${"2".repeat(64)}`;
    const unknown = await post(unknownId, { ...good, paymentId: unknownId });
    expect([unknown.status, unknown.body.code]).toEqual([404, "PAYMENT_NOT_FOUND"]);
    const noRelay = await env.request(`/payments/${p.paymentId}/relay`, { headers: { "x-public-key": pk } });
    expect([noRelay.status, noRelay.body.code]).toEqual([404, "RELAY_NOT_FOUND"]);
  });

  it("answers RELAYER_NOT_CONFIGURED without relayer keys, and CHAIN_UNAVAILABLE when the node does not answer", async () => {
    const unconfigured = await env.t.request(`/payments/${p.paymentId}/relay`, {
      method: "POST",
      headers: { "x-public-key": pk },
      json: good,
    });
    expect([unconfigured.status, unconfigured.body.code]).toEqual([400, "RELAYER_NOT_CONFIGURED"]);
    const merchant = await findMerchantByPublicKeyHash(env.t.database.db, hashKey(pk));
    const deadNode = createGasless({
      db: env.t.database.db,
      chains: createChainClients({ rpcUrls: new Map([[chain.chainId, new Secret(["http://127.0.0.1:9"])]]) }),
      settings: gaslessSettingsFor(chain.chainId, [anvilPrivateKeys[RELAYER_INDEX]]),
    });
    await expect(
      submitRelay(deadNode, merchant!, p.paymentId, good, { network: "127.0.0.1" }),
    ).rejects.toMatchObject({
      code: "CHAIN_UNAVAILABLE",
    });
  });

  it("spent nothing on any of them, then takes the valid request once", async () => {
    expect(
      await chain.publicClient.getTransactionCount({ address: anvilAccount(RELAYER_INDEX).address }),
    ).toBe(relayerNonce);
    expect((await post(p.paymentId, good)).status).toBe(202);
    const again = await post(p.paymentId, good);
    expect([again.status, again.body.code]).toEqual([400, "RELAY_ALREADY_SUBMITTED"]);
    await waitFor("the relay CONFIRMED", async () => {
      const r = await relayStatus(env, pk, p.paymentId);
      return r.status === "CONFIRMED" ? r : undefined;
    });
  });
});

describe("relay of an expired payment", () => {
  it("refuses an expired payment", async () => {
    const payer = freshPayer();
    const p = await createPayment(env, pk, "gasless-expired", 1);
    const body = await relayBody(env, payer, p);
    await sql`UPDATE payments SET expires_at = now() - interval '1 second' WHERE payment_id = ${p.paymentId}`.execute(
      env.t.database.db,
    );
    const response = await post(p.paymentId, body);
    expect([response.status, response.body.code]).toEqual([400, "PAYMENT_EXPIRED"]);
  });
});
