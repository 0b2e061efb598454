// The end-to-end test's Medusa store configuration (test/e2e/store.ts copies it into test-store/). The Kassa
// provider is registered as the package README says; every value comes from the environment test/e2e/medusa.ts
// starts Medusa with. CommonJS, so that Medusa loads it without a TypeScript loader.
/* global require, process, module */
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { defineConfig } = require("@medusajs/framework/utils");

const env = process.env;
const redisUrl = env.REDIS_URL;
// Several stores may share one Redis: each run's queues, locks and events live under a prefix of its own.
const prefix = env.REDIS_PREFIX;
const cors = env.STORE_CORS;
const kassa = JSON.parse(env.KASSA_OPTIONS);

module.exports = defineConfig({
  projectConfig: {
    databaseUrl: env.DATABASE_URL,
    databaseLogging: false,
    redisUrl,
    redisPrefix: `${prefix}:`,
    http: {
      storeCors: cors,
      adminCors: cors,
      authCors: cors,
      jwtSecret: env.JWT_SECRET,
      cookieSecret: env.JWT_SECRET,
    },
  },
  admin: { disable: true },
  modules: [
    {
      resolve: "@medusajs/medusa/payment",
      options: {
        providers: [
          // Refunds sent by the refund wallet the provider holds.
          { resolve: "@kassa/medusa", id: "kassa", options: kassa },
          // The same Kassa merchant without a refund wallet: refunds wait for the merchant's wallet in Kassa's dashboard.
          { resolve: "@kassa/medusa", id: "dashboard", options: { ...kassa, refundWallet: undefined } },
        ],
      },
    },
    {
      resolve: "@medusajs/medusa/event-bus-redis",
      options: {
        redisUrl,
        queueName: `${prefix}-events`,
        queueOptions: { prefix },
        workerOptions: { prefix },
      },
    },
    {
      resolve: "@medusajs/medusa/workflow-engine-redis",
      options: {
        redis: {
          redisUrl,
          queueName: `${prefix}-workflows`,
          jobQueueName: `${prefix}-workflow-jobs`,
          queueOptions: { prefix },
          workerOptions: { prefix },
        },
      },
    },
    {
      resolve: "@medusajs/medusa/locking",
      options: {
        providers: [
          {
            resolve: "@medusajs/medusa/locking-redis",
            id: "locking-redis",
            is_default: true,
            options: { redisUrl, namespace: `${prefix}:` },
          },
        ],
      },
    },
  ],
});
