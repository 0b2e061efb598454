/** What the tests of payments by transfer share: a lifecycle with transfers on, and a plain ERC-20 transfer. */
import { testTokenAbi } from "@kassa/contracts";
import type { Address, TransactionReceipt } from "viem";
import type { DepositReturnDeps } from "../../src/core/deposits/returns.js";
import type { Db } from "../../src/db/infra/database.js";
import type { TestChain, TestWalletClient } from "./chain.js";
import type { StartTestAppOptions } from "./app.js";
import { fundPayer, startLifecycleEnv, type LifecycleEnv } from "./lifecycle.js";
import { waitFor } from "./waitFor.js";

export interface DepositEnv extends LifecycleEnv {
  /** Anvil's wallet 6, as an exchange's hot wallet: holds the merchant's token and permit6 (a wrong token). */
  sender: TestWalletClient;
  /** What the deposits' returns take (core/deposits/returns.ts), from the app's services. */
  returnDeps: DepositReturnDeps;
}

/**
 * startLifecycleEnv with TRANSFER_PAYMENTS on in the app (deposit addresses) and the worker (the watcher); the
 * app's other options as given (PUBLIC_BASE_URL for payment links, a relayer); and a funded sender. `gatewayVersion`
 * 2: the chain's gateway is version 2's.
 */
export async function startDepositEnv(
  appOptions: StartTestAppOptions = {},
  gatewayVersion?: 2 | 3,
): Promise<DepositEnv> {
  const env = await startLifecycleEnv(
    { transferPayments: true },
    undefined,
    { ...appOptions, transferPayments: true },
    gatewayVersion,
  );
  const sender = env.chain.wallet(6);
  await fundPayer(env.chain, sender, env.t.token as Address);
  await fundPayer(env.chain, sender, env.chain.tokens.permit6);
  const { services } = env.t;
  const returnDeps: DepositReturnDeps = {
    gasless: services.gasless,
    signer: services.signer,
    nextPaymentSequence: services.payments.nextPaymentSequence,
  };
  return Object.assign(env, { sender, returnDeps });
}

/** The transfer window of a payment closed already (a window shorter than a test is not a setting). */
export async function closeTransferWindow(db: Db, paymentId: string): Promise<void> {
  await db
    .updateTable("payments")
    .set({ transfer_expires_at: new Date(Date.now() - 1_000) } as never)
    .where("payment_id", "=", paymentId)
    .execute();
}

/** A plain ERC-20 `transfer` from `sender`, as an exchange's withdrawal sends it; resolves with its receipt. */
export async function sendTransfer(
  chain: TestChain,
  sender: TestWalletClient,
  transfer: { token: Address; to: Address; amount: bigint },
): Promise<TransactionReceipt> {
  const hash = await sender.writeContract({
    address: transfer.token,
    abi: testTokenAbi,
    functionName: "transfer",
    args: [transfer.to, transfer.amount],
  });
  return chain.publicClient.waitForTransactionReceipt({ hash });
}

/** Waits until the watcher has recorded `count` transfers of `token` to the deposit address of payment `paymentId`. */
export async function waitForDepositTransfer(
  db: Db,
  paymentId: string,
  token: Address,
  count = 1,
): Promise<void> {
  await waitFor(`${count} transfer(s) of ${token} recorded for ${paymentId}`, async () => {
    const rows = await db
      .selectFrom("deposit_transfers")
      .innerJoin("payments", "payments.id", "deposit_transfers.payment_id")
      .select("deposit_transfers.id")
      .where("payments.payment_id", "=", paymentId)
      .where("deposit_transfers.token_address", "=", token.toLowerCase())
      .execute();
    return rows.length >= count;
  });
}
