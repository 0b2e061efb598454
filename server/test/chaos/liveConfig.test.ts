import { anvilPrivateKeys } from "@kassa/contracts/dev";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createChainClients } from "../../src/chain/clients.js";
import { addChain } from "../../src/core/admin/chains.js";
import { addPaymentMethod } from "../../src/core/admin/paymentMethods.js";
import { addToken } from "../../src/core/admin/tokens.js";
import { createMerchant } from "../../src/core/admin/merchants.js";
import { gaslessMetrics } from "../../src/chain/gasless.js";
import { gaslessWorkerModule } from "../../src/jobs/gasless.js";
import { lifecycleWorkerModule } from "../../src/jobs/settlement.js";
import { startWorker, type RunningWorker } from "../../src/jobs/worker.js";
import { Secret } from "../../src/secret.js";
import { startTestChain, type TestChain } from "../harness/chain.js";
import {
  createPayment,
  freshPayer,
  RELAYER_INDEX,
  relayBody,
  relayStatus,
  startGaslessEnv,
  type GaslessTestEnv,
} from "../harness/gasless.js";
import { waitFor } from "../harness/waitFor.js";
import { silentLogger } from "../harness/lifecycle.js";

// A second chain, with its relayer key configured from the start, is registered only after the worker
// started (as `npm start` and `kassa admin chain add` do). Without a restart, the worker must watch it,
// track its relays to CONFIRMED and report its relayer's balance.

let first: TestChain;
let second: TestChain;
let env: GaslessTestEnv;
let worker: RunningWorker;

beforeAll(async () => {
  first = await startTestChain();
  second = await startTestChain({ anvil: { chainId: 31_338 } });
  const relayerKey = new Secret(anvilPrivateKeys[RELAYER_INDEX]);
  env = await startGaslessEnv({
    chain: first,
    settings: {
      relayerKeys: new Map([
        [first.chainId, [relayerKey]],
        [second.chainId, [relayerKey]],
      ]),
    },
  });
  worker = await startWorker({
    databaseUrl: env.t.database.url,
    logger: silentLogger,
    modules: [
      lifecycleWorkerModule({
        db: env.t.database.db,
        databaseUrl: env.t.database.url,
        chains: createChainClients(),
        logger: silentLogger,
        webhookAllowPrivate: true,
        watcher: { pollIntervalMs: 100 },
      }),
      gaslessWorkerModule(env.gasless),
    ],
    pollInterval: 100,
  });
});

afterAll(async () => {
  await worker?.stop();
  await env?.close();
  await second?.stop();
  await first?.stop();
});

describe("a chain registered while the worker runs", () => {
  it("is watched, its relays are tracked to CONFIRMED and its relayer's balance is reported", async () => {
    const deps = env.t.adminDeps;
    const secondRow = () =>
      deps.db.selectFrom("chains").selectAll().where("network_id", "=", second.chainId).executeTakeFirst();
    expect(await secondRow()).toBeUndefined();
    await addChain(deps, {
      networkId: second.chainId,
      name: "Second anvil",
      isTestnet: true,
      rpcUrl: second.rpcUrl,
      gatewayAddress: second.gateway,
      forwarderAddress: second.forwarder,
      confirmations: 0,
    });
    const token = (await addToken(deps, { networkId: second.chainId, address: second.tokens.permit18 }))
      .address;
    const created = await createMerchant(deps, {
      name: "Second chain shop",
      networkId: second.chainId,
      recipientAddress: second.wallet(9).account.address,
    });
    await addPaymentMethod(deps, created.merchant.merchantKey, { tokenAddress: token });
    const publicKey = created.publicKey;

    const payer = freshPayer();
    await second.mint(second.tokens.permit18, payer.address, 100n * 10n ** 18n);
    const p = await createPayment(env, publicKey, "live-chain-1", 3, token);
    const onSecond = { ...env, chain: second };
    const response = await env.request(`/payments/${p.paymentId}/relay`, {
      method: "POST",
      headers: { "x-public-key": publicKey },
      json: await relayBody(onSecond, payer, p),
    });
    expect(response.status).toBe(202);

    const relay = await waitFor("the relay on the new chain to be CONFIRMED", async () => {
      const r = await relayStatus(env, publicKey, p.paymentId);
      return r.status === "CONFIRMED" || r.status === "FAILED" ? r : undefined;
    });
    expect(relay.status).toBe("CONFIRMED");
    // The watcher reads the new chain past the relayed transaction.
    const { blockNumber } = await second.publicClient.getTransactionReceipt({
      hash: relay.transactionHash as `0x${string}`,
    });
    const chainId = (await secondRow())!.id;
    await waitFor("the watcher to read the new chain", async () => {
      const cursor = await deps.db
        .selectFrom("chain_cursors")
        .selectAll()
        .where("chain_id", "=", chainId)
        .executeTakeFirst();
      return cursor !== undefined && BigInt(cursor.block_number) >= blockNumber ? cursor : undefined;
    });
    expect(
      (
        await deps.db
          .selectFrom("payments")
          .select("status")
          .where("payment_id", "=", p.paymentId)
          .executeTakeFirstOrThrow()
      ).status,
    ).toBe("PAID");
    const balances = (await gaslessMetrics.balance.get()).values.filter(
      (sample) => sample.labels.network_id === String(second.chainId) && sample.labels.role === "relayer",
    );
    expect(balances).toHaveLength(1);
    expect(balances[0]!.value).toBeGreaterThan(0);
  });
});
