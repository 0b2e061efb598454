import path from "node:path";
import { importVisitors, typesOnly } from "./imports.js";

/**
 * Imports between workspaces go one way (docs/architecture.md, "Which workspace may use which"). Each
 * use of the rule lists what the files it covers may not import: a pattern matched against the import's
 * specifier and, for a relative import, the repository path it resolves to, with the reason printed; an entry
 * with `typesAllowed` lets an import of types only through (they leave nothing in the compiled code).
 */
const repoRoot = path.resolve(import.meta.dirname, "..");

const importBoundaries = {
  meta: {
    type: "problem",
    docs: { description: "imports between workspaces go one way" },
    schema: [
      {
        type: "array",
        items: {
          type: "object",
          properties: {
            pattern: { type: "string" },
            reason: { type: "string" },
            typesAllowed: { type: "boolean" },
          },
          required: ["pattern", "reason"],
        },
      },
    ],
    messages: { forbidden: "{{source}} may not be imported here: {{reason}}" },
  },
  create(context) {
    const denied = (context.options[0] ?? []).map(({ pattern, reason, typesAllowed = false }) => ({
      regex: new RegExp(pattern),
      reason,
      typesAllowed,
    }));
    function check(node, source) {
      if (typeof source !== "string") return;
      const targets = [source];
      if (source.startsWith(".")) {
        targets.push(
          path
            .relative(repoRoot, path.resolve(path.dirname(context.filename), source))
            .split(path.sep)
            .join("/"),
        );
      }
      const hit = denied.find(
        ({ regex, typesAllowed }) =>
          !(typesAllowed && typesOnly(node)) && targets.some((target) => regex.test(target)),
      );
      if (hit) context.report({ node, messageId: "forbidden", data: { source, reason: hit.reason } });
    }
    return importVisitors(check);
  },
};

/** The boundaries, by the files they cover (eslint.config.js applies them). */
export const boundaries = [
  {
    files: ["server/src/**/*.ts"],
    deny: [
      {
        pattern: "^@kassa/(widget|dashboard)/build$|^esbuild$",
        reason: "the server never bundles: it serves what the build wrote (http/bundles.ts)",
      },
      {
        pattern: "^@kassa/(widget|dashboard)(/|$)",
        typesAllowed: true,
        reason:
          "the server serves the browser bundles the build wrote and takes only types from their workspaces (the texts' mechanics are @kassa/i18n)",
      },
      {
        pattern: "^@kassa/(sdk|example-shop)$|^(sdk|examples|bench|scripts|widget|dashboard)/",
        reason:
          "the server depends on no client, example, benchmark or build script (kassa dev runs the example shop as a program of its own)",
      },
    ],
  },
  {
    files: ["server/src/**/*.ts"],
    ignores: ["server/src/cli/dev/**", "server/src/db/infra/embedded.ts"],
    deny: [
      {
        pattern: "^@kassa/contracts/dev$",
        reason:
          "production code uses @kassa/contracts alone; the dev tooling (anvil, solc, test-only contracts) is for kassa dev, a clone's embedded PostgreSQL and the tests",
      },
    ],
  },
  {
    files: ["sdk/src/**/*.ts", "sdk/scripts/**/*.ts"],
    deny: [
      {
        pattern: "^server/|^@kassa/server",
        reason: "the SDK is made from docs/openapi.json, never from the server's code",
      },
    ],
  },
  {
    files: ["widget/build.ts", "dashboard/build.ts", "scripts/**/*.ts"],
    deny: [
      {
        pattern: "^server/src/",
        reason: "a build script reads server/src as files (esbuild), never imports it",
      },
    ],
  },
  {
    files: ["bench/**/*.ts"],
    deny: [
      {
        pattern: "^server/|^@kassa/server",
        reason:
          "a benchmark goes through the public entry points (kassa commands, the HTTP API, @kassa/contracts, the SDK)",
      },
    ],
  },
  {
    files: ["integrations/medusa/src/**/*.ts"],
    deny: [
      {
        pattern:
          "^(?!@kassa/sdk$)@kassa/|^(server|sdk|widget|dashboard|contracts|examples|bench|scripts)/|^\\.\\./\\.\\./",
        reason:
          "@kassa/medusa is published on its own: it uses Kassa through the published @kassa/sdk, never the repository's code",
      },
    ],
  },
  {
    files: ["server/test/**/*.ts"],
    deny: [{ pattern: "^sdk/scripts/", reason: "the server's tests do not use the SDK's generator" }],
  },
  {
    files: ["i18n/**/*.ts"],
    deny: [
      {
        pattern: "^@kassa/|^(contracts|server|widget|dashboard|sdk|examples|bench|scripts)/",
        reason: "@kassa/i18n sits below every workspace that shows texts: it imports none of them",
      },
    ],
  },
  ...["widget", "dashboard", "examples", "sdk"].map((workspace) => ({
    files: [`${workspace}/test/**/*.ts`, `${workspace}/*/test/**/*.ts`],
    deny: [
      {
        pattern: "^server/|^@kassa/server(?!/harness$)",
        reason:
          "a workspace's tests use the server through its public interfaces (HTTP, the kassa command) and the test harness it exports for them, @kassa/server/harness",
      },
      {
        pattern: `^(?!${workspace}/)(contracts|server|widget|dashboard|sdk|examples|bench|scripts)/`,
        reason: "another workspace is used through its package's entry points, never through its files",
      },
    ],
  })),
];

export default { rules: { "import-boundaries": importBoundaries } };
