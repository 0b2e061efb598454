/** What the sweep tests share: the relayer of a deposit env's chain, driven by hand, and what it swept. */
import { anvilPrivateKeys } from "@kassa/contracts/dev";
import type { Address } from "viem";
import type { GaslessRuntime } from "../../src/chain/gasless.js";
import { createGasless } from "../../src/core/gasless/gasless.js";
import { sweepSettledDeposits } from "../../src/core/deposits/sweeps.js";
import { findChainByNetworkId } from "../../src/db/chains/chains.js";
import type { ChainRow } from "../../src/db/schema/rows.js";
import { balanceOf } from "./chain.js";
import { gaslessSettingsFor, RELAYER_INDEX } from "./gasless.js";
import type { LifecycleEnv } from "./lifecycle.js";
import { waitFor } from "./waitFor.js";

export interface SweepDriver {
  gasless: GaslessRuntime;
  /** One run of the worker's sweep task; resolves how many deposits it sent. */
  run(batchLimit?: number): Promise<number>;
  /** Tracking passes of the relayer until no sweep is PENDING. */
  settle(): Promise<void>;
  /** run() then settle(). */
  sweep(batchLimit?: number): Promise<number>;
  /** The sender transactions of purpose deposit_sweep that hold `paymentId`'s payment, with their sweep. */
  sweepsOf(paymentId: string): Promise<{ sweepId: number; status: string; txHash: string | null }[]>;
  balance(address: Address): Promise<bigint>;
}

/** `now`: the relayer's clock (when a put-off sweep is due again); the real one by default. */
export function sweepDriver(env: Pick<LifecycleEnv, "chain" | "t">, now?: () => Date): SweepDriver {
  const { chain, t } = env;
  const db = t.database.db;
  const gasless = createGasless({
    db,
    chains: t.services.chains,
    settings: gaslessSettingsFor(chain.chainId, [anvilPrivateKeys[RELAYER_INDEX]]),
    ...(now ? { now } : {}),
  });
  const driver: SweepDriver = {
    gasless,
    run: (batchLimit) => sweepSettledDeposits(gasless, t.services.signer, batchLimit),
    async settle() {
      const row = (await findChainByNetworkId(db, chain.chainId)) as ChainRow;
      await waitFor("the sweeps to finish", async () => {
        await gasless.relayer(row)?.track();
        const pending = await db
          .selectFrom("deposit_sweeps")
          .select("id")
          .where("status", "=", "PENDING")
          .execute();
        return pending.length === 0;
      });
    },
    async sweep(batchLimit) {
      const sent = await driver.run(batchLimit);
      await driver.settle();
      return sent;
    },
    async sweepsOf(paymentId) {
      const payment = await db
        .selectFrom("payments")
        .select("id")
        .where("payment_id", "=", paymentId)
        .executeTakeFirstOrThrow();
      const rows = await db
        .selectFrom("deposit_sweeps")
        .innerJoin("sender_transactions", "sender_transactions.id", "deposit_sweeps.sender_transaction_id")
        .select(["deposit_sweeps.id", "deposit_sweeps.status", "deposit_sweeps.tx_hash"])
        .where("sender_transactions.purpose", "=", "deposit_sweep")
        .where((eb) => eb(eb.val(payment.id), "=", eb.fn.any("deposit_sweeps.payment_ids")))
        .orderBy("deposit_sweeps.id")
        .execute();
      return rows.map((row) => ({ sweepId: row.id, status: row.status, txHash: row.tx_hash }));
    },
    balance: (address) => balanceOf(chain, t.token, address),
  };
  return driver;
}
