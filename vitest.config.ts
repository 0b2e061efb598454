import { defineConfig } from "vitest/config";

export default defineConfig({
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
    ],
  },
});
