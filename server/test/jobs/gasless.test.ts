/**
 * Gasless work left behind: a relay whose job used up its retries while the node was down (or whose
 * worker died on the last one) and a faucet claim whose request died between the claim and the send. Both
 * used to hold what they reserved for good (the payer's forwarder nonce; the budget charge and the
 * wallet). And gas-status, which must answer what request-gas would decide: budgets and contract wallets.
 */
import type { JobHelpers } from "graphile-worker";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultConfig } from "../../src/config/index.js";
import { faucetDailyBudgetWei } from "../../src/config/gasless.js";
import { createServices } from "../../src/core/services.js";
import { claimGrant } from "../../src/db/gasless/grants.js";
import { TASKS } from "../../src/domain/tasks.js";
import { gaslessWorkerModule } from "../../src/jobs/gasless.js";
import { Secret } from "../../src/secret.js";
import type { SeededMerchant } from "../harness/app.js";
import type { TestChain } from "../harness/chain.js";
import { deadRpcUrl } from "../harness/rpcProxy.js";
import {
  createPayment,
  freshPayer,
  relayBody,
  startGaslessEnv,
  type GaslessTestEnv,
} from "../harness/gasless.js";

let chain: TestChain;
let env: GaslessTestEnv;
let shop: SeededMerchant;

beforeAll(async () => {
  env = await startGaslessEnv();
  chain = env.chain;
  shop = await env.t.addMerchant("Gasless shop", { faucetEnabled: true });
});
afterAll(() => env?.close());

const post = (path: string, json: unknown) =>
  env.request(path, { method: "POST", headers: { "x-public-key": shop.publicKey }, json });

async function relayOf(paymentId: string) {
  const { rows } = await sql<{ id: number; status: string; error_message: string | null }>`
    SELECT r.id, r.status, r.error_message FROM relay_requests r JOIN payments p ON p.id = r.payment_id
    WHERE p.payment_id = ${paymentId}`.execute(env.t.database.db);
  return rows[0];
}

/** graphile-worker's helpers as a task sees them on attempt `attempts` of `max`. */
const attempt = (attempts: number, max = 10) =>
  ({ job: { attempts, max_attempts: max } }) as unknown as JobHelpers;

const sweepAt = (at: Date) =>
  gaslessWorkerModule({ ...env.gasless, now: () => at }).tasks?.[TASKS.sweepGasless]?.({}, attempt(1, 1));

describe("a relay queued while the node is down", () => {
  it("fails on its job's last attempt, freeing the payer's forwarder nonce; one past its deadline fails in the sweep", async () => {
    const payer = freshPayer();
    await chain.mint(chain.tokens.permit18, payer.address, 100n * 10n ** 18n);
    const first = await createPayment(env, shop.publicKey, "relay-outage-1", 5);
    const body = await relayBody(env, payer, first);
    expect((await post(`/payments/${first.paymentId}/relay`, body)).status).toBe(202);
    const queued = await relayOf(first.paymentId);
    expect(queued?.status).toBe("QUEUED");

    // A second payment signed with the same forwarder nonce is refused while the first holds it.
    const second = await createPayment(env, shop.publicKey, "relay-outage-2", 5);
    const sameNonce = await relayBody(env, payer, second, { nonce: BigInt(body.forwardRequest.nonce) });
    const refused = await post(`/payments/${second.paymentId}/relay`, sameNonce);
    expect([refused.status, refused.body.code]).toEqual([400, "VALIDATION_ERROR"]);
    expect(JSON.stringify(refused.body.details)).toContain("already taken by another relay");

    // The worker's view of the chain: a node that does not answer.
    const dead = await deadRpcUrl();
    const outage = createServices(
      defaultConfig({
        signerPrivateKey: chain.signerKey,
        gasless: env.gasless.settings,
        rpcUrls: new Map([[chain.chainId, new Secret([dead])]]),
        rpcTimeoutMs: 200,
      }),
      env.t.database.db,
    ).gasless;
    const submit = gaslessWorkerModule(outage).tasks?.[TASKS.submitRelay];
    const payload = { relayRequestId: queued?.id };
    // Two attempts at once (each waits out the transport's retries): an earlier one gives the job back to
    // graphile-worker to retry (it throws), the last one fails the relay.
    const [earlier, last] = await Promise.allSettled([
      submit?.(payload, attempt(3)),
      submit?.(payload, attempt(10)),
    ]);
    expect([earlier.status, last.status]).toEqual(["rejected", "fulfilled"]);
    const failed = await relayOf(first.paymentId);
    expect(failed?.status).toBe("FAILED");
    expect(failed?.error_message).toMatch(/^not sent after 10 attempts: /);
    expect(failed?.error_message).not.toContain(dead);

    expect((await post(`/payments/${second.paymentId}/relay`, sameNonce)).status).toBe(202);
    // No worker sends it: past its ForwardRequest deadline, the sweep fails it.
    await sweepAt(new Date((Number(sameNonce.forwardRequest.deadline) + 1) * 1000));
    expect(await relayOf(second.paymentId)).toMatchObject({
      status: "FAILED",
      error_message: "not sent before its signature deadline",
    });
  });
});

describe("a faucet claim whose request died before sending", () => {
  const gasStatus = (paymentId: string, wallet: string) =>
    env.request(`/payments/${paymentId}/gas-status?walletAddress=${wallet}`, {
      headers: { "x-public-key": shop.publicKey },
    });

  beforeAll(() => env.startWorker());

  it("blocks its wallet and spends the budget until the sweep releases it; gas-status says so", async () => {
    const payer = freshPayer();
    const other = freshPayer();
    for (const wallet of [payer, other])
      await chain.mint(chain.tokens.permit18, wallet.address, 50n * 10n ** 18n);
    const p = await createPayment(env, shop.publicKey, "claim-crash-1", 5);
    const q = await createPayment(env, shop.publicKey, "claim-crash-2", 5);
    expect((await gasStatus(q.paymentId, other.address)).body).toMatchObject({ canReceiveGas: true });

    // What request-gas does before it sends, then the process dies: a claim charging the day's budget.
    const { rows } = await sql<{ id: number; merchant_id: number }>`
      SELECT id, merchant_id FROM payments WHERE payment_id = ${p.paymentId}`.execute(env.t.database.db);
    const { faucetMerchantDailyBudgetWei } = env.gasless.settings;
    const chainBudget = faucetDailyBudgetWei(env.gasless.settings, chain.chainId);
    const budget = chainBudget < faucetMerchantDailyBudgetWei ? chainBudget : faucetMerchantDailyBudgetWei;
    const claimed = await claimGrant(env.t.database.db, {
      networkId: chain.chainId,
      merchantRowId: rows[0]!.merchant_id,
      walletAddress: payer.address,
      paymentRowId: rows[0]!.id,
      amount: 1n,
      chargedWei: budget,
      day: new Date().toISOString().slice(0, 10),
      client: "198.51.100.7",
      chainBudgetWei: chainBudget,
      merchantBudgetWei: faucetMerchantDailyBudgetWei,
      clientGrantsPerDay: env.gasless.settings.faucetGrantsPerClientPerDay,
    });
    expect("grant" in claimed).toBe(true);
    const blocked = await post("/payments/request-gas", {
      paymentId: p.paymentId,
      walletAddress: payer.address,
    });
    expect([blocked.status, blocked.body.code]).toEqual([409, "GRANT_IN_PROGRESS"]);
    // gas-status answers what request-gas would: the budget is spent.
    expect((await gasStatus(q.paymentId, other.address)).body).toMatchObject({
      needsGas: true,
      canReceiveGas: false,
    });

    await sweepAt(new Date(Date.now() + 30_000));
    expect((await gasStatus(q.paymentId, other.address)).body).toMatchObject({ canReceiveGas: false });
    await sweepAt(new Date(Date.now() + 61_000));
    expect((await gasStatus(q.paymentId, other.address)).body).toMatchObject({ canReceiveGas: true });

    const granted = await post("/payments/request-gas", {
      paymentId: p.paymentId,
      walletAddress: payer.address,
    });
    expect(granted.status, JSON.stringify(granted.body)).toBe(200);
    expect(granted.body.txHash).toMatch(/^0x[0-9a-f]{64}$/);
  });

  it("gas-status refuses a contract wallet, as request-gas does", async () => {
    // A contract holding the token and no native token: the forwarder.
    await chain.mint(chain.tokens.permit18, chain.forwarder, 50n * 10n ** 18n);
    const p = await createPayment(env, shop.publicKey, "contract-wallet", 5);
    expect((await gasStatus(p.paymentId, chain.forwarder)).body).toEqual({
      needsGas: true,
      hasEnoughTokenBalance: true,
      alreadyGranted: false,
      canReceiveGas: false,
    });
    const refused = await post("/payments/request-gas", {
      paymentId: p.paymentId,
      walletAddress: chain.forwarder,
    });
    expect([refused.status, refused.body.code]).toEqual([400, "GRANT_NOT_USABLE"]);
  });
});
