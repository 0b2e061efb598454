import { anvilPrivateKeys } from "@kassa/contracts/dev";
import { erc20Abi, getAddress, type Address } from "viem";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { findChainByNetworkId } from "../../../src/db/chains/chains.js";
import type { ChainRow } from "../../../src/db/schema/rows.js";
import { runKassaWith, type CliResult } from "../../harness/cli.js";
import {
  sendTransfer,
  waitForDepositTransfer,
  startDepositEnv,
  type DepositEnv,
} from "../../harness/deposits.js";
import { gaslessSettingsFor, RELAYER_INDEX } from "../../harness/gasless.js";
import { createPayment, deliveredWebhook } from "../../harness/lifecycle.js";
import type { CreatedPayment } from "../../harness/payments.js";
import { waitFor } from "../../harness/waitFor.js";

/** `kassa admin deposit ...`: the operator returns an excess and recovers a wrong token, as processes of their own. */

// Each command is a process of its own (about a second, far more on a busy machine).
vi.setConfig({ testTimeout: 300_000 });

type DepositPayment = CreatedPayment & { depositAddress: Address };

interface ReturnView {
  returnId: string;
  kind: string;
  tokenAddress: string;
  to: string;
  amount: string;
  status: string;
}

let env: DepositEnv;
let chainRow: ChainRow;

beforeAll(async () => {
  // The tests' anvil runs on its default chain id.
  const gasless = gaslessSettingsFor(31337, [anvilPrivateKeys[RELAYER_INDEX]]);
  env = await startDepositEnv({ gasless });
  chainRow = (await findChainByNetworkId(env.t.database.db, env.chain.chainId)) as ChainRow;
});
afterAll(() => env?.stop());

/** The command with the keys it needs: the server signer and the chain's relayer. */
async function kassa(...args: string[]): Promise<ReturnView[]> {
  const result: CliResult = await runKassaWith(
    {
      DATABASE_URL: env.t.database.url,
      LOG_LEVEL: "silent",
      KASSA_SIGNER_PRIVATE_KEY: env.chain.signerKey.reveal(),
      [`RELAYER_PRIVATE_KEYS_${env.chain.chainId}`]: anvilPrivateKeys[RELAYER_INDEX],
    },
    "admin",
    "deposit",
    ...args,
    "--json",
  );
  expect(result.stderr.replace(/^applied migrations.*\n/m, "")).toBe("");
  expect(result.code).toBe(0);
  return JSON.parse(result.stdout) as ReturnView[];
}

const balanceOf = (token: Address, owner: Address) =>
  env.chain.publicClient.readContract({
    address: token,
    abi: erc20Abi,
    functionName: "balanceOf",
    args: [owner],
  });

/** As the worker's relayer tracker does, until the return is mined. */
function returned(returnId: string): Promise<true> {
  return waitFor(`return ${returnId} RETURNED`, async () => {
    await env.t.services.gasless.relayer(chainRow)?.track();
    const row = await env.t.database.db
      .selectFrom("deposit_returns")
      .select("status")
      .where("chain_return_id", "=", returnId)
      .executeTakeFirstOrThrow();
    return row.status === "RETURNED" || undefined;
  });
}

describe("kassa admin deposit", () => {
  it("return-excess sends an overpayment's excess to its payer, and run again shows the same return", async () => {
    const sender = env.chain.wallet(6);
    const p = (await createPayment(env.t, { amount: 1.5 })) as DepositPayment;
    await sendTransfer(env.chain, sender, {
      token: env.t.token as Address,
      to: p.depositAddress,
      amount: BigInt(p.amount) + 42n,
    });
    await deliveredWebhook(env.receiver, p.paymentId, "payment.paid");
    const before = await balanceOf(env.t.token as Address, sender.account.address);
    const [sent] = await kassa("return-excess", p.paymentId);
    expect(sent).toMatchObject({ kind: "excess", amount: "42", to: getAddress(sender.account.address) });
    await returned(sent?.returnId as string);
    expect(await balanceOf(env.t.token as Address, sender.account.address)).toBe(before + 42n);
    const again = await kassa("return-excess", p.paymentId);
    expect(again).toMatchObject([{ returnId: sent?.returnId, status: "RETURNED" }]);
    expect(await balanceOf(env.t.token as Address, sender.account.address)).toBe(before + 42n);
  });

  it("recover sends a wrong token back to its sender, what they sent", async () => {
    const sender = env.chain.wallet(6);
    const wrong = env.chain.tokens.permit6;
    const p = (await createPayment(env.t, { amount: 1.5 })) as DepositPayment;
    const held = await balanceOf(wrong, sender.account.address);
    await sendTransfer(env.chain, sender, { token: wrong, to: p.depositAddress, amount: 3_000_000n });
    await waitForDepositTransfer(env.t.database.db, p.paymentId, wrong);
    const sent = await kassa("recover", p.paymentId, "--token", wrong);
    expect(sent).toMatchObject([
      { kind: "recovery", amount: "3000000", to: getAddress(sender.account.address) },
    ]);
    await returned(sent[0]?.returnId as string);
    expect(await balanceOf(wrong, sender.account.address)).toBe(held);
    expect(await balanceOf(wrong, p.depositAddress)).toBe(0n);
  });
});
