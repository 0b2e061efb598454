import { anvilPrivateKeys } from "@kassa/contracts/dev";
import { register } from "prom-client";
import { parseTransaction, type Hex } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SenderOutcome } from "../../../src/chain/sender/owner.js";
import type { SendRequest } from "../../../src/chain/sender/send.js";
import { TransactionSender } from "../../../src/chain/sender/transactionSender.js";
import { listBroadcastsBySenderTransactionId } from "../../../src/db/senders/senders.js";
import { type SenderTransactionRow } from "../../../src/db/schema/rows.js";
import { startTestChain, type TestChain } from "../../harness/chain.js";
import { createTestDatabase, type TestDatabase } from "../../harness/db.js";

const SENDER_INDEX = 7;
const account = privateKeyToAccount(anvilPrivateKeys[SENDER_INDEX] as `0x${string}`);
const recipient = privateKeyToAccount(anvilPrivateKeys[8] as `0x${string}`).address;

let chain: TestChain;
let database: TestDatabase;
const finished = new Map<number, SenderOutcome>();
let sender: TransactionSender;

beforeAll(async () => {
  chain = await startTestChain();
  database = await createTestDatabase();
  sender = new TransactionSender({
    db: database.db,
    client: chain.publicClient,
    networkId: chain.chainId,
    role: "relayer",
    accounts: [account],
    confirmations: 0,
    stuckAfterMs: 0,
    feeBumpPercent: 20,
    hooks: {
      onFinished: async (tx: SenderTransactionRow, outcome: SenderOutcome) => {
        finished.set(tx.id, outcome);
      },
    },
  });
});
afterAll(async () => {
  await database?.close();
  await chain?.stop();
});

const transfer = (link: SendRequest["link"] = async () => true): SendRequest => ({
  purpose: "grant",
  to: recipient,
  value: 1n,
  data: "0x",
  gasLimit: 21_000n,
  link,
});

const chainNonce = () =>
  chain.publicClient.getTransactionCount({ address: account.address, blockTag: "pending" });

async function setAutomine(on: boolean) {
  await chain.publicClient.request({ method: "evm_setAutomine" as never, params: [on] as never });
}

describe("the nonce manager (TransactionSender) on anvil and PostgreSQL", () => {
  it("gives concurrent sends consecutive nonces, each recorded before it leaves, and sees them mined", async () => {
    const first = await chainNonce();
    const results = await Promise.all(Array.from({ length: 8 }, () => sender.send(transfer())));
    const sent = results.map((result) => {
      if (result.outcome !== "sent") throw new Error(`not sent: ${result.outcome}`);
      return result;
    });
    expect(sent.map((result) => result.tx.nonce).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 8 }, (_, i) => first + i),
    );
    for (const { tx, txHash } of sent) {
      const broadcasts = await listBroadcastsBySenderTransactionId(database.db, tx.id);
      expect(broadcasts.map((b) => [b.tx_hash, b.status])).toEqual([[txHash, "SENT"]]);
    }
    await sender.track();
    expect(sent.map(({ tx }) => finished.get(tx.id)?.status)).toEqual(Array(8).fill("CONFIRMED"));
    expect(await chainNonce()).toBe(first + 8);
  });

  it("sends nothing and spends no nonce when the owner abandons the request in its transaction", async () => {
    const before = await chainNonce();
    expect((await sender.send(transfer(async () => false))).outcome).toBe("abandoned");
    const next = await sender.send(transfer());
    expect(next.outcome === "sent" && next.tx.nonce).toBe(before);
    await sender.track();
  });

  it("replaces a stuck transaction with the same nonce and higher fees; exactly one version is mined", async () => {
    await setAutomine(false);
    try {
      const result = await sender.send(transfer());
      if (result.outcome !== "sent") throw new Error(result.outcome);
      await sender.track();
      const broadcasts = await listBroadcastsBySenderTransactionId(database.db, result.tx.id);
      expect(broadcasts).toHaveLength(2);
      const [original, replacement] = broadcasts;
      expect(BigInt(replacement!.max_fee_per_gas ?? 0) > BigInt(original!.max_fee_per_gas ?? 0)).toBe(true);
      expect(sender.counters.replaced).toBe(1);
      await chain.publicClient.request({ method: "evm_mine" as never, params: [] as never });
      await sender.track();
      const outcome = finished.get(result.tx.id);
      expect(outcome?.status).toBe("CONFIRMED");
      expect(outcome?.status === "CONFIRMED" && outcome.receipt.transactionHash).toBe(replacement!.tx_hash);
      expect(await chainNonce()).toBe(result.tx.nonce + 1);
    } finally {
      await setAutomine(true);
    }
  });

  it("sends a transaction carrying an EIP-7702 authorization as type 4, and replaces it with the authorization", async () => {
    // An authority with a key of its own here (a deposit account's is keyless: the same tuple, made up).
    const authority = privateKeyToAccount(generatePrivateKey());
    const authorization = await authority.signAuthorization({
      chainId: chain.chainId,
      address: recipient,
      nonce: 0,
    });
    await setAutomine(false);
    try {
      // Each authorization adds 25,000 to the intrinsic gas.
      const result = await sender.send({
        ...transfer(),
        gasLimit: 50_000n,
        authorizationList: [authorization],
      });
      if (result.outcome !== "sent") throw new Error(result.outcome);
      expect(result.tx.authorization_list).toEqual([
        {
          chainId: chain.chainId,
          address: recipient,
          nonce: 0,
          r: authorization.r,
          s: authorization.s,
          yParity: authorization.yParity,
        },
      ]);
      await sender.track();
      const broadcasts = await listBroadcastsBySenderTransactionId(database.db, result.tx.id);
      expect(broadcasts).toHaveLength(2);
      for (const broadcast of broadcasts) {
        const parsed = parseTransaction(broadcast.raw_transaction as Hex);
        expect(parsed.type).toBe("eip7702");
        expect(parsed.authorizationList).toHaveLength(1);
      }
      await chain.publicClient.request({ method: "evm_mine" as never, params: [] as never });
      await sender.track();
      expect(finished.get(result.tx.id)?.status).toBe("CONFIRMED");
      expect(await chain.publicClient.getCode({ address: authority.address })).toBe(
        `0xef0100${recipient.slice(2).toLowerCase()}`,
      );
    } finally {
      await setAutomine(true);
    }
  });

  it("catches up when the key was used outside Kassa: the stale nonce is refused once, the next send lands", async () => {
    // The registry is the process's: other test files of this worker may have counted on this chain id before.
    const labels = { network_id: String(chain.chainId), role: "relayer" };
    const countedNonceErrors = async () => {
      const metric = await register.getSingleMetric("kassa_sender_nonce_errors_total")?.get();
      const entry = metric?.values.find(
        (value) => value.labels.network_id === labels.network_id && value.labels.role === labels.role,
      );
      return entry?.value ?? 0;
    };
    const before = await countedNonceErrors();
    const outside = chain.wallet(SENDER_INDEX);
    await outside.sendTransaction({ to: recipient, value: 1n });
    const refused = await sender.send(transfer());
    expect(refused.outcome).toBe("refused");
    expect(sender.counters.nonceErrors).toBe(1);
    // And /metrics of this process says so.
    expect(await countedNonceErrors()).toBe(before + 1);
    expect(refused.outcome === "refused" && finished.get(refused.tx.id)).toMatchObject({
      status: "FAILED",
      payloadLanded: false,
    });
    const next = await sender.send(transfer());
    expect(next.outcome).toBe("sent");
    await sender.track();
    expect(next.outcome === "sent" && finished.get(next.tx.id)?.status).toBe("CONFIRMED");
  });
});
