import { testTokenAbi } from "@kassa/contracts";
import { anvilAccount } from "@kassa/contracts/dev";
import {
  createTestClient,
  createWalletClient,
  http,
  parseEther,
  parseGwei,
  type Address,
  type Hex,
  type TestClient,
} from "viem";
import type { PrivateKeyAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { processQueuedRelay } from "../../../src/core/relay/track.js";
import { MAX_INPUT_STRING_LENGTH } from "../../../src/core/validation.js";
import { findMerchantByPublicKeyHash } from "../../../src/db/merchants/merchants.js";
import { hashKey } from "../../../src/domain/ids.js";
import { defaultGaslessSettings } from "../../../src/config/gasless.js";
import type { TestChain } from "../../harness/chain.js";
import {
  createPayment,
  freshPayer,
  paymentStatus,
  relayBody,
  relayStatus,
  RELAYER_INDEX,
  startGaslessEnv,
  type GaslessPayment,
  type GaslessTestEnv,
} from "../../harness/gasless.js";
import { waitFor } from "../../harness/waitFor.js";

/**
 * A payer who holds the public key (it sits in every shop page) and tries to make the relayer pay for
 * transactions that cannot succeed, on a chain with 2 s blocks as on a testnet.
 */
let chain: TestChain;
let env: GaslessTestEnv;
let pk: string;
let testClient: TestClient;
const relayer = anvilAccount(RELAYER_INDEX).address;
beforeAll(async () => {
  // Stuck after 1 s: a relay waiting for the next 2 s block is sent again, after a new simulation.
  env = await startGaslessEnv({ anvil: { blockTime: 2 }, settings: { stuckAfterSeconds: 1 } });
  chain = env.chain;
  testClient = createTestClient({ mode: "anvil", chain: chain.chain, transport: http(chain.rpcUrl) });
  pk = env.t.merchant.publicKey;
});
afterAll(() => env?.close());

/** A payer that also holds native token, to send its own transactions (and `tokens` of the token). */
async function payerWithGas(payer: PrivateKeyAccount, tokens = 0n) {
  await testClient.setBalance({ address: payer.address, value: parseEther("1") });
  if (tokens > 0n) await chain.mint(chain.tokens.permit18, payer.address, tokens);
  return createWalletClient({ account: payer, chain: chain.chain, transport: http(chain.rpcUrl) });
}

/**
 * The payer lets its relay pass every simulation, then moves its tokens away: the relay is posted
 * while blocks are held, and once its transaction waits in the mempool the payer's transfer, with a
 * higher tip, is mined first in the next block (whose base fee is `nextBaseFee` when given).
 */
async function relayThenMoveTokensAway(
  payerWallet: Awaited<ReturnType<typeof payerWithGas>>,
  p: GaslessPayment,
  nextBaseFee?: bigint,
) {
  const body = await relayBody(env, payerWallet.account, p);
  const balance = await chain.publicClient.readContract({
    address: chain.tokens.permit18,
    abi: testTokenAbi,
    functionName: "balanceOf",
    args: [payerWallet.account.address],
  });
  await testClient.setIntervalMining({ interval: 0 });
  try {
    expect((await post(p.paymentId, body)).status).toBe(202);
    // The relay's latest hash (a fee replacement may follow the first) known to the node.
    await waitFor("relay in the mempool", async () => {
      const { transactionHash } = await relayStatus(env, pk, p.paymentId);
      if (transactionHash === null) return undefined;
      return chain.publicClient.getTransaction({ hash: transactionHash as Hex }).catch(() => undefined);
    });
    await payerWallet.writeContract({
      address: chain.tokens.permit18,
      abi: testTokenAbi,
      functionName: "transfer",
      args: [freshPayer().address, balance],
      // Given, not estimated: the node would estimate against its pending state, after the relay.
      gas: 100_000n,
      maxPriorityFeePerGas: parseGwei("50"),
      maxFeePerGas: parseGwei("300"),
    });
    if (nextBaseFee !== undefined) await testClient.setNextBlockBaseFeePerGas({ baseFeePerGas: nextBaseFee });
    await testClient.mine({ blocks: 1 });
  } finally {
    await testClient.setIntervalMining({ interval: 2 });
  }
}

const relayerNonce = () => chain.publicClient.getTransactionCount({ address: relayer });

function post(paymentId: string, body: unknown) {
  return env.request(`/payments/${paymentId}/relay`, {
    method: "POST",
    headers: { "x-public-key": pk },
    json: body,
  });
}

const finished = (paymentId: string) =>
  waitFor(
    `relay of ${paymentId} finished`,
    async () => {
      const r = await relayStatus(env, pk, paymentId);
      return r.status === "CONFIRMED" || r.status === "FAILED" ? r : undefined;
    },
    60_000,
  );

async function reverted(hashes: (string | null)[]): Promise<number> {
  let count = 0;
  for (const hash of hashes) {
    if (!hash) continue;
    const receipt = await chain.publicClient.getTransactionReceipt({ hash: hash as Hex });
    if (receipt.status === "reverted") count++;
  }
  return count;
}

/** Gas used by the forwarder's call of pay() in a relayed transaction (anvil's call tracer). */
async function forwardedPayGasUsed(hash: Hex, gateway: Address): Promise<bigint> {
  const trace = (await chain.publicClient.request({
    method: "debug_traceTransaction",
    params: [hash, { tracer: "callTracer" }],
  } as never)) as { calls?: { type: string; to: string; gasUsed: Hex }[] };
  const call = trace.calls?.find((c) => c.type === "CALL" && c.to.toLowerCase() === gateway.toLowerCase());
  if (!call) throw new Error(`no call of the gateway in ${hash}`);
  return BigInt(call.gasUsed);
}

describe("a relay whose payer changes the chain after it was accepted", () => {
  it("is simulated again by its job and never broadcast", async () => {
    const payerWallet = await payerWithGas(freshPayer(), 10n ** 16n);
    const payer = payerWallet.account;
    const p = await createPayment(env, pk, "moved-away", 0.01);
    expect((await post(p.paymentId, await relayBody(env, payer, p))).status).toBe(202);
    // No worker runs yet: the job waits while the payer moves the tokens away.
    const moved = await payerWallet.writeContract({
      address: chain.tokens.permit18,
      abi: testTokenAbi,
      functionName: "transfer",
      args: [freshPayer().address, 10n ** 16n],
    });
    await chain.publicClient.waitForTransactionReceipt({ hash: moved });
    const { id } = await env.t.database.db
      .selectFrom("relay_requests")
      .innerJoin("payments", "payments.id", "relay_requests.payment_id")
      .select("relay_requests.id")
      .where("payments.payment_id", "=", p.paymentId)
      .executeTakeFirstOrThrow();
    const nonceBefore = await relayerNonce();

    await processQueuedRelay(env.gasless, id);
    const relay = await relayStatus(env, pk, p.paymentId);
    expect(relay).toMatchObject({ status: "FAILED", transactionHash: null });
    expect(relay.errorMessage).toMatch(/^not sent, the call would revert: the payer holds 0 base units/);
    expect(relay.errorMessage).not.toContain(chain.rpcUrl);
    expect(await relayerNonce()).toBe(nonceBefore);
    expect(await paymentStatus(env, pk, p.paymentId)).toBe("CREATED");
  });
});

describe("with the relayer running", () => {
  beforeAll(async () => {
    await env.startWorker();
  });

  describe("one forwarder nonce, many payments", () => {
    it("K relays signed with the same nonce give exactly one broadcast", async () => {
      const K = 8;
      const payer = freshPayer();
      await chain.mint(chain.tokens.permit18, payer.address, 10n ** 18n);
      const payments = [];
      for (let i = 0; i < K; i++) payments.push(await createPayment(env, pk, `one-nonce-${i}`, 0.01));
      // Every body is signed while the forwarder nonce is still the same.
      const bodies = await Promise.all(payments.map((p) => relayBody(env, payer, p)));
      expect(new Set(bodies.map((b) => b.forwardRequest.nonce)).size).toBe(1);
      const nonceBefore = await relayerNonce();

      const responses = await Promise.all(payments.map((p, i) => post(p.paymentId, bodies[i])));
      const accepted = payments.filter((_, i) => responses[i]!.status === 202);
      const relays = await Promise.all(accepted.map((p) => finished(p.paymentId)));
      const figures = {
        accepted: accepted.length,
        refused: responses.filter((r) => r.status !== 202).length,
        broadcast: (await relayerNonce()) - nonceBefore,
        reverted: await reverted(relays.map((r) => r.transactionHash)),
      };
      expect(figures).toEqual({ accepted: 1, refused: K - 1, broadcast: 1, reverted: 0 });
      for (const r of responses.filter((r) => r.status !== 202)) {
        expect(r.status).toBe(400);
        expect(r.body.code).toBe("VALIDATION_ERROR");
        expect(r.body.details[0].path).toEqual(["forwardRequest", "nonce"]);
        // Taken by the relay in flight (or, for a request slower than a block, used on-chain already).
        expect(r.body.message).toMatch(/already taken by another relay|forwarder's current nonce/);
      }
      expect(relays[0]!.status).toBe("CONFIRMED");
      expect(await paymentStatus(env, pk, accepted[0]!.paymentId)).toBe("PAID");
      // The first payment of the chain (with a permit; recipient and treasury held no token): the most
      // pay() needs. The forward gas cap leaves at least half as much again on top.
      const gasUsed = await forwardedPayGasUsed(
        relays[0]!.transactionHash as Hex,
        accepted[0]!.gatewayAddress,
      );
      expect(gasUsed * 3n).toBeLessThanOrEqual(defaultGaslessSettings().maxForwardGas * 2n);

      // The nonce is now used on-chain: the other payments' bodies are refused for that reason.
      const late = payments.find((p) => p !== accepted[0])!;
      const again = await post(late.paymentId, bodies[payments.indexOf(late)]);
      expect([again.status, again.body.code, again.body.details[0].path]).toEqual([
        400,
        "VALIDATION_ERROR",
        ["forwardRequest", "nonce"],
      ]);
      expect(await relayerNonce()).toBe(nonceBefore + 1);
    });
  });

  describe("what the relayer pays for is bounded", () => {
    it("refuses calldata padded after pay(...)", async () => {
      const payer = freshPayer();
      await chain.mint(chain.tokens.permit18, payer.address, 10n ** 18n);
      const p = await createPayment(env, pk, "padded", 0.01);
      const nonceBefore = await relayerNonce();
      for (const padding of [`0x${"00".repeat(32)}`, `0x${"ff".repeat(31_000)}`] as Hex[]) {
        const response = await post(p.paymentId, await relayBody(env, payer, p, { padding }));
        expect([response.status, response.body.code]).toEqual([400, "VALIDATION_ERROR"]);
        expect(response.body.details[0].path).toEqual(["forwardRequest", "data"]);
        // 31,000 bytes are refused before the relay's own check, by the length every input string has.
        const detail =
          padding.length > MAX_INPUT_STRING_LENGTH ? "at most" : "exactly the ABI encoding of pay";
        expect(JSON.stringify(response.body)).toContain(detail);
      }
      expect(await relayerNonce()).toBe(nonceBefore);
    });

    it("refuses forward gas above the cap; the recommended 200000 pays with an approval made before", async () => {
      const cap = defaultGaslessSettings().maxForwardGas;
      const payer = freshPayer();
      await chain.mint(chain.tokens.permit18, payer.address, 10n ** 18n);
      const approval = await (
        await payerWithGas(payer)
      ).writeContract({
        address: chain.tokens.permit18,
        abi: testTokenAbi,
        functionName: "approve",
        args: [chain.gateway, 10n ** 18n],
      });
      await chain.publicClient.waitForTransactionReceipt({ hash: approval });
      const p = await createPayment(env, pk, "gas-cap", 0.01);
      const nonceBefore = await relayerNonce();
      const tooMuch = await post(
        p.paymentId,
        await relayBody(env, payer, p, { gas: cap + 1n, permit: false }),
      );
      expect([tooMuch.status, tooMuch.body.code]).toEqual([400, "VALIDATION_ERROR"]);
      expect(tooMuch.body.details[0].path).toEqual(["forwardRequest", "gas"]);
      expect(tooMuch.body.message).toContain(`at most ${cap}`);
      expect(await relayerNonce()).toBe(nonceBefore);

      const ok = await post(p.paymentId, await relayBody(env, payer, p, { gas: 200_000n, permit: false }));
      expect(ok.status).toBe(202);
      const relay = await finished(p.paymentId);
      expect(relay.status).toBe("CONFIRMED");
      const gasUsed = await forwardedPayGasUsed(relay.transactionHash as Hex, p.gatewayAddress);
      expect(gasUsed * 3n).toBeLessThanOrEqual(cap * 2n);
    });
  });

  describe("a payer whose relays revert on-chain", () => {
    it("is recorded against payer and merchant, then refused", async () => {
      const payer = freshPayer();
      const payerWallet = await payerWithGas(payer);
      const nonceBefore = await relayerNonce();

      const revertOnce = async (orderId: string) => {
        await chain.mint(chain.tokens.permit18, payer.address, 10n ** 16n);
        const p = await createPayment(env, pk, orderId, 0.01);
        await relayThenMoveTokensAway(payerWallet, p);
        return { p, relay: await finished(p.paymentId) };
      };

      const first = await revertOnce("reverts-1");
      const second = await revertOnce("reverts-2");
      const hashes = [first.relay.transactionHash, second.relay.transactionHash];
      expect([first.relay.status, second.relay.status]).toEqual(["FAILED", "FAILED"]);
      expect(await reverted(hashes)).toBe(2);

      // The third attempt is refused before anything is simulated or sent.
      await chain.mint(chain.tokens.permit18, payer.address, 10n ** 16n);
      const p = await createPayment(env, pk, "reverts-3", 0.01);
      const refused = await post(p.paymentId, await relayBody(env, payer, p));
      expect([refused.status, refused.body.code]).toEqual([429, "RATE_LIMITED"]);
      expect(refused.body.message).toMatch(/reverted on-chain 2 times/);
      expect(await relayerNonce()).toBe(nonceBefore + 2);

      const merchant = await findMerchantByPublicKeyHash(env.t.database.db, hashKey(pk));
      const records = await env.t.database.db
        .selectFrom("relayer_reverts")
        .selectAll()
        .orderBy("sender_transaction_id")
        .execute();
      expect(
        records.map((r) => ({ payer: r.payer_address, merchant: r.merchant_id, tx: r.transaction_hash })),
      ).toEqual(hashes.map((tx) => ({ payer: payer.address, merchant: merchant!.id, tx })));
      for (const r of records) expect(BigInt(r.gas_used)).toBeGreaterThan(21_000n);
    });
  });

  describe("a stuck relay whose payer moved its tokens meanwhile", () => {
    it("is simulated again before its fee replacement and cancelled, not sent", async () => {
      const payerWallet = await payerWithGas(freshPayer(), 10n ** 16n);
      const p = await createPayment(env, pk, "stuck-moved", 0.01);
      const nonceBefore = await relayerNonce();
      // Blocks become too expensive for the relay as priced: it stays in the mempool, stuck.
      await relayThenMoveTokensAway(payerWallet, p, parseGwei("100"));

      const relay = await finished(p.paymentId);
      expect(relay.status).toBe("FAILED");
      expect(relay.errorMessage).toMatch(/^not sent again, the call would now revert: the payer holds 0 /);
      // What was mined for the relayer's nonce is the zero-value transfer that fills it.
      const receipt = await chain.publicClient.getTransactionReceipt({ hash: relay.transactionHash as Hex });
      expect([receipt.status, receipt.to?.toLowerCase()]).toEqual(["success", relayer.toLowerCase()]);
      expect(await relayerNonce()).toBe(nonceBefore + 1);
      expect(await paymentStatus(env, pk, p.paymentId)).toBe("CREATED");
    });
  });
});
