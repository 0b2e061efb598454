import type {
  AuthorizePaymentInput,
  AuthorizePaymentOutput,
  BigNumberInput,
  CancelPaymentInput,
  CancelPaymentOutput,
  CapturePaymentInput,
  CapturePaymentOutput,
  DeletePaymentInput,
  DeletePaymentOutput,
  GetPaymentStatusInput,
  GetPaymentStatusOutput,
  InitiatePaymentInput,
  InitiatePaymentOutput,
  Logger,
  ProviderWebhookPayload,
  RefundPaymentInput,
  RefundPaymentOutput,
  RetrievePaymentInput,
  RetrievePaymentOutput,
  UpdatePaymentInput,
  UpdatePaymentOutput,
  WebhookActionResult,
} from "@medusajs/framework/types";
import {
  AbstractPaymentProvider,
  BigNumber,
  MathBN,
  MedusaError,
  PaymentSessionStatus,
} from "@medusajs/framework/utils";
import { KassaProviderError } from "./errors.js";
import { parseOptions, type KassaProviderOptions } from "./options.js";
import { KassaPayments, type SessionStatus } from "./payments.js";

const ERROR_TYPES: Record<KassaProviderError["kind"], string> = {
  invalid_data: MedusaError.Types.INVALID_DATA,
  not_allowed: MedusaError.Types.NOT_ALLOWED,
  unexpected_state: MedusaError.Types.UNEXPECTED_STATE,
  conflict: MedusaError.Types.CONFLICT,
};

const STATUSES: Record<SessionStatus, PaymentSessionStatus> = {
  captured: PaymentSessionStatus.CAPTURED,
  pending: PaymentSessionStatus.PENDING,
  canceled: PaymentSessionStatus.CANCELED,
  error: PaymentSessionStatus.ERROR,
};

/** Medusa's amount (a number, a string or a BigNumber) as an exact decimal string. */
function decimal(amount: BigNumberInput): string {
  return MathBN.convert(amount).toFixed();
}

async function medusaErrors<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof KassaProviderError) {
      throw new MedusaError(ERROR_TYPES[error.kind], error.message);
    }
    throw error;
  }
}

/**
 * Kassa as a Medusa 2 payment provider (`pp_kassa_<id>`): every method hands Medusa's input to KassaPayments
 * (payments.ts) and gives back what Medusa expects, with the provider's refusals as MedusaErrors.
 */
export class KassaPaymentProvider extends AbstractPaymentProvider<KassaProviderOptions> {
  static override identifier = "kassa";

  /** Medusa calls this when it loads the provider: a bad option stops the store from starting, named. */
  static override validateOptions(options: Record<string, unknown>): void {
    try {
      parseOptions(options);
    } catch (error) {
      if (error instanceof KassaProviderError) throw new MedusaError(ERROR_TYPES[error.kind], error.message);
      throw error;
    }
  }

  readonly #payments: KassaPayments;

  constructor(cradle: Record<string, unknown>, options: KassaProviderOptions) {
    super(cradle, options);
    this.#payments = new KassaPayments(parseOptions(options), cradle.logger as Logger);
  }

  initiatePayment(input: InitiatePaymentInput): Promise<InitiatePaymentOutput> {
    return medusaErrors(async () => {
      // Medusa 2.21 passes the session id as the idempotency key; every 2.x also puts it in data.
      const sessionId = input.context?.idempotency_key ?? input.data?.session_id;
      if (typeof sessionId !== "string") {
        throw new KassaProviderError("invalid_data", "the payment session has no id to pay it under");
      }
      const data = await this.#payments.initiate({
        sessionId,
        amount: decimal(input.amount),
        currencyCode: input.currency_code,
      });
      return { id: data.kassa_payment_id, data, status: PaymentSessionStatus.PENDING };
    });
  }

  updatePayment(input: UpdatePaymentInput): Promise<UpdatePaymentOutput> {
    return medusaErrors(async () => ({
      data: await this.#payments.update(input.data ?? {}, {
        amount: decimal(input.amount),
        currencyCode: input.currency_code,
      }),
    }));
  }

  deletePayment(input: DeletePaymentInput): Promise<DeletePaymentOutput> {
    return medusaErrors(async () => ({ data: await this.#payments.delete(input.data ?? {}) }));
  }

  authorizePayment(input: AuthorizePaymentInput): Promise<AuthorizePaymentOutput> {
    return medusaErrors(async () => {
      const { status, data } = await this.#payments.authorize(input.data ?? {});
      return { status: STATUSES[status], data };
    });
  }

  getPaymentStatus(input: GetPaymentStatusInput): Promise<GetPaymentStatusOutput> {
    return medusaErrors(async () => {
      const { status, data } = await this.#payments.status(input.data ?? {});
      return { status: STATUSES[status], data };
    });
  }

  retrievePayment(input: RetrievePaymentInput): Promise<RetrievePaymentOutput> {
    return medusaErrors(async () => ({ data: await this.#payments.retrieve(input.data ?? {}) }));
  }

  capturePayment(input: CapturePaymentInput): Promise<CapturePaymentOutput> {
    return medusaErrors(async () => ({ data: await this.#payments.capture(input.data ?? {}) }));
  }

  cancelPayment(input: CancelPaymentInput): Promise<CancelPaymentOutput> {
    return medusaErrors(async () => ({ data: await this.#payments.cancel(input.data ?? {}) }));
  }

  refundPayment(input: RefundPaymentInput): Promise<RefundPaymentOutput> {
    return medusaErrors(async () => ({
      data: await this.#payments.refund(
        input.data ?? {},
        decimal(input.amount),
        // Medusa 2.21 passes its refund's id; older 2.x pass none.
        input.context?.idempotency_key ?? "(no refund id)",
      ),
    }));
  }

  getWebhookActionAndData(payload: ProviderWebhookPayload["payload"]): Promise<WebhookActionResult> {
    return medusaErrors(async () => {
      const outcome = await this.#payments.webhook(payload.rawData, payload.headers);
      return {
        action: outcome.action,
        data: { session_id: outcome.sessionId ?? "", amount: new BigNumber(outcome.amount ?? 0) },
      } as WebhookActionResult;
    });
  }
}
