import js from "@eslint/js";
import tseslint from "typescript-eslint";
import cycles from "./eslint/cycles.js";
import layers from "./eslint/layers.js";
import workspaces, { boundaries } from "./eslint/workspaces.js";

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
      // Capabilities of core/ and db/ depend one way (docs/architecture.md). The deposit table types belong in
      // db/schema/ with the others; they move there once the deposit work in flight has landed.
      "cycles/no-folder-knot": [
        "error",
        {
          roots: ["server/src/core", "server/src/db"],
          movesTo: {
            "server/src/db/deposits/tables.ts": "schema",
            "server/src/db/deposits/sweepTables.ts": "schema",
          },
        },
      ],
      // A file that grows past this mixes phases: split it (see docs/architecture.md).
      "max-lines": ["error", { max: 400 }],
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
