import { subscriptionTypedData } from "@kassa/contracts";
import { anvilAccount } from "@kassa/contracts/dev";
import { register } from "prom-client";
import { hashTypedData, type Address, type Hex } from "viem";
import type { PrivateKeyAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { gasBound } from "../../../src/domain/gasPurposes.js";
import type { TestChain } from "../../harness/chain.js";
import { freshPayer, RELAYER_INDEX, relayerRevertOf } from "../../harness/gasless.js";
import { deployHostileWallets, type HostileWallets } from "../../harness/hostileWallets.js";
import { PERIOD, startSubscriptionEnv, type SubscriptionEnv } from "../../harness/subscriptions.js";

/**
 * A stranger authorises a merchant's PENDING subscription with a smart wallet that makes the first charge, the one
 * that checks the payer's signature, cost the relayer what it likes (issue 39: 12,000,000 gas a period, each
 * reverting, with no limit). The charge is simulated at the relayer's fees and sent with at most its bound; a
 * wallet that turns hostile once the charge is on its way costs the charge's gas limit, and then the payer's first
 * charges wait for its budget.
 */
const CLIENT_BUDGET = 250_000n;

let chain: TestChain;
let env: SubscriptionEnv;
let hostile: HostileWallets;
const relayer = anvilAccount(RELAYER_INDEX).address;

beforeAll(async () => {
  env = await startSubscriptionEnv({
    // A window longer than the tests move the clock, so what reverted stays counted.
    settings: { clientGasBudget: CLIENT_BUDGET, gasBudgetWindowSeconds: 30 * 86_400 },
  });
  chain = env.chain;
  hostile = await deployHostileWallets(chain);
}, 60_000);
afterAll(() => env?.close());

const relayerNonce = () => chain.publicClient.getTransactionCount({ address: relayer });

/**
 * A PENDING subscription of the merchant, authorised by a hostile wallet (holding and approving the gateway for
 * three charges) that behaves as `behaviour` says; the wallet's check answers "valid" to the API's `eth_call`.
 */
async function authorisedBy(behaviour: { burn?: bigint; validOnlyUnpriced?: boolean }) {
  const owner = freshPayer();
  const token = env.t.token as Address;
  const wallet = await hostile.deploy(
    hostile.params(owner.address, { ...behaviour, token, spender: chain.gateway }),
  );
  await chain.mint(token, wallet, 30n * 10n ** 18n);
  const created = await env.create({
    orderId: `hostile-${wallet}`,
    tokenAddress: token,
    amount: 10,
    periodSeconds: PERIOD,
    charges: 3,
  });
  const id = created.body.data.id as string;
  const startsAt = await env.chainNow();
  const { body } = await env.t.request(`/public/subscriptions/${id}`);
  const subscription = {
    subscriptionId: body.data.subscriptionId as Hex,
    payer: wallet,
    tokenAddress: token,
    amount: BigInt(body.data.amount),
    variableAmount: false,
    usePermit2: false,
    recipientAddress: body.data.recipientAddress as Address,
    merchantId: body.data.merchantId as Hex,
    period: BigInt(PERIOD),
    startsAt,
    charges: 3n,
  };
  const digest = hashTypedData(
    subscriptionTypedData({ chainId: chain.chainId, gateway: chain.gateway, subscription }),
  );
  const signed = await env.t.request(`/public/subscriptions/${id}/authorize`, {
    method: "POST",
    json: { payer: wallet, startsAt: Number(startsAt), signature: await hostile.sign(owner, digest) },
  });
  expect(signed.status).toBe(200);
  return { id, owner, wallet };
}

async function view(id: string) {
  return (await env.show(id)).body.data as {
    status: string;
    nextPeriod: number;
    lastError: string | null;
    chargesMade: { status: string }[];
  };
}

describe("a subscription's first charge for a hostile wallet", () => {
  it("whose check burns gas is not sent: it would need more than the first charge's bound", async () => {
    const { id } = await authorisedBy({ burn: 2_000_000n });
    const before = await relayerNonce();
    await env.charge();
    expect(await relayerNonce()).toBe(before);
    const after = await view(id);
    expect(after.lastError).toContain(`more than the ${gasBound("subscription_first_charge")}`);
    expect(after.chargesMade).toHaveLength(0);
  });

  it("whose check answers 'valid' only at a gas price of 0 passes no simulation: nothing is sent", async () => {
    const { id } = await authorisedBy({ validOnlyUnpriced: true });
    const before = await relayerNonce();
    await env.charge();
    expect(await relayerNonce()).toBe(before);
    const after = await view(id);
    expect(after.lastError).toMatch(/revert/i);
    expect(after.chargesMade).toHaveLength(0);
  });

  it("that turns hostile once the charge is on its way costs its gas limit, and its next first charge waits", async () => {
    const { id, owner, wallet } = await authorisedBy({});
    await chain.publicClient.request({ method: "evm_setAutomine" as never, params: [false] as never });
    let hash: Hex;
    try {
      await env.charge();
      const [charge] = await env.t.database.db
        .selectFrom("payments")
        .innerJoin("sender_transactions", "sender_transactions.id", "payments.charge_sender_transaction_id")
        .innerJoin("sender_broadcasts", "sender_broadcasts.sender_transaction_id", "sender_transactions.id")
        .select("sender_broadcasts.tx_hash")
        .where("payments.payer_address", "=", wallet)
        .execute();
      hash = charge!.tx_hash as Hex;
      await hostile.turnHostile(owner, wallet);
      await chain.publicClient.request({ method: "evm_mine" as never });
    } finally {
      await chain.publicClient.request({ method: "evm_setAutomine" as never, params: [true] as never });
    }
    await env.charge();
    const mined = await hostile.minedGas(hash);
    expect(mined.status).toBe("reverted");
    expect(mined.gasUsed).toBeLessThanOrEqual(mined.gasLimit);
    expect(mined.gasLimit).toBeLessThanOrEqual(gasBound("subscription_first_charge"));
    const failed = await view(id);
    expect(failed.chargesMade[0]!.status).toBe("FAILED");
    expect(await relayerRevertOf(env.t.database.db, hash)).toMatchObject({
      purpose: "subscription_charge",
      payer_address: wallet,
      gas_used: mined.gasUsed.toString(),
    });

    // Honest again, the retry is due: its reverted gas and the next charge's limit pass the payer's budget.
    await restore(owner, wallet);
    const before = await relayerNonce();
    const refusedBefore = await payerBudgetRefusals();
    await env.advance(86_400);
    await env.charge();
    expect(await relayerNonce()).toBe(before);
    expect(await payerBudgetRefusals()).toBe(refusedBefore + 1);
    const waiting = await view(id);
    expect(waiting.chargesMade).toHaveLength(1);
    // Waiting is no failed attempt: the schedule's retries are kept for the charge's own failures.
    expect(waiting.lastError).toBe(failed.lastError);
  });
});

/** The process's count of first charges and relays held back by a payer's budget (what /metrics shows). */
async function payerBudgetRefusals(): Promise<number> {
  const metric = await register.getSingleMetric("kassa_relayer_budget_refusals_total")?.get();
  return metric?.values.find((value) => value.labels.budget === "payer")?.value ?? 0;
}

async function restore(owner: PrivateKeyAccount, wallet: Address) {
  await chain.publicClient.waitForTransactionReceipt({
    hash: await hostile.setBehaviour(owner, wallet, { burn: 0n, validOnlyUnpriced: false }),
  });
}
