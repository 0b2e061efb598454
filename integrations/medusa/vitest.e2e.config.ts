import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { conditions } from "../../vitest.config.js";

/**
 * The Medusa provider's end-to-end test (`npm run test:medusa` at the root): a Medusa store installed into
 * test-store/ by the first global setup (minutes the first time, reused after), Kassa and anvil as the other
 * tests start them, Chromium. Not part of `npm test`: a clean clone's `npm ci && npm test` installs no Medusa.
 */
const root = fileURLToPath(new URL("../../", import.meta.url));

export default defineConfig({
  root,
  ssr: { resolve: { conditions } },
  test: {
    name: "medusa:e2e",
    include: ["integrations/medusa/test/e2e/**/*.test.ts"],
    globalSetup: ["integrations/medusa/test/e2e/global-setup.ts", "server/test/harness/global-setup.ts"],
    maxWorkers: 1,
    // A Medusa start takes 20-30 s, its first database a minute more (then copied from a template).
    hookTimeout: 600_000,
    testTimeout: 180_000,
    expect: { poll: { timeout: 60_000 } },
  },
});
