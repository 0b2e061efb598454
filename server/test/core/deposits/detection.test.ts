import { computeFee, depositAddress, paymentGatewayAbi } from "@kassa/contracts";
import { getAddress, type Address, type Hex } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { showPayment } from "../../../src/core/admin/reads.js";
import { overpaidOf } from "../../../src/core/deposits/detection.js";
import type { TestApp } from "../../harness/app.js";
import type { TestChain, TestWalletClient } from "../../harness/chain.js";
import {
  closeTransferWindow,
  sendTransfer,
  startDepositEnv,
  type DepositEnv,
} from "../../harness/deposits.js";
import {
  createPayment,
  deliveredWebhook,
  merchantRecord,
  paymentStatus,
  webhookEvents,
  type Receiver,
} from "../../harness/lifecycle.js";
import type { CreatedPayment } from "../../harness/payments.js";
import { waitFor } from "../../harness/waitFor.js";

/** What POST /payments adds for the transfer path. */
type DepositPayment = CreatedPayment & {
  depositAddress: Address;
  transferAmount: string;
  transferUri: string;
  transferExpiresAt: string;
  depositMinimumAmount: string;
};

let env: DepositEnv;
let chain: TestChain;
let t: TestApp;
let sender: TestWalletClient;
let receiver: Receiver;

beforeAll(async () => {
  env = await startDepositEnv();
  ({ chain, t, receiver, sender } = env);
});
afterAll(() => env?.stop());

async function createDepositPayment(amount = 1.5): Promise<DepositPayment> {
  return (await createPayment(t, { amount })) as DepositPayment;
}

/** A plain ERC-20 transfer, as an exchange's withdrawal sends it. */
async function transfer(to: Address, amount: bigint, token = t.token as Address): Promise<Hex> {
  const receipt = await sendTransfer(chain, sender, { token, to, amount });
  expect(receipt.status).toBe("success");
  return receipt.transactionHash;
}

async function setMerchant(set: {
  deposit_tolerance_bps?: number;
  deposit_late_policy?: "settle" | "return";
}): Promise<void> {
  await t.database.db
    .updateTable("merchants")
    .set(set)
    .where("merchant_key", "=", t.merchant.merchantKey)
    .execute();
}

async function received(paymentId: string): Promise<string> {
  const row = await t.database.db
    .selectFrom("payments")
    .select("amount_received")
    .where("payment_id", "=", paymentId)
    .executeTakeFirstOrThrow();
  return row.amount_received;
}

describe("payments by transfer", () => {
  it("creates each payment with its own deposit address, the terms' keyless account, and an EIP-681 request", async () => {
    const p = await createDepositPayment(1.5);
    const q = await createDepositPayment(1.5);
    expect(p.depositAddress).not.toBe(q.depositAddress);
    const expected = depositAddress({
      chainId: chain.chainId,
      gateway: chain.gateway,
      terms: {
        paymentId: p.paymentId,
        tokenAddress: p.tokenAddress,
        amount: BigInt(p.amount),
        minimumAmount: BigInt(p.amount),
        recipientAddress: p.recipientAddress,
        merchantId: p.merchantId,
        feeBps: (
          await chain.publicClient.readContract({
            address: chain.gateway,
            abi: paymentGatewayAbi,
            functionName: "merchantFee",
            args: [p.merchantId],
          })
        )[0],
      },
      gatewayVersion: 3,
    });
    expect(p.depositAddress).toBe(expected);
    expect(p.transferAmount).toBe("1.5");
    expect(p.depositMinimumAmount).toBe(p.amount);
    expect(p.transferUri).toBe(
      `ethereum:${p.tokenAddress}@${chain.chainId}/transfer?address=${expected}&uint256=${p.amount}`,
    );
    expect(Date.parse(p.transferExpiresAt) - Date.parse(p.expiresAt)).toBeGreaterThan(50 * 60_000);
  });

  it("settles an exact transfer as PAID by transfer, the sender as payer, with a payment.paid webhook", async () => {
    const p = await createDepositPayment();
    const hash = await transfer(p.depositAddress, BigInt(p.amount));
    const delivery = await deliveredWebhook(receiver, p.paymentId, "payment.paid");
    expect(delivery.payload).toMatchObject({
      status: "PAID",
      paidVia: "transfer",
      payerAddress: getAddress(sender.account.address),
      txHash: hash,
      amountReceived: p.amount,
      overpaidAmount: "0",
      paidAfterExpiry: false,
    });
    const record = await merchantRecord(t, p.paymentId);
    expect(record).toMatchObject({ status: "PAID", paidVia: "transfer", amountReceived: p.amount });
    const read = await t.request(`/payments/${p.paymentId}`, {
      headers: { "x-public-key": t.merchant.publicKey },
    });
    expect(read.body.data).toMatchObject({ status: "PAID", amountReceived: p.amount, paidVia: "transfer" });
    await webhookEvents(t.database.db, p.paymentId);
  });

  it("keeps an underpaid payment open with what arrived (payment.underpaid), and a top-up settles it", async () => {
    const p = await createDepositPayment();
    const amount = BigInt(p.amount);
    await transfer(p.depositAddress, amount - 10n ** 17n);
    const underpaid = await deliveredWebhook(receiver, p.paymentId, "payment.underpaid");
    expect(underpaid.payload).toMatchObject({
      status: "CREATED",
      amountReceived: String(amount - 10n ** 17n),
    });
    expect(await paymentStatus(t.database.db, p.paymentId)).toBe("CREATED");
    await transfer(p.depositAddress, 10n ** 17n);
    const paid = await deliveredWebhook(receiver, p.paymentId, "payment.paid");
    expect(paid.payload).toMatchObject({
      paidVia: "transfer",
      amountReceived: p.amount,
      overpaidAmount: "0",
    });
  });

  it("counts a top-up smaller than dust when it is what brings the payment to its amount", async () => {
    const p = await createDepositPayment();
    await transfer(p.depositAddress, BigInt(p.amount) - 10n);
    await deliveredWebhook(receiver, p.paymentId, "payment.underpaid");
    // 10 base units of a 1.5-token payment is dust, which counts only because it completes the payment.
    const last = await transfer(p.depositAddress, 10n);
    const paid = await deliveredWebhook(receiver, p.paymentId, "payment.paid");
    expect(paid.payload).toMatchObject({ amountReceived: p.amount, txHash: last });
  });

  it("settles a deposit short by no more than the merchant's tolerance, with the fee of what arrived", async () => {
    await setMerchant({ deposit_tolerance_bps: 100 });
    try {
      const p = await createDepositPayment(2);
      const amount = BigInt(p.amount);
      expect(p.depositMinimumAmount).toBe(String(amount - amount / 100n));
      await transfer(p.depositAddress, amount - amount / 200n);
      const paid = await deliveredWebhook(receiver, p.paymentId, "payment.paid");
      expect(paid.payload).toMatchObject({
        amountReceived: String(amount - amount / 200n),
        overpaidAmount: "0",
      });
      const row = await t.database.db
        .selectFrom("payments")
        .select(["fee_amount", "deposit_fee_bps"])
        .where("payment_id", "=", p.paymentId)
        .executeTakeFirstOrThrow();
      expect(row.fee_amount).toBe(String(computeFee(amount - amount / 200n, row.deposit_fee_bps ?? -1)));
    } finally {
      await setMerchant({ deposit_tolerance_bps: 0 });
    }
  });

  it("settles an overpayment as PAID with overpaidAmount", async () => {
    const p = await createDepositPayment();
    await transfer(p.depositAddress, BigInt(p.amount) + 7n);
    const paid = await deliveredWebhook(receiver, p.paymentId, "payment.paid");
    expect(paid.payload).toMatchObject({
      amountReceived: String(BigInt(p.amount) + 7n),
      overpaidAmount: "7",
    });
  });

  it("settles a late deposit as paid after expiry under 'settle'", async () => {
    const p = await createDepositPayment();
    await closeTransferWindow(t.database.db, p.paymentId);
    await transfer(p.depositAddress, BigInt(p.amount));
    const paid = await deliveredWebhook(receiver, p.paymentId, "payment.paid");
    expect(paid.payload).toMatchObject({ paidVia: "transfer", paidAfterExpiry: true });
  });

  it("holds a late deposit for its return under 'return': recorded, not settled", async () => {
    await setMerchant({ deposit_late_policy: "return" });
    try {
      const p = await createDepositPayment();
      await closeTransferWindow(t.database.db, p.paymentId);
      await transfer(p.depositAddress, BigInt(p.amount));
      await waitFor("the late deposit recorded", async () => (await received(p.paymentId)) === p.amount);
      expect(await paymentStatus(t.database.db, p.paymentId)).toBe("CREATED");
      expect((await webhookEvents(t.database.db, p.paymentId)).map((event) => event.type)).toEqual([
        "payment.late_deposit",
      ]);
      const late = await t.database.db
        .selectFrom("deposit_transfers")
        .select("late")
        .innerJoin("payments", "payments.id", "deposit_transfers.payment_id")
        .where("payments.payment_id", "=", p.paymentId)
        .execute();
      expect(late).toEqual([{ late: true }]);
    } finally {
      await setMerchant({ deposit_late_policy: "settle" });
    }
  });

  it("records a wrong token sent to a deposit address for its recovery, and counts nothing of it", async () => {
    const p = await createDepositPayment();
    await transfer(p.depositAddress, 5_000_000n, chain.tokens.permit6);
    await waitFor("the wrong token recorded", async () => {
      const rows = await t.database.db
        .selectFrom("deposit_transfers")
        .innerJoin("payments", "payments.id", "deposit_transfers.payment_id")
        .select(["deposit_transfers.token_address", "deposit_transfers.amount"])
        .where("payments.payment_id", "=", p.paymentId)
        .execute();
      return rows.length === 1 ? rows : undefined;
    });
    expect(await received(p.paymentId)).toBe("0");
    expect(await paymentStatus(t.database.db, p.paymentId)).toBe("CREATED");
    // `kassa admin payment show` tells the operator what arrived, and that it is not the payment's token.
    const shown = await showPayment(t.adminDeps, p.paymentId);
    expect(shown.deposits).toMatchObject([
      { tokenAddress: chain.tokens.permit6, paymentToken: false, amount: "5000000", late: false },
    ]);
  });
});

describe("overpaidOf: what of a deposit address's receipts its payment does not take", () => {
  const payment = (status: string, paidVia: string | null, sweptAmount: string | null) =>
    ({ amount: "100", status, paid_via: paidVia, swept_amount: sweptAmount }) as Parameters<
      typeof overpaidOf
    >[0];

  it("before the sweep: beyond the amount, which the sweep takes at most", () => {
    expect(overpaidOf(payment("CREATED", null, null), 60n)).toBe(0n);
    expect(overpaidOf(payment("PAID", "transfer", null), 150n)).toBe(50n);
  });

  it("after a sweep: beyond what it took, less than the amount when a tolerance settled the payment", () => {
    expect(overpaidOf(payment("PAID", "transfer", "98"), 98n + 40n)).toBe(40n);
    expect(overpaidOf(payment("REFUNDED", "transfer", "100"), 200n)).toBe(100n);
  });

  it("paid with the gateway's pay: the payment takes nothing from its deposit address", () => {
    expect(overpaidOf(payment("PAID", "contract", null), 30n)).toBe(30n);
  });
});
