import { defineConfig } from "vitest/config";

/**
 * Workspaces import each other's TypeScript source through the `@kassa/source` export condition
 * (sdk/package.json); the published packages resolve to their build instead. The rest is Vite's
 * default list of server conditions, which setting the option replaces.
 */
export const conditions = ["@kassa/source", "module", "node", "development|production"];

/** Tests that run Kassa need a PostgreSQL server (DATABASE_URL, or an embedded one for the run). */
const postgres = ["server/test/harness/global-setup.ts"];

/**
 * One project per workspace, each over its own `test/` folder: `npm test -w <workspace>` runs one,
 * `npm test` all. The SDK's own tests (webhook signatures, generated types) need no server; those
 * against a running Kassa are the `sdk:server` project.
 */
export default defineConfig({
  ssr: { resolve: { conditions } },
  test: {
    // A worker runs its files one after another on one module graph: each file still makes its own
    // databases, chains and servers, but the server's modules (viem, Fastify, graphile-worker, Kysely)
    // are imported once per worker instead of once per file, which took about half of the run.
    isolate: false,
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // expect.poll waits are bounds, not timings: a page that needs a chain transaction or two can take
    // seconds on a loaded 2-core machine (vitest's default bound is 1 s).
    expect: { poll: { timeout: 30_000 } },
    projects: [
      { extends: true, test: { name: "contracts", include: ["contracts/test/**/*.test.ts"] } },
      {
        extends: true,
        test: { name: "server", include: ["server/test/**/*.test.ts"], globalSetup: postgres },
      },
      { extends: true, test: { name: "sdk", include: ["sdk/test/*.test.ts"] } },
      {
        extends: true,
        test: { name: "sdk:server", include: ["sdk/test/server/**/*.test.ts"], globalSetup: postgres },
      },
      {
        extends: true,
        test: { name: "widget", include: ["widget/test/**/*.test.ts"], globalSetup: postgres },
      },
      {
        extends: true,
        test: { name: "shop", include: ["examples/shop/test/**/*.test.ts"], globalSetup: postgres },
      },
      {
        extends: true,
        // The Medusa provider's own tests: no Medusa needed (the end-to-end test against a Medusa store is
        // `npm run test:medusa`, integrations/medusa/vitest.e2e.config.ts).
        test: {
          name: "medusa",
          include: ["integrations/medusa/test/unit/**/*.test.ts"],
          globalSetup: postgres,
        },
      },
      {
        extends: true,
        test: {
          name: "dashboard",
          include: ["dashboard/test/**/*.test.ts"],
          globalSetup: ["server/test/harness/global-setup.ts"],
        },
      },
    ],
  },
});
