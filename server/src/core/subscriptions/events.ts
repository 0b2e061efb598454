import type { z } from "zod";
import type { Db } from "../../db/infra/database.js";
import type { PaymentRow } from "../../db/schema/rows.js";
import type { SubscriptionDetails, SubscriptionRow } from "../../db/subscriptions/subscriptions.js";
import { insertEventsWithDeliveries } from "../../db/webhooks/webhooks.js";
import { newDeliveryId, newEventId } from "../../domain/ids.js";
import type { SubscriptionEventType, subscriptionEventSchemas } from "../webhooks/subscriptionEvents.js";

/**
 * Records `type` about a subscription as it is now (`row`, just written) in `trx`, the transaction of the change
 * it reports, with a delivery when its merchant has a webhook URL (the payment events' outbox). The bodies are
 * webhooks/subscriptionEvents.ts'.
 */
export async function recordSubscriptionEvent(
  trx: Db,
  type: SubscriptionEventType,
  details: SubscriptionDetails,
  row: SubscriptionRow,
  now: Date,
  extra: { charge?: PaymentRow; reason?: string } = {},
): Promise<void> {
  const id = newEventId();
  const payload = {
    eventId: id,
    type,
    createdAt: now.toISOString(),
    subscriptionId: row.id,
    orderId: row.order_id,
    status: row.status,
    merchantId: details.merchant_bytes32_id,
    chainId: details.network_id,
    tokenAddress: details.token_address,
    tokenSymbol: details.token_symbol,
    amount: row.amount,
    payerAddress: row.payer_address,
    nextChargeAt: row.next_charge_at?.toISOString() ?? null,
    canceledBy: row.canceled_by,
    ...(extra.charge
      ? {
          charge: {
            period: extra.charge.subscription_period ?? 0,
            paymentId: extra.charge.payment_id,
            txHash: extra.charge.tx_hash,
          },
        }
      : {}),
    ...(extra.reason ? { reason: extra.reason } : {}),
  } satisfies z.infer<(typeof subscriptionEventSchemas)[SubscriptionEventType]>;
  await insertEventsWithDeliveries(trx, {
    events: [{ id, merchantId: row.merchant_id, paymentRowId: extra.charge?.id ?? null, type, payload }],
    deliveries: details.merchant_has_webhook
      ? [{ id: newDeliveryId(), eventId: id, merchantId: row.merchant_id, nextAttemptAt: now }]
      : [],
  });
}
