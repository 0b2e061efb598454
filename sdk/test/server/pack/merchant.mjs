/* global process, console, Buffer */
// A merchant's server in plain JavaScript (Node 20, ES modules), as the packed @kassa/sdk serves it:
// listens for webhooks, creates a payment, and once the payment.paid webhook verifies, checks the
// payment with the API key. Prints one JSON line per step. Environment: KASSA_URL, KASSA_API_KEY,
// KASSA_WEBHOOK_SECRET, KASSA_TOKEN, ORDER_ID, and WEBHOOK_PORT (default: any free port).
import { createServer } from "node:http";
import { Kassa, toBaseUnits, verifyWebhook } from "@kassa/sdk";

const env = process.env;
const kassa = new Kassa({ baseUrl: env.KASSA_URL, apiKey: env.KASSA_API_KEY });
const order = { orderId: env.ORDER_ID, tokenAddress: env.KASSA_TOKEN, amount: toBaseUnits("12.5", 18) };

let paid;
const webhooks = createServer((request, response) => {
  const chunks = [];
  request.on("data", (chunk) => chunks.push(chunk));
  request.on("end", () => {
    try {
      const event = verifyWebhook(Buffer.concat(chunks), request.headers, env.KASSA_WEBHOOK_SECRET);
      console.log(JSON.stringify({ step: "webhook", eventId: event.eventId, type: event.type }));
      response.end("ok");
      if (event.type === "payment.paid" && event.orderId === order.orderId) paid(event);
    } catch (error) {
      console.log(JSON.stringify({ step: "webhook refused", code: error.code }));
      response.statusCode = 400;
      response.end();
    }
  });
});
await new Promise((resolve) => webhooks.listen(Number(env.WEBHOOK_PORT ?? 0), "127.0.0.1", resolve));
const webhookUrl = `http://127.0.0.1:${webhooks.address().port}/webhooks/kassa`;
console.log(JSON.stringify({ step: "listening", webhookUrl }));

const event = new Promise((resolve) => (paid = resolve));
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
