import { anvilPrivateKeys } from "@kassa/contracts/dev";
import { testTokenAbi } from "@kassa/contracts";
import { Kassa, fromBaseUnits } from "@kassa/sdk";
import type { Address } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  balanceOf,
  type CreatedPayment,
  deliveredWebhook,
  fundPayer,
  type LifecycleEnv,
  pay,
  startLifecycleEnv,
  waitFor,
} from "@kassa/server/harness";
import { KassaError } from "../../../../server/src/errors.js";
import { KassaProviderError } from "../../src/errors.js";
import { parseOptions } from "../../src/options.js";
import { KassaPayments, type Logger } from "../../src/payments.js";
import { refundWallet } from "../../src/refundWallet.js";
import type { KassaSessionData } from "../../src/sessionData.js";

/**
 * The provider's logic against a real Kassa on anvil, without Medusa: what each of Medusa's calls makes of
 * Kassa's payments, refunds and webhooks. The same flows through a Medusa store are integrations/medusa/test/e2e.
 */
const PAYER_INDEX = 5;
const REFUND_WALLET_INDEX = 7;
/** 2 EUR a token (the only price Kassa has here): a 12.50 EUR cart is 6.25 tokens. */
const EUR_PER_TOKEN = "2";

let env: LifecycleEnv;
let kassa: Kassa;
/** The merchant's token (KTT, 18 decimals). */
let token: Address;
const logs: string[] = [];
const logger: Logger = {
  info: (message) => logs.push(`info ${message}`),
  warn: (message) => logs.push(`warn ${message}`),
  error: (message) => logs.push(`error ${message}`),
};
let sessionCounter = 0;
const newSession = () => `payses_01UNIT${process.pid}T${Date.now()}N${++sessionCounter}`;

function payments(extra: Record<string, unknown> = {}): KassaPayments {
  return new KassaPayments(
    parseOptions({
      kassaUrl: new URL(env.t.baseUrl).origin,
      apiKey: env.t.merchant.apiKey,
      publicKey: env.t.merchant.publicKey,
      webhookSecret: env.t.merchant.webhookSecret,
      tokenAddress: env.t.token,
      peggedCurrencies: ["usd"],
      ...extra,
    }),
    logger,
  );
}

async function payFor(session: KassaSessionData): Promise<void> {
  const response = await env.t.request(`/payments/${session.kassa_payment_id}`, {
    headers: { "x-public-key": env.t.merchant.publicKey },
  });
  await pay(env.chain, env.chain.wallet(PAYER_INDEX), response.body.data as CreatedPayment);
  await waitFor("the payment to be PAID", async () => {
    const record = await kassa.merchantPayments.retrieve(session.kassa_payment_id);
    return record.status === "PAID" || undefined;
  });
}

beforeAll(async () => {
  env = await startLifecycleEnv({}, undefined, {
    prices: {
      hourlyAveragePrice: async ({ currency }) => {
        if (currency === "EUR") return EUR_PER_TOKEN;
        throw new KassaError("PRICE_SERVICE_NOT_CONFIGURED");
      },
    },
  });
  kassa = new Kassa({ baseUrl: env.t.baseUrl, apiKey: env.t.merchant.apiKey });
  token = env.t.token as Address;
  await fundPayer(env.chain, env.chain.wallet(PAYER_INDEX), token);
  await env.chain.mint(token, env.chain.wallet(REFUND_WALLET_INDEX).account.address, 100n * 10n ** 18n);
});
afterAll(async () => {
  await env?.stop();
});

describe("a Medusa payment session's Kassa payment", () => {
  it("is made once per session: a repeated initiate finds the payment it made", async () => {
    const provider = payments();
    const sessionId = newSession();
    const first = await provider.initiate({ sessionId, amount: "12.5", currencyCode: "USD" });
    const again = await provider.initiate({ sessionId, amount: "12.50", currencyCode: "usd" });
    expect(again.kassa_payment_id).toBe(first.kassa_payment_id);
    const page = await kassa.merchantPayments.list({ q: sessionId });
    expect(page.payments.map((p) => p.paymentId)).toEqual([first.kassa_payment_id]);
    expect(first).toMatchObject({
      session_id: sessionId,
      kassa_order_id: sessionId,
      kassa_url: new URL(env.t.baseUrl).origin,
      public_key: env.t.merchant.publicKey,
      status: "CREATED",
      token_amount: "12500000000000000000",
      token_symbol: "KTT",
      currency_code: "usd",
      charged_amount: "12.5",
      pegged: true,
      revision: 0,
      refunds: [],
    });
    expect(first.widget_url).toBe(
      `${new URL(env.t.baseUrl).origin}/widget?publicKey=${env.t.merchant.publicKey}&paymentId=${first.kassa_payment_id}`,
    );
    // Nothing secret reaches the storefront.
    expect(JSON.stringify(first)).not.toContain(env.t.merchant.apiKey);
    expect(JSON.stringify(first)).not.toContain(env.t.merchant.webhookSecret);
  });

  it("is never made again on other terms under the same session", async () => {
    const provider = payments();
    const sessionId = newSession();
    await provider.initiate({ sessionId, amount: "12.5", currencyCode: "usd" });
    const error = await provider.initiate({ sessionId, amount: "13", currencyCode: "usd" }).catch((e) => e);
    expect(error).toBeInstanceOf(KassaProviderError);
    expect(error.kind).toBe("conflict");
    expect(error.message).toMatch(
      /already has Kassa payment 0x[0-9a-f]{64} on other terms: amount 12500000000000000000, asked 13000000000000000000/,
    );
  });

  it("of a currency the token is not pegged to is converted by Kassa", async () => {
    const session = await payments().initiate({
      sessionId: newSession(),
      amount: "12.5",
      currencyCode: "eur",
    });
    expect(session).toMatchObject({
      pegged: false,
      charged_amount: "12.5",
      token_amount: "6250000000000000000",
    });
    const record = await kassa.merchantPayments.retrieve(session.kassa_payment_id);
    expect(record).toMatchObject({ currency: "EUR", fiatAmount: 12.5, tokenPrice: 2 });
  });

  it("is refused with Kassa's reason when Kassa cannot price the currency", async () => {
    const error = await payments()
      .initiate({ sessionId: newSession(), amount: "10", currencyCode: "krw" })
      .catch((e) => e);
    expect(error).toMatchObject({ kind: "invalid_data" });
    expect(error.message).toMatch(/^creating the payment: Kassa answered PRICE_SERVICE_NOT_CONFIGURED: /);
  });

  it("is a new payment when the session's amount changes, and the same one when it does not", async () => {
    const provider = payments();
    const sessionId = newSession();
    const first = await provider.initiate({ sessionId, amount: "12.5", currencyCode: "usd" });
    expect(await provider.update(first, { amount: "12.500", currencyCode: "USD" })).toEqual(first);
    const second = await provider.update(first, { amount: "15", currencyCode: "usd" });
    expect(second).toMatchObject({ kassa_order_id: `${sessionId}.1`, revision: 1, charged_amount: "15" });
    expect(second.kassa_payment_id).not.toBe(first.kassa_payment_id);
    // Medusa repeating the update finds that payment.
    expect((await provider.update(first, { amount: "15", currencyCode: "usd" })).kassa_payment_id).toBe(
      second.kassa_payment_id,
    );
  });

  it("is pending until paid, then captured: the money is in the merchant's wallet, final", async () => {
    const provider = payments();
    const session = await provider.initiate({ sessionId: newSession(), amount: "3", currencyCode: "usd" });
    expect((await provider.authorize(session)).status).toBe("pending");
    await expect(provider.capture(session)).rejects.toThrow(
      `Kassa payment ${session.kassa_payment_id} is CREATED: nothing was paid to capture`,
    );
    await payFor(session);
    const authorized = await provider.authorize(session);
    expect(authorized.status).toBe("captured");
    expect(authorized.data).toMatchObject({
      status: "PAID",
      payer_address: env.chain.wallet(PAYER_INDEX).account.address,
      tx_hash: expect.stringMatching(/^0x[0-9a-f]{64}$/),
    });
    expect((await provider.capture(authorized.data)).status).toBe("PAID");
    expect((await provider.status(authorized.data)).status).toBe("captured");
    await expect(provider.cancel(authorized.data)).rejects.toMatchObject({
      kind: "not_allowed",
      message: `Kassa payment ${session.kassa_payment_id} is PAID: the money is in the merchant's wallet, refund it instead`,
    });
    await expect(
      provider.update(authorized.data, { amount: "4", currencyCode: "usd" }),
    ).rejects.toMatchObject({
      kind: "not_allowed",
    });
  });

  it("canceled or deleted unpaid, says it stays payable until it expires", async () => {
    const provider = payments();
    const session = await provider.initiate({ sessionId: newSession(), amount: "2", currencyCode: "usd" });
    expect((await provider.cancel(session)).status).toBe("CREATED");
    expect(logs.at(-1)).toMatch(
      new RegExp(
        `^warn Kassa payment ${session.kassa_payment_id} of session ${session.session_id} cannot be withdrawn: it expires at `,
      ),
    );
    expect((await provider.delete(session)).status).toBe("CREATED");
  });

  it("is an error to authorize when it is not the payment the session asked for", async () => {
    const provider = payments();
    const session = await provider.initiate({ sessionId: newSession(), amount: "2", currencyCode: "usd" });
    const other = await provider.initiate({ sessionId: newSession(), amount: "2", currencyCode: "usd" });
    // A session whose data points at another session's payment (a storefront cannot write it, but a bug could).
    const swapped = { ...session, kassa_payment_id: other.kassa_payment_id };
    expect((await provider.authorize(swapped)).status).toBe("error");
    expect(logs.at(-1)).toContain(`orderId ${other.session_id}, expected ${session.session_id}`);
  });

  it("refuses data that is not a Kassa session's", async () => {
    await expect(payments().authorize({ session_id: "payses_x" })).rejects.toMatchObject({
      kind: "invalid_data",
      message: expect.stringMatching(/^the payment's data is not a Kassa payment's \(no kassa_payment_id/),
    });
  });
});

describe("a refund started in Medusa", () => {
  it("with a refund wallet, reaches the payer on-chain before Medusa records it", async () => {
    const wallet = env.chain.wallet(REFUND_WALLET_INDEX);
    const provider = payments({
      refundWallet: { privateKey: anvilPrivateKeys[REFUND_WALLET_INDEX], rpcUrl: env.chain.rpcUrl },
    });
    const session = await provider.initiate({ sessionId: newSession(), amount: "10", currencyCode: "usd" });
    await payFor(session);
    const paid = (await provider.authorize(session)).data;
    const payer = env.chain.wallet(PAYER_INDEX).account.address;
    const before = await balanceOf(env.chain, env.t.token, payer);
    const walletBefore = await balanceOf(env.chain, env.t.token, wallet.account.address);

    const refunded = await provider.refund(paid, "4", "ref_01UNITFIRST");
    expect(await balanceOf(env.chain, env.t.token, payer)).toBe(before + 4n * 10n ** 18n);
    expect(await balanceOf(env.chain, env.t.token, wallet.account.address)).toBe(
      walletBefore - 4n * 10n ** 18n,
    );
    expect(refunded.refunds).toEqual([
      {
        medusa_refund_id: "ref_01UNITFIRST",
        amount: "4",
        kassa_refund_id: expect.stringMatching(/^rf_/),
        token_amount: "4000000000000000000",
        completion: "refund_wallet",
        status: "sent",
        tx_hash: expect.stringMatching(/^0x[0-9a-f]{64}$/),
        deadline: expect.any(String),
        dashboard_url: `${new URL(env.t.baseUrl).origin}/dashboard#/payments/${session.kassa_payment_id}`,
      },
    ]);
    // Sending the same refund again is refused by the gateway, in its words, before any gas is spent.
    const sent = await kassa.refunds.retrieve(refunded.refunds[0]!.kassa_refund_id);
    const again = refundWallet({
      privateKey: anvilPrivateKeys[REFUND_WALLET_INDEX]!,
      rpcUrl: env.chain.rpcUrl,
    });
    await expect(again.send(sent)).rejects.toThrow(
      `the gateway refuses refund ${sent.id} from the refund wallet: RefundAlreadyProcessed(${sent.chainRefundId})`,
    );
    const delivery = await deliveredWebhook(env.receiver, session.kassa_payment_id, "payment.refunded");
    expect(delivery.payload).toMatchObject({ status: "PAID", refundedAmount: "4000000000000000000" });
    expect((delivery.payload.refund as { sentByRecipient: boolean }).sentByRecipient).toBe(false);

    // The rest, in a second refund: the two add up to what was paid.
    const all = await provider.refund(refunded, "6", "ref_01UNITSECOND");
    expect(all.refunds.map((r) => r.token_amount)).toEqual(["4000000000000000000", "6000000000000000000"]);
    await waitFor("the payment to be REFUNDED", async () => {
      const record = await kassa.merchantPayments.retrieve(session.kassa_payment_id);
      return record.status === "REFUNDED" || undefined;
    });
    expect(await balanceOf(env.chain, env.t.token, payer)).toBe(before + 10n * 10n ** 18n);
    await expect(provider.refund(all, "1", "ref_01UNITTHIRD")).rejects.toMatchObject({
      kind: "not_allowed",
      message: `Kassa payment ${session.kassa_payment_id} is REFUNDED: only a paid payment can be refunded`,
    });
  });

  it("with a refund wallet short of tokens, is refused before Kassa records anything", async () => {
    const provider = payments({
      refundWallet: { privateKey: anvilPrivateKeys[8], rpcUrl: env.chain.rpcUrl },
    });
    const session = await provider.initiate({ sessionId: newSession(), amount: "1", currencyCode: "usd" });
    await payFor(session);
    const paid = (await provider.authorize(session)).data;
    await expect(provider.refund(paid, "1", "ref_01UNITSHORT")).rejects.toMatchObject({
      kind: "not_allowed",
      message: `the refund wallet ${env.chain.wallet(8).account.address} holds 0 KTT, short of the 1 KTT to refund: top it up and refund again`,
    });
    expect((await kassa.refunds.list({ paymentId: session.kassa_payment_id })).refunds).toEqual([]);
  });

  it("without one, waits in Kassa's dashboard for the merchant's wallet, and Medusa's data says so", async () => {
    const provider = payments();
    const session = await provider.initiate({ sessionId: newSession(), amount: "12.5", currencyCode: "eur" });
    await payFor(session);
    const paid = (await provider.authorize(session)).data;
    const refunded = await provider.refund(paid, "5", "ref_01UNITDASH");
    // 5 of 12.50 EUR at the payment's price: 2.5 of its 6.25 tokens.
    expect(refunded.refunds).toEqual([
      expect.objectContaining({
        completion: "dashboard",
        status: "awaiting_merchant_wallet",
        tx_hash: null,
        token_amount: "2500000000000000000",
      }),
    ]);
    expect(refunded.status).toBe("REFUND_SUBMITTED");
    const [open] = (await kassa.refunds.list({ paymentId: session.kassa_payment_id })).refunds;
    expect(open).toMatchObject({
      status: "REFUND_SUBMITTED",
      amount: "2500000000000000000",
      reason: "Medusa refund ref_01UNITDASH",
    });

    // Another refund while that one is open is a conflict, named; the same one again reuses it.
    await expect(provider.refund(refunded, "1", "ref_01UNITOTHER")).rejects.toMatchObject({
      kind: "conflict",
      message: expect.stringContaining(`Kassa refund ${open!.id} of 2.5 KTT is in progress`),
    });
    // The same refund again, once Medusa recorded it, is not a second refund: it is named, and refused.
    await expect(provider.refund(refunded, "5", "ref_01UNITTWICE")).rejects.toMatchObject({
      kind: "conflict",
      message: expect.stringContaining(
        `Medusa refund ref_01UNITDASH waits for the merchant's wallet in Kassa's dashboard (${refunded.refunds[0]!.dashboard_url})`,
      ),
    });
    // After an attempt Medusa did not record (the provider failed, so the data does not name it), a retry
    // completes that refund instead of starting another.
    expect((await provider.refund(paid, "5", "ref_01UNITRETRY")).refunds[0]!.kassa_refund_id).toBe(open!.id);

    // The merchant's recipient wallet sends it, as the dashboard's button does.
    const recipient = env.chain.wallet(9);
    await env.chain.mint(token, recipient.account.address, 10n ** 18n);
    await sendRefundAs(recipient, open!);
    await deliveredWebhook(env.receiver, session.kassa_payment_id, "payment.refunded");
    expect(
      fromBaseUnits((await kassa.merchantPayments.retrieve(session.kassa_payment_id)).refundedAmount, 18),
    ).toBe("2.5");
  });
});

describe("Kassa's webhook", () => {
  it("of a paid payment is Medusa's captured, for the session and its amount; a forged one is refused", async () => {
    const provider = payments();
    const session = await provider.initiate({ sessionId: newSession(), amount: "7.25", currencyCode: "usd" });
    await payFor(session);
    const delivery = await deliveredWebhook(env.receiver, session.kassa_payment_id, "payment.paid");
    expect(await provider.webhook(Buffer.from(delivery.body), delivery.headers)).toEqual({
      action: "captured",
      sessionId: session.session_id,
      amount: "7.25",
    });
    const forged = await provider.webhook(delivery.body.replace('"PAID"', '"PAID" '), delivery.headers);
    expect(forged).toEqual({ action: "not_supported" });
    expect(logs.at(-1)).toBe(
      "warn Kassa webhook refused: WEBHOOK_SIGNATURE_INVALID: no webhook-signature matches the body",
    );
  });
});

async function sendRefundAs(
  wallet: ReturnType<LifecycleEnv["chain"]["wallet"]>,
  refund: { amount: string; transaction: { to: string; data: string } },
): Promise<void> {
  const approval = await wallet.writeContract({
    address: token,
    abi: testTokenAbi,
    functionName: "approve",
    args: [refund.transaction.to as `0x${string}`, BigInt(refund.amount)],
  });
  await env.chain.publicClient.waitForTransactionReceipt({ hash: approval });
  const hash = await wallet.sendTransaction({
    to: refund.transaction.to as `0x${string}`,
    data: refund.transaction.data as `0x${string}`,
  });
  expect((await env.chain.publicClient.waitForTransactionReceipt({ hash })).status).toBe("success");
}
