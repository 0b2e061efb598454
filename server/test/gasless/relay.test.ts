import { anvilAccount, anvilPrivateKeys, testTokenAbi } from "@kassa/contracts";
import { sql } from "kysely";
import type { Address } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createChainClients } from "../../src/chain/clients.js";
import { Secret } from "../../src/secret.js";
import { submitRelay } from "../../src/core/relay/submit.js";
import { findMerchantByPublicKeyHash } from "../../src/db/merchants.js";
import { hashKey } from "../../src/domain/ids.js";
import { createGasless } from "../../src/core/gasless.js";
import type { TestChain } from "../harness/chain.js";
import {
  createPayment,
  freshPayer,
  gaslessSettingsFor,
  paymentStatus,
  relayBody,
  relayStatus,
  RELAYER_INDEX,
  startGaslessEnv,
  waitFor,
  type GaslessTestEnv,
} from "./support.js";
import { startTestChain } from "../harness/chain.js";

let chain: TestChain;
let env: GaslessTestEnv;
let pk: string;
beforeAll(async () => {
  chain = await startTestChain();
  env = await startGaslessEnv(chain);
  pk = env.t.merchant.publicKey;
  await env.startWorker();
});
afterAll(async () => {
  await env?.close();
  await chain?.stop();
});

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

    const relay = await waitFor(
      () => relayStatus(env, pk, p.paymentId),
      (r) => r.status === "CONFIRMED" || r.status === "FAILED",
      { what: "relay CONFIRMED" },
    );
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
    await waitFor(
      () => relayStatus(env, pk, p.paymentId),
      (r) => r.status === "CONFIRMED",
      { what: "relay CONFIRMED" },
    );
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
  it("answers each error code of the endpoint", async () => {
    const payer = freshPayer();
    await chain.mint(chain.tokens.permit18, payer.address, 100n * 10n ** 18n);
    const p = await createPayment(env, pk, "gasless-errors", 5);
    const relayerNonce = await chain.publicClient.getTransactionCount({
      address: anvilAccount(RELAYER_INDEX).address,
    });
    const good = await relayBody(env, payer, p);
    const expectCode = async (body: unknown, status: number, code: string, paymentId = p.paymentId) => {
      const response = await post(paymentId, body);
      expect({ status: response.status, code: response.body.code }, JSON.stringify(response.body)).toEqual({
        status,
        code,
      });
      return response.body;
    };

    await expectCode({ ...good, paymentId: `0x${"1".repeat(64)}` }, 400, "VALIDATION_ERROR");
    await expectCode({ ...good, forwarderAddress: chain.gateway }, 400, "VALIDATION_ERROR");
    await expectCode(
      { ...good, forwardRequest: { ...good.forwardRequest, to: chain.forwarder } },
      400,
      "VALIDATION_ERROR",
    );
    await expectCode(
      { ...good, forwardRequest: { ...good.forwardRequest, value: "1" } },
      400,
      "VALIDATION_ERROR",
    );
    await expectCode(
      { ...good, forwardRequest: { ...good.forwardRequest, gas: "90000000" } },
      400,
      "VALIDATION_ERROR",
    );
    await expectCode(
      { ...good, forwardRequest: { ...good.forwardRequest, data: "0x1234" } },
      400,
      "VALIDATION_ERROR",
    );
    const { from: _from, ...withoutFrom } = good.forwardRequest;
    await expectCode({ ...good, forwardRequest: withoutFrom }, 400, "PAYER_ADDRESS_NOT_FOUND");
    await expectCode(await relayBody(env, payer, p, { amount: 1n }), 400, "AMOUNT_MISMATCH");
    await expectCode(await relayBody(env, payer, p, { signer: freshPayer() }), 400, "INVALID_SIGNATURE");
    await expectCode(
      { ...good, forwardRequest: { ...good.forwardRequest, signature: "0xdead" } },
      400,
      "INVALID_SIGNATURE",
    );
    // Fields changed after signing: the signature no longer recovers `from`.
    await expectCode(
      { ...good, forwardRequest: { ...good.forwardRequest, gas: "210000" } },
      400,
      "INVALID_SIGNATURE",
    );
    const wrongNonce = await expectCode(
      await relayBody(env, payer, p, { nonce: 7n }),
      400,
      "VALIDATION_ERROR",
    );
    expect(wrongNonce.details[0].path).toEqual(["forwardRequest", "nonce"]);
    const expired = await expectCode(
      await relayBody(env, payer, p, { deadline: Math.floor(Date.now() / 1000) - 10 }),
      400,
      "VALIDATION_ERROR",
    );
    expect(expired.details[0].path).toEqual(["forwardRequest", "deadline"]);

    // Simulation: a payer without tokens, and a payer with no allowance and no permit.
    const broke = freshPayer();
    await expectCode(await relayBody(env, broke, p), 400, "INSUFFICIENT_TOKEN_BALANCE");
    const noAllowance = await expectCode(
      await relayBody(env, payer, p, { permit: false }),
      400,
      "VALIDATION_ERROR",
    );
    expect(noAllowance.message).toMatch(/approve the gateway/);
    const tooLittleGas = await expectCode(
      await relayBody(env, payer, p, { gas: 30_000n }),
      400,
      "VALIDATION_ERROR",
    );
    expect(tooLittleGas.details[0].path).toEqual(["forwardRequest", "gas"]);

    // Other merchants' payments, and unknown ones.
    const other = await env.t.addMerchant("Other shop");
    const foreign = await post(p.paymentId, good, other.publicKey);
    expect([foreign.status, foreign.body.code]).toEqual([403, "FORBIDDEN"]);
    await expectCode(
      { ...good, paymentId: `0x${"2".repeat(64)}` },
      404,
      "PAYMENT_NOT_FOUND",
      `0x${"2".repeat(64)}`,
    );
    const noRelay = await env.request(`/payments/${p.paymentId}/relay`, { headers: { "x-public-key": pk } });
    expect([noRelay.status, noRelay.body.code]).toEqual([404, "RELAY_NOT_FOUND"]);

    // The API without relayer keys.
    const unconfigured = await env.t.request(`/payments/${p.paymentId}/relay`, {
      method: "POST",
      headers: { "x-public-key": pk },
      json: good,
    });
    expect([unconfigured.status, unconfigured.body.code]).toEqual([400, "RELAYER_NOT_CONFIGURED"]);

    // A node that does not answer.
    const merchant = await findMerchantByPublicKeyHash(env.t.database.db, hashKey(pk));
    const deadNode = createGasless({
      db: env.t.database.db,
      chains: createChainClients({ rpcUrls: new Map([[chain.chainId, new Secret(["http://127.0.0.1:9"])]]) }),
      settings: gaslessSettingsFor(chain.chainId, [anvilPrivateKeys[RELAYER_INDEX]]),
    });
    await expect(submitRelay(deadNode, merchant!, p.paymentId, good)).rejects.toMatchObject({
      code: "RELAYER_ERROR",
    });

    // Nothing above cost the relayer anything.
    expect(
      await chain.publicClient.getTransactionCount({ address: anvilAccount(RELAYER_INDEX).address }),
    ).toBe(relayerNonce);

    // The valid request goes through once; a second one is refused.
    expect((await post(p.paymentId, good)).status).toBe(202);
    await expectCode(good, 400, "RELAY_ALREADY_SUBMITTED");
    await waitFor(
      () => relayStatus(env, pk, p.paymentId),
      (r) => r.status === "CONFIRMED",
    );
  });

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
