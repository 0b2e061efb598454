/**
 * The floor of the API benchmark: a bare Fastify route doing one INSERT of the same payment row Kassa's
 * POST /payments writes, on the same database, with the same pool size. Started by run.ts as a child process.
 */
import { randomBytes } from "node:crypto";
import Fastify from "fastify";
import pg from "pg";

const env = (name: string): string => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is required`);
  return value;
};

const pool = new pg.Pool({ connectionString: env("DATABASE_URL"), max: Number(env("POOL_SIZE")) });
pool.on("error", () => {});
const template = JSON.parse(env("FLOOR_ROW")) as Record<string, string | number>;
const app = Fastify({ logger: false });

app.post<{ Body: { orderId: string } }>("/floor", async (request, reply) => {
  await pool.query(
    `INSERT INTO payments (payment_id, merchant_id, order_id, chain_id, token_id, amount, recipient_address,
       gateway_address, forwarder_address, deadline, expires_at, success_url, fail_url, server_signature)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, now() + interval '5 minutes', $11, $12, $13)`,
    [
      `0x${randomBytes(32).toString("hex")}`,
      template.merchant_id,
      request.body.orderId,
      template.chain_id,
      template.token_id,
      template.amount,
      template.recipient_address,
      template.gateway_address,
      template.forwarder_address,
      template.deadline,
      template.success_url,
      template.fail_url,
      template.server_signature,
    ],
  );
  return reply.code(201).send({ success: true });
});

await app.listen({ port: Number(env("PORT")), host: "127.0.0.1" });
process.on("SIGTERM", () => {
  void app.close().then(() => pool.end().then(() => process.exit(0)));
});
