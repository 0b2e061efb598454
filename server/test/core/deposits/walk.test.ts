import { randomBytes } from "node:crypto";
import { computeFee } from "@kassa/contracts";
import { getAddress, type Address, type Hex } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TokenTransfer } from "../../../src/chain/deposits/transfers.js";
import { applyDepositTransfersIn } from "../../../src/core/deposits/detection.js";
import { applyDepositMoveIn } from "../../../src/core/deposits/moves.js";
import { findChainByNetworkId } from "../../../src/db/chains/chains.js";
import { createDb, type Db } from "../../../src/db/infra/database.js";
import type { ChainRow } from "../../../src/db/schema/rows.js";
import { startDepositEnv, type DepositEnv } from "../../harness/deposits.js";
import { createPayment, webhookEvents } from "../../harness/lifecycle.js";
import type { CreatedPayment } from "../../harness/payments.js";

/**
 * The walk of a payment paid by transfer, counted in statements: each transaction on it reads the payment's row
 * once (locked, with what its events need), and the writer that changes the row answers it as it left it, so the
 * webhook event of the change reads nothing again and tells what was committed.
 */

type DepositPayment = CreatedPayment & { depositAddress: Address };

let env: DepositEnv;
let chainRow: ChainRow;
/** A pool of its own on the app's database whose statements are counted. */
let counted: Db;
let statements: string[] = [];

beforeAll(async () => {
  env = await startDepositEnv();
  chainRow = (await findChainByNetworkId(env.t.database.db, env.chain.chainId)) as ChainRow;
  counted = createDb(env.t.database.url, {
    max: 1,
    log: (event) => {
      if (event.level === "query") statements.push(event.query.sql);
    },
  });
});
afterAll(async () => {
  await counted?.destroy();
  await env?.stop();
});

/** What a transaction did to the payments table: its statements that read it and those that wrote it. */
async function onPayments<T>(
  run: (trx: Db) => Promise<T>,
): Promise<{ result: T; reads: number; writes: number }> {
  statements = [];
  const result = await counted.transaction().execute(run);
  const writes = statements.filter((text) => /\b(update|insert into|delete from) "payments"/i.test(text));
  const reads = statements.filter((text) => /\bfrom "payments"/i.test(text) && !writes.includes(text));
  return { result, reads: reads.length, writes: writes.length };
}

const randomHash = (): Hex => `0x${randomBytes(32).toString("hex")}`;

describe("the walk of a payment paid by transfer", () => {
  let p: DepositPayment;
  let rowId: number;

  beforeAll(async () => {
    p = (await createPayment(env.t, { amount: 1.5 })) as DepositPayment;
    const row = await env.t.database.db
      .selectFrom("payments")
      .select("id")
      .where("payment_id", "=", p.paymentId)
      .executeTakeFirstOrThrow();
    rowId = row.id;
  });

  it("reads the row once where the watcher's transfer pays it, and its payment.paid says PAID", async () => {
    const transfer: TokenTransfer = {
      chainId: chainRow.id,
      token: getAddress(env.t.token),
      from: env.sender.account.address,
      to: p.depositAddress,
      amount: BigInt(p.amount),
      txHash: randomHash(),
      logIndex: 0,
      blockNumber: 1_000n,
      blockHash: randomHash(),
    };
    const walk = await onPayments((trx) => applyDepositTransfersIn(trx, rowId, [transfer], new Date()));
    expect(walk).toEqual({ result: "paid", reads: 1, writes: 1 });
    const paid = (await webhookEvents(env.t.database.db, p.paymentId)).find((e) => e.type === "payment.paid");
    expect(paid?.payload).toMatchObject({
      status: "PAID",
      paidVia: "transfer",
      amountReceived: p.amount,
      fundsAtRecipient: false,
    });
  });

  it("reads the row once where its sweep is recorded, and its payment.swept says the money is at the recipient", async () => {
    const fee = computeFee(BigInt(p.amount), 0);
    const walk = await onPayments((trx) =>
      applyDepositMoveIn(
        trx,
        {
          kind: "swept",
          chainId: chainRow.id,
          gateway: getAddress(chainRow.gateway_address as string),
          paymentId: p.paymentId as Hex,
          deposit: p.depositAddress,
          returnId: null,
          token: getAddress(env.t.token),
          to: p.recipientAddress,
          amount: BigInt(p.amount),
          fee,
          txHash: randomHash(),
          logIndex: 1,
          blockNumber: 1_001n,
          blockHash: randomHash(),
        },
        new Date(),
      ),
    );
    expect(walk).toEqual({ result: "swept", reads: 1, writes: 1 });
    const swept = (await webhookEvents(env.t.database.db, p.paymentId)).find(
      (e) => e.type === "payment.swept",
    );
    expect(swept?.payload).toMatchObject({ status: "PAID", fundsAtRecipient: true });
  });
});
