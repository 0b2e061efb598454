import { anvilAccount } from "@kassa/contracts/dev";
import { sql } from "kysely";
import { createTestClient, http, type Address, type Hex } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { requestGas as requestGasCore } from "../../../src/core/faucet/faucet.js";
import { claimGrant, releaseGrantClaim } from "../../../src/db/gasless/grants.js";
import { findMerchantByKey } from "../../../src/db/merchants/merchants.js";
import { findPaymentDetailsByPaymentId } from "../../../src/db/payments/payments.js";
import { faucetBudgetGauges } from "../../../src/core/operations/metrics.js";
import type { SeededMerchant } from "../../harness/app.js";
import type { TestChain } from "../../harness/chain.js";
import {
  createPayment,
  FAUCET_INDEX,
  freshPayer,
  startGaslessEnv,
  type GaslessTestEnv,
} from "../../harness/gasless.js";
import { waitFor } from "../../harness/waitFor.js";

const faucetAddress = anvilAccount(FAUCET_INDEX).address;
/** PUSH1 0 PUSH1 0 REVERT: a contract that refuses every call and every transfer. */
const REVERTING_CODE = "0x60006000fd";

type Response = Awaited<ReturnType<GaslessTestEnv["request"]>>;

function faucetCalls(env: GaslessTestEnv) {
  const requestGas = (paymentId: string, walletAddress: string, publicKey: string) =>
    env.request("/payments/request-gas", {
      method: "POST",
      headers: { "x-public-key": publicKey },
      json: { paymentId, walletAddress },
    });
  /** A wallet (fresh by default) holding 1 token, and a payment of 1 token to pay with it. */
  async function fundedWalletAndPayment(
    shop: SeededMerchant,
    orderId: string,
    wallet: Address = freshPayer().address,
  ) {
    await env.chain.mint(env.chain.tokens.permit18, wallet, 10n ** 18n);
    const payment = await createPayment(env, shop.publicKey, orderId, 1);
    return { wallet, paymentId: payment.paymentId };
  }
  return { requestGas, fundedWalletAndPayment };
}

type Funded = Awaited<ReturnType<ReturnType<typeof faucetCalls>["fundedWalletAndPayment"]>>;

const codeOf = (response: Response) => [response.status, response.body?.code];

async function grantRows(env: GaslessTestEnv) {
  return env.t.database.db.selectFrom("gas_grants").selectAll().orderBy("id").execute();
}

const chainDays = (env: GaslessTestEnv) =>
  env.t.database.db.selectFrom("faucet_chain_days").selectAll().execute();

/**
 * Before: with the public key and one stake, an attacker moved the token to a fresh wallet, asked
 * for a grant, and repeated: 6 grants to 6 wallets, nothing bounded the total. The faucet sees each
 * step as a fresh wallet holding the token; minting to each stands in for moving the stake.
 */
describe("sybil grants to fresh wallets", () => {
  const merchantBudget = 250_000_000_000_000n;
  const chainBudget = 400_000_000_000_000n;
  let chain: TestChain;
  let env: GaslessTestEnv;
  beforeAll(async () => {
    env = await startGaslessEnv({
      anvil: { blockTime: 1 },
      settings: {
        // A fixed grant value (below what the approve costs on anvil) bounds every charge between
        // 5e13 + 21000 * 1 gwei and 5e13 + 21000 * 3 gwei: 2 to 3 grants per merchant budget.
        faucetMaxGrantWei: 50_000_000_000_000n,
        faucetDailyBudgetWei: chainBudget,
        faucetMerchantDailyBudgetWei: merchantBudget,
        faucetGrantsPerClientPerDay: 100,
      },
    });
    chain = env.chain;
    await env.startWorker();
  });
  afterAll(() => env?.close());

  it("stop at the merchant's budget, then at the chain's, even when concurrent", async () => {
    const { requestGas, fundedWalletAndPayment } = faucetCalls(env);
    const faucetBefore = await chain.publicClient.getBalance({ address: faucetAddress });
    const first = await env.t.addMerchant("Sybil target", { faucetEnabled: true });

    let last: Response | undefined;
    let granted = 0;
    for (let i = 0; i < 12; i++) {
      const { wallet, paymentId } = await fundedWalletAndPayment(first, `sybil-${i}`);
      last = await requestGas(paymentId, wallet, first.publicKey);
      if (last.status !== 200) break;
      granted++;
    }
    expect(codeOf(last!)).toEqual([429, "FAUCET_BUDGET_EXHAUSTED"]);
    expect(last!.body.message).toMatch(/merchant's gas grant budget/);
    expect(granted).toBeGreaterThanOrEqual(2);
    expect(granted).toBeLessThanOrEqual(3);
    const afterFirst = await grantRows(env);
    expect(afterFirst).toHaveLength(granted);
    const firstCharged = afterFirst.reduce((sum, row) => sum + BigInt(row.charged_wei), 0n);
    expect(firstCharged).toBeLessThanOrEqual(merchantBudget);

    // A second merchant's payers, all at once: the chain's budget holds under concurrency.
    const second = await env.t.addMerchant("Sybil second", { faucetEnabled: true });
    const wallets = [];
    for (let i = 0; i < 8; i++) wallets.push(await fundedWalletAndPayment(second, `sybil-concurrent-${i}`));
    const responses = await Promise.all(
      wallets.map(({ wallet, paymentId }) => requestGas(paymentId, wallet, second.publicKey)),
    );
    const refused = responses.filter((r) => r.status !== 200);
    expect(refused.length).toBeGreaterThanOrEqual(5);
    for (const r of refused) expect(codeOf(r)).toEqual([429, "FAUCET_BUDGET_EXHAUSTED"]);

    const rows = await grantRows(env);
    expect(rows.every((row) => row.status === "CONFIRMED")).toBe(true);
    const charged = rows.reduce((sum, row) => sum + BigInt(row.charged_wei), 0n);
    expect(charged).toBeLessThanOrEqual(chainBudget);
    // The counter is the sum of what the grants charged, and the faucet lost no more than that.
    const [day] = await chainDays(env);
    expect([BigInt(day!.spent_wei), day!.grants]).toEqual([charged, rows.length]);
    let spentOnChain = 0n;
    for (const row of rows) {
      const receipt = await chain.publicClient.getTransactionReceipt({ hash: row.tx_hash as Hex });
      spentOnChain += BigInt(row.amount) + receipt.gasUsed * receipt.effectiveGasPrice;
    }
    expect(faucetBefore - (await chain.publicClient.getBalance({ address: faucetAddress }))).toBe(
      spentOnChain,
    );
    expect(spentOnChain).toBeLessThanOrEqual(charged);

    // The metrics read the same counters.
    const gauges = Object.fromEntries(
      faucetBudgetGauges(env.gasless.settings).map((gauge) => [gauge.name, gauge]),
    );
    const db = env.t.database.db;
    const networkId = chain.chainId;
    expect(await gauges.kassa_faucet_spent_wei!.read(db)).toEqual([
      { labels: { network_id: networkId }, value: Number(charged) },
    ]);
    expect(await gauges.kassa_faucet_budget_remaining_wei!.read(db)).toEqual([
      { labels: { network_id: networkId }, value: Number(chainBudget - charged) },
    ]);
    expect(await gauges.kassa_faucet_grants!.read(db)).toEqual([
      { labels: { network_id: networkId }, value: rows.length },
    ]);
    const merchants = await gauges.kassa_faucet_merchant_spent_wei!.read(db);
    expect(merchants.map((sample) => sample.labels!.merchant).sort()).toEqual(
      [first.merchantKey, second.merchantKey].sort(),
    );
  });
});

/**
 * Before: a contract wallet holding the token got a grant whose estimate failed, fell back to 21,000
 * gas and reverted; the claim was released and the same payment and wallet asked again: 5 failed
 * transfers in a row, the wallet received nothing.
 */
describe("grants a wallet cannot use", () => {
  let chain: TestChain;
  let env: GaslessTestEnv;
  let shop: SeededMerchant;
  const testClient = () =>
    createTestClient({ mode: "anvil", chain: chain.chain, transport: http(chain.rpcUrl) });
  beforeAll(async () => {
    env = await startGaslessEnv({ anvil: { blockTime: 1 }, settings: { faucetGrantsPerClientPerDay: 2 } });
    chain = env.chain;
    shop = await env.t.addMerchant("Wallet shop", { faucetEnabled: true });
    await env.startWorker();
  });
  afterAll(() => env?.close());

  const faucetNonce = () => chain.publicClient.getTransactionCount({ address: faucetAddress });
  /** request-gas from another client IP, through the core function the route calls: "granted" or the code. */
  async function grantThroughCore(ip: string, { wallet, paymentId }: Funded) {
    const merchant = (await findMerchantByKey(env.t.database.db, shop.merchantKey))!;
    return requestGasCore(env.gasless, merchant, { paymentId, walletAddress: wallet }, { ip }).then(
      () => "granted",
      (error: { code?: string }) => error.code,
    );
  }

  it("refuses a contract wallet before sending anything, every time", async () => {
    const { requestGas, fundedWalletAndPayment } = faucetCalls(env);
    const contract = freshPayer().address;
    await testClient().setCode({ address: contract, bytecode: REVERTING_CODE });
    const { paymentId } = await fundedWalletAndPayment(shop, "contract-wallet", contract);
    const nonce = await faucetNonce();
    for (let i = 0; i < 5; i++) {
      const response = await requestGas(paymentId, contract, shop.publicKey);
      expect(codeOf(response)).toEqual([400, "GRANT_NOT_USABLE"]);
      expect(response.body.message).toMatch(/contract/);
    }
    expect(await faucetNonce()).toBe(nonce);
    expect(await grantRows(env)).toEqual([]);
  });

  it("sends a transfer that fails once, records it, and never sends it again", async () => {
    const { requestGas, fundedWalletAndPayment } = faucetCalls(env);
    const { wallet, paymentId } = await fundedWalletAndPayment(shop, "turns-contract");
    const nonce = await faucetNonce();
    // Hold the blocks, let the grant be sent, then give the wallet code that refuses it before it is mined.
    await testClient().setIntervalMining({ interval: 0 });
    const pending = requestGas(paymentId, wallet, shop.publicKey);
    await waitFor("the grant transaction recorded", async () => {
      const rows = await grantRows(env);
      return rows.some((row) => row.sender_transaction_id !== null) ? rows : undefined;
    });
    await waitFor("the grant transaction in the node's pool", async () => {
      const pendingNonce = await chain.publicClient.getTransactionCount({
        address: faucetAddress,
        blockTag: "pending",
      });
      return pendingNonce === nonce + 1 ? pendingNonce : undefined;
    });
    await testClient().setCode({ address: wallet, bytecode: REVERTING_CODE });
    await testClient().setIntervalMining({ interval: 1 });
    const failed = await pending;
    expect(codeOf(failed)).toEqual([500, "RELAYER_ERROR"]);
    expect(failed.body.message).toMatch(/not sent again/);
    const [row] = await grantRows(env);
    expect(row).toMatchObject({ status: "FAILED", wallet_address: wallet });
    expect(await faucetNonce()).toBe(nonce + 1);

    // The same wallet and payment, and either of them with another partner: refused, nothing sent.
    for (let i = 0; i < 4; i++) {
      const again = await requestGas(paymentId, wallet, shop.publicKey);
      expect(codeOf(again)).toEqual([400, "ALREADY_GRANTED"]);
      expect(again.body.message).toMatch(/failed/);
    }
    const other = await fundedWalletAndPayment(shop, "turns-contract-other");
    expect(codeOf(await requestGas(paymentId, other.wallet, shop.publicKey))).toEqual([
      400,
      "PAYMENT_ALREADY_GRANTED",
    ]);
    expect(await faucetNonce()).toBe(nonce + 1);
    expect(await grantRows(env)).toHaveLength(1);
  });

  it("limits grants per client IP per day (an IPv6 client by its /64), failed ones included", async () => {
    const { requestGas, fundedWalletAndPayment } = faucetCalls(env);
    // 127.0.0.1 had one grant today (the failed one above); one more is allowed.
    const second = await fundedWalletAndPayment(shop, "ip-second");
    expect((await requestGas(second.paymentId, second.wallet, shop.publicKey)).status).toBe(200);
    const third = await fundedWalletAndPayment(shop, "ip-third");
    const limited = await requestGas(third.paymentId, third.wallet, shop.publicKey);
    expect(codeOf(limited)).toEqual([429, "RATE_LIMITED"]);

    // The same request from other clients, through the core function the route calls.
    const grantFrom = async (ip: string, orderId: string | Funded) =>
      grantThroughCore(
        ip,
        typeof orderId === "string" ? await fundedWalletAndPayment(shop, orderId) : orderId,
      );
    expect(await grantFrom("203.0.113.9", third)).toBe("granted");
    expect(await grantFrom("2001:db8:1:2::1", "ip6-a")).toBe("granted");
    expect(await grantFrom("2001:db8:1:2:ffff::9", "ip6-b")).toBe("granted");
    expect(await grantFrom("2001:db8:1:2:abcd::3", "ip6-c")).toBe("RATE_LIMITED");
    expect(await grantFrom("2001:db8:1:3::1", "ip6-d")).toBe("granted");
    // No address is stored, only salted hashes of the day.
    const clients = await env.t.database.db.selectFrom("faucet_client_days").selectAll().execute();
    expect(JSON.stringify(clients)).not.toMatch(/127\.0\.0\.1|203\.0\.113|2001:db8/);
    expect(clients).toHaveLength(4);
  });

  it("grants to an EIP-7702 account: an externally owned account delegating to code", async () => {
    const { fundedWalletAndPayment } = faucetCalls(env);
    const funded = await fundedWalletAndPayment(shop, "eip7702");
    // The delegation designator 0xef0100 || address; the delegate here has no code of its own.
    const delegate = freshPayer().address.slice(2).toLowerCase();
    await testClient().setCode({ address: funded.wallet, bytecode: `0xef0100${delegate}` });
    expect(await grantThroughCore("198.51.100.20", funded)).toBe("granted");
    expect(await chain.publicClient.getBalance({ address: funded.wallet })).toBeGreaterThan(0n);
  });

  it("gives a released claim's charges back in the same statement", async () => {
    const db = env.t.database.db;
    const { fundedWalletAndPayment } = faucetCalls(env);
    const { wallet, paymentId } = await fundedWalletAndPayment(shop, "released");
    const payment = (await findPaymentDetailsByPaymentId(db, paymentId))!;
    const day = "2030-01-02";
    const onDay = sql<Date>`${day}::date`;
    const claim = {
      networkId: chain.chainId,
      merchantRowId: payment.merchant_id,
      walletAddress: wallet,
      paymentRowId: payment.id,
      amount: 10n ** 12n,
      chargedWei: 3n * 10n ** 12n,
      day,
      client: "192.0.2.1",
      chainBudgetWei: 10n ** 18n,
      merchantBudgetWei: 10n ** 18n,
      clientGrantsPerDay: 1,
    };
    const counters = async () => {
      const chainRow = await db
        .selectFrom("faucet_chain_days")
        .selectAll()
        .where("day", "=", onDay)
        .execute();
      const merchantRow = await db
        .selectFrom("faucet_merchant_days")
        .selectAll()
        .where("day", "=", onDay)
        .execute();
      const clientRow = await db
        .selectFrom("faucet_client_days")
        .selectAll()
        .where("day", "=", onDay)
        .execute();
      return [chainRow, merchantRow, clientRow].map((rows) =>
        rows.map((row) => ("spent_wei" in row ? [row.spent_wei, row.grants] : [row.grants])),
      );
    };
    const first = await claimGrant(db, claim);
    if (!("grant" in first)) throw new Error(`claim refused by ${first.refusedBy}`);
    expect(await counters()).toEqual([[["3000000000000", 1]], [["3000000000000", 1]], [[1]]]);
    // A new day's first claim deleted the earlier days' client counts (and their salt).
    expect(await db.selectFrom("faucet_client_days").select("grants").execute()).toEqual([{ grants: 1 }]);
    expect((await sql`SELECT day FROM faucet_client_salts`.execute(db)).rows).toHaveLength(1);
    expect(await claimGrant(db, { ...claim, walletAddress: freshPayer().address })).toEqual({
      refusedBy: "client",
    });

    expect(await releaseGrantClaim(db, first.grant.id)).toBe(true);
    expect(await counters()).toEqual([[["0", 0]], [["0", 0]], [[0]]]);
    expect(await releaseGrantClaim(db, first.grant.id)).toBe(false);
    // The wallet and the payment may ask again, and the client has its grant back.
    expect("grant" in (await claimGrant(db, claim))).toBe(true);
  });
});
