import { depositAuthorization } from "@kassa/contracts";
import { anvilPrivateKeys } from "@kassa/contracts/dev";
import { getAddress, type Address } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { encodeSweep } from "../../../src/chain/deposits/sweep.js";
import { revertRemovedDepositMoveIn } from "../../../src/core/deposits/moves.js";
import {
  findReturnPayment,
  returnExcess,
  senderDebts,
  type DepositReturnDeps,
} from "../../../src/core/deposits/returns.js";
import { listPaymentReturns } from "../../../src/core/deposits/returnViews.js";
import { storedDepositTerms } from "../../../src/core/deposits/terms.js";
import type { PaymentSigner } from "../../../src/chain/signer.js";
import { findChainByNetworkId } from "../../../src/db/chains/chains.js";
import type { ChainRow } from "../../../src/db/schema/rows.js";
import type { TestApp } from "../../harness/app.js";
import type { TestChain } from "../../harness/chain.js";
import { sendTransfer, startDepositEnv, type DepositEnv } from "../../harness/deposits.js";
import { gaslessSettingsFor, RELAYER_INDEX } from "../../harness/gasless.js";
import { createPayment, deliveredWebhook, merchantRecord } from "../../harness/lifecycle.js";
import type { CreatedPayment } from "../../harness/payments.js";
import { sweepDriver } from "../../harness/sweeps.js";
import { waitFor } from "../../harness/waitFor.js";

/**
 * Sweeps and returns as the chain tells them (core/deposits/moves.ts): recorded whoever sent them, and undone
 * when a reorg removes them.
 */

type DepositPayment = CreatedPayment & { depositAddress: Address };

let env: DepositEnv;
let chain: TestChain;
let t: TestApp;
let deps: DepositReturnDeps;
let chainRow: ChainRow;

beforeAll(async () => {
  env = await startDepositEnv({ gasless: gaslessSettingsFor(31337, [anvilPrivateKeys[RELAYER_INDEX]]) });
  ({ chain, t, returnDeps: deps } = env);
  chainRow = (await findChainByNetworkId(t.database.db, chain.chainId)) as ChainRow;
});
afterAll(() => env?.stop());

async function paidByTransfer(extra = 0n): Promise<DepositPayment> {
  const p = (await createPayment(t, { amount: 1.5 })) as DepositPayment;
  await sendTransfer(chain, env.sender, {
    token: t.token as Address,
    to: p.depositAddress,
    amount: BigInt(p.amount) + extra,
  });
  await deliveredWebhook(env.receiver, p.paymentId, "payment.paid");
  return p;
}

/** The recorded DepositSwept or DepositReturned of a payment. */
async function recordedMove(paymentId: string, kind: "swept" | "returned") {
  return waitFor(`the ${kind} of ${paymentId} read from the chain`, () =>
    t.database.db
      .selectFrom("deposit_events")
      .innerJoin("payments", "payments.id", "deposit_events.payment_id")
      .select([
        "deposit_events.tx_hash",
        "deposit_events.log_index",
        "deposit_events.block_number",
        "deposit_events.block_hash",
      ])
      .where("payments.payment_id", "=", paymentId)
      .where("deposit_events.kind", "=", kind)
      .executeTakeFirst(),
  );
}

describe("sweeps and returns read from the chain", () => {
  it("a sweep someone else sent with the server's public signature is recorded, and the relayer does not try it", async () => {
    const p = await paidByTransfer();
    const payment = await findReturnPayment(deps, p.paymentId);
    const terms = storedDepositTerms(payment);
    if (!terms) throw new Error("no deposit terms");
    const signature = await (t.services.signer as PaymentSigner).signDepositSweep({
      chainId: chain.chainId,
      gateway: chain.gateway,
      terms: [terms],
    });
    // Anyone may send it: the signature is public once signed, and so is the deposit account's EIP-7702
    // authorization (derived from its terms), which a version-3 account's first move must carry.
    const authorization = depositAuthorization({ chainId: chain.chainId, gateway: chain.gateway, terms });
    const hash = await chain.wallet(8).sendTransaction({
      to: chain.gateway,
      data: encodeSweep([terms], signature),
      authorizationList: [authorization],
    });
    const receipt = await chain.publicClient.waitForTransactionReceipt({ hash });
    expect(receipt.status).toBe("success");
    await recordedMove(p.paymentId, "swept");
    expect(await merchantRecord(t, p.paymentId)).toMatchObject({ sweepTransactionHash: hash });
    expect(await merchantRecord(t, p.paymentId)).not.toMatchObject({ sweptAt: null });
    const sweeps = sweepDriver(env);
    expect(await sweeps.run()).toBe(0);
    expect(await sweeps.sweepsOf(p.paymentId)).toEqual([]);
  });

  it("a return a reorg removed counts as sent until its deadline, then moved nothing: it is owed again", async () => {
    const excess = 10n ** 16n;
    const p = await paidByTransfer(excess);
    const payment = await findReturnPayment(deps, p.paymentId);
    const [sent] = (await returnExcess(deps, payment)).returns;
    await waitFor("the return mined", async () => {
      await t.services.gasless.relayer(chainRow)?.track();
      const [view] = await listPaymentReturns(t.database.db, payment, new Date());
      return view?.status === "RETURNED";
    });
    const move = await recordedMove(p.paymentId, "returned");
    // The watcher's report of a reorg that removed it (chain/deposits/report.ts).
    const reverted = await t.database.db.transaction().execute((trx) =>
      revertRemovedDepositMoveIn(
        trx,
        chainRow.id,
        {
          txHash: move.tx_hash,
          logIndex: move.log_index,
          blockNumber: BigInt(move.block_number),
          blockHash: move.block_hash,
        },
        new Date(),
      ),
    );
    expect(reverted).toBe(true);
    const [view] = await listPaymentReturns(t.database.db, payment, new Date());
    expect(view).toMatchObject({
      returnId: sent?.returnId,
      status: "SUBMITTED",
      to: getAddress(env.sender.account.address),
    });
    expect(view?.reason).toMatch(/^reorged: /);
    // Its signed request may be mined again until its deadline: nothing is owed meanwhile.
    const again = await returnExcess(deps, payment);
    expect(again.created).toBe(false);
    // Past its deadline it moved nothing: FAILED, and its amount is owed to its sender again.
    const later = new Date(Date.now() + 2 * 3_600_000);
    const [lapsed] = await listPaymentReturns(t.database.db, payment, later);
    expect(lapsed?.status).toBe("FAILED");
    expect(await senderDebts(t.database.db, payment, payment.token_address, later)).toMatchObject([
      { to: env.sender.account.address.toLowerCase(), amount: excess },
    ]);
  });
});
