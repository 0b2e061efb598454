import js from "@eslint/js";
import tseslint from "typescript-eslint";
import cycles from "./eslint/cycles.js";
import layers from "./eslint/layers.js";
import workspaces, { boundaries } from "./eslint/workspaces.js";
import writers from "./eslint/writers.js";

export default tseslint.config(
  {
    ignores: [
      "**/node_modules/**",
      "**/dist/**",
      ".kassa/**",
      "contracts/src/generated/**",
      "integrations/medusa/test-store/**",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": "error",
      "no-console": "off",
    },
  },
  {
    files: [
      "server/src/**/*.ts",
      "i18n/src/**/*.ts",
      "widget/src/**/*.ts",
      "widget/js/src/**/*.ts",
      "dashboard/src/**/*.ts",
      "sdk/src/**/*.ts",
      "contracts/src/**/*.ts",
      "bench/**/*.ts",
      "scripts/**/*.ts",
      "integrations/medusa/src/**/*.ts",
    ],
    plugins: { cycles },
    rules: { "cycles/no-import-cycle": "error" },
  },
  {
    files: ["server/src/**/*.ts"],
    plugins: { layers },
    rules: {
      "layers/import-direction": "error",
      // Capabilities of core/ and db/ depend one way (docs/architecture.md).
      "cycles/no-folder-knot": ["error", { roots: ["server/src/core", "server/src/db"] }],
    },
  },
  {
    files: ["server/src/db/**/*.ts"],
    plugins: { writers },
    rules: {
      // One writer per table, with named updates (docs/architecture.md, "Find a table's writer").
      "writers/one-writer": [
        "error",
        {
          root: "server/src/db",
          generic: ["infra/lookups.ts"],
          owners: {
            payments: "payments",
            payment_sequences: "payments",
            sequence_collisions: "payments",
            refunds: "refunds",
            chains: "chains",
            chain_cursors: "chains",
            chain_events: "chains",
            tokens: "tokens",
            price_samples: "prices",
            token_price_sources: "prices",
            merchants: "merchants",
            payment_methods: "merchants",
            server_keys: "merchants",
            dashboard_sessions: "merchants",
            merchant_wallets: "merchants",
            payment_links: "paymentLinks",
            webhook_events: "webhooks",
            webhook_deliveries: "webhooks",
            webhook_attempts: "webhooks",
            relay_requests: "gasless",
            relayer_reverts: "gasless",
            gas_grants: "gasless",
            faucet_chain_days: "gasless",
            faucet_merchant_days: "gasless",
            faucet_client_days: "gasless",
            faucet_client_salts: "gasless",
            sender_accounts: "senders",
            sender_transactions: "senders",
            sender_broadcasts: "senders",
            deposit_transfers: "deposits",
            deposit_events: "deposits",
            deposit_sweeps: "deposits",
            deposit_sweep_refusals: "deposits",
            deposit_returns: "deposits",
            subscriptions: "subscriptions",
            payer_sessions: "subscriptions",
            worker_heartbeats: "infra/workerHeartbeats.ts",
            kassa_migrations: "migrate.ts",
          },
        },
      ],
    },
  },
  // A rule's options for a file come from the last config object that sets them: each boundary is a rule of
  // its own (workspaces-<n>), so that a file covered by several keeps every one.
  ...boundaries.map(({ files, ignores, deny }, index) => ({
    files,
    ...(ignores ? { ignores } : {}),
    plugins: { [`workspaces-${index}`]: workspaces },
    rules: { [`workspaces-${index}/import-boundaries`]: ["error", deny] },
  })),
);
