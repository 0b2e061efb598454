/**
 * The API of the scale benchmark: Kassa's HTTP app (reads, merchant list, /metrics with the default
 * cluster-wide gauges) on the benchmark's database, in a process of its own so that the load generator
 * does not share its event loop. Started by run.ts; prints "listening" once it accepts requests.
 */
import { defaultConfig } from "../../server/src/config/index.js";
import { createServices } from "../../server/src/core/services.js";
import { buildApp } from "../../server/src/http/app.js";
import { createDb } from "../../server/src/db/database.js";

const env = (name: string): string => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is required`);
  return value;
};

const db = createDb(env("DATABASE_URL"), { max: Number(env("POOL_SIZE")) });
const app = await buildApp(createServices(defaultConfig({ rateLimitPerMinute: 1_000_000_000 }), db), {
  widget: false,
});
await app.listen({ host: "127.0.0.1", port: Number(env("PORT")) });
process.stdout.write("listening\n");

process.once("SIGTERM", () => {
  void app
    .close()
    .then(() => db.destroy())
    .then(() => process.exit(0));
});
