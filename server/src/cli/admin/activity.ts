import * as reads from "../../core/admin/reads.js";
import { printFields, printTable } from "../output.js";
import type { AdminCommandSpec } from "./spec.js";
import { tokenAmount, printPayments, printDeliveries, printAttempts } from "./print.js";
import { pagedListCommand } from "./options.js";

/** `kassa admin payment|webhook ...`: find payments and follow their webhooks. */
export const activityCommands: AdminCommandSpec[] = [
  pagedListCommand({
    group: "payment",
    description: "list payments, newest first",
    statusHelp: "only in this status (CREATED, PAID, EXPIRED, ...)",
    filters: [
      { flags: "--order-id <orderId>", help: "only the payment of this order id" },
      { flags: "--since <time>", help: "created at or after (ISO 8601: 2026-11-23 or 2026-11-23T12:00:00Z)" },
      { flags: "--until <time>", help: "created before (ISO 8601)" },
    ],
    cursor: "paymentId",
    list: (ctx, input, opts) =>
      reads.listPayments(ctx, {
        ...input,
        orderId: opts.orderId,
        since: opts.since,
        until: opts.until,
      }),
    rows: (page) => page.payments,
    id: (payment) => payment.paymentId,
    print: printPayments,
  }),
  {
    group: "payment",
    name: "show",
    description: "a payment with its refunds, events, webhook deliveries and gasless relay",
    args: [{ name: "<paymentId>", help: "the bytes32 paymentId" }],
    async run(ctx, { args: [paymentId] }, out) {
      const details = await reads.showPayment(ctx, paymentId as string);
      out.result(details, (d) => {
        const p = d.payment;
        printFields([
          ["Payment id", p.paymentId],
          ["Merchant", p.merchantName],
          ["Order id", p.orderId],
          ["Status", p.status],
          ["Amount", tokenAmount(p)],
          [
            "Refunded",
            p.refundedAmount === "0"
              ? null
              : `${tokenAmount({ ...p, amount: p.refundedAmount })} of ${tokenAmount(p)}`,
          ],
          ["Token", `${p.tokenAddress} on chain ${p.chainId}`],
          ["Fiat", p.currency === null ? null : `${p.fiatAmount} ${p.currency} at ${p.tokenPrice}`],
          ["Created", p.createdAt],
          ["Expires", p.expiresAt],
          ["Confirmed", p.confirmedAt],
          ["Transaction", p.txHash],
          ["Payer", p.payerAddress],
          ["Reorged", p.reorgedAt === null ? null : `${p.reorgedAt} (${p.reorgedTxHash})`],
          ["Paid via", p.paidVia],
          ["Deposit address", p.depositAddress],
          ["Transfer window", p.transferExpiresAt === null ? null : `until ${p.transferExpiresAt}`],
          ["Received", p.amountReceived === "0" ? null : tokenAmount({ ...p, amount: p.amountReceived })],
          ["Overpaid", p.overpaidAmount === "0" ? null : tokenAmount({ ...p, amount: p.overpaidAmount })],
          ["Swept", p.sweptAt === null ? null : `${p.sweptAt} (${p.sweepTransactionHash})`],
          [
            "Sweep refused",
            d.sweepRefusal === null
              ? null
              : `${d.sweepRefusal.refusals} time(s), tried again at ${d.sweepRefusal.retryAt}: ${d.sweepRefusal.reason}`,
          ],
          ["Relay", d.relay === null ? null : `${d.relay.status} ${d.relay.transactionHash ?? ""}`.trim()],
          ["Relay error", d.relay?.errorMessage],
        ]);
        console.log("\nEvents");
        printTable(d.events, [
          ["AT", (e) => e.createdAt],
          ["EVENT ID", (e) => e.eventId],
          ["TYPE", (e) => e.type],
        ]);
        if (d.refunds.length > 0) {
          console.log("\nRefunds");
          printTable(d.refunds, [
            ["CREATED", (r) => r.createdAt],
            ["REFUND ID", (r) => r.id],
            ["STATUS", (r) => r.status],
            ["AMOUNT", (r) => tokenAmount({ ...p, amount: r.amount })],
            ["TRANSACTION", (r) => r.txHash],
          ]);
        }
        if (d.deposits.length > 0) {
          console.log("\nDeposits (transfers to the deposit address)");
          printTable(d.deposits, [
            ["READ", (t) => t.recordedAt],
            ["FROM", (t) => t.fromAddress],
            [
              "AMOUNT",
              (t) =>
                t.paymentToken ? tokenAmount({ ...p, amount: t.amount }) : `${t.amount} of ${t.tokenAddress}`,
            ],
            ["LATE", (t) => (t.late ? "late" : "")],
            ["TRANSACTION", (t) => t.txHash],
          ]);
        }
        console.log("\nWebhook deliveries");
        printDeliveries(d.deliveries);
      });
    },
  },
  pagedListCommand({
    group: "webhook",
    description: "list webhook deliveries, newest first",
    statusHelp: "only in this status: PENDING, SUCCEEDED or FAILED",
    cursor: "deliveryId",
    list: reads.listWebhookDeliveries,
    rows: (page) => page.deliveries,
    id: (delivery) => delivery.id,
    print: printDeliveries,
  }),
  {
    group: "webhook",
    name: "show",
    description: "a webhook delivery with its attempts",
    args: [{ name: "<deliveryId>", help: "the delivery id (whd_...)" }],
    async run(ctx, { args: [deliveryId] }, out) {
      const delivery = await reads.showWebhookDelivery(ctx, deliveryId as string);
      out.result(delivery, (d) => {
        printFields([
          ["Delivery id", d.id],
          ["Merchant key", d.merchantKey],
          ["Event", `${d.eventType} (${d.eventId})`],
          ["Payment id", d.paymentId],
          ["Status", d.status],
          ["Attempts", d.attemptCount],
          ["Next attempt", d.nextAttemptAt],
          ["Delivered", d.deliveredAt],
          ["Created", d.createdAt],
        ]);
        console.log("\nAttempts");
        printAttempts(d.attempts);
      });
    },
  },
  {
    group: "webhook",
    name: "redeliver",
    description: "send a delivery's event again, as a new delivery with the same webhook-id",
    args: [{ name: "<deliveryId>", help: "the delivery id (whd_...)" }],
    async run(ctx, { args: [deliveryId] }, out) {
      const redelivery = await reads.redeliverWebhookDelivery(ctx, deliveryId as string);
      out.result(redelivery, (r) =>
        console.log(`queued ${r.id} (event ${r.eventId}); \`kassa admin webhook show ${r.id}\` follows it`),
      );
    },
  },
];
