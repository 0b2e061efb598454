// The same merchant server in strict TypeScript (exactOptionalPropertyTypes), compiled against the
// packed declarations only; it also types an @kassa/js call as a merchant's front end would.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { OpenOptions } from "@kassa/js";
import {
  Kassa,
  KassaError,
  toBaseUnits,
  verifyWebhook,
  type ExpectedPayment,
  type KassaWebhookEventOf,
  type KassaErrorCode,
} from "@kassa/sdk";

function required(name: string): string {
  const value = process.env[name];
  if (value === undefined) throw new Error(`${name} is not set`);
  return value;
}

const kassa = new Kassa({
  baseUrl: required("KASSA_URL"),
  apiKey: required("KASSA_API_KEY"),
  timeoutMs: 10_000,
});
const order: ExpectedPayment = {
  orderId: required("ORDER_ID"),
  tokenAddress: required("KASSA_TOKEN"),
  amount: toBaseUnits("12.5", 18),
};
const widget: OpenOptions = { apiUrl: required("KASSA_URL"), publicKey: "pk_front_end", mode: "iframe" };
const retryable = (code: KassaErrorCode): boolean => code === "TIMEOUT" || code === "CONNECTION_ERROR";

let paid: (event: KassaWebhookEventOf<"payment.paid">) => void = () => {};
const event = new Promise<KassaWebhookEventOf<"payment.paid">>((resolve) => (paid = resolve));
const webhooks = createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on("data", (chunk: Buffer) => chunks.push(chunk));
  request.on("end", () => {
    try {
      const received = verifyWebhook(
        Buffer.concat(chunks),
        request.headers,
        required("KASSA_WEBHOOK_SECRET"),
      );
      console.log(JSON.stringify({ step: "webhook", eventId: received.eventId, type: received.type }));
      response.end("ok");
      if (received.type === "payment.paid" && received.orderId === order.orderId) paid(received);
    } catch (error) {
      const code = error instanceof KassaError ? error.code : "UNKNOWN";
      console.log(JSON.stringify({ step: "webhook refused", code, retryable: retryable(code) }));
      response.statusCode = 400;
      response.end();
    }
  });
});
await new Promise<void>((resolve) => webhooks.listen(0, "127.0.0.1", resolve));
const { port } = webhooks.address() as AddressInfo;
console.log(
  JSON.stringify({ step: "listening", webhookUrl: `http://127.0.0.1:${port}/webhooks/kassa`, widget }),
);

const payment = await kassa.payments.create({
  orderId: order.orderId,
  amount: 12.5,
  tokenAddress: order.tokenAddress,
  successUrl: "service:none",
  failUrl: "service:none",
});
console.log(JSON.stringify({ step: "created", payment }));

const { paymentId } = await event;
const verified = await kassa.verifyPayment(paymentId, order);
console.log(
  JSON.stringify({ step: "verified", paymentId, status: verified.status, txHash: verified.txHash }),
);
webhooks.close();
