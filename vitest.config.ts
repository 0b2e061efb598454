import { defineConfig } from "vitest/config";

/**
 * Workspaces import each other's TypeScript source through the `@kassa/source` export condition
 * (sdk/package.json); the published packages resolve to their build instead. The rest is Vite's
 * default list of server conditions, which setting the option replaces.
 */
const conditions = ["@kassa/source", "module", "node", "development|production"];

export default defineConfig({
  ssr: { resolve: { conditions } },
  test: {
    testTimeout: 60_000,
    hookTimeout: 120_000,
    projects: [
      {
        extends: true,
        test: { name: "contracts", include: ["contracts/test/**/*.test.ts"] },
      },
      {
        extends: true,
        test: {
          name: "server",
          include: ["server/test/**/*.test.ts"],
          globalSetup: ["server/test/harness/global-setup.ts"],
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
