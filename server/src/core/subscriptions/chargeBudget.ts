import type { Address, Hex, PublicClient } from "viem";
import { isErc6492Signature } from "viem";
import type { GaslessRuntime } from "../../chain/gasless.js";
import { hasCode } from "../../chain/preflight.js";
import type { Db, DbTransaction } from "../../db/infra/database.js";
import { lockMerchantRelayBudget } from "../../db/gasless/relayerGas.js";
import type { SubscriptionDetails } from "../../db/subscriptions/subscriptions.js";
import { gasBudgetRefusal } from "../relay/gasBudget.js";

/**
 * Whether a charge sent with `gasLimit` may be sent now: asked before sending, and again, under the lock it takes,
 * where it is recorded.
 */
export type ChargeBudgetCheck = (on: Db, gasLimit: bigint, lock?: DbTransaction) => Promise<boolean>;

/**
 * A first charge runs the payer's signature check (an ERC-1271 wallet's code, whoever authorised the schedule), so
 * it spends the merchant's and the payer's budgets of gas at risk (relay/gasBudget.ts) and waits when they are
 * spent; a wallet with code counts what is in flight too, as a relay does. Later charges check no signature: no
 * budget. The second ask runs under the merchant's budget lock, so two processes cannot both take the last of it.
 */
export async function chargeBudget(
  runtime: GaslessRuntime,
  client: PublicClient,
  row: SubscriptionDetails,
  first: boolean,
): Promise<ChargeBudgetCheck> {
  if (!first) return async () => true;
  const payer = row.payer_address as Address;
  const budget = { networkId: row.network_id, merchantId: row.merchant_id, payer };
  const inFlight = isErc6492Signature(row.payer_signature as Hex) || (await hasCode(client, payer));
  return async (on, gasLimit, lock) => {
    if (lock) await lockMerchantRelayBudget(lock, row.merchant_id);
    return !(await gasBudgetRefusal(runtime, on, budget, gasLimit, { inFlight }));
  };
}
