import {
  Kassa,
  KassaConflictError,
  fromBaseUnits,
  paymentMismatches,
  toBaseUnits,
  type ExpectedPayment,
  type MerchantPaymentRecord,
  type Refund,
} from "@kassa/sdk";
import { addDecimals, chargeAmount, refundUnits } from "./amounts.js";
import { KassaProviderError } from "./errors.js";
import { callKassa, kassaFailure } from "./kassaErrors.js";
import type { ParsedOptions } from "./options.js";
import { refundWallet, type RefundSender } from "./refundWallet.js";
import {
  dashboardUrl,
  kassaOrderId,
  readSessionData,
  sessionDataOf,
  type KassaPaymentStatus,
  type KassaRefundRecord,
  type KassaSessionData,
  type PaymentFields,
  type SessionFields,
} from "./sessionData.js";
import { ACTION_OF_EVENT, readWebhook, type WebhookAction } from "./webhooks.js";

/** Medusa's payment session statuses (`PaymentSessionStatus`) the provider answers with. */
export type SessionStatus = "captured" | "pending" | "canceled" | "error";

export interface Logger {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

type Data = Record<string, unknown>;

/** What the provider's webhook answer is made of: Medusa's action, and for a payment, its session and amount. */
export interface WebhookOutcome {
  action: WebhookAction;
  sessionId?: string;
  /** In the cart's currency. */
  amount?: string;
}

/** Statuses in which the payment's money reached the merchant (refunds are Medusa's own records). */
const SETTLED: ReadonlySet<KassaPaymentStatus> = new Set(["PAID", "REFUND_SUBMITTED", "REFUNDED"]);

/**
 * The provider's logic, in Kassa's terms: every method of Medusa's payment provider maps onto one of these,
 * with amounts as decimal strings (provider.ts converts Medusa's BigNumbers and errors). Medusa's payment
 * session id is the idempotency key of the Kassa payment (its orderId), so a call Medusa repeats finds the
 * payment it made instead of making another.
 */
export class KassaPayments {
  readonly kassa: Kassa;
  readonly #refundSender: RefundSender | null;

  constructor(
    readonly options: ParsedOptions,
    readonly logger: Logger,
  ) {
    this.kassa = new Kassa({ baseUrl: options.apiUrl, apiKey: options.apiKey, publicKey: options.publicKey });
    this.#refundSender = options.refundWallet ? refundWallet(options.refundWallet) : null;
  }

  /** The Kassa payment of a new session: `amount` of the cart's `currencyCode`. */
  initiate(input: { sessionId: string; amount: string; currencyCode: string }): Promise<KassaSessionData> {
    return this.#create({ ...input, revision: 0 });
  }

  /**
   * A session whose amount changed: a Kassa payment's amount is signed and cannot change, so a new one is made
   * (the next revision of the session). The same amount keeps the payment; a paid one cannot change.
   */
  async update(data: Data, input: { amount: string; currencyCode: string }): Promise<KassaSessionData> {
    const session = readSessionData(data);
    const currencyCode = input.currencyCode.toLowerCase();
    if (chargeAmount(input.amount) === session.charged_amount && currencyCode === session.currency_code) {
      return session;
    }
    const record = await this.#record(session);
    if (SETTLED.has(record.status)) {
      throw new KassaProviderError(
        "not_allowed",
        `Kassa payment ${record.paymentId} is already ${record.status}: its amount cannot change`,
      );
    }
    return this.#create({
      sessionId: session.session_id,
      amount: input.amount,
      currencyCode,
      revision: session.revision + 1,
    });
  }

  /**
   * Kassa's state of the session's payment as Medusa's: captured once the money reached the merchant (there
   * is no separate authorization on-chain), pending while it may still be paid, canceled when it expired or
   * everything went back to the payer, error when it can never be paid as asked.
   */
  async authorize(data: Data): Promise<{ status: SessionStatus; data: KassaSessionData }> {
    const session = readSessionData(data);
    const record = await this.#record(session);
    const next = this.#dataOf(record, session);
    const mismatches = paymentMismatches(record, expectedOf(session)).filter((m) => m.field !== "status");
    if (mismatches.length > 0) {
      this.logger.error(
        `Kassa payment ${record.paymentId} does not match session ${session.session_id}: ` +
          mismatches.map((m) => `${m.field} ${m.actual}, expected ${m.expected}`).join("; "),
      );
      return { status: "error", data: next };
    }
    const status = sessionStatus(record.status);
    return { status: record.status === "REFUNDED" ? "canceled" : status, data: next };
  }

  async status(data: Data): Promise<{ status: SessionStatus; data: KassaSessionData }> {
    const session = readSessionData(data);
    const record = await this.#record(session);
    return { status: sessionStatus(record.status), data: this.#dataOf(record, session) };
  }

  /** The session's data with Kassa's current state of its payment. */
  async retrieve(data: Data): Promise<KassaSessionData> {
    const session = readSessionData(data);
    return this.#dataOf(await this.#record(session), session);
  }

  /** Nothing to capture on-chain: the money reached the merchant's wallet when it was paid. */
  async capture(data: Data): Promise<KassaSessionData> {
    const session = readSessionData(data);
    const record = await this.#record(session);
    if (!SETTLED.has(record.status)) {
      throw new KassaProviderError(
        "not_allowed",
        `Kassa payment ${record.paymentId} is ${record.status}: nothing was paid to capture`,
      );
    }
    return this.#dataOf(record, session);
  }

  /**
   * Kassa cannot withdraw a payment: an unpaid one stays payable until it expires (a transaction sent in time
   * still settles later), so canceling says so and changes nothing; a paid one is refunded, never canceled.
   */
  async cancel(data: Data): Promise<KassaSessionData> {
    const session = readSessionData(data);
    const record = await this.#record(session);
    if (SETTLED.has(record.status)) {
      throw new KassaProviderError(
        "not_allowed",
        `Kassa payment ${record.paymentId} is ${record.status}: the money is in the merchant's wallet, refund it instead`,
      );
    }
    if (record.status === "CREATED") {
      this.logger.warn(
        `Kassa payment ${record.paymentId} of session ${session.session_id} cannot be withdrawn: it expires at ` +
          `${record.expiresAt}; if it is paid anyway, refund it from Kassa's dashboard (${dashboardUrl(this.options, record.paymentId)})`,
      );
    }
    return this.#dataOf(record, session);
  }

  /** A session Medusa deletes (the cart changed, another provider chosen): as cancel, and never refuses. */
  async delete(data: Data): Promise<Data> {
    let session: KassaSessionData;
    try {
      session = readSessionData(data);
    } catch {
      return data;
    }
    const record = await this.#record(session);
    if (SETTLED.has(record.status)) {
      this.logger.error(
        `Medusa deleted session ${session.session_id} whose Kassa payment ${record.paymentId} is ${record.status}: ` +
          `the payer's money has no order; refund it from Kassa's dashboard (${dashboardUrl(this.options, record.paymentId)})`,
      );
    }
    return this.#dataOf(record, session);
  }

  /**
   * Starts a Kassa refund of `amount` (the cart's currency) for Medusa's refund `medusaRefundId`. With a refund
   * wallet the provider sends it and resolves once its transaction is mined; without, the refund waits in
   * Kassa's dashboard for the merchant's recipient wallet. Either way the payment's data records which.
   */
  async refund(data: Data, amount: string, medusaRefundId: string): Promise<KassaSessionData> {
    const session = readSessionData(data);
    const record = await this.#record(session);
    if (record.status !== "PAID" && record.status !== "REFUND_SUBMITTED") {
      throw new KassaProviderError(
        "not_allowed",
        `Kassa payment ${record.paymentId} is ${record.status}: only a paid payment can be refunded`,
      );
    }
    const units = refundUnits({
      paidUnits: BigInt(record.amount),
      charged: session.charged_amount,
      refundedBefore: addDecimals(["0", ...session.refunds.map((refund) => refund.amount)]),
      refund: amount,
    });
    const left = BigInt(record.amount) - BigInt(record.refundedAmount);
    const describe = (value: bigint) => `${fromBaseUnits(value, record.tokenDecimals)} ${record.tokenSymbol}`;
    if (units > left) {
      throw new KassaProviderError(
        "not_allowed",
        `Kassa has ${describe(left)} left to refund of payment ${record.paymentId}, less than the ${describe(units)} asked`,
      );
    }

    const open = await this.#openRefund(session, record.paymentId, units, describe);
    const sender = this.#refundSender;
    if (sender && !open) {
      await sender.checkFunds(record.tokenAddress, units, record.tokenDecimals, record.tokenSymbol);
    }
    const refund =
      open ??
      (await callKassa("starting the refund", () =>
        this.kassa.refunds.create({
          paymentId: record.paymentId,
          amount: units.toString(),
          reason: `Medusa refund ${medusaRefundId}`,
        }),
      ));
    const base = {
      medusa_refund_id: medusaRefundId,
      amount,
      kassa_refund_id: refund.id,
      token_amount: refund.amount,
      deadline: new Date(Number(refund.deadline) * 1000).toISOString(),
      dashboard_url: dashboardUrl(this.options, record.paymentId),
    };
    let entry: KassaRefundRecord;
    if (sender) {
      const txHash = await sender.send(refund);
      entry = { ...base, completion: "refund_wallet", status: "sent", tx_hash: txHash };
      this.logger.info(
        `Kassa refund ${refund.id} of ${describe(units)} sent by the refund wallet: ${txHash}`,
      );
    } else {
      entry = { ...base, completion: "dashboard", status: "awaiting_merchant_wallet", tx_hash: null };
      this.logger.info(
        `Kassa refund ${refund.id} of ${describe(units)} waits for the merchant's wallet in Kassa's dashboard ` +
          `until ${base.deadline}: ${base.dashboard_url}`,
      );
    }
    const after = await this.#record(session);
    return this.#dataOf(after, { ...session, refunds: [...session.refunds, entry] });
  }

  /**
   * Kassa's webhook as Medusa's action. The signature is verified over the raw body; a forged, replayed or
   * foreign webhook is refused and logged, never acted on. A `payment.paid` is also read back from Kassa with
   * the API key, and Medusa then authorizes the session through `authorize`, which checks it once more.
   */
  async webhook(rawData: unknown, headers: unknown): Promise<WebhookOutcome> {
    const read = readWebhook(rawData, headers, this.options.webhookSecret);
    if (read.kind === "refused") {
      this.logger.warn(`Kassa webhook refused: ${read.reason}`);
      return { action: "not_supported" };
    }
    if (read.kind === "ignored") return { action: "not_supported" };
    const { event, sessionId } = read;
    const action = ACTION_OF_EVENT[event.type];
    if (event.type === "payment.reorged") {
      this.logger.error(
        `Kassa payment ${event.paymentId} (session ${sessionId}) was reorganised out of the chain: its money is ` +
          `back with the payer until it is paid again; hold the order`,
      );
    }
    if (action !== "captured") return { action, sessionId };
    const record = await callKassa("reading the payment", () =>
      this.kassa.merchantPayments.retrieve(event.paymentId),
    );
    if (!SETTLED.has(record.status)) {
      this.logger.warn(
        `Kassa's payment.paid for ${event.paymentId} is stale: the payment is ${record.status} now`,
      );
      return { action: "not_supported" };
    }
    const amount =
      record.currency !== null && record.fiatAmount !== null
        ? String(record.fiatAmount)
        : fromBaseUnits(record.amount, record.tokenDecimals);
    return { action, sessionId, amount };
  }

  async #create(input: {
    sessionId: string;
    amount: string;
    currencyCode: string;
    revision: number;
  }): Promise<KassaSessionData> {
    const currencyCode = input.currencyCode.toLowerCase();
    const charged = chargeAmount(input.amount);
    const pegged = this.options.peggedCurrencies.has(currencyCode);
    const orderId = kassaOrderId(input.sessionId, input.revision);
    const session = {
      session_id: input.sessionId,
      currency_code: currencyCode,
      charged_amount: charged,
      pegged,
      revision: input.revision,
    };
    try {
      const created = await this.kassa.payments.create({
        orderId,
        amount: Number(charged),
        tokenAddress: this.options.tokenAddress,
        successUrl: this.options.successUrl,
        failUrl: this.options.failUrl,
        ...(pegged ? {} : { currency: currencyCode.toUpperCase() }),
      });
      return this.#dataOf({ ...created, status: "CREATED", txHash: null, payerAddress: null }, session);
    } catch (error) {
      if (!(error instanceof KassaConflictError && error.code === "DUPLICATE_ORDER")) {
        throw kassaFailure("creating the payment", error);
      }
    }
    // The session's payment exists: Medusa called again (a retry, or after a lost answer). The same terms
    // give back that payment; other terms under the same session are a conflict, never a second payment.
    const existing = await callKassa("reading the session's payment", () =>
      this.kassa.merchantPayments.retrieveByOrderId(orderId),
    );
    const expected = expectedOf({
      ...session,
      kassa_order_id: orderId,
      token_address: this.options.tokenAddress,
      token_amount: pegged ? toBaseUnits(charged, existing.tokenDecimals) : "0",
    });
    const mismatches = paymentMismatches(existing, expected).filter((m) => m.field !== "status");
    if (mismatches.length > 0) {
      throw new KassaProviderError(
        "conflict",
        `session ${input.sessionId} already has Kassa payment ${existing.paymentId} on other terms: ` +
          mismatches.map((m) => `${m.field} ${m.actual}, asked ${m.expected}`).join("; "),
      );
    }
    return this.#dataOf(existing, session);
  }

  /** The session's payment as Kassa has it now, read with the API key. */
  #record(session: KassaSessionData): Promise<MerchantPaymentRecord> {
    return callKassa("reading the payment", () =>
      this.kassa.merchantPayments.retrieve(session.kassa_payment_id),
    );
  }

  #dataOf(
    record: PaymentFields,
    session: SessionFields & { refunds?: KassaRefundRecord[] },
  ): KassaSessionData {
    const { session_id, currency_code, charged_amount, pegged, revision } = session;
    return sessionDataOf(
      this.options,
      record,
      { session_id, currency_code, charged_amount, pegged, revision },
      session.refunds ?? [],
    );
  }

  /**
   * The payment's open refund, when it is this one: the same amount, and started by an attempt of Medusa's
   * that failed (Medusa then recorded no refund, so the session's data does not name it); sending it completes
   * it. Any other open refund is a conflict, said: one started from Medusa before (it waits for the merchant's
   * wallet, or for the chain), or from Kassa's dashboard.
   */
  async #openRefund(
    session: KassaSessionData,
    paymentId: string,
    units: bigint,
    describe: (units: bigint) => string,
  ): Promise<Refund | undefined> {
    const { refunds } = await callKassa("reading the payment's refunds", () =>
      this.kassa.refunds.list({ paymentId }),
    );
    const open = refunds.find((refund) => refund.status === "REFUND_SUBMITTED");
    if (!open) return undefined;
    const recorded = session.refunds.find((refund) => refund.kassa_refund_id === open.id);
    if (!recorded && BigInt(open.amount) === units && open.txHash === null) return open;
    const what = recorded
      ? recorded.status === "sent"
        ? `Medusa refund ${recorded.medusa_refund_id}, sent (${recorded.tx_hash}), is not final yet`
        : `Medusa refund ${recorded.medusa_refund_id} waits for the merchant's wallet in Kassa's dashboard (${recorded.dashboard_url})`
      : `it was started in Kassa's dashboard`;
    throw new KassaProviderError(
      "conflict",
      `Kassa refund ${open.id} of ${describe(BigInt(open.amount))} is in progress for payment ${paymentId}: ${what}; ` +
        "a payment has one refund in progress at a time",
    );
  }
}

function sessionStatus(status: KassaPaymentStatus): SessionStatus {
  switch (status) {
    case "PAID":
    case "REFUND_SUBMITTED":
    case "REFUNDED":
      return "captured";
    case "CREATED":
      return "pending";
    case "EXPIRED":
      return "canceled";
    default:
      return "error";
  }
}

/** What the session's payment must be: its orderId, token, and amount (pegged) or fiat charge. */
function expectedOf(
  session: Pick<
    KassaSessionData,
    "kassa_order_id" | "token_address" | "token_amount" | "pegged" | "currency_code" | "charged_amount"
  >,
): ExpectedPayment {
  const common = { orderId: session.kassa_order_id, tokenAddress: session.token_address };
  return session.pegged
    ? { ...common, amount: session.token_amount }
    : { ...common, currency: session.currency_code.toUpperCase(), fiatAmount: session.charged_amount };
}
